"""R4.1/R4.2/R4.3 and R4.4/R4.5/R4.6 with the counts of the units a unit crosses: exclusion where
"does the unit still fit" respects every crossing unit's remaining count, not only the supposed
star's neighbours.

A region needing k stars can place them only in sets of k non-touching candidates that put no row
or column over the stars it still needs; a row's sets may put no column or region over its count, a
column's no row or region. A star at X (outside the unit) spoils such a set when it touches one of
its cells, or when X's row, column or region would then get more stars than it needs. If X spoils
every set, X is empty (R4.4 for a region, R4.5 for a row, R4.6 for a column); a candidate of the
unit in no set is empty (R4.1, R4.2, R4.3).

Why rules of their own, one level up (Hard, after the short set differentials): the plain forms test
one exact bound per supposed star; this lists the unit's sets once per board and tests every cell
against all of them. At Medium the region form ran on every board a Medium solve meets (~1 % of the
10x10 CPU) and graded hard-labelled corpus puzzles Medium (Spearman against the labels 0.833 ->
0.825); at Hard it costs a quarter of that and replaces some finned counts
(docs/starbattle-rules.md). The row and column forms are Hard like the plain R4.5/R4.6.
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import HARD
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.placements import unit_placements
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step

LEVEL = HARD
"""The level of the rules (and of the steps they make)."""
MAX_SETS = 200
"""Star sets listed per unit; a unit with more is skipped."""
CROSS = {"region": ("row", "column"), "row": ("column", "region"), "column": ("row", "region")}
"""The kinds of unit whose counts a unit's star sets respect."""
_WORDS = {"region": "a row or column", "row": "a column or region", "column": "a row or region"}
_RULES = {"region": ("R4.1", "R4.4"), "row": ("R4.2", "R4.5"), "column": ("R4.3", "R4.6")}


def spoiled(st: State, sets: list[int], kind: str = "region") -> tuple[int, int, int]:
    """(sets kept, cells in some kept set, cells a star at which spoils every kept set) for the
    star ``sets`` of a unit of ``kind``: a set putting a crossing unit over its count is dropped."""
    g = st.geo
    crossing = [(g.index_in[k], g.units(k), [st.need(u) for u in g.units(k)]) for k in CROSS[kind]]
    count = anywhere = 0
    everywhere = g.full
    for s in sets:
        hit = g.dilate(s)
        ok = True
        for index, units, need in crossing:
            got: dict[int, int] = {}
            for i in bits(s):
                got[index[i]] = got.get(index[i], 0) + 1
            for u, k in got.items():
                if k > need[u]:
                    ok = False
                elif k == need[u]:
                    hit |= units[u].mask
        if ok:
            count += 1
            anywhere |= s
            everywhere &= hit
    return count, anywhere, everywhere


def pair_sets(st: State, cand: int, kind: str = "region") -> tuple[int, int, int]:
    """:func:`spoiled` for a unit needing two stars, over its non-touching pairs directly:
    (pairs, cells in some pair, cells spoiling every pair)."""
    g = st.geo
    closed = g.closed
    (ia, ua, na), (ib, ub, nb) = ((g.index_in[k], g.units(k), [st.need(u) for u in g.units(k)])
                                  for k in CROSS[kind])
    cells = list(bits(cand))
    own = []
    for a in cells:
        x, y = ia[a], ib[a]
        own.append(closed[a] | (ua[x].mask if na[x] <= 1 else 0) | (ub[y].mask if nb[y] <= 1 else 0))
    count = anywhere = 0
    everywhere = g.full
    for p, a in enumerate(cells):
        xa, ya = ia[a], ib[a]
        near, hit_a = closed[a], own[p]
        for q in range(p + 1, len(cells)):
            b = cells[q]
            if near >> b & 1:
                continue
            hit = hit_a | own[q]
            if xa == ia[b]:
                if na[xa] < 2:
                    continue
                if na[xa] == 2:
                    hit |= ua[xa].mask
            if ya == ib[b]:
                if nb[ya] < 2:
                    continue
                if nb[ya] == 2:
                    hit |= ub[ya].mask
            count += 1
            anywhere |= 1 << a | 1 << b
            everywhere &= hit
    return count, anywhere, everywhere


