"""The Str8ts puzzle: an n x n grid of white and black cells, some holding a given digit 1..n.

Rules (the seed's rule 1 and 2): every white cell gets a digit 1..n, no digit twice in a row or
column (digits in black cells count), and every compartment (a maximal horizontal or vertical run of
white cells) holds a straight: consecutive numbers in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from gridlogic.core.errors import ValidationError
from gridlogic.core.grid import Cell, cell_name

MAX_SIZE = 9
T = TypeVar("T")

Solution = tuple[int, ...]
"""A solved grid: the digit of each white cell, 0 for black cells (flat, row-major)."""


def _kept_hash(obj: object, fields: Callable[[], tuple[object, ...]]) -> int:
    """The hash of a frozen object's fields, computed once (puzzles and compartments key the
    rules' caches, called many times per step)."""
    found: int | None = obj.__dict__.get("_hash")
    if found is None:
        found = hash(fields())
        object.__setattr__(obj, "_hash", found)
    return found


def _without_hash(obj: object) -> dict[str, object]:
    """The state to pickle: without the kept hash (string hashes differ between processes) nor
    other kept values (``_``-named)."""
    return {k: v for k, v in obj.__dict__.items() if not k.startswith("_")}


@dataclass(frozen=True)
class Compartment:
    """A maximal run of white cells in one row (``axis == "row"``) or column, flat indices in order."""

    axis: str
    line: int
    cells: tuple[int, ...]
    n: int

    def __repr__(self) -> str:
        return f"Compartment({self.axis!r}, {self.line}, {self.cells!r}, {self.n})"

    def __hash__(self) -> int:
        return _kept_hash(self, lambda: (self.axis, self.line, self.cells, self.n))

    def __getstate__(self) -> dict[str, object]:
        return _without_hash(self)

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def name(self) -> str:
        """1-based, as printed in puzzle books: ``row 3 c2-c5``."""
        pos = [i % self.n + 1 for i in self.cells] if self.axis == "row" else [i // self.n + 1 for i in self.cells]
        tag = "c" if self.axis == "row" else "r"
        span = f"{tag}{pos[0]}" + (f"-{tag}{pos[-1]}" if len(pos) > 1 else "")
        return f"{self.axis} {self.line + 1} {span}"


@dataclass(frozen=True)
class Str8ts:
    """A Str8ts puzzle. ``black[i]`` and ``givens[i]`` (0 = none, else the digit) per flat cell
    ``i = r * n + c``."""

    n: int
    black: tuple[bool, ...]
    givens: tuple[int, ...]
    name: str = ""
    compartments: tuple[Compartment, ...] = field(init=False, repr=False, compare=False)
    comps_of: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    lines: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    white: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        validate(self.n, self.black, self.givens)
        comps = tuple(_compartments(self.n, self.black))
        of: list[list[int]] = [[] for _ in range(self.n * self.n)]
        for k, comp in enumerate(comps):
            for i in comp.cells:
                of[i].append(k)
        n = self.n
        lines = tuple(tuple(r * n + c for c in range(n)) for r in range(n)) + \
            tuple(tuple(r * n + c for r in range(n)) for c in range(n))
        set_ = object.__setattr__
        set_(self, "compartments", comps)
        set_(self, "comps_of", tuple(tuple(x) for x in of))
        set_(self, "lines", lines)
        set_(self, "white", tuple(i for i in range(self.n * self.n) if not self.black[i]))

    def __hash__(self) -> int:
        return _kept_hash(self, lambda: (self.n, self.black, self.givens, self.name))

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """A value derived from the puzzle alone (e.g. tables the rules use), made once and kept
        on it (not pickled)."""
        found: T | None = self.__dict__.get("_" + key)
        if found is None:
            found = make()
            self.__dict__["_" + key] = found
        return found

    def __getstate__(self) -> dict[str, object]:
        return _without_hash(self)

    @classmethod
    def from_rows(cls, black_rows: Sequence[str], givens: Sequence[Sequence[int]] | None = None,
                  name: str = "") -> Str8ts:
        """From pictures: ``black_rows`` uses ``#`` for black; ``givens`` a digit grid (0 = none)."""
        n = len(black_rows)
        black = tuple(ch == "#" for row in black_rows for ch in row)
        g = tuple(v for row in givens for v in row) if givens else (0,) * (n * n)
        return cls(n, black, g, name)

    @property
    def size(self) -> int:
        return self.n * self.n

    def cell(self, i: int) -> Cell:
        return divmod(i, self.n)

    def peers(self, i: int) -> tuple[int, ...]:
        """The other cells of ``i``'s row and column."""
        r, c = divmod(i, self.n)
        return tuple(j for j in self.lines[r] + self.lines[self.n + c] if j != i)

    def line_name(self, k: int) -> str:
        return f"row {k + 1}" if k < self.n else f"column {k - self.n + 1}"


def _flat(axis: str, n: int, line: int, pos: int) -> int:
    """Flat index of the cell at ``pos`` along row or column ``line``."""
    return line * n + pos if axis == "row" else pos * n + line


def _compartments(n: int, black: Sequence[bool]) -> list[Compartment]:
    out: list[Compartment] = []
    for axis in ("row", "column"):
        for a in range(n):
            run: list[int] = []
            for b in range(n + 1):
                i = _flat(axis, n, a, b) if b < n else -1
                if b < n and not black[i]:
                    run.append(i)
                elif run:
                    out.append(Compartment(axis, a, tuple(run), n))
                    run = []
    return out


def validate(n: int, black: Sequence[bool], givens: Sequence[int]) -> None:
    """Sizes, digit range, and no given repeated in its row or column (black givens count)."""
    if not 1 <= n <= MAX_SIZE:
        raise ValidationError(f"str8ts size {n} is outside 1..{MAX_SIZE}")
    if len(black) != n * n or len(givens) != n * n:
        raise ValidationError(f"str8ts {n}x{n} needs {n * n} cells, got {len(black)} colours and {len(givens)} givens")
    for i, g in enumerate(givens):
        if not 0 <= g <= n:
            raise ValidationError(f"given {g} at {cell_name(divmod(i, n))} is outside 1..{n}")
    for axis in ("row", "column"):
        for a in range(n):
            seen: dict[int, int] = {}
            for b in range(n):
                i = _flat(axis, n, a, b)
                g = givens[i]
                if not g:
                    continue
                if g in seen:
                    first = cell_name(divmod(seen[g], n))
                    raise ValidationError(f"given {g} at {cell_name(divmod(i, n))} repeats {first} in {axis} {a + 1}")
                seen[g] = i
