"""Rule-by-rule tests on small hand-made boards: each rule fires where it should, with the marks
it should make, and stays silent where it must not fire."""

from __future__ import annotations

from typing import Any

import pytest
from sbr_helpers import board, cells, state
from test_sbr_techniques import M_BOARD

from gridlogic.puzzles.starbattle.rules import counting, fish, rules, squeeze, tier1, tier2, tier3, tier4
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import Broken

P5 = board(1, "BBCCA BBCCA BBBAA BBBEE DBBEE")
B8 = board(2, "AAAABBBB AAAABBBB CCCDDDEE CCCDDEEE FFFFGGGG FFFFGGGG HHHHHHHH HHHHHHHH")
NEUTRAL = board(2, "AAAABBBB AAAABBBB CCCCDDDD CCCCDDDD EEEEFFFF EEEEFFFF GGGGHHHH GGGGHHHH")
OPEN5 = "????? ????? ????? ????? ?????"
OPEN8 = " ".join(["????????"] * 8)
DOTS8 = ["........"] * 8
OPEN10 = " ".join(["??????????"] * 10)


def table_rule(rule_id: str) -> Any:
    """The one record of ``rule_id`` in the engine's rule table."""
    [found] = [r for r in rules() if r.id == rule_id]
    return found


def b8(**rows: str) -> str:
    """An 8x8 board, all empty except the given rows (``r2="?..."``)."""
    out = list(DOTS8)
    for k, v in rows.items():
        out[int(k[1:])] = v
    return " ".join(out)


# ----- bounds
def test_exact_bound_is_never_above_tiling_and_exact_on_small_sets() -> None:
    g = Geo(B8)
    row = g.rows[0]
    assert g.max_stars(row) == 4
    two_rows = g.rows[0] | g.rows[1]
    assert g.max_stars(two_rows) == 4 and g.upper_bound(two_rows) == 4
    m_shape = sum(1 << i for i in (1, 8, 9, 10))  # r1c2 over r2c1..r2c3 (a T) : one star... or two
    assert g.max_stars(m_shape) == 2
    m_full = m_shape | (1 << 3) | (1 << 11)  # . X . X / X X X X
    assert g.max_stars(m_full) == 2
    assert not g.fits(0b11, 2) and g.fits(0b101, 2)


# ----- tier 1
def test_r1_1_marks_the_eight_neighbours() -> None:
    st = state(P5, "????? ????? ??*?? ????? ?????")
    step = tier1.r1_1(st)
    assert step is not None and step.rule == "R1.1"
    assert cells(step, "black") == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}
    assert tier1.r1_1(state(P5, OPEN5)) is None


def test_r1_2_to_r1_4_complete_units() -> None:
    st = state(P5, "*???? ????? ????? ????? ?????")
    assert cells(tier1.r1_2(st), "black") == {(0, 1), (0, 2), (0, 3), (0, 4)}
    assert cells(tier1.r1_3(st), "black") == {(1, 0), (2, 0), (3, 0), (4, 0)}
    region_b = {(r, c) for r in range(5) for c in range(5) if P5.regions[r][c] == 1} - {(0, 0)}
    assert cells(tier1.r1_4(st), "black") == region_b
    st0 = state(P5, OPEN5)
    assert tier1.r1_2(st0) is None and tier1.r1_3(st0) is None and tier1.r1_4(st0) is None


# ----- tier 2
def test_r2_forced_when_cells_equal_need() -> None:
    st = state(P5, "....? ????? ????? ????? ?????")
    step = tier2.r2_1(st)
    assert step is not None and cells(step, "star") == {(0, 4)} and "Row 1" in step.reason
    assert tier2.r2_1(state(P5, "...?? ????? ????? ????? ?????")) is None
    st = state(P5, ".???? .???? .???? .???? .????")
    assert tier2.r2_2(st) is None
    st = state(P5, OPEN5)  # region D is r5c1 alone
    assert cells(tier2.r2_3(st), "star") == {(4, 0)}