def region_sets(st: State, reg: Unit) -> tuple[int, int, int] | None:
    """For a unit (region, row or column) still needing two or more stars: (candidates, cells in
    some set, cells spoiling every set), or None when it has too many sets to list. Memoised per
    puzzle on what it reads. (A unit needing one star is left to R4.1-R4.6 completing: a single star
    breaks no crossing count but a full unit's, which they see.)"""
    g = st.geo
    need = st.need(reg)
    cand = reg.mask & st.unknown
    if need <= 1 or cand.bit_count() <= need:
        return None
    kind = reg.kind
    key = ("capped", kind, cand, need, st.star & _lines_met(g, reg))
    if key in g.facts:
        got: tuple[int, int, int] | None = g.facts[key]  # type: ignore[assignment]
    elif need == 2:
        got = g.facts[key] = pair_sets(st, cand, kind)
    else:
        sets = unit_placements(st, cand, need, MAX_SETS)
        got = g.facts[key] = None if sets is None else spoiled(st, sets, kind)
    if got is None:
        return None
    count, anywhere, everywhere = got
    if not count:
        raise Broken(broken_step(g, _RULES[kind][0], f"{cap(reg.name)} cannot place its {need} stars "
                                 f"without overfilling {_WORDS[kind]}.", cand, LEVEL))
    return cand, anywhere, everywhere


def _lines_met(g: Geo, unit: Unit) -> int:
    """Every unit of the crossing kinds that ``unit`` meets, as one mask (per puzzle): the counts
    its star sets read are the stars there."""
    key = ("capped lines", unit.kind, unit.index)
    got = g.facts.get(key)
    if got is None:
        got = 0
        for i in bits(unit.mask):
            for k in CROSS[unit.kind]:
                got |= g.unit_of(i, k).mask
        g.facts[key] = got
    return got  # type: ignore[return-value]


def _capped(st: State, inside: bool, kind: str = "region") -> Step | None:
    g, unk = st.geo, st.unknown
    words = _WORDS[kind]
    rule = _RULES[kind][0 if inside else 1]
    for reg in g.units(kind):
        got = region_sets(st, reg)
        if got is None:
            continue
        cand, anywhere, everywhere = got
        need = st.need(reg)
        if inside:
            black = cand & ~anywhere
            if black:
                other = "its other star" if need == 2 else f"its other {need - 1} stars"
                return make_step(g, rule, LEVEL, f"A star at {g.cells_name(black)} would leave {reg.name} no "
                                 f"way to place {other} without touching it or putting {words} "
                                 f"over its count, so {'it is' if black.bit_count() == 1 else 'they are'} "
                                 f"empty.", cand, black=black)
        else:
            black = everywhere & unk & ~reg.mask
            if black:
                one = black.bit_count() == 1
                return make_step(g, rule, LEVEL, f"Every way {reg.name} can place its {need} stars (no "
                                 f"two touching, no {words.split(' ', 1)[1]} over its count) touches "
                                 f"{g.cells_name(black)} or leaves no room for another star in "
                                 f"{'its' if one else 'their'} {words.split(' ', 1)[1]}, so "
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


def r4_2_capped(st: State) -> Step | None:
    """R4.2 with the column and region counts: a row candidate whose star leaves the row's other
    stars no placement under those counts is empty."""
    return _capped(st, True, "row")


def r4_3_capped(st: State) -> Step | None:
    """R4.3 with the row and region counts (the transpose of :func:`r4_2_capped`)."""
    return _capped(st, True, "column")


def r4_5_capped(st: State) -> Step | None:
    """R4.5 with the column and region counts: a cell outside a row whose star (its neighbours
    emptied, any unit it completes closed) spoils every placement of the row's stars under those
    counts is empty."""
    return _capped(st, False, "row")


def r4_6_capped(st: State) -> Step | None:
    """R4.6 with the row and region counts (the transpose of :func:`r4_5_capped`)."""
    return _capped(st, False, "column")
