"""Every rule record of Star Battle's table, taken from the table as the engine runs it
(``rules(allow_uniqueness=True)``, by id and form), on a board of a real solve where it must fire,
with the exact marks and cells of its step, which agree with the unique solution; and on a board of
the same solve where it must not (table_cases.py). The other rule tests call the rule functions
directly or follow whole solves, where another rule often makes the same marks first: these fail
when one record does nothing (benchmarks/mutation.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from sbr_helpers import cells, lab, sound, state
from table_cases import CASES, Case

from gridlogic.core.engine import Broken, Rule
from gridlogic.core.grid import Cell
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import rules
from gridlogic.puzzles.starbattle.rules.state import State
from rule_forms import form_name, keys

CONTRADICTION_ONLY = {"R3.2"}
"""Records that only ever report a broken board (tested below on one), so never fire on a real solve."""


def record(key: str) -> Rule[State]:
    """The table's record ``key`` (``R4.5@r4_5``: the R4.5 form running ``r4_5``)."""
    rule_id, _, form = key.partition("@")
    [found] = {id(r): r for r in rules(allow_uniqueness=True)
               if r.id == rule_id and (not form or form_name(r) == form)}.values()
    return found


@cache
def puzzle_of(root: Path, file: str, number: int) -> tuple[StarBattle, frozenset[Cell]]:
    return lab(root, file, number)


def names(marked: set[Cell]) -> str:
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in sorted(marked))


def test_every_record_of_the_table_has_a_case() -> None:
    assert set(keys(rules(allow_uniqueness=True))) == set(CASES) | CONTRADICTION_ONLY


@pytest.mark.parametrize("key", list(CASES))
def test_fires_with_its_marks_and_cells(corpus: Path, key: str) -> None:
    case: Case = CASES[key]
    puzzle, solution = puzzle_of(corpus, case.file, case.number)
    rule = record(key)
    step = rule.find(state(puzzle, case.board))
    assert step is not None, f"{key} did not fire"
    assert step.rule == rule.id
    assert (names(cells(step, "star")), names(cells(step, "black"))) == (case.stars, case.empty)
    assert names(set(step.uses)) == case.uses
    assert len(step.marks) == len(set(step.marks))
    sound(step, solution)
    assert step.reason.endswith("."), step.reason


@pytest.mark.parametrize("key", list(CASES))
def test_silent_where_it_must_not_fire(corpus: Path, key: str) -> None:
    case = CASES[key]
    puzzle, _ = puzzle_of(corpus, case.file, case.number)
    board = state(puzzle, case.silent)
    assert board.contradiction() is None
    assert record(key).find(board) is None


def test_r3_2_reports_a_unit_that_cannot_hold_its_stars(corpus: Path) -> None:
    puzzle, _ = puzzle_of(corpus, "9-2-hard", 1)
    rule = record("R3.2")
    assert rule.find(state(puzzle)) is None  # the start board: every unit fits its stars
    # column 2's two stars must go in r1c2, r2c2, which touch
    broken = state(puzzle, "/".join(["?????????"] * 2 + ["?.???????"] * 7))
    assert broken.contradiction() is None  # two cells left for two stars: the count check passes
    with pytest.raises(Broken) as info:
        rule.find(broken)
    assert info.value.step.rule == "R3.2"
    assert set(info.value.step.uses) == {(0, 1), (1, 1)}
    assert "Column 2 needs 2 more stars" in info.value.step.reason
