"""Counting over sets of lines (R5.1 / R5.2 with exact bounds), on hand-made boards."""

from __future__ import annotations

import pytest
from sbr_helpers import board, cells, state

from gridlogic.puzzles.starbattle.rules import linesets
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import Broken

# Rows 3-4 hold regions C and D whole and five cells of E, which spills into row 5. (A board built
# for the rule: it need not have a solution, the deduction holds on any board.)
SPILL = board(2, "AAAABBBB AAAABBBB CCCDDDEE CCCDDEEE FFFFFEEE FFFGGGGG FFHHHGGH HHHHHHHH")
NEUTRAL = board(2, "AAAABBBB AAAABBBB CCCCDDDD CCCCDDDD EEEEFFFF EEEEFFFF GGGGHHHH GGGGHHHH")


def test_line_sets_are_small_sets_then_intervals() -> None:
    sets = linesets.line_sets(tuple(range(10)))
    masks = [m for m, _ in sets]
    assert len(masks) == len(set(masks)) == 637  # every set of 1..5 of 10 lines
    assert all(bin(m).count("1") <= 5 for m in masks)
    big = linesets.line_sets(tuple(range(17)))
    assert len(big) <= linesets.MAX_SETS + 17 * 8 and (0b1111 << 3, (3, 4, 5, 6)) in big


def test_split_bounds_are_exact() -> None:
    g = Geo(SPILL)
    e = g.regs[4]
    rows34 = g.rows[2] | g.rows[3]
    assert linesets.split_bounds(g, e, 2, rows34) == (0, 2)  # r5c6, r5c8 can take both stars
    assert linesets.split_bounds(g, e, 2, g.rows[4]) == (0, 2)
    c = g.regs[2]
    assert linesets.split_bounds(g, c, 2, rows34) == (2, 2)


def test_undercounting_fires_where_least_counts_fill_the_lines() -> None:
    step = linesets.undercounting(state(SPILL))
    assert step is not None and step.rule == "R5.1" and step.reason.startswith("Rows 3, 4 ")
    # C and D fill rows 3-4, so E has no star there and both of its stars in r5c6-r5c8: r5c7
    # (which would leave room for one) and the row-6 cells touching r5c6 or r5c8 are empty.
    black = cells(step, "black")
    assert {(2, 6), (2, 7), (3, 5), (3, 6), (3, 7), (4, 6)} <= black
    assert {(5, 4), (5, 5), (5, 6), (5, 7)} <= black and not cells(step, "star")
    assert not black & {(4, 5), (4, 7), (2, 0), (3, 0)}


def test_overcounting_fires_where_most_counts_fill_the_lines() -> None:
    # Row 8 needs 2 stars and only region H reaches it, which can put at most 2 there: H's stars
    # are all in row 8, so H's cells in row 7 are empty.
    step = linesets.overcounting(state(SPILL))
    assert step is not None and step.rule == "R5.2" and step.reason.startswith("Row 8 ")
    assert {(6, 2), (6, 3), (6, 4), (6, 7)} <= cells(step, "black")


def test_silent_where_nothing_is_forced_and_broken_where_counts_cannot_meet() -> None:
    assert linesets.undercounting(state(NEUTRAL)) is None
    assert linesets.overcounting(state(NEUTRAL)) is None
    # E left with one cell outside rows 3-4 (r5c8): C and D fill rows 3-4, so E's two stars would
    # have to fit in that one cell.
    with pytest.raises(Broken):
        linesets.undercounting(state(SPILL, "???????? ???????? ???????? ???????? .......? ???????? ???????? ????????"))
