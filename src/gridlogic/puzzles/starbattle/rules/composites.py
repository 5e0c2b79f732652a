"""R5.6 Set Differential with composite regions (R5.6a-d): the sums ``set_differentials`` and ``blocks`` do not
try.

* **Regions minus the lines inside them** (R5.6e's overcounting, both kinds at once): add a set of
  regions, subtract every row and every column whose cells left lie inside them. When no candidate
  is in a subtracted row and a subtracted column, the regions' candidates outside those lines hold
  exactly S x (regions - lines) stars, less the stars already placed there.
* **Composite regions and squeezes as inputs, chained** (R5.6a "composite regions", R5.6d "chain
  differentials"): a sum's result (its candidates counted once, holding an exact number of stars) is
  itself a set with a known count. Subtract from it the known sets lying inside it (a star-containing
  2x2 from a tiling or a squeeze holds one star; a row, column or region its need; another sum's
  result), or subtract it from a known set it lies in: what is left holds the difference.

Either way the result is handed to :func:`set_differentials.differential_step`: no stars when the count is zero
(R5.6c), all stars when it has as many cells as stars, else exclusion. The seed grades a sum by its
operations (each added or subtracted set is one): only sums of at least :data:`MIN_OPS` (Expert+)
are kept, so the rules run after Placements, on the few boards nothing cheaper moves (the shorter
sums would belong at Hard and Expert, where they would run on every board those levels meet).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules.counting import names
from gridlogic.puzzles.starbattle.rules.facts import windows
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit
from gridlogic.puzzles.starbattle.rules.set_differentials import differential_step, differentials
from gridlogic.puzzles.starbattle.rules.state import State

MIN_OPS = 5
"""Operations a sum needs to be kept here (the seed's Expert+)."""


@dataclass(frozen=True)
class Known:
    """Candidates ``cells`` holding exactly ``stars`` stars, from a sum of ``ops`` operations over the
    rows, columns and regions ``units`` (by name)."""

    cells: int
    stars: int
    ops: int
    label: str
    units: frozenset[str] = frozenset()


def _regmask(st: State, line: Unit) -> int:
    """The regions (a bit each) that the line's non-empty cells meet."""
    g = st.geo
    out = 0
    live = line.mask & ~st.empty
    while live:
        low = live & -live
        live ^= low
        out |= 1 << g.reg_of[low.bit_length() - 1]
    return out


def _regs_union(g: Geo, regs: int) -> tuple[list[Unit], int]:
    units = [u for u in g.reg_units if regs >> u.index & 1]
    mask = 0
    for u in units:
        mask |= u.mask
    return units, mask


def regions_minus_lines(st: State) -> list[tuple[list[Unit], list[Unit], list[Unit], Known]]:
    """Every "regions minus the lines inside them" sum with rows and columns among its lines and no
    candidate counted -1: (regions, rows, columns, result). The region sets tried are those met by
    one or two lines (at most n/2 regions); each takes every line with candidates inside it.
    Cached per board."""
    got: list[tuple[list[Unit], list[Unit], list[Unit], Known]] | None = st.cache.get("R5.6 regions")
    if got is not None:
        return got
    g, unk, star = st.geo, st.unknown, st.star
    lines = [(ln, _regmask(st, ln)) for ln in g.row_units + g.col_units if ln.mask & unk]
    seeds = {m for _, m in lines}
    seeds |= {a | b for (_, a), (_, b) in combinations(lines, 2)}
    limit = g.n // 2
    got = []
    for regs in sorted(seeds):
        if regs.bit_count() > limit:
            continue
        inside = [ln for ln, m in lines if not m & ~regs]
        rows = [ln for ln in inside if ln.kind == "row"]
        cols = [ln for ln in inside if ln.kind == "column"]
        if not rows or not cols:
            continue  # one kind of line: line-set counting (R5.1/R5.2) already sees it
        rmask = cmask = 0
        for ln in rows:
            rmask |= ln.mask
        for ln in cols:
            cmask |= ln.mask
        if rmask & cmask & unk:
            continue  # a candidate counted -1
        units, pmask = _regs_union(g, regs)
        comp = pmask & unk & ~(rmask | cmask)
        total = (g.S * (len(units) - len(inside)) - (star & pmask).bit_count() + (star & rmask).bit_count()
                 + (star & cmask).bit_count())
        label = f"{names(units)} − {names(rows)} − {names(cols)}"
        used = frozenset(u.name for u in units + inside)
        got.append((units, rows, cols, Known(comp, total, len(units) + len(inside), label, used)))
    st.cache["R5.6 regions"] = got
    return got


def _regions_step(st: State, level: int, low: int, high: int) -> Step | None:
    for _, _, _, k in regions_minus_lines(st):
        if low <= k.ops <= high and k.cells:
            step = differential_step(st, [], [], [], k.cells, k.stars, level, "Regions minus the lines "
                                     "inside them", label=k.label, ops=k.ops)
            if step is not None:
                return step
    return None


def r5_6_regions(st: State) -> Step | None:
    """R5.6 regions minus the rows and columns inside them, 5 or more operations (Expert+): the
    regions' other candidates hold an exact number of stars."""
    return _regions_step(st, EXPERT_PLUS, MIN_OPS, 99)


def _composites(st: State) -> list[Known]:
    """The results of this board's sums (set_differentials's short sums, regions minus lines) with candidates."""
    out = [Known(comp, total, len(rows) + len(cols) + len(regs),
                 f"({names(rows)} + {names(cols)}" + (f" − {names(regs)})" if regs else ")"),
                 frozenset(u.name for u in rows + cols + regs))
           for rows, cols, regs, comp, total in differentials(st) if comp]
    out += [Known(k.cells, k.stars, k.ops, f"({k.label})", k.units) for *_, k in regions_minus_lines(st) if k.cells]
    return out


def _basics(st: State) -> list[Known]:
    """Rows, columns, regions (their need) and star-containing 2x2s (one star) with candidates."""
    g, unk = st.geo, st.unknown
    out = [Known(u.mask & unk, st.need(u), 1, u.name, frozenset([u.name])) for u in g.all_units() if u.mask & unk]
    out += [Known(w.mask & unk, 1, 1, f"the 2x2 at {g.cells_name(w.mask & unk)} ({w.source})")
            for w in windows(st, EXPERT_PLUS) if w.mask & unk]
    return out


def chains(st: State) -> list[Known]:
    """Every composite less each known set inside it, then less as many disjoint ones as fit (in
    order), and every known set less a composite inside it; a row, column or region already among
    the composite's operations is not used again (it would only undo them). Cached per board."""
    got: list[Known] | None = st.cache.get("R5.6 chains")
    if got is not None:
        return got
    basics = _basics(st)
    got = []
    for a in _composites(st):
        cells, used = a.cells, a.units
        taken = 0
        parts: list[Known] = []
        for k in basics:
            if k.units & used:
                continue
            inner = k.cells & ~cells
            if not inner:
                if k.cells == cells:
                    continue
                got.append(Known(cells & ~k.cells, a.stars - k.stars, a.ops + k.ops, f"{a.label} − {k.label}"))
                if not k.cells & taken:
                    taken |= k.cells
                    parts.append(k)
            elif not cells & ~k.cells:
                got.append(Known(inner, k.stars - a.stars, k.ops + a.ops, f"{k.label} − {a.label}"))
        if len(parts) > 1:
            got.append(Known(cells & ~taken, a.stars - sum(k.stars for k in parts),
                             a.ops + sum(k.ops for k in parts), " − ".join([a.label] + [k.label for k in parts])))
    st.cache["R5.6 chains"] = got
    return got


def r5_6_chained(st: State) -> Step | None:
    """R5.6 chained: a sum's result less the known sets inside it (or a known set less it) holds the
    difference of their stars."""
    for k in chains(st):
        if k.ops >= MIN_OPS and k.cells:
            step = differential_step(st, [], [], [], k.cells, k.stars, EXPERT_PLUS, "Chained set differential",
                                     label=k.label, ops=k.ops)
            if step is not None:
                return step
    return None
