"""Exact Binary solver on the SAT layer.

Variable ``1 + i`` is true when flat cell ``i`` holds a 1. Constraints: no three equal in a row
(each window of three has a 1 and a 0), exact counts per line (cardinality encoding), and, when
``unique_lines`` is on, distinct lines: for every pair of rows (and of columns) an auxiliary
"differs at position k" variable per position, implying the two cells differ, and one clause
asking that some position differs. Solutions are blocked on the cell variables only, so the
auxiliaries never multiply the count.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gridlogic.core.sat import Encoding, SatModel, solutions
from gridlogic.puzzles.binary.model import Binary, ones_in

Grid01 = tuple[tuple[int, ...], ...]


def lines(puzzle: Binary) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    g = puzzle.grid
    return g.row_units, g.col_units


def encode(puzzle: Binary, encoding: Encoding = "seqcounter") -> SatModel:
    m = SatModel()
    m.new_vars(puzzle.width * puzzle.height)
    for i, v in enumerate(puzzle.cells):
        if v >= 0:
            m.add([i + 1 if v else -(i + 1)])
    rows, cols = lines(puzzle)
    for unit in (*rows, *cols):
        xs = [i + 1 for i in unit]
        for a, b, c in zip(xs, xs[1:], xs[2:], strict=False):
            m.add([a, b, c])
            m.add([-a, -b, -c])
        m.exactly(xs, ones_in(len(xs)), encoding)
    if puzzle.unique_lines:
        _distinct(m, rows)
        _distinct(m, cols)
    return m


def _distinct(m: SatModel, units: Sequence[Sequence[int]]) -> None:
    for i, u in enumerate(units):
        for w in units[i + 1:]:
            diffs = m.new_vars(len(u))
            for d, a, b in zip(diffs, u, w, strict=True):
                m.add([-d, a + 1, b + 1])
                m.add([-d, -(a + 1), -(b + 1)])
            m.add(diffs)


def solve_iter(puzzle: Binary, encoding: Encoding = "seqcounter") -> Iterator[Grid01]:
    """Every solution, as rows of 0/1."""
    n = puzzle.width * puzzle.height
    project = list(range(1, n + 1))
    w = puzzle.width
    for true in solutions(encode(puzzle, encoding), project):
        flat = [1 if i + 1 in true else 0 for i in range(n)]
        yield tuple(tuple(flat[r * w:(r + 1) * w]) for r in range(puzzle.height))
