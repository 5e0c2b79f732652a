"""Board geometry as bitmasks, and the exact star bound used by every tiling rule.

A set of cells is a Python ``int`` whose bit ``r*n + c`` is cell (r, c). Rows, columns, regions,
2x2 windows and neighbourhoods are precomputed once per puzzle.

``Geo.fits(mask, k)`` answers exactly whether ``k`` pairwise non-touching stars fit in ``mask``
(branch and bound over the lowest cell, memoised per mask with a known lower/upper bound). The seed's
greedy 2x2 tiling (R3.2) is only an upper bound; every rule here that needs "how many stars can this
set hold" uses this exact answer, which is never larger than the tiling count, so it is always sound
and often sharper.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise

from gridlogic.core.grid import Cell, grid
from gridlogic.puzzles.starbattle.model import LETTERS, StarBattle

_MEMO_LIMIT = 400_000


def bits(mask: int) -> Iterator[int]:
    """Flat indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Unit:
    """A row, column or region: ``kind`` in {"row", "column", "region"}, index, cell mask."""

    kind: str
    index: int
    mask: int

    @property
    def name(self) -> str:
        if self.kind == "region":
            return f"region {LETTERS[self.index]}"
        return f"{self.kind} {self.index + 1}"


@dataclass(frozen=True)
class Shape:
    """The masks of an ``n`` x ``n`` board that do not depend on its regions (built once per size and
    shared, read-only, by every :class:`Geo` of that size)."""

    n: int
    full: int
    rows: list[int]
    cols: list[int]
    row_units: list[Unit]
    col_units: list[Unit]
    nb: list[int]
    closed: list[int]
    windows: list[int]
    windows_at: list[list[int]]
    line_pairs: list[tuple[int, int]]
    pair_masks: list[int]
    not_last_col: int
    not_first_col: int
    near: dict[int, int]
    """Per row and column mask: its cells with all their neighbours."""
    row_of: list[int]
    col_of: list[int]


