"""Counting over sets of lines with exact bounds (the seed's R5.1 / R5.2, extended).

Take a set L of rows (or of columns) that still needs ``need(L)`` stars. A region P that needs k
stars and can fit at most m of them outside L (exact bound) puts at least ``k - m`` into L, and at
most ``min(k, most it fits inside L)``. When the least counts add up to ``need(L)`` (undercounting,
R5.1: N regions inside N lines is the case where every least count is the whole need), every region
puts exactly its least count into L; when the most counts add up to ``need(L)`` (overcounting, R5.2),
exactly its most. Either way every region meeting L is split into a part inside L and a part
outside with exact star counts, and a cell whose star would break one of those counts is empty
(a part with as many candidates as stars is all stars).

Sets: every set of up to five lines on boards up to 10 lines a side (fewer lines on bigger boards,
so that at most about a thousand sets are tried), and every interval of lines up to half the
board. Complements need no separate look: L's least counts add up to need(L) exactly when the most
counts of the other lines add up to theirs.
"""

from __future__ import annotations

import sys
from array import array
from functools import cache, lru_cache
from itertools import combinations
from math import comb

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import HARD
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said

MAX_SETS = 1200
"""Line sets tried per kind and board (all small sets first, then intervals)."""


@cache
def line_sets(live: tuple[int, ...], max_sets: int = MAX_SETS) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Sets (bitmask of line indices, the indices) of the ``live`` lines: all of every size while
    the total stays under ``max_sets`` (at most half of them), then every longer interval up to half."""
    m = len(live)
    half = max(1, m // 2)
    out: list[tuple[int, tuple[int, ...]]] = []
    seen: set[int] = set()
    total = 0
    for k in range(1, half + 1):
        total += comb(m, k)
        if total > max_sets:
            break
        for combo in combinations(live, k):
            mask = sum(1 << i for i in combo)
            seen.add(mask)
            out.append((mask, combo))
    for k in range(2, half + 1):
        for start in range(m - k + 1):
            combo = live[start:start + k]
            mask = sum(1 << i for i in combo)
            if mask not in seen:
                seen.add(mask)
                out.append((mask, combo))
    return tuple(out)


def _lines_mask(lines: list[Unit], chosen: int) -> int:
    out = 0
    while chosen:
        low = chosen & -chosen
        out |= lines[low.bit_length() - 1].mask
        chosen ^= low
    return out


def split_bounds(g: Geo, cand: int, need: int, inside: int) -> tuple[int, int]:
    """(least, most) stars a unit with candidates ``cand`` needing ``need`` puts into ``inside``."""
    most_out = g.max_stars(cand & ~inside, need)
    most_in = g.max_stars(cand & inside, need)
    return need - most_out, most_in


def exact_split_marks(g: Geo, inside: int, a: int, outside: int, b: int, targets: int) -> tuple[int, int]:
    """Marks when ``inside`` must hold exactly ``a`` stars and ``outside`` exactly ``b``: cells of
    ``targets`` whose star breaks either count are empty; a part with as many cells as stars is
    all stars. Returns (black, star)."""
    black = 0
    closed, fits = g.closed, g.fits
    while targets:
        bit = targets & -targets
        targets ^= bit
        k_in = a - 1 if inside & bit else a
        k_out = b - 1 if outside & bit else b
        if k_in < 0 or k_out < 0:
            black |= bit
            continue
        near = closed[bit.bit_length() - 1]
        if not fits(inside & ~near, k_in) or not fits(outside & ~near, k_out):
            black |= bit
    star = 0
    if a > 0 and inside.bit_count() == a:
        star |= inside
    if b > 0 and outside.bit_count() == b:
        star |= outside
    return black & ~star, star


def _needs(chosen: int) -> str:
    """The verb for :func:`_label`'s lines: "Row 4 needs", "Rows 1, 2 need"."""
    return "needs" if chosen.bit_count() == 1 else "need"


def _label(kind: str, chosen: int) -> str:
    idx = [str(i + 1) for i in bits(chosen)]
    return (f"{kind} " if len(idx) == 1 else f"{kind}s ") + ", ".join(idx)


