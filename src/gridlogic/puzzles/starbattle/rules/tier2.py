"""Tier 2 (Easy): forced placements when a unit has exactly as many cells left as stars needed."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY
from gridlogic.puzzles.starbattle.rules.geometry import cap
from gridlogic.puzzles.starbattle.rules.state import State, make_step


def _forced(st: State, kind: str, rule: str) -> Step | None:
    g, unk, star = st.geo, st.unknown, st.star
    for u in g.units(kind):
        cells = u.mask & unk
        if not cells:
            continue
        need = g.S - (star & u.mask).bit_count()
        if need > 0 and cells.bit_count() == need:
            return make_step(g, rule, EASY, f"{cap(u.name)} needs {need} more "
                             f"star{'s' if need > 1 else ''} and has exactly that many cells left: "
                             f"{g.cells_name(cells)}.", u.mask, star=cells)
    return None


def r2_1(st: State) -> Step | None:
    """R2.1 Row Forced."""
    return _forced(st, "row", "R2.1")


def r2_2(st: State) -> Step | None:
    """R2.2 Column Forced."""
    return _forced(st, "column", "R2.2")


def r2_3(st: State) -> Step | None:
    """R2.3 Shape Forced."""
    return _forced(st, "region", "R2.3")
