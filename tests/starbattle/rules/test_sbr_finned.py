"""The finned counts (R5.3, R5.4, R6.5 share one fin search): they fire on partial boards that agree
with a known solution, and every mark they make is the solution's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sbr_helpers import corpus_sample

from gridlogic.puzzles.starbattle.rules.finned import r5_3, r5_4
from gridlogic.puzzles.starbattle.rules.fish import r6_5
from gridlogic.puzzles.starbattle.rules.state import Broken, State


@pytest.mark.parametrize("rule", [r5_3, r5_4, r6_5])
def test_finned_rule_fires_and_is_sound(corpus: Path, rule) -> None:  # type: ignore[no-untyped-def]
    rnd = random.Random(1)
    fired = 0
    for _, p, sol in [s for s in corpus_sample(corpus, per_file=2, every=5) if s[1].n <= 8][:12]:
        n = p.n
        for share in (0.3, 0.4, 0.5, 0.6):
            st = State.start(p)
            for i in range(n * n):
                if rnd.random() < share:
                    if divmod(i, n) in sol:
                        st.star |= 1 << i
                    else:
                        st.empty |= 1 << i
            try:
                step = rule(st)
            except Broken as e:  # the board agrees with a solution: no contradiction is sound
                pytest.fail(f"{rule.__name__} claims a contradiction on a solvable board: {e.step.reason}")
            if step is None:
                continue
            fired += 1
            assert step.reason
            assert all((m.value == "star") == (m.cell in sol) for m in step.marks), step.reason
    assert fired >= 3
