"""The one state of a Binary solve: the ones/zeros bitsets of every row and column.

Line ``L`` is row ``L`` for ``L < height`` and column ``L - height`` otherwise; bit ``p`` of a
line's ``ones`` / ``zeros`` is its cell at position ``p`` (column for a row, row for a column). The
two directions are kept in step. ``touched`` collects the lines changed by :meth:`Board.set_cell`
since its owner last cleared it (the step engine's dirty lines); ``seen`` and ``done`` are the
finished lines the propagation engine has registered (their ones, by direction: the distinct rule).
"""

from __future__ import annotations

from functools import cache

from gridlogic.core.errors import Contradiction
from gridlogic.core.grid import Cell
from gridlogic.puzzles.binary.lines import bits_of
from gridlogic.puzzles.binary.model import Binary


@cache
def _shape(height: int, width: int) -> tuple[list[int], list[int]]:
    lengths = [width] * height + [height] * width
    return lengths, [(1 << n) - 1 for n in lengths]


class Board:
    __slots__ = ("done", "fulls", "height", "lengths", "ones", "seen", "touched", "unique", "width", "zeros")

    def __init__(self, height: int, width: int, unique: bool, ones: list[int], zeros: list[int]) -> None:
        self.height, self.width, self.unique = height, width, unique
        self.ones, self.zeros = ones, zeros
        self.lengths, self.fulls = _shape(height, width)
        self.touched: set[int] = set()
        self.seen: set[int] = set()
        self.done: tuple[list[int], list[int]] = ([], [])

    @classmethod
    def empty(cls, height: int, width: int, unique: bool) -> Board:
        return cls(height, width, unique, [0] * (height + width), [0] * (height + width))

    @classmethod
    def of(cls, puzzle: Binary) -> Board:
        """The givens of ``puzzle``, every line touched."""
        b = cls.empty(puzzle.height, puzzle.width, puzzle.unique_lines)
        for i, v in enumerate(puzzle.cells):
            if v >= 0:
                b.set_cell(*divmod(i, puzzle.width), v)
        b.touched = set(range(b.count))
        return b

    @classmethod
    def of_cells(cls, height: int, width: int, unique: bool, cells: list[int]) -> Board:
        """``cells`` (flat, -1 unknown), nothing touched."""
        b = cls.empty(height, width, unique)
        for i, v in enumerate(cells):
            if v >= 0:
                b.place(*divmod(i, width), v)
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.height, b.width, b.unique, b.lengths, b.fulls = self.height, self.width, self.unique, self.lengths, self.fulls
        b.ones, b.zeros, b.seen, b.touched = self.ones.copy(), self.zeros.copy(), self.seen.copy(), set()
        b.done = (self.done[0].copy(), self.done[1].copy())
        return b

    def givens(self) -> Board:
        """A copy of the cells alone (no finished line registered)."""
        return Board(self.height, self.width, self.unique, self.ones.copy(), self.zeros.copy())

    def register(self) -> None:
        """Register every finished line with the propagation engine, unchecked (a board the step
        engine built: its contradiction check has looked at them)."""
        for k in range(self.count):
            if k not in self.seen and not self.unknown(k):
                self.seen.add(k)
                self.done[k >= self.height].append(self.ones[k])

    @property
    def count(self) -> int:
        return self.height + self.width

    def length(self, line: int) -> int:
        return self.lengths[line]

    def full(self, line: int) -> int:
        return self.fulls[line]

    def unknown(self, line: int) -> int:
        return self.fulls[line] & ~(self.ones[line] | self.zeros[line])

    def is_row(self, line: int) -> bool:
        return line < self.height

    def cell(self, line: int, pos: int) -> Cell:
        return (line, pos) if line < self.height else (pos, line - self.height)

    def cells(self, line: int, mask: int) -> list[Cell]:
        return [self.cell(line, p) for p in bits_of(mask)]

    def value(self, r: int, c: int) -> int | None:
        if self.ones[r] >> c & 1:
            return 1
        if self.zeros[r] >> c & 1:
            return 0
        return None

    def known(self, r: int, c: int) -> bool:
        return bool((self.ones[r] | self.zeros[r]) >> c & 1)

    def place(self, r: int, c: int, v: int) -> bool:
        """Set cell ``r, c`` to ``v`` (nothing touched); False if it holds the other digit."""
        same, other = (self.ones, self.zeros) if v else (self.zeros, self.ones)
        if other[r] >> c & 1:
            return False
        same[r] |= 1 << c
        same[self.height + c] |= 1 << r
        return True

    def drop(self, r: int, c: int) -> None:
        """Make cell ``r, c`` unknown again."""
        keep_r, keep_c = ~(1 << c), ~(1 << r)
        for m in (self.ones, self.zeros):
            m[r] &= keep_r
            m[self.height + c] &= keep_c

    def set_cell(self, r: int, c: int, v: int) -> None:
        """Set cell ``r, c`` to ``v`` and touch its lines; :class:`Contradiction` if it holds the other."""
        if not self.place(r, c, v):
            raise Contradiction(f"r{r + 1}c{c + 1} cannot be {v}")
        self.touched.add(r)
        self.touched.add(self.height + c)

    def put(self, line: int, to1: int, to0: int) -> None:
        for v, mask in ((1, to1), (0, to0)):
            for p in bits_of(mask):
                self.set_cell(*self.cell(line, p), v)

    def is_solved(self) -> bool:
        return all(self.ones[r] | self.zeros[r] == self.fulls[r] for r in range(self.height))

    def unknown_count(self) -> int:
        return sum(self.unknown(r).bit_count() for r in range(self.height))

    def open_cells(self) -> list[Cell]:
        """Unknown cells, those in the fullest lines first (where a supposition bites soonest)."""
        free = [self.unknown(k).bit_count() for k in range(self.count)]
        h = self.height
        cells = [(free[r] + free[h + c], r, c) for r in range(h) for c in bits_of(self.unknown(r))]
        return [(r, c) for _, r, c in sorted(cells)]

    def same_direction(self, line: int) -> range:
        return range(self.height) if line < self.height else range(self.height, self.count)

    def finished(self, line: int) -> list[int]:
        """The ones-bitsets of the other finished lines of the same direction (for distinctness)."""
        return [self.ones[k] for k in self.same_direction(line)
                if k != line and self.ones[k] | self.zeros[k] == self.fulls[k]]

    def rows_text(self) -> list[str]:
        return ["".join("?" if (v := self.value(r, c)) is None else str(v) for c in range(self.width))
                for r in range(self.height)]
