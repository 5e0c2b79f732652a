"""Tier 1 (Easy): trivial marks around stars and in completed units."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY
from gridlogic.puzzles.starbattle.rules.geometry import bits, cap
from gridlogic.puzzles.starbattle.rules.state import State, make_step, said


def r1_1(st: State) -> Step | None:
    """R1.1 Star Adjacency Elimination: the 8 neighbours of a star are empty."""
    g, unk = st.geo, st.unknown
    if not g.spread(st.star) & unk:
        return None
    for i in bits(st.star):
        marks = g.nb[i] & unk
        if marks:
            return make_step(g, "R1.1", EASY, f"{g.cell_name(i)} is a star and stars never touch, "
                             f"so its neighbours {said(g, marks)}.", 1 << i, black=marks)
    return None


def _complete(st: State, kind: str, rule: str) -> Step | None:
    g, unk, star = st.geo, st.unknown, st.star
    for u in g.units(kind):
        marks = u.mask & unk
        if marks and (star & u.mask).bit_count() == g.S:  # needs no more
            return make_step(g, rule, EASY, f"{cap(u.name)} already has its {g.S} "
                             f"star{'s' if g.S > 1 else ''}, so its other cells are empty.",
                             u.mask & st.star, black=marks)
    return None


def r1_2(st: State) -> Step | None:
    """R1.2 Row Complete: a row with S stars has no more."""
    return _complete(st, "row", "R1.2")


def r1_3(st: State) -> Step | None:
    """R1.3 Column Complete: a column with S stars has no more."""
    return _complete(st, "column", "R1.3")


def r1_4(st: State) -> Step | None:
    """R1.4 Shape Complete: a region with S stars has no more."""
    return _complete(st, "region", "R1.4")
