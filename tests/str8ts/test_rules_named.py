"""The players' strategies added to the table (issue 27), each on a hand-made board where it must
fire (marks, cells and candidates in its sentence) and one where it must not."""

from __future__ import annotations

import pytest
from test_rules_units import FOUR, SIX, board, m

from gridlogic.core.engine import run
from gridlogic.core.step import Mark
from gridlogic.puzzles.str8ts.rules import (
    LOGIC,
    TECHNIQUES,
    UNIQUENESS,
    basic,
    compchain,
    lines,
    sets,
    setti,
    techniques,
    wings,
)

FULL = ["......"] * 6
FULL9 = ["........."] * 9


def test_split_compartment_keeps_each_cell_within_one_side() -> None:
    s = board(SIX, {(0, 0): m(1, 2, 5, 6), (0, 1): m(1, 2, 5, 6), (0, 2): m(2, 3, 4, 5, 6)})  # 123 or 456
    step = basic.split_compartment(s)
    assert step is not None and step.rule == "SplitCompartment" and "123, 456" in step.reason
    assert "r1c3 be 2 or 5 or 6" in step.reason
    assert set(step.marks) == {Mark((0, 2), "-2"), Mark((0, 2), "-5"), Mark((0, 2), "-6")}
    assert basic.mind_the_gap(s) is None  # a split compartment is SplitCompartment's, not MindTheGap's
    assert basic.split_compartment(board(SIX, {(0, 0): m(1, 2), (0, 1): m(1, 2), (0, 2): m(1, 2, 3)})) is None


def test_required_digits_place_and_confine() -> None:
    s = board(FOUR, {(0, 1): m(2, 3, 4), (0, 2): m(2, 3, 4), (0, 3): m(2, 3, 4)})
    step = sets.required_digits(2)(s)
    assert step is not None and step.rule == "RequiredDigits" and step.marks == (Mark((0, 0), "1"),)
    assert "row 1 must hold 1" in step.reason and "r1c1" in step.reason
    s = board(SIX, {**{(0, q): m(1, 2, 3, 4) for q in range(3)}, (0, 4): m(4, 5), (0, 5): m(4, 5)})
    step = sets.required_digits(2)(s)  # 45 on the right: row 1 needs 1, only c1-c3 can hold it: 123
    assert step is not None and "row 1 must hold 1" in step.reason and "row 1 c1-c3" in step.reason
    assert step.marks == (Mark((0, 0), "-4"),)
    free = board(SIX, {**{(0, q): m(1, 2, 3, 4) for q in range(3)}, (0, 4): m(5, 6), (0, 5): m(5, 6)})
    assert sets.required_digits(2)(free) is None


def test_naked_quad_in_a_compartment() -> None:
    s = board(FULL, {(0, q): m(1, 2, 3, 4) for q in range(4)})
    step = sets.naked_set(4, 2)(s)
    assert step is not None and step.rule == "NakedQuad" and "1234" in step.reason
    assert set(step.marks) == {Mark((0, q), f"-{d}") for q in (4, 5) for d in range(1, 5)}
    assert sets.naked_set(3, 2)(s) is None
    assert sets.naked_set(4, 2)(board(FULL, {(0, q): m(1, 2, 3, 4, 5) for q in range(4)})) is None


def test_cross_compartment_locked_set() -> None:
    s = board(SIX, {(0, 0): m(1, 2), (0, 4): m(1, 2)})  # r1c1 and r1c5 lie in two compartments
    step = sets.cross_locked_set(2)(s)
    assert step is not None and step.rule == "CrossCompartmentLockedSet" and "2 compartments" in step.reason
    assert set(step.marks) == {Mark((0, q), f"-{d}") for q in (1, 2, 5) for d in (1, 2)}
    inside = board(SIX, {(0, 0): m(1, 2), (0, 1): m(1, 2)})
    assert sets.cross_locked_set(2)(inside) is None  # one compartment: a naked pair
    pair = sets.naked_set(2, 2)(inside)
    assert pair is not None and pair.rule == "NakedPair"
    assert sets.naked_set(2, 2)(s) is None


def test_hidden_triple_in_a_compartment() -> None:
    s = board(FULL, {(1, q): m(4, 5, 6) for q in range(3, 6)})  # 1, 2, 3 only in r2c1-r2c3
    step = sets.hidden_set(3, 2)(s)
    assert step is not None and step.rule == "HiddenTriple" and "123" in step.reason
    assert set(step.marks) == {Mark((1, q), f"-{d}") for q in range(3) for d in (4, 5, 6)}
    assert sets.hidden_set(3, 2)(board(FULL, {})) is None


