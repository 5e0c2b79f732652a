"""Derived facts the seed's rules talk about, recomputed per board (and cached on the state):

* 1xn's (R3.4): region P needing k stars can hold at most m < k outside line L (exact bound), so
  at least k - m of its stars lie in its cells of L.
* star-containing 2x2s: windows known to hold exactly one star, from a unit covered by as many
  windows as it needs stars (R3.3, level Easy) or from a squeeze (R5.5, level Hard).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from gridlogic.puzzles.starbattle.levels import EASY, HARD
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits
from gridlogic.puzzles.starbattle.rules.state import State


@dataclass(frozen=True)
class OneByN:
    """At least ``least`` of ``region``'s stars lie in ``cells`` (all in ``line``)."""

    line: Unit
    region: Unit
    cells: int
    least: int

    def describe(self, geo: Geo) -> str:
        return f"{self.region.name} has {self.least} star{'s' if self.least > 1 else ''} in {self.line.name}"


@dataclass(frozen=True)
class Window:
    """A 2x2 window (cell mask) known to hold exactly one star, and where that came from."""

    mask: int
    source: str
    level: int


def one_by_ns(st: State) -> list[OneByN]:
    """Every 1xn of every region (R3.4), in rows and in columns."""
    got = st.cache.get("1xn")
    if got is not None:
        return list(got)
    g, unk = st.geo, st.unknown
    out: list[OneByN] = []
    for reg in g.reg_units:
        need = st.need(reg)
        cells = reg.mask & unk
        if need <= 0 or not cells:
            continue
        key = ("1xn", reg.index, cells, need)
        mine = g.facts.get(key)
        if mine is None:
            mine = g.facts[key] = _region_one_by_ns(g, reg, cells, need)
        out.extend(mine)  # type: ignore[arg-type]
    st.cache["1xn"] = out
    return list(out)


def _region_one_by_ns(g: Geo, reg: Unit, cells: int, need: int) -> tuple[OneByN, ...]:
    out: list[OneByN] = []
    for kind in ("row", "column"):
        seen = 0
        for i in bits(cells):
            line = g.line_of(i, kind)
            if line.mask & seen:
                continue
            seen |= line.mask
            outside = cells & ~line.mask
            most = g.max_stars(outside, need)
            if most < need:
                out.append(OneByN(line, reg, cells & line.mask, need - most))
    return tuple(out)


def in_line(st: State, line: Unit) -> list[OneByN]:
    """The 1xn's lying in ``line`` (grouped once per board)."""
    by_line: dict[tuple[str, int], list[OneByN]] | None = st.cache.get("1xn-by-line")
    if by_line is None:
        by_line = {}
        for x in one_by_ns(st):
            by_line.setdefault((x.line.kind, x.line.index), []).append(x)
        st.cache["1xn-by-line"] = by_line
    return list(by_line.get((line.kind, line.index), ()))


def unit_cover(st: State, unit: Unit) -> list[int] | None:
    """Windows covering the unit's candidates, exactly as many as it needs stars (else None)."""
    need = st.need(unit)
    cells = unit.mask & st.unknown
    if need <= 0 or not cells:
        return None
    g = st.geo
    key = ("cover", cells, need, st.star & g.near[unit.mask])
    if key in g.facts:
        cover = g.facts[key]
    else:
        cover = g.facts[key] = g.window_cover(cells, need, st.star)
    cover = list(cover) if cover is not None else None  # type: ignore[call-overload]
    return cover if cover is not None and len(cover) == need else None


def unit_covers(st: State) -> list[tuple[Unit, list[int]]]:
    """Every unit with a cover (:func:`unit_cover`), in the order of ``all_units``; once per board
    (shared: do not modify the lists). A unit's cover reads only its neighbourhood: a unit whose
    neighbourhood did not change since the last board computed keeps that board's answer."""
    got: list[tuple[Unit, list[int]]] | None = st.cache.get("covers")
    if got is None:
        got = []
        g = st.geo
        big_s, star, unk, facts, near = g.S, st.star, st.unknown, g.facts, g.near
        last = st.carried("covers")
        changed = g.full if last is None else (star ^ last[0]) | (st.empty ^ last[1])
        before: list[list[int] | None] = last[2] if last is not None else []
        now: list[list[int] | None] = []
        for k, u in enumerate(g.all_units()):  # unit_cover, inlined
            mask = u.mask
            if not near[mask] & changed:
                cover = before[k]
            else:
                need = big_s - (star & mask).bit_count()
                cells = mask & unk
                cover = None
                if need > 0 and cells:
                    key = ("cover", cells, need, star & near[mask])
                    cover = facts.get(key, _MISSING)  # type: ignore[assignment]
                    if cover is _MISSING:
                        cover = facts[key] = g.window_cover(cells, need, star)
                    if cover is not None and len(cover) != need:
                        cover = None
            now.append(cover)
            if cover is not None:
                got.append((u, cover))
        st.carry["covers"] = (star, st.empty, now)
        st.cache["covers"] = got
    return got


_MISSING = object()


def strip_cover(st: State, first: Unit, second: Unit) -> tuple[list[int], int, int]:
    """The squeeze of two neighbouring lines: aligned windows (greedy along the strip, which is
    minimal), the strip's candidates and the stars it still needs."""
    g = st.geo
    n = g.n
    strip = (first.mask | second.mask) & st.unknown
    need = st.need(first) + st.need(second)
    windows: list[int] = []
    if first.kind == "row":
        top = first.index
        proj = ((strip >> (top * n)) | (strip >> ((top + 1) * n))) & ((1 << n) - 1)
        while proj:
            c = (proj & -proj).bit_length() - 1
            left = min(c, n - 2)
            windows.append(g.windows[top * (n - 1) + left])
            proj &= ~(0b11 << left)
    else:
        left = first.index
        proj = 0
        for r in range(n):
            if strip & g.rows[r]:
                proj |= 1 << r
        while proj:
            r = (proj & -proj).bit_length() - 1
            top = min(r, n - 2)
            windows.append(g.windows[top * (n - 1) + left])
            proj &= ~(0b11 << top)
    return windows, strip, need


def windows(st: State, max_level: int) -> list[Window]:
    """Star-containing 2x2s known from rules at or below ``max_level``."""
    key = f"win{min(max_level, HARD)}"
    got = st.cache.get(key)
    if got is not None:
        return list(got)
    g = st.geo
    out: list[Window] = []
    for u, cover in unit_covers(st):
        out.extend(Window(w, f"{u.name}'s 2x2s", EASY) for w in cover)
    if max_level >= HARD:
        for lines in (g.row_units, g.col_units):
            for a, b in itertools.pairwise(lines):
                cover, strip, need = strip_cover(st, a, b)
                if strip and need > 0 and len(cover) == need:
                    out.extend(Window(w, f"the squeeze of {a.name} and {b.kind} {b.index + 1}", HARD)
                               for w in cover)
    seen: set[int] = set()
    uniq = [w for w in out if not (w.mask in seen or seen.add(w.mask))]  # type: ignore[func-returns-value]
    st.cache[key] = uniq
    return list(uniq)
