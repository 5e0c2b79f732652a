"""R6.4 Fish and R6.5 Finned Fish (Kris's guide §4.4): N columns whose stars can only be in N rows
fill those rows (and the other way); a cell whose star would make such a fish that excludes it is
empty. At every size and N (bounded like the counting rules)."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.counting import mask_of, names, undercounts
from gridlogic.puzzles.starbattle.rules.finned import finned_scan
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit
from gridlogic.puzzles.starbattle.rules.state import State, make_step, said


def _fish(st: State, kind: str, live: int | None, rule: str) -> tuple[list[Unit], list[Unit], int] | None:
    g, unk = st.geo, st.unknown
    other = "row" if kind == "column" else "column"
    for cs, rs in undercounts(st, g.units(kind), g.units(other), live):
        marks = mask_of(rs) & unk & ~mask_of(cs)
        if marks:
            return cs, rs, marks
    return None


def r6_4(st: State) -> Step | None:
    """R6.4 Fish: N columns whose stars can only be in N rows fill those rows (and the other way)."""
    g = st.geo
    for kind in ("column", "row"):
        got = _fish(st, kind, None, "R6.4")
        if got:
            cs, rs, marks = got
            return make_step(g, "R6.4", EXPERT, f"Fish: the stars of {names(cs)} can only be in {names(rs)}, "
                             f"which they fill; so {said(g, marks)}.", mask_of(cs) & st.unknown,
                             black=marks)
    return None


def r6_5(st: State) -> Step | None:
    """R6.5 Finned Fish: if a star at X (emptying its neighbours) would make a fish whose eliminations
    include X, X is empty."""
    g = st.geo
    pairs = [("column", g.units("column"), g.units("row")), ("row", g.units("row"), g.units("column"))]
    return finned_scan(st, "R6.5", EXPERT, pairs, _say_r6_5, "index list", skip_broken=True)


def _say_r6_5(g: Geo, i: int, cs: list[Unit], rs: list[Unit]) -> str:
    return (f"Finned fish: a star at {g.cell_name(i)} would empty its neighbours and leave the stars of "
            f"{names(cs)} only in {names(rs)}, which would then exclude {g.cell_name(i)} itself; so it is empty.")
