"""Every rule alone, on partial boards that agree with a known solution, only marks what the
solution says and never claims a contradiction (a stronger check than following one solve path)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sbr_helpers import corpus_sample

from gridlogic.puzzles.starbattle.rules import rules
from gridlogic.puzzles.starbattle.rules.state import Broken, State


@pytest.fixture(scope="module")
def sample(corpus: Path) -> list:  # type: ignore[type-arg]
    return [s for s in corpus_sample(corpus, per_file=2, every=11) if s[1].n <= 11][:40]


def partial(puzzle, solution, rnd: random.Random, share: float) -> State:  # type: ignore[no-untyped-def]
    st = State.start(puzzle)
    n = puzzle.n
    for r in range(n):
        for c in range(n):
            if rnd.random() < share:
                if (r, c) in solution:
                    st.star |= 1 << (r * n + c)
                else:
                    st.empty |= 1 << (r * n + c)
    return st


def test_each_rule_is_sound_on_random_partial_boards(sample: list) -> None:  # type: ignore[type-arg]
    rnd = random.Random(7)
    all_rules = [r for r in rules(allow_uniqueness=True) if r.id != "Trial"]
    fired: set[str] = set()
    for pid, puzzle, solution in sample:
        for share in (0.15, 0.35, 0.55, 0.75):
            st = partial(puzzle, solution, rnd, share)
            for rule in all_rules:
                try:
                    step = rule.find(st)
                except Broken as e:  # pragma: no cover - a failure message
                    pytest.fail(f"{pid} {rule.id} claims a contradiction on a solvable board: {e.step.reason}")
                if step is None:
                    continue
                fired.add(rule.id)
                assert step.rule == rule.id and step.level == rule.level and step.reason
                for m in step.marks:
                    assert (m.value == "star") == (m.cell in solution), f"{pid} {rule.id}: {step.reason}"
    assert {"R1.1", "R2.1", "R3.3", "R3.5", "R4.1", "R4.4", "R4.7", "R5.1", "R5.2", "R5.5", "R6.4", "R7.2"} <= fired