# ----- tier 3
def test_r3_1_single_window_unit() -> None:
    st = state(P5, "????. ????? ????. ????? ?????")  # region A left with r2c5, r3c4
    step = tier3.r3_1(st)
    assert step is not None and cells(step, "black") == {(1, 3)} and "Region A" in step.reason
    assert tier3.r3_1(state(P5, OPEN5)) is None


def test_r3_2_detects_a_region_that_cannot_fit() -> None:
    st = state(NEUTRAL, "??..???? ....???? " + " ".join(["????????"] * 6))
    with pytest.raises(Broken) as e:
        tier3.r3_2(st)
    assert e.value.step.rule == "R3.2" and "Region A" in e.value.step.reason
    assert tier3.r3_2(state(NEUTRAL, "?.?.???? ....???? " + " ".join(["????????"] * 6))) is None


def test_r3_3_windows_of_an_exactly_tiled_region() -> None:
    # region C (r3c1-r4c3) keeps r3c1, r4c1, r4c3: 2x2s at r3c1 and r4c2 hold its two stars
    st = state(B8, "???????? ???????? ?..????? ?.?????? ???????? ???????? ???????? ????????")
    step = tier3.r3_3(st)
    assert step is not None and step.rule == "R3.3" and "Region C" in step.reason
    assert cells(step, "star") == {(3, 2)}
    assert {(4, 1), (4, 2)} <= cells(step, "black")
    assert tier3.r3_3(state(NEUTRAL, OPEN8)) is None


def test_r3_4_and_r3_5_one_by_n() -> None:
    st = state(B8, b8(r2="??.....", r3="...?...."))  # C: r3c1, r3c2 | r4c4 is D
    st = state(B8, b8(r2="??......", r3="...?...."))
    step = tier3.r3_4(st)
    assert step is None or step.rule == "R3.4"
    st = state(B8, b8(r2="?.......", r3="?.?....."))  # C: r3c1 | r4c1, r4c3 ; outside col 1 only r4c3
    step = tier3.r3_4(st)
    assert step is not None and cells(step, "star") == {(3, 2)}
    # row 3: C and D each have a 1xn there; E's r3c7 is then empty
    st = state(B8, b8(r2="??.??.?.", r3="?..?.?.?"))
    step = tier3.r3_5(st)
    assert step is not None and step.rule == "R3.5" and cells(step, "black") == {(2, 6)}
    assert tier3.r3_5(state(NEUTRAL, OPEN8)) is None


# ----- tier 4
def test_r4_1_direct_region_exclusion() -> None:
    # region C: r3c1 r3c2 r3c3 r4c2 -> a star at r3c2 or r4c2 leaves no room for the second star
    st = state(B8, b8(r2="???.....", r3=".?......"))
    step = tier4.r4_1(st)
    assert step is not None and cells(step, "black") == {(2, 1), (3, 1)}
    assert tier4.r4_1(state(B8, b8(r2="?.?.....", r3="........"))) is None


def test_r4_4_cross_region_exclusion() -> None:
    # region C needs 2 in r3c1, r3c3 (fixed); a star at r4c4 (region D) would kill r3c3
    st = state(B8, b8(r2="?.?.....", r3="...?...."))
    step = tier4.r4_4(st)
    assert step is not None and (3, 3) in cells(step, "black")


def test_r4_7_pressure_from_one_by_ns() -> None:
    # Region C is the one cell r2c5: its star fills row 2, so the rest of the row is empty. The rule
    # is taken from the engine's table, so a no-op R4.7 there fails this test (benchmarks/mutation.py).
    p = board(1, "DDDDD DDDDC EDDDD EDAAD BBAAA")
    step = table_rule("R4.7").find(state(p, OPEN5))
    assert step is not None and step.rule == "R4.7" and step.level == 1
    assert cells(step, "black") == {(1, 0), (1, 1), (1, 2), (1, 3)} and not cells(step, "star")
    assert "Row 2 is full" in step.reason
    assert table_rule("R4.7").find(state(NEUTRAL, OPEN8)) is None