def test_cross_compartment_hidden_set() -> None:
    givens = [[0, 0, 0, 6, 0, 0]] + [[0] * 6 for _ in range(5)]  # black 6: row 1 is 123+45 or 345+12
    cells = {(0, 0): m(1, 2, 5), (0, 1): m(2, 3, 4), (0, 2): m(2, 3, 4), (0, 4): m(1, 4, 5), (0, 5): m(2, 3, 4)}
    step = sets.cross_hidden_set(2)(board(SIX, cells, givens))
    assert step is not None and step.rule == "CrossCompartmentHiddenSet" and "must hold 15" in step.reason
    assert set(step.marks) == {Mark((0, 0), "-2"), Mark((0, 4), "-4")}
    assert sets.cross_hidden_set(2)(board(SIX, {(0, q): m(1, 2, 3, 4, 5) for q in (0, 1, 2, 4, 5)}, givens)) is None


def test_jellyfish() -> None:
    where = {0: (0, 1), 1: (1, 2), 2: (2, 3), 3: (3, 0)}  # 1 in rows 1-4 only within c1-c4, no smaller fish
    s = board(FULL9, {(r, q): m(*range(2, 10)) for r, qs in where.items() for q in range(9) if q not in qs})
    assert lines.fish(2, 3)(s) is None and lines.fish(3, 3)(s) is None
    step = lines.fish(4, 3)(s)
    assert step is not None and step.rule == "Jellyfish" and "column 1 and column 2" in step.reason
    assert set(step.marks) == {Mark((r, q), "-1") for r in range(4, 9) for q in range(4)}
    assert lines.fish(4, 3)(board(FULL9, {})) is None


def test_starfish() -> None:
    # 1 in rows 1-5 only within c1-c5 (two cells a row, in a cycle: no smaller fish); the black
    # r9c6-r9c9 leave columns 6-9 eight cells, which need not hold 1 (no Jellyfish the other way)
    shape = ["........."] * 8 + [".....####"]
    where = {r: (r, (r + 1) % 5) for r in range(5)}
    s = board(shape, {(r, q): m(*range(2, 10)) for r, qs in where.items() for q in range(9) if q not in qs})
    assert all(lines.fish(k, 3)(s) is None for k in (2, 3, 4))
    step = lines.fish(5, 3)(s)
    assert step is not None and step.rule == "Starfish"
    assert "row 1 and row 2 and row 3 and row 4 and row 5" in step.reason
    assert set(step.marks) == {Mark((r, q), "-1") for r in range(5, 9) for q in range(5)}
    assert lines.fish(5, 3)(board(shape, {})) is None
    near = {**where, 4: (4, 0, 5)}  # row 5 may hold 1 in c6 too: six columns, no Starfish
    assert lines.fish(5, 3)(board(shape, {(r, q): m(*range(2, 10)) for r, qs in near.items()
                                          for q in range(9) if q not in qs})) is None


SETTI = ["...#", "...#", "...#", "#..."]


def test_settis_rule_counts_rows_and_columns() -> None:
    # columns 2 and 3 (four cells) must hold 1; rows 1 and 2 cannot: rows 3 and 4 must
    s = board(SETTI, {(r, q): m(2, 3, 4) for r in (0, 1) for q in range(3)})
    step = lines.settis_rule(3)(s)
    assert step is not None and step.rule == "SettisRule" and "1 must be in 2 columns" in step.reason
    assert "row 3 must" in step.reason and "123" in step.reason
    assert step.marks == (Mark((2, 0), "-4"),)
    # 2 is in all four rows, so r4c4 (the one-cell column) is 2; once it is, nothing is left to count
    step = lines.settis_rule(3)(board(SETTI, {(0, q): m(2, 3, 4) for q in range(3)}))
    assert step is not None and step.marks == tuple(Mark((3, 3), f"-{d}") for d in (1, 3, 4))
    assert lines.settis_rule(3)(board(SETTI, {**{(0, q): m(2, 3, 4) for q in range(3)}, (3, 3): m(2)})) is None


def test_settis_rule_removes_from_rows_beyond_the_count() -> None:
    # 1 fits only columns 2 and 3 (column 1 is 234, r4c4 has no 1); rows 1 and 2 are 123 and must
    # hold it: 1 is in two rows only, so it leaves rows 3 and 4
    cells = {(0, 0): m(2, 3), (1, 0): m(2, 3), (2, 0): m(2, 3, 4), (3, 3): m(2, 3, 4),
             (0, 1): m(1, 2, 3), (0, 2): m(1, 2, 3), (1, 1): m(1, 2, 3), (1, 2): m(1, 2, 3)}
    step = lines.settis_rule(3)(board(SETTI, cells))
    assert step is not None and step.rule == "SettisRule" and "1 can be in at most 2 columns" in step.reason
    assert "row 1, row 2" in step.reason and "leaves row 3, row 4" in step.reason
    assert set(step.marks) == {Mark((r, q), "-1") for r in (2, 3) for q in (1, 2)}


