"""Exact Binary solver on the SAT layer.

``solve_iter`` (method ``sat``) first applies the sound line rules (PreventTrio ... UniqueRowColumn,
LineCompletions: every cell they fix holds in every solution) and hands only what is left to the
SAT solver; a board they finish is the one solution, a board they break has none. ``plain``
(method ``sat-plain``) encodes the puzzle as given.

Variables are the unknown cells (true = 1). Constraints: no three equal in a row (each window of
three holds a 1 and a 0), exact counts per line (cardinality encoding over the unknown cells), and,
when ``unique_lines`` is on, distinct lines: for every pair of rows (and of columns) not already
different on known cells, an auxiliary "differs at position k" variable per open position, implying
the two cells differ, and one clause asking that some position differs. Solutions are blocked on
the cell variables only, so the auxiliaries never multiply the count.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gridlogic.core.sat import Encoding, SatModel, solutions
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.levels import LINE
from gridlogic.puzzles.binary.model import Binary, ones_in
from gridlogic.puzzles.binary.propagate import BROKEN, close

Grid01 = tuple[tuple[int, ...], ...]
Known = list[int]  # per flat cell: -1 unknown, else 0/1


class _Encoder:
    """Clauses over the unknown cells of a partly known board (known cells are constants)."""

    def __init__(self, puzzle: Binary, known: Known, encoding: Encoding) -> None:
        self.p, self.known, self.enc = puzzle, known, encoding
        self.m = SatModel()
        self.var = {i: self.m.var() for i, v in enumerate(known) if v < 0}

    def lit(self, i: int, value: int) -> int | bool:
        """The literal "cell i holds value", or its truth when the cell is known."""
        if self.known[i] >= 0:
            return self.known[i] == value
        return self.var[i] if value else -self.var[i]

    def clause(self, lits: Sequence[int | bool]) -> None:
        if any(x is True for x in lits):
            return
        self.m.add([x for x in lits if not isinstance(x, bool)])

    def line(self, unit: Sequence[int]) -> None:
        for a, b, c in zip(unit, unit[1:], unit[2:], strict=False):
            self.clause([self.lit(a, 1), self.lit(b, 1), self.lit(c, 1)])
            self.clause([self.lit(a, 0), self.lit(b, 0), self.lit(c, 0)])
        ones = sum(1 for i in unit if self.known[i] == 1)
        free = [self.var[i] for i in unit if self.known[i] < 0]
        need = ones_in(len(unit)) - ones
        if need < 0 or need > len(free):
            self.m.add([])
        elif free:
            self.m.exactly(free, need, self.enc)

    def distinct(self, units: Sequence[Sequence[int]]) -> None:
        for i, u in enumerate(units):
            for w in units[i + 1:]:
                self._differ(u, w)

    def _differ(self, u: Sequence[int], w: Sequence[int]) -> None:
        kn = self.known
        if any(kn[a] >= 0 and kn[b] >= 0 and kn[a] != kn[b] for a, b in zip(u, w, strict=True)):
            return
        diffs = []
        for a, b in zip(u, w, strict=True):
            if kn[a] >= 0 and kn[b] >= 0:
                continue
            d = self.m.var()
            diffs.append(d)
            self.clause([-d, self.lit(a, 1), self.lit(b, 1)])
            self.clause([-d, self.lit(a, 0), self.lit(b, 0)])
        self.m.add(diffs)

    def build(self) -> SatModel:
        g = self.p.grid
        for unit in (*g.row_units, *g.col_units):
            self.line(unit)
        if self.p.unique_lines:
            self.distinct(g.row_units)
            self.distinct(g.col_units)
        return self.m


def encode(puzzle: Binary, encoding: Encoding = "seqcounter", known: Known | None = None) -> SatModel:
    """The model of ``puzzle``; variable ``k`` is the k-th unknown cell (row-major)."""
    return _Encoder(puzzle, list(puzzle.cells) if known is None else known, encoding).build()


def _grids(puzzle: Binary, known: Known, encoding: Encoding) -> Iterator[Grid01]:
    enc = _Encoder(puzzle, known, encoding)
    model = enc.build()
    cells = sorted(enc.var)
    w = puzzle.width
    for true in solutions(model, [enc.var[i] for i in cells]):
        flat = list(known)
        for i in cells:
            flat[i] = 1 if enc.var[i] in true else 0
        yield tuple(tuple(flat[r * w:(r + 1) * w]) for r in range(puzzle.height))


def plain(puzzle: Binary, encoding: Encoding = "seqcounter") -> Iterator[Grid01]:
    """Every solution, from the puzzle's givens alone."""
    return _grids(puzzle, list(puzzle.cells), encoding)


def solve_iter(puzzle: Binary, encoding: Encoding = "seqcounter") -> Iterator[Grid01]:
    """Every solution, as rows of 0/1 (line rules first, then SAT on what is left)."""
    lb = Board.of(puzzle)
    if close(lb, LINE, set(range(lb.count))) == BROKEN:
        return iter(())
    w = puzzle.width
    known = [1 if lb.ones[r] >> c & 1 else 0 if lb.zeros[r] >> c & 1 else -1
             for r in range(puzzle.height) for c in range(w)]
    if lb.is_solved():  # every line was checked as it was finished: the board is the one solution
        return iter([tuple(tuple(known[r * w:(r + 1) * w]) for r in range(puzzle.height))])
    return _grids(puzzle, known, encoding)
