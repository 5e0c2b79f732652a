"""R4.1 and R4.4 with the line counts: exclusion where "does the region still fit" respects every
row's and column's remaining count, not only the supposed star's neighbours.

A region needing k stars can place them only in sets of k non-touching candidates that put no row
or column over the stars it still needs. A star at X (outside the region) spoils such a set when it
touches one of its cells, or when X's row or column would then get more stars than it needs. If X
spoils every set, X is empty (R4.4); a candidate of the region in no set is empty (R4.1).

Why a rule of its own, one level up (Hard, after the short set differentials): the plain forms test
one exact bound per supposed star; this lists the region's sets once per board and tests every cell
against all of them. At Medium it ran on every board a Medium solve meets (~1 % of the 10x10 CPU)
and graded hard-labelled corpus puzzles Medium (Spearman against the labels 0.833 -> 0.825); at
Hard it costs a quarter of that and replaces some finned counts (docs/starbattle-rules.md).
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.base import HARD
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.listing import unit_placements
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step

LEVEL = HARD
"""The level of both rules (and of the steps they make)."""
MAX_SETS = 200
"""Star sets listed per region; a region with more is skipped."""


def spoiled(st: State, sets: list[int]) -> tuple[int, int]:
    """(cells in some set, cells a star at which spoils every set) for the region's ``sets``."""
    g = st.geo
    n = g.n
    anywhere = 0
    everywhere = g.full
    for s in sets:
        anywhere |= s
        hit = g.dilate(s)
        rows: dict[int, int] = {}
        cols: dict[int, int] = {}
        for i in bits(s):
            r, c = divmod(i, n)
            rows[r] = rows.get(r, 0) + 1
            cols[c] = cols.get(c, 0) + 1
        for r, k in rows.items():
            if k >= st.need(g.row_units[r]):
                hit |= g.rows[r]
        for c, k in cols.items():
            if k >= st.need(g.col_units[c]):
                hit |= g.cols[c]
        everywhere &= hit
    return anywhere, everywhere


def pair_sets(st: State, cand: int) -> tuple[int, int, int]:
    """:func:`spoiled` for a region needing two stars, over its non-touching pairs directly:
    (pairs, cells in some pair, cells spoiling every pair)."""
    g = st.geo
    n, closed, rows, cols = g.n, g.closed, g.rows, g.cols
    row_need = [st.need(u) for u in g.row_units]
    col_need = [st.need(u) for u in g.col_units]
    cells = list(bits(cand))
    own = []
    for a in cells:
        r, c = divmod(a, n)
        own.append(closed[a] | (rows[r] if row_need[r] <= 1 else 0) | (cols[c] if col_need[c] <= 1 else 0))
    count = anywhere = 0
    everywhere = g.full
    for x, a in enumerate(cells):
        ra, ca = divmod(a, n)
        near, hit_a = closed[a], own[x]
        for y in range(x + 1, len(cells)):
            b = cells[y]
            if near >> b & 1:
                continue
            rb, cb = divmod(b, n)
            hit = hit_a | own[y]
            if ra == rb:
                if row_need[ra] < 2:
                    continue
                if row_need[ra] == 2:
                    hit |= rows[ra]
            if ca == cb:
                if col_need[ca] < 2:
                    continue
                if col_need[ca] == 2:
                    hit |= cols[ca]
            count += 1
            anywhere |= 1 << a | 1 << b
            everywhere &= hit
    return count, anywhere, everywhere


def region_sets(st: State, reg: Unit) -> tuple[int, int, int] | None:
    """For a region still needing two or more stars: (candidates, cells in some set, cells spoiling
    every set), or None when it has too many sets to list. Memoised per puzzle on what it reads.
    (A region needing one star is left to R4.1/R4.4 completing: a single star breaks no line count
    but a full line's, which they see.)"""
    g = st.geo
    need = st.need(reg)
    cand = reg.mask & st.unknown
    if need <= 1 or cand.bit_count() <= need:
        return None
    key = ("capped", cand, need, st.star & _lines_met(g, reg))
    if key in g.facts:
        got: tuple[int, int, int] | None = g.facts[key]  # type: ignore[assignment]
    elif need == 2:
        got = g.facts[key] = pair_sets(st, cand)
    else:
        sets = unit_placements(st, cand, need, MAX_SETS)
        got = g.facts[key] = None if sets is None else (len(sets), *spoiled(st, sets))
    if got is None:
        return None
    count, anywhere, everywhere = got
    if not count:
        raise Broken(broken_step(g, "R4.1", f"{cap(reg.name)} cannot place its {need} stars without "
                                 f"overfilling a row or column.", cand, LEVEL))
    return cand, anywhere, everywhere


def _lines_met(g: Geo, reg: Unit) -> int:
    """Every row and column the region meets, as one mask (per puzzle): the line counts its star
    sets read are the stars there."""
    key = ("capped lines", reg.index)
    got = g.facts.get(key)
    if got is None:
        got = 0
        for i in bits(reg.mask):
            r, c = divmod(i, g.n)
            got |= g.rows[r] | g.cols[c]
        g.facts[key] = got
    return got  # type: ignore[return-value]


def _capped(st: State, inside: bool) -> Step | None:
    g, unk = st.geo, st.unknown
    for reg in g.reg_units:
        got = region_sets(st, reg)
        if got is None:
            continue
        cand, anywhere, everywhere = got
        need = st.need(reg)
        if inside:
            black = cand & ~anywhere
            if black:
                other = "its other star" if need == 2 else f"its other {need - 1} stars"
                return make_step(g, "R4.1", LEVEL, f"A star at {g.cells_name(black)} would leave {reg.name} no "
                                 f"way to place {other} without touching it or putting a row or column "
                                 f"over its count, so {'it is' if black.bit_count() == 1 else 'they are'} "
                                 f"empty.", cand, black=black)
        else:
            black = everywhere & unk & ~reg.mask
            if black:
                one = black.bit_count() == 1
                return make_step(g, "R4.4", LEVEL, f"Every way {reg.name} can place its {need} stars (no "
                                 f"two touching, no row or column over its count) touches "
                                 f"{g.cells_name(black)} or leaves no room for another star in "
                                 f"{'its' if one else 'their'} row or column, so "
                                 f"{'it is' if one else 'they are'} empty.", cand, black=black)
    return None


def r4_1_capped(st: State) -> Step | None:
    """R4.1 with line counts: a region candidate whose star leaves the region's other stars no
    placement under the row and column counts is empty."""
    return _capped(st, True)


def r4_4_capped(st: State) -> Step | None:
    """R4.4 with line counts: a cell whose star spoils every placement of another region's stars
    under the row and column counts is empty."""
    return _capped(st, False)