_Part = tuple[Unit, int, int, int, int]
"""A region meeting a line set: the region, its candidates, its need, its least and most count."""


def _tight_sets(st: State, kind: str) -> list[tuple[int, int, int, int, list[_Part]]]:
    """The line sets of ``kind`` whose least or most counts add up to their need (or past it):
    (set, need, least sum, most sum, parts). Computed once per board for R5.1 and R5.2."""
    key = f"tight {kind}"
    got = st.cache.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    g, unk = st.geo, st.unknown
    lines = g.units(kind)
    live = tuple(ln.index for ln in lines if ln.mask & unk)
    out: list[tuple[int, int, int, int, list[_Part]]] = []
    st.cache[key] = out
    if len(live) < 2:
        return out
    regs = []
    for reg in g.reg_units:
        cand = reg.mask & unk
        need = st.need(reg)
        if cand and need > 0:
            span = 0
            for i in live:
                if lines[i].mask & cand:
                    span |= 1 << i
            table: dict[int, tuple[int, int]] = g.facts.setdefault(("split", kind, cand, need), {})  # type: ignore[assignment]
            regs.append((reg, cand, need, span, table))
    sets = line_sets(live)
    lo_vec = hi_vec = 0
    for _, cand, need, span, table in regs:
        lo_v, hi_v = _region_vectors(g, kind, cand, need, span, table, live, lines)
        lo_vec += lo_v
        hi_vec += hi_v
    line_need = [st.need(ln) for ln in lines]
    if min(line_need) >= 0:
        need_vec = 0
        for i, member in zip(live, _membership(live), strict=True):
            need_vec += line_need[i] * member
        # Per field, 2**15 + a - b keeps bit 15 exactly when a >= b (no borrow between fields): the
        # sets where least >= need or need >= most, lowest first.
        top = _ones(live) << (_FIELD - 1)
        tight = ((lo_vec + top - need_vec) | (need_vec + top - hi_vec)) & top
        field = (1 << _FIELD) - 1
        found = []
        while tight:
            low = tight & -tight
            tight ^= low
            shift = low.bit_length() - _FIELD
            found.append((sets[shift // _FIELD][0], lo_vec >> shift & field, hi_vec >> shift & field,
                          need_vec >> shift & field))
    else:  # an over-full line (a broken board): no packing of negative counts
        needs = [sum(line_need[i] for i in idx) for _, idx in sets]
        los, his = _fields(lo_vec, len(sets)), _fields(hi_vec, len(sets))
        found = [(chosen, lo_sum, hi_sum, need_l)
                 for (chosen, _), lo_sum, hi_sum, need_l in zip(sets, los, his, needs, strict=True)
                 if not lo_sum < need_l < hi_sum]
    for chosen, lo_sum, hi_sum, need_l in found:
        parts = [(reg, cand, need, *table[span & chosen])
                 for reg, cand, need, span, table in regs if span & chosen]
        out.append((chosen, need_l, lo_sum, hi_sum, parts))
    return out


_FIELD = 16
"""Bits per line set in the packed count vectors of :func:`_tight_sets` (counts stay far below)."""


def _fields(vec: int, count: int) -> list[int]:
    """The ``count`` unsigned 16-bit fields of a packed vector, lowest first."""
    return array("H", vec.to_bytes(2 * count, sys.byteorder)).tolist()


@cache
def _membership(live: tuple[int, ...]) -> tuple[int, ...]:
    """Per live line: a packed vector with 1 in the field of every line set that holds it."""
    out = []
    for i in live:
        vec = 0
        for j, (chosen, _) in enumerate(line_sets(live)):
            if chosen >> i & 1:
                vec |= 1 << (_FIELD * j)
        out.append(vec)
    return tuple(out)


@cache
def _ones(live: tuple[int, ...]) -> int:
    """A packed vector with 1 in the field of every line set of ``live``."""
    out = 0
    for j in range(len(line_sets(live))):
        out |= 1 << (_FIELD * j)
    return out


@lru_cache(maxsize=512)
def _buckets(live: tuple[int, ...], span: int) -> tuple[tuple[int, int], ...]:
    """The line sets of ``live`` grouped by the part of ``span`` they hold (when not empty): that
    part and a packed vector with 1 in the field of each set of the group. Built by splitting the
    vector of all sets on each line of ``span`` in turn (the sets that hold it, those that do not)."""
    member = dict(zip(live, _membership(live), strict=True))
    out: list[tuple[int, int]] = []
    todo = [(_ones(live), 0, span)]
    while todo:
        vec, part, rest = todo.pop()
        if not rest:
            if part:
                out.append((part, vec))
            continue
        low = rest & -rest
        has = member[low.bit_length() - 1]
        rest ^= low
        if vec & has:
            todo.append((vec & has, part | low, rest))
        if vec & ~has:
            todo.append((vec & ~has, part, rest))
    return tuple(out)


def _region_vectors(g: Geo, kind: str, cand: int, need: int, span: int, table: dict[int, tuple[int, int]],
                    live: tuple[int, ...], lines: list[Unit]) -> tuple[int, int]:
    """A region's least and most counts into every line set of ``live``, packed a field per set
    (memoised per puzzle: they depend on the region's candidates and need only)."""
    key = ("split vectors", kind, cand, need, live)
    got: tuple[int, int] | None = g.facts.get(key)  # type: ignore[assignment]
    if got is None:
        lo_v = hi_v = 0
        for t, member in _buckets(live, span):
            bounds = table.get(t)
            if bounds is None:
                bounds = table[t] = split_bounds(g, cand, need, _lines_mask(lines, t))
            lo, hi = bounds  # small counts: add the (long) vector rather than multiply it
            if lo:
                lo_v += member if lo == 1 else lo * member
            if hi:
                hi_v += member if hi == 1 else hi * member
        got = g.facts[key] = (lo_v, hi_v)
    return got


def _scan(st: State, kind: str, use_lo: bool) -> Step | None:
    g, unk = st.geo, st.unknown
    lines = g.units(kind)
    for chosen, need_l, lo_sum, hi_sum, parts in _tight_sets(st, kind):
        broken = lo_sum > need_l or hi_sum < need_l
        if not broken and (lo_sum if use_lo else hi_sum) != need_l:
            continue
        where = _label(kind, chosen)
        lmask = _lines_mask(lines, chosen)
        if broken:
            rule = "R5.1" if lo_sum > need_l else "R5.2"
            bad = f"at least {lo_sum}" if lo_sum > need_l else f"at most {hi_sum}"
            raise Broken(broken_step(g, rule, f"{cap(where)} {_needs(chosen)} {need_l} more "
                                     f"star{'s' if need_l != 1 else ''}, but their regions "
                                     f"must put {bad} there.", lmask & unk, HARD))
        black = star = 0
        why = []
        for reg, cand, need, lo, hi in parts:
            a = lo if use_lo else hi
            inside = cand & lmask
            outside = cand & ~lmask
            targets = g.dilate(cand) & unk
            b_, s_ = exact_split_marks(g, inside, a, outside, need - a, targets)
            black |= b_
            star |= s_
            if a:
                why.append(f"{reg.name} {a}")
        black &= ~star
        if black or star:
            bound = "at least" if use_lo else "at most"
            whole = "cannot fit the rest outside them" if use_lo else "cannot fit more inside them"
            rule = "R5.1" if use_lo else "R5.2"
            return make_step(g, rule, HARD, f"{cap(where)} {_needs(chosen)} {need_l} more "
                             f"star{'s' if need_l != 1 else ''}; each region puts {bound} "
                             f"what it {whole} ({', '.join(why) or 'none'}), which adds up to exactly "
                             f"{need_l}. So every region's stars in and out of {where} are counted exactly, "
                             f"and {said(g, black, star)}.", lmask & unk, black=black, star=star)
    return None


def undercounting(st: State) -> Step | None:
    """R5.1 over sets of lines, exact: the regions' least counts fill the lines."""
    return _scan(st, "row", True) or _scan(st, "column", True)


def overcounting(st: State) -> Step | None:
    """R5.2 over sets of lines, exact: the regions' most counts fill the lines."""
    return _scan(st, "row", False) or _scan(st, "column", False)