SETTI_SET = [".##..", ".....", "#....", ".....", "....."]


def test_settis_rule_on_a_set_of_digits() -> None:
    # every straight of rows 2-5 (12345, and 1234 or 2345) holds two of 2 and 4: 8 in those rows;
    # every column holds two of them too (column 1's two pairs are 12/23 and 34/45): 10 in all,
    # so row 1 (r1c1, and a pair in c4-c5 holding one of them) holds 2: r1c1 is 2 or 4
    s = board(SETTI_SET, {})
    assert lines.settis_rule(3)(s) is None and lines.locked_compartments(3)(s) is None  # one digit: nothing
    step = setti.settis_rule_set(3)(s)
    assert step is not None and step.rule == "SettisRuleSet"
    assert "on the digits 2, 4" in step.reason and "row 1 holds exactly 2 of them" in step.reason
    assert "rows (9 to 10) as by columns (10 to 10), and the other rows hold 8 to 8" in step.reason
    assert "row 1 c1 holds 2, 4 and r1c1 cannot be 1 or 3 or 5" in step.reason
    assert step.marks == tuple(Mark((0, 0), f"-{d}") for d in (1, 3, 5))
    assert setti.settis_rule_set(3)(board(SETTI_SET, {(0, 0): m(2, 4)})) is None
    assert setti.settis_rule_set(3)(board(FOUR, {})) is None  # every line 1234: every count fixed


def test_y_wing() -> None:
    s = board(FULL, {(0, 0): m(1, 2), (0, 2): m(1, 3), (2, 0): m(2, 3)})  # pivot r1c1, pincers r1c3 and r3c1
    step = wings.y_wing(3)(s)
    assert step is not None and step.rule == "YWing" and step.marks == (Mark((2, 2), "-3"),)
    assert "pivot r1c1 is 1 or 2" in step.reason and "r1c3 and r3c1" in step.reason
    assert wings.y_wing(3)(board(FULL, {(0, 0): m(1, 2), (0, 2): m(1, 3), (2, 0): m(2, 4)})) is None


def test_unique_rectangle_only_with_allow_uniqueness() -> None:
    s = board(FULL, {(0, 0): m(1, 2), (0, 1): m(1, 2), (1, 0): m(1, 2), (1, 1): m(1, 2, 3)})
    step = wings.unique_rectangle(3)(s)
    assert step is not None and step.rule == "UniqueRectangle" and "second solution" in step.reason
    assert set(step.marks) == {Mark((1, 1), "-1"), Mark((1, 1), "-2")}
    apart = board(SIX, {(0, 2): m(1, 2), (0, 4): m(1, 2), (1, 2): m(1, 2), (1, 4): m(1, 2, 3)})  # c3 | c5 split
    assert wings.unique_rectangle(3)(apart) is None
    assert UNIQUENESS not in TECHNIQUES and UNIQUENESS in techniques(allow_uniqueness=True)
    assert techniques() == TECHNIQUES


def test_table_order_and_names() -> None:
    ids = [t.id for t in TECHNIQUES]
    assert len(ids) == len(set(ids))
    assert ids[-6:] == ["AlternatingChain", "CompartmentAIC", "AnyCellCompartmentAIC", "ForcingChain", "StraightChain",
                        "BoundedContradiction"]
    assert [t.level for t in TECHNIQUES] == sorted(t.level for t in TECHNIQUES)
    assert {"SplitCompartment", "SureCandidates", "RequiredDigits", "NakedQuint", "HiddenQuint", "Jellyfish",
            "Starfish", "CrossCompartmentLockedSet", "CrossCompartmentHiddenSet", "LockedCompartments", "SettisRule",
            "SettisRuleSet", "YWing"} <= {t.id for t in LOGIC}


def test_singles_elimination_and_range() -> None:
    s = board(FULL, {(0, 0): m(4)})
    step = basic.naked_single(s)
    assert step is not None and step.rule == "NakedSingle" and step.marks == (Mark((0, 0), "4"),)
    assert basic.naked_single(board(FULL, {(0, 0): m(4, 5)})) is None
    s.apply(step)
    step = basic.elimination(s)
    assert step is not None and step.rule == "Elimination" and "4 at r1c1 leaves row 1 and column 1" in step.reason
    assert len(step.marks) == 10 and all(mk.value == "-4" for mk in step.marks)
    assert basic.elimination(board(FULL, {})) is None
    s.apply(step)
    step = basic.compartment_range(s)  # 4 placed in a 6-cell row: 1..6 still all reachable
    assert step is None
    s = board(SIX, {(0, 0): m(6)})
    s.placed[0] = True
    step = basic.compartment_range(s)  # 6 in row 1 c1-c3: the others are 4..6
    assert step is not None and step.rule == "CompartmentRange" and "4..6" in step.reason
    assert set(step.marks) == {Mark((0, q), f"-{d}") for q in (1, 2) for d in (1, 2, 3)}


