"""Each rule, called alone on the boards met along real solves (corpus puzzles), fires somewhere and
marks only what the unique solution says; on a solved board it is silent."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sbr_helpers import corpus_sample

from gridlogic.core.grid import Cell
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import (
    at_sea,
    by_a_thread,
    entanglement,
    kissing_ls,
    linesets,
    placements,
    pressured_squeeze,
    rooks,
    set_differentials,
    the_m,
    tier3,
    tier4,
)
from gridlogic.puzzles.starbattle.rules.state import Broken, State

Board = tuple[str, StarBattle, frozenset[Cell], State]

RULES: dict[str, Callable[[State], Step | None]] = {
    "R3.6": tier3.r3_6,
    "R4.2": tier4.r4_2,
    "R4.3": tier4.r4_3,
    "R4.5": tier4.r4_5,
    "R4.6": tier4.r4_6,
    "R4.8": tier4.r4_8,
    "R5.1": linesets.undercounting,
    "R5.2": linesets.overcounting,
    "R5.6": set_differentials.r5_6_simple,
    "R6.1": kissing_ls.r6_1,
    "R6.2": the_m.r6_2,
    "Entanglement": entanglement.entanglement,
    "R6.3": pressured_squeeze.r6_3,
    "R6.6": rooks.r6_6,
    "Placements": placements.r_placements,
    "R7.1": by_a_thread.r7_1,
    "R7.2": at_sea.r7_2,
    "R7.3": by_a_thread.r7_3,
}


STARRING = {"R3.6", "Placements", "Entanglement", "R5.1", "R7.1", "R7.2", "R7.3"}
"""Rules that must also place stars somewhere on those boards (R3.6 used to only empty cells)."""


@pytest.fixture(scope="module")
def boards(corpus: Path) -> list[Board]:
    """Every board before a step of the explained solve of a fixed 10x10/2 sample."""
    sample = [s for s in corpus_sample(corpus, per_file=4, every=9) if s[1].n == 10][:12]
    out: list[Board] = []
    for pid, puzzle, sol in sample:
        ex = explain(puzzle)
        st = State.start(puzzle)
        for step in ex.steps:
            out.append((pid, puzzle, sol, st.copy()))
            st.apply_marks(step)
    return out


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_fires_on_real_boards_and_is_sound(boards: list[Board], rule_id: str) -> None:
    rule = RULES[rule_id]
    fired = starred = 0
    for pid, _, sol, st in boards:
        try:
            step = rule(st)
        except Broken as e:  # pragma: no cover - a failure message
            pytest.fail(f"{pid}: {rule_id} claims a contradiction on a solvable board: {e.step.reason}")
        if step is None:
            continue
        fired += 1
        starred += any(m.value == "star" for m in step.marks)
        assert step.reason and step.marks and step.rule == rule_id
        for m in step.marks:
            assert (m.value == "star") == (m.cell in sol), f"{pid} {rule_id}: {step.reason}"
    assert fired >= 1, f"{rule_id} never fired on {len(boards)} boards"
    assert starred >= 1 or rule_id not in STARRING, f"{rule_id} never placed a star"


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_is_silent_on_a_solved_board(boards: list[Board], rule_id: str) -> None:
    _, puzzle, sol, _ = boards[0]
    n = puzzle.n
    done = State.from_rows(puzzle, ["".join("*" if (r, c) in sol else "." for c in range(n)) for r in range(n)])
    assert RULES[rule_id](done) is None
