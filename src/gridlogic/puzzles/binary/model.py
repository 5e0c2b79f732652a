"""The Binary (Takuzu, Binairo, Unruly) puzzle: fill a W x H grid with 0s and 1s so that no three
equal digits are adjacent in a row or column, every row and column is balanced, and (unless
``unique_lines`` is off) all rows are distinct and all columns are distinct.

Odd sides follow the one convention seen in the wild (the takuzu-vue app): a line of odd length
holds one more 1 than 0. Row sums and column sums must then agree, which holds exactly when both
sides are even or the board is an odd square.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gridlogic.core.errors import ValidationError
from gridlogic.core.grid import Grid, grid

MIN_SIDE = 2
MAX_SIDE = 40
ODD_RULE = "odd-length lines hold one more 1 than 0 (takuzu-vue convention)"


def ones_in(length: int) -> int:
    """How many 1s a line of ``length`` holds (one more than 0s when the length is odd)."""
    return (length + 1) // 2


def zeros_in(length: int) -> int:
    return length // 2


@dataclass(frozen=True)
class Binary:
    """A Binary puzzle: ``givens`` are the rows as strings of ``.`` (unknown), ``0`` and ``1``."""

    width: int
    height: int
    givens: tuple[str, ...]
    unique_lines: bool = True
    name: str = ""
    cells: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        validate(self.width, self.height, self.givens)
        object.__setattr__(self, "cells", tuple(-1 if ch == "." else int(ch) for row in self.givens
                                                for ch in row))

    @classmethod
    def from_rows(cls, rows: Sequence[str], unique_lines: bool = True, name: str = "") -> Binary:
        if not rows:
            raise ValidationError("a Binary puzzle needs at least one row")
        return cls(len(rows[0]), len(rows), tuple(rows), unique_lines, name)

    @classmethod
    def empty(cls, width: int, height: int, unique_lines: bool = True) -> Binary:
        return cls(width, height, tuple("." * width for _ in range(height)), unique_lines)

    @property
    def grid(self) -> Grid:
        return grid(self.height, self.width)

    @property
    def odd(self) -> bool:
        """True when the odd-size convention is in force."""
        return self.width % 2 == 1 or self.height % 2 == 1

    def given(self, r: int, c: int) -> int | None:
        v = self.cells[r * self.width + c]
        return None if v < 0 else v

    def with_givens(self, rows: Sequence[str]) -> Binary:
        return Binary(self.width, self.height, tuple(rows), self.unique_lines, self.name)

    def with_unique_lines(self, on: bool) -> Binary:
        return Binary(self.width, self.height, self.givens, on, self.name)

    def given_count(self) -> int:
        return sum(1 for v in self.cells if v >= 0)


_DIGITS = frozenset(".01")


def validate(width: int, height: int, rows: Sequence[str]) -> None:
    """Raise :class:`ValidationError` saying exactly what is wrong and where."""
    validate_size(width, height)
    if len(rows) != height:
        raise ValidationError(f"{len(rows)} rows for a {width}x{height} board")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValidationError(f"row {r + 1} has {len(row)} cells, expected {width}")
        if not _DIGITS.issuperset(row):
            bad = next(c for c, ch in enumerate(row) if ch not in _DIGITS)
            raise ValidationError(f"character {row[bad]!r} at row {r + 1}, column {bad + 1}: "
                                  "only '.', '0' and '1' are allowed")
    for r, row in enumerate(rows):
        _check_line(row, f"row {r + 1}")
    for c, column in enumerate(zip(*rows, strict=True)):
        _check_line("".join(column), f"column {c + 1}")


def validate_size(width: int, height: int) -> None:
    """Raise :class:`ValidationError` if no board has this size."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise ValidationError(f"size {width}x{height} is outside {MIN_SIDE}..{MAX_SIDE} per side")
    if (width % 2 or height % 2) and width != height:
        raise ValidationError(f"size {width}x{height}: an odd side needs a square board ({ODD_RULE}; "
                              "otherwise row and column totals disagree)")


def _check_line(line: str, where: str) -> None:
    n = len(line)
    for digit, most in (("0", zeros_in(n)), ("1", ones_in(n))):
        got = line.count(digit)
        if got > most:
            raise ValidationError(f"{where} has {got} given {digit}s but a line of {n} holds only {most}"
                                  + (f" ({ODD_RULE})" if n % 2 else ""))
