"""The Star Battle puzzle: an n x n grid cut into n regions; S stars in every row, column and
region; no two stars touch, not even diagonally."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gridlogic.core.errors import ValidationError
from gridlogic.core.grid import Cell, Grid, grid

MAX_SIZE = 30


def max_stars(n: int) -> int:
    """The most stars per row an n x n board can need: two neighbouring rows share at most
    ceil(n/2) stars (each 2x2 window holds at most one), so 2S <= ceil(n/2)."""
    return ((n + 1) // 2) // 2


@dataclass(frozen=True)
class StarBattle:
    """A Star Battle puzzle. ``regions[r][c]`` is the region index (0..n-1) of cell (r, c).
    ``givens`` are cells known from the start (``True`` star, ``False`` empty), as LEGUP boards have."""

    n: int
    stars: int
    regions: tuple[tuple[int, ...], ...]
    givens: tuple[tuple[Cell, bool], ...] = ()
    name: str = ""
    units: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        validate(self.n, self.stars, self.regions, self.givens)
        cells: list[list[int]] = [[] for _ in range(self.n)]
        for r, row in enumerate(self.regions):
            for c, g in enumerate(row):
                cells[g].append(r * self.n + c)
        object.__setattr__(self, "units", tuple(tuple(u) for u in cells))

    @classmethod
    def from_rows(cls, stars: int, rows: Sequence[Sequence[int]], givens: Sequence[tuple[Cell, bool]] = (),
                  name: str = "") -> StarBattle:
        return cls(len(rows), stars, tuple(tuple(r) for r in rows), tuple(givens), name)

    @property
    def grid(self) -> Grid:
        return grid(self.n, self.n)

    @property
    def region_units(self) -> tuple[tuple[int, ...], ...]:
        """Flat cell indices of each region (region i at position i)."""
        return self.units

    def region_of(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]

    def region_rows(self) -> list[str]:
        """Regions as letters, one string per row (``A`` = region 0)."""
        return ["".join(_letter(g) for g in row) for row in self.regions]

    def without_givens(self) -> StarBattle:
        return StarBattle(self.n, self.stars, self.regions, (), self.name)

    def canonical(self) -> StarBattle:
        """The same puzzle with regions numbered by first appearance (row-major), givens sorted
        and no name: two texts describe the same puzzle iff their canonical forms are equal."""
        order: dict[int, int] = {}
        for row in self.regions:
            for g in row:
                order.setdefault(g, len(order))
        rows = tuple(tuple(order[g] for g in row) for row in self.regions)
        return StarBattle(self.n, self.stars, rows, tuple(sorted(set(self.givens))))

    def stars_given(self) -> frozenset[Cell]:
        return frozenset(c for c, star in self.givens if star)


def regions_from_labels(rows: Sequence[Sequence[object]]) -> tuple[tuple[int, ...], ...]:
    """Region indices from any labels (letters, digits...), numbered by first appearance."""
    order: dict[object, int] = {}
    return tuple(tuple(order.setdefault(x, len(order)) for x in row) for row in rows)


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _letter(i: int) -> str:
    return LETTERS[i]


def validate(n: int, stars: int, regions: Sequence[Sequence[int]],
             givens: Sequence[tuple[Cell, bool]] = ()) -> None:
    """Raise :class:`ValidationError` saying exactly what is wrong with a board's construction."""
    if not 2 <= n <= MAX_SIZE:
        raise ValidationError(f"size {n} is outside 2..{MAX_SIZE}")
    if len(regions) != n:
        raise ValidationError(f"{len(regions)} rows of regions for a {n}x{n} board")
    for r, row in enumerate(regions):
        if len(row) != n:
            raise ValidationError(f"row {r} has {len(row)} cells, expected {n}")
    if not 1 <= stars <= max_stars(n):
        raise ValidationError(f"{stars} stars per row cannot fit on a {n}x{n} board (1..{max_stars(n)})")
    seen = sorted({g for row in regions for g in row})
    if seen != list(range(len(seen))):
        raise ValidationError(f"region numbers must be 0..k-1, got {seen[:12]}")
    if len(seen) != n:
        raise ValidationError(f"{len(seen)} regions on a {n}x{n} board: need exactly {n}")
    sizes = [0] * n
    for row in regions:
        for g in row:
            sizes[g] += 1
    for g, size in enumerate(sizes):
        if size < stars:
            raise ValidationError(f"region {_letter(g)} has {size} cells, fewer than {stars} stars")
    for (r, c), _ in givens:
        if not (0 <= r < n and 0 <= c < n):
            raise ValidationError(f"given cell [{r}, {c}] is outside the {n}x{n} board")