# ----- tier 5
def test_r5_1_undercounting() -> None:
    # regions A and B live in rows 1-2 only: nothing else in rows 1-2 may be a star
    assert counting.r5_1(state(NEUTRAL, OPEN8)) is None  # regions inside rows, but nothing else there
    # regions A and B lie in rows 1-2, so region C's cell r2c8 is empty
    p = board(2, "AAAABBBB AAAABBBC CCCCCDDD CCCCCDDD EEEEFFFF EEEEFFFF GGGGHHHH GGGGHHHH")
    step = counting.r5_1(state(p, OPEN8))
    assert step is not None and step.rule == "R5.1" and cells(step, "black") == {(1, 7)}
    # B8 is broken: five regions (A-E) in rows 1-4
    with pytest.raises(Broken):
        counting.r5_1(state(B8, OPEN8))


def test_r5_2_overcounting_marks_region_cells_outside_the_rows() -> None:
    # rows 1-2 are covered by regions A and B, which stick out into row 3: those cells are empty
    p = board(2, "AAAABBBB AAAABBBB ABCCCCDD CCCCCDDD EEEEFFFF EEEEFFFF GGGGHHHH GGGGHHHH")
    st = state(p, " ".join(["????????"] * 8))
    step = counting.r5_2(st)
    assert step is not None and step.rule == "R5.2"
    assert cells(step, "black") == {(2, 0), (2, 1)}


def test_r5_5_squeeze_middle_of_three_columns() -> None:
    # rows 1-2 need 4 stars; their candidates: columns 1-3 and 6-8 -> 2x2s at c1-2, c3, c6-7, c8 ...
    st = state(B8, b8(r0="???..???", r1="???..???"))
    step = squeeze.r5_5(st)
    assert step is not None and step.rule == "R5.5"
    assert {(0, 1), (1, 1), (0, 6), (1, 6)} <= cells(step, "black")
    assert squeeze.r5_5(state(NEUTRAL, OPEN8)) is None


# ----- tier 6
def test_r6_4_fish() -> None:
    # columns 1 and 2 only have candidates in rows 1 and 2 -> rows 1-2 have no star elsewhere...
    st = state(B8, b8(r0="??.?????", r1="??.?????", r2="..??????", r3="..??????", r4="..??????",
                      r5="..??????", r6="..??????", r7="..??????"))
    step = fish.r6_4(st)
    assert step is not None and step.rule == "R6.4"
    assert cells(step, "black") == {(r, c) for r in (0, 1) for c in range(3, 8)}
    assert fish.r6_4(state(NEUTRAL, OPEN8)) is None


def test_r6_6_n_rooks_only_on_4s_plus_2_boards() -> None:
    r6_6 = table_rule("R6.6")  # from the engine's table, as test_r4_7 does
    assert r6_6.find(state(NEUTRAL, OPEN8)) is None  # 8 is not 4S+2
    # 10x10-hard#0 of the masonomara packs after two steps (a star at r7c4 and its neighbours):
    # 48 rook placements fit, and every one leaves the block of r5c4 holding a star there.
    p = board(2, "HHIIIIIIJJ HHIIIJJJJJ HHIIGGJJJJ HHJJJGDJBB HJJAJGDJJB EEJAJGDJJB EEEAJGJJJB EEEJJGJCCC "
                 "EEEEJJJJCC EEEJJFFFCC")
    marks = "?????????? ?????????? ?????????? ?????????? ??.??????? ??...????? ??.*.????? ??...????? " \
            "?????????? ??????????"
    step = r6_6.find(state(p, marks))
    assert step is not None and step.rule == "R6.6"
    assert cells(step, "star") == {(4, 3)} and not cells(step, "black")
    assert "48 arrangements" in step.reason
    assert r6_6.find(state(p, OPEN10)) is None  # nothing known: every block may be the empty one


def test_r6_2_the_m_from_the_table() -> None:
    # test_sbr_techniques' board, through the engine's table (its tests call the function directly):
    # rows 1-2 need 2 stars and take 3 2x2s; region A's cells there take 2 but A needs 1.
    step = table_rule("R6.2").find(state(M_BOARD, "????../??????/??????/??????/??????/??????"))
    assert step is not None and step.rule == "R6.2"
    assert cells(step, "black") == {(2, 4), (2, 5)} and not cells(step, "star")
