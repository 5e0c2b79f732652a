"""The board as line bitsets, and the pure line deductions every rule is built from.

Line ``L`` is row ``L`` for ``L < height`` and column ``L - height`` otherwise; bit ``p`` of a
line's ``ones`` / ``zeros`` is its cell at position ``p`` (column for a row, row for a column).
Each deduction takes one line and returns ``(to1, to0)``: the bits it fixes to 1 and to 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from gridlogic.core.errors import Contradiction
from gridlogic.core.grid import Cell
from gridlogic.puzzles.binary.model import Binary, ones_in, zeros_in

if TYPE_CHECKING:  # numpy is imported where line completions are first counted, not with the kind
    import numpy as np
    import numpy.typing as npt

MAX_COMPLETION_LENGTH = 22
"""Lines longer than this are not enumerated (the pattern table would be too large)."""


def bits_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass
class Lines:
    """Ones/zeros bitsets of every row and column, kept in step with each other. ``touched`` collects
    the lines changed since its owner last cleared it."""

    height: int
    width: int
    unique: bool
    ones: list[int]
    zeros: list[int]
    touched: set[int] = field(default_factory=set)
    lengths: list[int] = field(default_factory=list, repr=False)
    fulls: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.lengths:
            self.lengths = [self.width] * self.height + [self.height] * self.width
            self.fulls = [(1 << n) - 1 for n in self.lengths]

    @classmethod
    def of(cls, puzzle: Binary) -> Lines:
        lb = cls(puzzle.height, puzzle.width, puzzle.unique_lines, [0] * (puzzle.height + puzzle.width),
                 [0] * (puzzle.height + puzzle.width))
        for i, v in enumerate(puzzle.cells):
            if v >= 0:
                lb.set_cell(*divmod(i, puzzle.width), v)
        lb.touched = set(range(lb.count))
        return lb

    def copy(self) -> Lines:
        return Lines(self.height, self.width, self.unique, self.ones.copy(), self.zeros.copy(), set(),
                     self.lengths, self.fulls)

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

    def set_cell(self, r: int, c: int, v: int) -> None:
        same, other = (self.ones, self.zeros) if v else (self.zeros, self.ones)
        if other[r] >> c & 1:
            raise Contradiction(f"r{r + 1}c{c + 1} cannot be {v}")
        same[r] |= 1 << c
        same[self.height + c] |= 1 << r
        self.touched.add(r)
        self.touched.add(self.height + c)

    def put(self, line: int, to1: int, to0: int) -> None:
        for v, mask in ((1, to1), (0, to0)):
            for p in bits_of(mask):
                self.set_cell(*self.cell(line, p), v)

    def is_solved(self) -> bool:
        return all(self.ones[r] | self.zeros[r] == self.fulls[r] for r in range(self.height))

    def same_direction(self, line: int) -> range:
        return range(self.height) if line < self.height else range(self.height, self.count)

    def finished(self, line: int) -> list[int]:
        """The ones-bitsets of the other finished lines of the same direction (for distinctness)."""
        return [self.ones[k] for k in self.same_direction(line)
                if k != line and self.ones[k] | self.zeros[k] == self.fulls[k]]

    def rows_text(self) -> list[str]:
        return ["".join("?" if (v := self.value(r, c)) is None else str(v) for c in range(self.width))
                for r in range(self.height)]


# ----- pure line deductions ------------------------------------------------------------------------
def around(mask: int, full: int) -> int:
    """Cells that would make a trio with two of ``mask``: both ends of each pair, the gap of each
    ``d.d``."""
    return (((mask >> 1) & (mask >> 2)) | ((mask << 1) & (mask << 2)) | ((mask << 1) & (mask >> 1))) & full


def prevent_trio(n: int, ones: int, zeros: int) -> tuple[int, int]:
    full = (1 << n) - 1
    unknown = full & ~(ones | zeros)
    return around(zeros, full) & unknown, around(ones, full) & unknown


def complete(n: int, ones: int, zeros: int) -> tuple[int, int]:
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    to0 = unknown if ones.bit_count() == ones_in(n) else 0
    to1 = unknown if zeros.bit_count() == zeros_in(n) else 0
    return to1, to0


def needy_windows(n: int, digit_mask: int) -> tuple[int, int]:
    """A largest set of disjoint windows of three cells holding none of a digit (each must get
    one, or it becomes a trio of the other): ``(how many, cells they cover)``."""
    if n < 3:
        return 0, 0
    m = ~(digit_mask | (digit_mask >> 1) | (digit_mask >> 2)) & ((1 << (n - 2)) - 1)
    count = cover = 0
    while m:
        p = (m & -m).bit_length() - 1
        count += 1
        cover |= 0b111 << p
        m &= ~((1 << (p + 3)) - 1)
    return count, cover


def save_blocker(n: int, ones: int, zeros: int) -> tuple[int, int]:
    """When the blockers a digit still owes exactly fill disjoint needy windows, it goes nowhere else."""
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    to1 = to0 = 0
    rem0 = zeros_in(n) - zeros.bit_count()
    count, cover = needy_windows(n, zeros)
    if 0 < rem0 == count:
        to1 = unknown & ~cover
    rem1 = ones_in(n) - ones.bit_count()
    count, cover = needy_windows(n, ones)
    if 0 < rem1 == count:
        to0 = unknown & ~cover
    return to1, to0


def unique_fill(n: int, ones: int, zeros: int, finished: Sequence[int]) -> tuple[int, int, int | None]:
    """A line two cells short (one 0 and one 1 to place) that agrees with a finished line on its
    known cells must take the other order: ``(to1, to0, the finished line's ones)``."""
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    if unknown.bit_count() != 2 or ones_in(n) - ones.bit_count() != 1:
        return 0, 0, None
    for f in finished:
        if f & ~unknown == ones:
            return unknown & ~f, unknown & f, f
    return 0, 0, None


def blocker_check(n: int, ones: int, zeros: int) -> tuple[str | None, int, int]:
    """``broken`` and ``save_blocker`` at once (the needy windows counted once):
    ``(broken rule or None, to1, to0)``."""
    if ones & (ones >> 1) & (ones >> 2) or zeros & (zeros >> 1) & (zeros >> 2):
        return "Trio", 0, 0
    rem1, rem0 = ones_in(n) - ones.bit_count(), zeros_in(n) - zeros.bit_count()
    if rem1 < 0 or rem0 < 0:
        return "UnbalancedRowColumn", 0, 0
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    c0, cover0 = needy_windows(n, zeros)
    c1, cover1 = needy_windows(n, ones)
    if c0 > rem0 or c1 > rem1:
        return "WastedBlocker", 0, 0
    to1 = unknown & ~cover0 if 0 < rem0 == c0 else 0
    to0 = unknown & ~cover1 if 0 < rem1 == c1 else 0
    return None, to1, to0


def broken(n: int, ones: int, zeros: int) -> str | None:
    """The contradiction rule a line breaks, if any."""
    if ones & (ones >> 1) & (ones >> 2) or zeros & (zeros >> 1) & (zeros >> 2):
        return "Trio"
    if ones.bit_count() > ones_in(n) or zeros.bit_count() > zeros_in(n):
        return "UnbalancedRowColumn"
    if needy_windows(n, zeros)[0] > zeros_in(n) - zeros.bit_count() or \
            needy_windows(n, ones)[0] > ones_in(n) - ones.bit_count():
        return "WastedBlocker"
    return None


# ----- every completion of a line --------------------------------------------------------------------
@cache
def patterns(n: int) -> npt.NDArray[np.int64]:
    """Every valid full line of length ``n`` (balanced, no trio) as a ones-bitset, ascending."""
    import numpy as np

    out: list[int] = []
    k1 = ones_in(n)

    def extend(p: int, mask: int, ones: int, last: int, run: int) -> None:
        if p == n:
            out.append(mask)
            return
        for v in (0, 1):
            r = run + 1 if v == last else 1
            o = ones + v
            if r > 2 or o > k1 or (p + 1 - o) > n - k1:
                continue
            extend(p + 1, mask | (v << p), o, v, r)

    extend(0, 0, 0, -1, 0)
    return np.array(sorted(out), dtype=np.int64)


_completion_cache: dict[tuple[int, int, int, tuple[int, ...]], tuple[int, int, int]] = {}


def completions(n: int, ones: int, zeros: int, forbidden: Sequence[int] = ()) -> tuple[int, int, int]:
    """Over every valid completion of a line not in ``forbidden``: ``(count, cells 1 in all, cells 1 in
    some)``. Count 0 means the line cannot be completed."""
    key = (n, ones, zeros, tuple(sorted(f for f in forbidden if f & ones == ones and not f & zeros)))
    hit = _completion_cache.get(key)
    if hit is not None:
        return hit
    import numpy as np

    table = patterns(n)
    sel = table[((table & ones) == ones) & ((table & zeros) == 0)]
    if key[3] and len(sel):
        sel = sel[~np.isin(sel, np.array(key[3], dtype=np.int64))]
    if len(sel) == 0:
        out = (0, 0, 0)
    else:
        out = (len(sel), int(np.bitwise_and.reduce(sel)), int(np.bitwise_or.reduce(sel)))
    if len(_completion_cache) > 200_000:
        _completion_cache.clear()
    _completion_cache[key] = out
    return out


def completion_fill(n: int, ones: int, zeros: int, forbidden: Sequence[int] = ()) -> tuple[int, int, int]:
    """``(to1, to0, number of completions)``; ``(0, 0, 0)`` when the line cannot be completed."""
    if n > MAX_COMPLETION_LENGTH:
        return 0, 0, -1
    count, must, can = completions(n, ones, zeros, forbidden)
    if count == 0:
        return 0, 0, 0
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    return must & unknown, ~can & unknown, count
