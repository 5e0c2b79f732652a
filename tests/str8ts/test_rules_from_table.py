"""Each rule taken from the engine's table by its id (as the engine runs it), on a hand-made board
where it must fire, with its marks. The unit tests beside call the rule functions directly, so a
table entry that did nothing would pass them; these fail (benchmarks/mutation.py)."""

from __future__ import annotations

from typing import Any

import pytest
from test_rules_units import FOUR, SIX, board, m

from gridlogic import service
from gridlogic.core.engine import run
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import State, techniques

FULL = ["......"] * 6
FULL9 = ["........."] * 9
SET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quint"}


def fire(rule_id: str, state: Any) -> Step:
    """The step of the table's ``rule_id`` on ``state`` (uniqueness rules included)."""
    [rule] = [t for t in techniques(allow_uniqueness=True) if t.id == rule_id]
    step = rule.find(state)
    assert step is not None and step.rule == rule_id, f"{rule_id} did not fire"
    return step


def test_required_digits() -> None:
    step = fire("RequiredDigits", board(FOUR, {(0, q): m(2, 3, 4) for q in (1, 2, 3)}))
    assert step.marks == (Mark((0, 0), "1"),)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_naked_and_hidden_sets(k: int) -> None:
    naked = fire(f"Naked{SET_NAMES[k]}", board(FULL9, {(0, q): m(*range(1, k + 1)) for q in range(k)}))
    assert {mk.cell for mk in naked.marks} == {(0, q) for q in range(k, 9)}
    hidden = fire(f"Hidden{SET_NAMES[k]}", board(FULL9, {(0, q): m(*range(k + 1, 10)) for q in range(k, 9)}))
    assert set(hidden.marks) == {Mark((0, q), f"-{d}") for q in range(k) for d in range(k + 1, 10)}


def test_cross_compartment_locked_set() -> None:
    step = fire("CrossCompartmentLockedSet", board(SIX, {(0, 0): m(1, 2), (0, 4): m(1, 2)}))
    assert set(step.marks) == {Mark((0, q), f"-{d}") for q in (1, 2, 5) for d in (1, 2)}


def test_cross_compartment_hidden_set() -> None:
    givens = [[0, 0, 0, 6, 0, 0]] + [[0] * 6 for _ in range(5)]  # black 6: row 1 is 123+45 or 345+12
    cells = {(0, 0): m(1, 2, 5), (0, 1): m(2, 3, 4), (0, 2): m(2, 3, 4), (0, 4): m(1, 4, 5), (0, 5): m(2, 3, 4)}
    step = fire("CrossCompartmentHiddenSet", board(SIX, cells, givens))
    assert set(step.marks) == {Mark((0, 0), "-2"), Mark((0, 4), "-4")}


def test_starfish() -> None:
    where = {r: (r, (r + 1) % 5) for r in range(5)}  # 1 in rows 1-5 only within c1-c5; c6-c9 need not hold it
    shape = ["........."] * 8 + [".....####"]
    step = fire("Starfish", board(shape, {(r, q): m(*range(2, 10)) for r, qs in where.items()
                                          for q in range(9) if q not in qs}))
    assert set(step.marks) == {Mark((r, q), "-1") for r in range(5, 9) for q in range(5)}


def test_settis_rule_set() -> None:
    step = fire("SettisRuleSet", board([".##..", ".....", "#....", ".....", "....."], {}))  # 2, 4: r1c1
    assert step.marks == tuple(Mark((0, 0), f"-{d}") for d in (1, 3, 5))


def test_y_wing() -> None:
    step = fire("YWing", board(FULL, {(0, 0): m(1, 2), (0, 2): m(1, 3), (2, 0): m(2, 3)}))
    assert step.marks == (Mark((2, 2), "-3"),)


def test_unique_rectangle() -> None:
    step = fire("UniqueRectangle", board(FULL, {(0, 0): m(1, 2), (0, 1): m(1, 2), (1, 0): m(1, 2),
                                                (1, 1): m(1, 2, 3)}))
    assert set(step.marks) == {Mark((1, 1), "-1"), Mark((1, 1), "-2")}


def test_bounded_contradiction_on_the_corpus_puzzle_that_needed_it() -> None:
    # jamesaustin/klaus155 (str8ts.tsv): without Setti's rule on a set of digits, every other rule is
    # stuck twice on the way and the search moves; with it (the whole table) it is diabolical
    klaus155 = "1....8...41......85.#...#.........3...69#.......3.5.2..2#4..#.........4.....6...."
    loaded = service.load(service.Spec(klaus155, kind="str8ts"))
    assert isinstance(loaded.puzzle, Str8ts)
    s = State.start(loaded.puzzle)
    out = run(s, [t for t in techniques() if t.id != "SettisRuleSet"])
    assert out.status == "solved"
    assert [st.rule for st in out.steps].count("BoundedContradiction") == 2
    ex = loaded.kind.explain(loaded.puzzle, None)
    assert ex.status == "solved" and ex.grade == "diabolical" and "SettisRuleSet" in {st.rule for st in ex.steps}
