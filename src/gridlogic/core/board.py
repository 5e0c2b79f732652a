"""The candidate-set board shared by every puzzle kind.

Each cell holds a bitmask of still-possible values ``0 .. nvalues-1`` (Star Battle: 0 = empty,
1 = star; Binary: 0/1; Str8ts: digit d is value d-1). Solving is removing candidates.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gridlogic.core.errors import Contradiction
from gridlogic.core.grid import Cell


def bits(mask: int) -> Iterator[int]:
    """The values present in ``mask``, ascending."""
    v = 0
    while mask:
        if mask & 1:
            yield v
        mask >>= 1
        v += 1


@dataclass(eq=False)
class Board:
    """Candidate masks over a ``rows`` x ``cols`` grid, flat row-major."""

    rows: int
    cols: int
    nvalues: int
    masks: list[int]

    @classmethod
    def full(cls, rows: int, cols: int, nvalues: int) -> Board:
        return cls(rows, cols, nvalues, [(1 << nvalues) - 1] * (rows * cols))

    def __repr__(self) -> str:
        return f"Board({self.rows}, {self.cols}, {self.nvalues}, {self.masks!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.rows, self.cols, self.nvalues, self.masks) == (
            other.rows, other.cols, other.nvalues, other.masks)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Board:
        return Board(self.rows, self.cols, self.nvalues, self.masks.copy())

    def idx(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def candidates(self, i: int) -> list[int]:
        return list(bits(self.masks[i]))

    def has(self, i: int, value: int) -> bool:
        return bool(self.masks[i] >> value & 1)

    def value(self, i: int) -> int | None:
        """The value of a decided cell, else ``None``."""
        m = self.masks[i]
        return m.bit_length() - 1 if m and not m & (m - 1) else None

    def decided(self, i: int) -> bool:
        m = self.masks[i]
        return bool(m) and not m & (m - 1)

    def fix(self, i: int, value: int) -> bool:
        """Decide cell ``i`` as ``value``; True if anything changed. Contradiction if impossible."""
        m = self.masks[i]
        if not m >> value & 1:
            raise Contradiction(f"cell {divmod(i, self.cols)} cannot be {value}")
        if m == 1 << value:
            return False
        self.masks[i] = 1 << value
        return True

    def remove(self, i: int, value: int) -> bool:
        """Remove a candidate; True if anything changed. Contradiction if the cell empties."""
        m = self.masks[i]
        if not m >> value & 1:
            return False
        m &= ~(1 << value)
        if not m:
            raise Contradiction(f"cell {divmod(i, self.cols)} has no candidate left")
        self.masks[i] = m
        return True

    def is_solved(self) -> bool:
        return all(m and not m & (m - 1) for m in self.masks)

    def unknown(self) -> list[int]:
        return [i for i, m in enumerate(self.masks) if m & (m - 1)]

    def values(self) -> list[int | None]:
        return [self.value(i) for i in range(len(self.masks))]

    def rows_text(self, symbols: Sequence[str], unknown: str = "?") -> list[str]:
        """One string per row: the symbol of each decided value, ``unknown`` elsewhere."""
        out = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                v = self.value(r * self.cols + c)
                row.append(unknown if v is None else symbols[v])
            out.append("".join(row))
        return out
