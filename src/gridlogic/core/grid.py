"""Rectangular grid geometry: cells, units and neighbourhoods, precomputed once per size."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Cell = tuple[int, int]
"""``(row, col)``, 0-based, row 0 at the top."""


@dataclass(frozen=True)
class Grid:
    """A ``rows`` x ``cols`` grid. Cells are addressed by ``(r, c)`` or by flat index ``r*cols+c``."""

    rows: int
    cols: int
    row_units: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    col_units: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    neighbours8: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    neighbours4: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        r, c = self.rows, self.cols
        set_ = object.__setattr__
        set_(self, "row_units", tuple(tuple(i * c + j for j in range(c)) for i in range(r)))
        set_(self, "col_units", tuple(tuple(i * c + j for i in range(r)) for j in range(c)))
        n8: list[tuple[int, ...]] = []
        n4: list[tuple[int, ...]] = []
        for i in range(r):
            for j in range(c):
                n8.append(tuple((i + di) * c + j + dj for di in (-1, 0, 1) for dj in (-1, 0, 1)
                                if (di or dj) and 0 <= i + di < r and 0 <= j + dj < c))
                n4.append(tuple((i + di) * c + j + dj for di, dj in ((-1, 0), (0, -1), (0, 1), (1, 0))
                                if 0 <= i + di < r and 0 <= j + dj < c))
        set_(self, "neighbours8", tuple(n8))
        set_(self, "neighbours4", tuple(n4))

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def index(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        return divmod(index, self.cols)

    def cells(self) -> range:
        return range(self.rows * self.cols)

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def windows2x2(self) -> tuple[tuple[int, int, int, int], ...]:
        """Every 2x2 window as four flat indices (top-left, top-right, bottom-left, bottom-right)."""
        c = self.cols
        return tuple((i * c + j, i * c + j + 1, (i + 1) * c + j, (i + 1) * c + j + 1)
                     for i in range(self.rows - 1) for j in range(c - 1))


@cache
def grid(rows: int, cols: int) -> Grid:
    """The shared :class:`Grid` for a size (precomputed tables are built once)."""
    return Grid(rows, cols)


def cell_name(cell: Cell) -> str:
    """Human name of a cell, 1-based as puzzle books print it: ``r3c5``."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"