def test_hidden_single_needs_a_sure_digit() -> None:
    s = board(SIX, {(0, 0): m(1, 2, 3, 4), (0, 1): m(1, 2, 4), (0, 2): m(1, 2, 4)})  # 123 or 234: 3 only in r1c1
    step = basic.hidden_single(s)
    assert step is not None and step.rule == "HiddenSingle" and step.marks == (Mark((0, 0), "3"),)
    assert basic.hidden_single(board(SIX, {(0, 0): m(1, 2, 3, 4, 5), (0, 1): m(1, 2, 4, 5)})) is None


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_naked_and_hidden_sets_of_every_size(k: int) -> None:
    digits_k = m(*range(1, k + 1))
    naked = sets.naked_set(k, 2)(board(FULL9, {(0, q): digits_k for q in range(k)}))
    assert naked is not None and naked.rule == f"Naked{sets.SET_NAMES[k]}"
    assert {mk.cell for mk in naked.marks} == {(0, q) for q in range(k, 9)}
    assert sets.naked_set(k, 2)(board(FULL9, {(0, q): m(*range(1, k + 2)) for q in range(k)})) is None
    rest = m(*range(k + 1, 10))
    hidden = sets.hidden_set(k, 2)(board(FULL9, {(0, q): rest for q in range(k, 9)}))  # 1..k only in c1..ck
    assert hidden is not None and hidden.rule == f"Hidden{sets.SET_NAMES[k]}"
    assert set(hidden.marks) == {Mark((0, q), f"-{d}") for q in range(k) for d in range(k + 1, 10)}
    assert sets.hidden_set(k, 2)(board(FULL9, {})) is None


def test_compartment_aic_links_through_the_straights() -> None:
    """r1c1=3 leaves row 1 c1-c2 only 23 (34 would leave row 1 c4-c6 no straight), so r1c2=2 and
    r4c2≠2; r1c1=3 also makes r4c1 5, so the full row 4 cannot put 5 in r4c2: r4c2 is left empty."""
    rows = ["..#...", "......", "#.....", "......", "......", "....#."]
    s = board(rows, {(3, 1): m(2, 5), (3, 0): m(3, 5)})
    assert run(s, LOGIC).status == "stuck"  # every rule up to diabolical, the chains too, is done
    assert compchain.compartment_aic(3)(s) is None  # r1c1 has six candidates: not a narrow start
    step = compchain.compartment_aic(4, 9)(s)
    assert step is not None and step.rule == "CompartmentAIC" and step.marks == (Mark((0, 0), "-3"),)
    assert step.reason.startswith("if r1c1 were 3: r1c1=3 ⇒ r1c2=2 (row 1 c1-c2 then holds 23; every way puts 2")
    assert "r4c1≠3 ⇒ r4c2≠5 (row 4 c1-c6 then holds 123456; no way of filling it puts 5 there)" in step.reason
    assert step.reason.endswith("r4c2 has no digit left")
    alone = board(rows, {(3, 1): m(2, 5)})  # r4c1 free: r1c1=3 only makes r4c2 5
    assert run(alone, LOGIC).status == "stuck" and compchain.compartment_aic(4, 9)(alone) is None
    assert compchain.compartment_aic(4, 9)(board(FULL, {})) is None
    narrow = board(rows, {(3, 1): m(2, 5), (3, 0): m(3, 5), (0, 0): m(1, 2, 3)})  # r1c1 narrowed to three
    step = compchain.compartment_aic(3)(narrow)
    assert step is not None and step.marks == (Mark((0, 0), "-3"),) and step.reason.startswith("if r1c1 were 3: ")


def test_any_cell_compartment_aic_removes_every_refuted_start_at_once() -> None:
    """The extreme form goes on past the narrow starts and takes every start the chains refute on
    the board in one step, each with its chains; asked twice, both rules answer the same."""
    rows = ["..#...", "......", "#.....", "......", "......", "....#."]
    s = board(rows, {(3, 1): m(2, 5), (3, 0): m(3, 5)})
    every = compchain.compartment_aic(4, 9, "AnyCellCompartmentAIC", every=True)
    step = every(s)
    assert step is not None and step.rule == "AnyCellCompartmentAIC" and len(step.marks) >= 2
    assert Mark((0, 0), "-3") in step.marks
    assert step.reason.count("if r") == len(step.marks) and "; if r" in step.reason
    assert every(s) == step and compchain.compartment_aic(3)(s) is None
    assert compchain.compartment_aic(4, 9)(s) == compchain.compartment_aic(4, 9)(s)
    assert every(board(FULL, {})) is None
