"""Tier 4 (Medium): exclusion. A cell whose star would leave some row, column or region without
room for its stars is empty. "Room" is the exact maximum of non-touching stars (see geometry)."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.base import MEDIUM
from gridlogic.puzzles.starbattle.rules.facts import OneByN, Window, in_line, windows
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said
from gridlogic.puzzles.starbattle.rules.tier3 import exclusion


def _direct(st: State, kind: str, rule: str) -> Step | None:
    g, unk = st.geo, st.unknown
    for u in g.units(kind):
        need = st.need(u)
        cells = u.mask & unk
        if need <= 1 or cells.bit_count() <= need:
            continue
        marks = exclusion(g, cells, need)
        if marks:
            return make_step(g, rule, MEDIUM, f"A star at {g.cells_name(marks)} would leave {u.name} too "
                             f"little room for its other {need - 1} star{'s' if need > 2 else ''}, "
                             f"so {'it is' if marks.bit_count() == 1 else 'they are'} empty.",
                             cells, black=marks)
    return None


def r4_1(st: State) -> Step | None:
    """R4.1 Direct Shape Exclusion."""
    return _direct(st, "region", "R4.1")


def r4_2(st: State) -> Step | None:
    """R4.2 Direct Row Exclusion."""
    return _direct(st, "row", "R4.2")


def r4_3(st: State) -> Step | None:
    """R4.3 Direct Column Exclusion."""
    return _direct(st, "column", "R4.3")


def _cross(st: State, kind: str, rule: str) -> Step | None:
    g, unk = st.geo, st.unknown
    for u in g.units(kind):
        need = st.need(u)
        cells = u.mask & unk
        if need <= 0:
            continue
        near = g.dilate(cells) & unk & ~u.mask
        marks = exclusion(g, cells, need, near)
        if marks:
            return make_step(g, rule, MEDIUM, f"A star at {g.cells_name(marks)} would rule out so many "
                             f"cells of {u.name} that its {need} remaining star{'s' if need > 1 else ''} "
                             f"could not fit, so {'it is' if marks.bit_count() == 1 else 'they are'} empty.",
                             cells, black=marks)
    return None


def r4_4(st: State) -> Step | None:
    """R4.4 Cross-Region Shape Exclusion."""
    return _cross(st, "region", "R4.4")


def r4_5(st: State) -> Step | None:
    """R4.5 Cross-Region Row Exclusion."""
    return _cross(st, "row", "R4.5")


def r4_6(st: State) -> Step | None:
    """R4.6 Cross-Region Column Exclusion."""
    return _cross(st, "column", "R4.6")


def pressure(st: State, line: Unit, avoid: int, wins: list[Window]) -> tuple[int, int, list[str]]:
    """Stars a line is known to get: its stars, its 1xn's and the star-containing 2x2s lying in it,
    taking only sources disjoint from each other and from ``avoid``. Returns (count, cells, why)."""
    g = st.geo
    count = (line.mask & st.star).bit_count()
    used = 0
    why: list[str] = []
    xs: list[OneByN] = in_line(st, line)
    for x in xs:
        if x.cells & (avoid | used):
            continue
        used |= x.cells
        count += x.least
        why.append(x.describe(g))
    unk = st.unknown
    for w in wins:
        cells = w.mask & unk
        if cells & ~line.mask or cells & (avoid | used) or not cells:
            continue
        used |= cells
        count += 1
        why.append(f"the 2x2 at {g.cells_name(cells)} ({w.source}) has a star in {line.name}")
    return count, used, why


def r4_7(st: State) -> Step | None:
    """R4.7 Pressured Exclusion (a): a line whose stars, 1xn's and one-line star-containing 2x2s
    already account for S stars has no star anywhere else."""
    g, unk = st.geo, st.unknown
    wins = windows(st, MEDIUM)
    for line in g.row_units + g.col_units:
        count, used, why = pressure(st, line, 0, wins)
        if count > g.S:
            raise Broken(broken_step(g, "R4.7", f"{cap(line.name)} would get more than {g.S} stars: "
                                     + "; ".join(why) + ".", used, MEDIUM))
        marks = line.mask & unk & ~used
        if count == g.S and marks:
            return make_step(g, "R4.7", MEDIUM, f"{cap(line.name)} is full: " + "; ".join(why)
                             + f". So {said(g, marks)}.", used, black=marks)
    return None


def _pair_lines(geo: Geo, a: int, b: int) -> list[Unit]:
    """Lines through ``a`` that do not pass through ``b``."""
    out = []
    for kind in ("row", "column"):
        la = geo.line_of(a, kind)
        if not la.mask >> b & 1:
            out.append(la)
    return out


def r4_8(st: State) -> Step | None:
    """R4.8 Star-Containing 2x2 Pressured Exclusion: a star-containing 2x2 with two candidates A, B;
    if A's row (or column) is already full without A, the star is at B."""
    g, unk = st.geo, st.unknown
    wins = windows(st, MEDIUM)
    for w in wins:
        cells = w.mask & unk
        if cells.bit_count() != 2:
            continue
        a, b = bits(cells)
        for x, y in ((a, b), (b, a)):
            for line in _pair_lines(g, x, y):
                count, used, why = pressure(st, line, w.mask, [v for v in wins if v is not w])
                if count >= g.S:
                    return make_step(g, "R4.8", MEDIUM, f"The 2x2 with candidates {g.cells_name(cells)} holds a "
                                     f"star ({w.source}); {line.name} is already full ("
                                     + "; ".join(why) + f"), so {g.cell_name(x)} is empty and "
                                     f"{g.cell_name(y)} is a star.", cells | used, black=1 << x, star=1 << y)
    return None