@cache
def _shape(n: int) -> Shape:
    full = (1 << (n * n)) - 1
    rowmask = (1 << n) - 1
    rows = [rowmask << (r * n) for r in range(n)]
    col0 = sum(1 << (r * n) for r in range(n))
    cols = [col0 << c for c in range(n)]
    g = grid(n, n)
    nb = [sum(1 << j for j in g.neighbours8[i]) for i in range(n * n)]
    closed = [m | (1 << i) for i, m in enumerate(nb)]
    windows = [sum(1 << j for j in w) for w in g.windows2x2()]
    windows_at: list[list[int]] = [[] for _ in range(n * n)]
    for w in windows:  # in the order of ``windows``
        for i in bits(w):
            windows_at[i].append(w)
    line_pairs = [(a, b) for lines in (rows, cols) for a, b in pairwise(lines)]
    near = {}
    for m in rows + cols:
        out = m
        for i in bits(m):
            out |= nb[i]
        near[m] = out
    return Shape(n, full, rows, cols, [Unit("row", i, m) for i, m in enumerate(rows)],
                 [Unit("column", i, m) for i, m in enumerate(cols)], nb, closed, windows, windows_at,
                 line_pairs, [a | b for a, b in line_pairs], full & ~cols[n - 1], full & ~cols[0], near,
                 [i // n for i in range(n * n)], [i % n for i in range(n * n)])


@dataclass
class Geo:
    """Precomputed masks of one puzzle (size ``n``, ``S`` stars per unit)."""

    puzzle: StarBattle
    n: int = field(init=False)
    S: int = field(init=False)
    full: int = field(init=False)
    rows: list[int] = field(init=False)
    cols: list[int] = field(init=False)
    regs: list[int] = field(init=False)
    row_units: list[Unit] = field(init=False)
    col_units: list[Unit] = field(init=False)
    reg_units: list[Unit] = field(init=False)
    nb: list[int] = field(init=False)
    closed: list[int] = field(init=False)
    windows: list[int] = field(init=False)
    windows_at: list[list[int]] = field(init=False)
    """Per cell: the 2x2 windows holding it, in the order of :attr:`windows`."""
    near: dict[int, int] = field(init=False)
    """Per unit mask: the unit's cells with all their neighbours."""
    reg_of: list[int] = field(init=False)
    line_pairs: list[tuple[int, int]] = field(init=False)
    """Masks of every two neighbouring rows, then columns."""
    pair_masks: list[int] = field(init=False)
    """The union of each of :attr:`line_pairs`."""
    unit_masks: list[int] = field(init=False)
    """Masks of every row, column and region (the order of :meth:`all_units`)."""
    _all: list[Unit] = field(init=False, repr=False)
    index_in: dict[str, list[int]] = field(init=False, repr=False)
    """Per unit kind: each cell's unit of that kind (its index)."""
    _not_last_col: int = field(init=False, repr=False)
    _not_first_col: int = field(init=False, repr=False)
    _memo: dict[int, tuple[int, int]] = field(init=False, repr=False)
    squeezes: dict[tuple[object, ...], tuple[int | None, int]] = field(init=False, repr=False)
    strip_contexts: dict[tuple[object, ...], int] = field(init=False, repr=False)
    """R6.3: a number for each distinct board context of a strip question (see ``squeezes``)."""
    """Per-puzzle memo of R6.3's strip questions (keyed by everything they read): answer, cost."""
    facts: dict[tuple[object, ...], object] = field(init=False, repr=False)
    span_memo: dict[str, dict[int, int]] = field(init=False, repr=False)
    """Per unit kind: a cell mask -> the indices (a bit each) of the units of that kind it meets."""
    """Per-puzzle memo of facts that depend on a few masks only (a unit's cover, a region's 1xn's)."""

    def __post_init__(self) -> None:
        p = self.puzzle
        n = self.n = p.n
        self.S = p.stars
        shape = _shape(n)
        self.full = shape.full
        self.rows, self.cols = shape.rows, shape.cols
        self.regs = [sum(1 << i for i in cells) for cells in p.units]
        self.row_units, self.col_units = shape.row_units, shape.col_units
        self.reg_units = [Unit("region", i, m) for i, m in enumerate(self.regs)]
        self.nb, self.closed = shape.nb, shape.closed
        self.windows, self.windows_at = shape.windows, shape.windows_at
        self.line_pairs, self.pair_masks = shape.line_pairs, shape.pair_masks
        self._not_last_col = shape.not_last_col
        self._not_first_col = shape.not_first_col
        self._all = self.row_units + self.col_units + self.reg_units
        self.unit_masks = [u.mask for u in self._all]
        self.near = dict(shape.near)
        for m in self.regs:
            self.near[m] = self.spread(m)
        self.reg_of = [0] * (n * n)
        for k, cells in enumerate(p.units):
            for i in cells:
                self.reg_of[i] = k
        self.index_in = {"row": shape.row_of, "column": shape.col_of, "region": self.reg_of}
        self._memo = {}
        self.squeezes = {}
        self.strip_contexts = {}
        self.facts = {}
        self.span_memo = {"row": {}, "column": {}, "region": {}}

    # ----- naming
    def cell(self, i: int) -> Cell:
        return divmod(i, self.n)

    def cell_name(self, i: int) -> str:
        r, c = divmod(i, self.n)
        return f"r{r + 1}c{c + 1}"

    def cells_name(self, mask: int, limit: int = 6) -> str:
        names = [self.cell_name(i) for i in bits(mask)]
        if len(names) > limit:
            return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
        return ", ".join(names)

    def units(self, kind: str) -> list[Unit]:
        return {"row": self.row_units, "column": self.col_units, "region": self.reg_units}[kind]

    def all_units(self) -> list[Unit]:
        """Rows, columns, then regions (one shared list: do not modify it)."""
        return self._all

    def line_of(self, i: int, kind: str) -> Unit:
        r, c = divmod(i, self.n)
        return self.row_units[r] if kind == "row" else self.col_units[c]

    def unit_of(self, i: int, kind: str) -> Unit:
        return self.reg_units[self.reg_of[i]] if kind == "region" else self.line_of(i, kind)

    def touching(self, mask: int) -> bool:
        """Whether two cells of ``mask`` are neighbours (by shifts: right, down, both diagonals)."""
        n = self.n
        right = self._not_last_col
        left = self._not_first_col
        return bool(mask & (mask >> 1) & right or mask & (mask >> n)
                    or mask & (mask >> (n + 1)) & right or mask & (mask >> (n - 1)) & left)

    def spread(self, mask: int) -> int:
        """``mask`` with every neighbour of its cells, by shifts (the same set as :meth:`dilate`,
        cheaper for a mask of many cells)."""
        n = self.n
        wide = mask | (mask << 1) & self._not_first_col | (mask >> 1) & self._not_last_col
        return (wide | wide << n | wide >> n) & self.full

    def dilate(self, mask: int) -> int:
        """``mask`` with every neighbour of its cells."""
        out = mask
        nb = self.nb
        while mask:
            low = mask & -mask
            out |= nb[low.bit_length() - 1]
            mask ^= low
        return out

    # ----- bounds
    def upper_bound(self, mask: int) -> int:
        """An upper bound on non-touching stars in ``mask``: split the board into pairs of rows;
        in each pair, every 2-wide column block holds one star at most (the 2x2 argument)."""
        n = self.n
        rowmask = (1 << n) - 1
        step = 2 * n
        total = 0
        while mask:
            proj = (mask | (mask >> n)) & rowmask
            mask >>= step
            while proj:  # run_bound(proj), inlined
                low = proj & -proj
                proj &= ~(low | (low << 1))
                total += 1
        return total

    def fits(self, mask: int, k: int) -> bool:
        """Exactly: can ``k`` pairwise non-touching stars be placed in ``mask``?"""
        if k <= 0:
            return True
        if mask.bit_count() < k:
            return False
        if k == 1:
            return True
        low = mask & -mask
        i = low.bit_length() - 1
        closed = self.closed[i]
        if k == 2 and mask & ~closed:
            return True
        memo = self._memo
        got = memo.get(mask)
        if got is None:
            lo, hi = 0, -1  # hi < 0: the 2x2 bound not computed yet
        else:
            lo, hi = got
            if k <= lo:
                return True
            if 0 <= hi < k:
                return False
        # Greedy, lowest cell first: a placement it finds proves the answer without search (and is
        # a lower bound either way); the 2x2 bound only when it does not.
        rest, placed, nbs = mask & ~closed, 1, self.closed
        while rest and placed < k:
            placed += 1
            rest &= ~nbs[(rest & -rest).bit_length() - 1]
        lo = max(lo, placed)
        if placed >= k:
            memo[mask] = (lo, hi)
            return True
        if hi < 0:
            hi = self.upper_bound(mask)
        if k > hi:
            memo[mask] = (lo, hi)
            return False
        ok = self.fits(mask & ~closed, k - 1) or self.fits(mask ^ low, k)
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        if ok:
            memo[mask] = (max(lo, k), hi)
        else:
            memo[mask] = (lo, min(hi, k - 1))
        return ok

    def place(self, mask: int, k: int) -> int:
        """Non-touching stars in ``mask``, at least ``k`` of them (``k`` >= 1), or 0 if ``k`` do not
        fit: the greedy lowest-first placement when it reaches ``k``, else one found along
        :meth:`fits`' own branches. A witness for "``k`` fit" that callers reuse: any ``k`` of its
        stars outside a set show that ``k`` fit outside it too."""
        nbs = self.closed
        rest, placed = mask, 0
        while rest:
            low = rest & -rest
            placed |= low
            rest &= ~nbs[low.bit_length() - 1]
        if placed.bit_count() >= k:
            return placed
        if not self.fits(mask, k):
            return 0
        out = 0
        while k > 0:  # fits(mask, k) holds here: follow a branch that keeps it
            low = mask & -mask
            inner = mask & ~nbs[low.bit_length() - 1]
            if self.fits(inner, k - 1):
                out |= low
                mask, k = inner, k - 1
            else:
                mask ^= low
        return out

    def max_stars(self, mask: int, cap: int | None = None) -> int:
        """The exact maximum of non-touching stars in ``mask`` (stopping at ``cap`` if given)."""
        k = 0
        limit = mask.bit_count() if cap is None else cap
        while k < limit and self.fits(mask, k + 1):
            k += 1
        return k

    def window_cover(self, mask: int, k: int, forbidden: int = 0) -> list[int] | None:
        """At most ``k`` 2x2 windows (none touching ``forbidden``) covering every cell of ``mask``,
        or ``None``. Tries, for the lowest uncovered cell, only the windows whose top row is that
        cell's row (or the last window row), which dominate the ones above."""
        if mask == 0:
            return []
        if k <= 0:
            return None
        n = self.n
        i = (mask & -mask).bit_length() - 1
        r, c = divmod(i, n)
        top = min(r, n - 2)
        for left in (c - 1, c):
            if 0 <= left <= n - 2:
                w = self.windows[top * (n - 1) + left]
                if w & forbidden:
                    continue
                rest = self.window_cover(mask & ~w, k - 1, forbidden)
                if rest is not None:
                    return [w, *rest]
        return None


def cap(text: str) -> str:
    """``text`` with its first letter upper-case (unlike ``str.capitalize``, keeps "region A")."""
    return text[:1].upper() + text[1:]
