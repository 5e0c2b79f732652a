"""Random complete Binary grids, the solutions the generator reduces to puzzles.

A random grid comes row by row (:func:`random_solution`); on small boards, where grids are few, a
seed's attempts use grids of the seed's class (:func:`seed_grids`: seeds less than 100 apart never
share a solution).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice, repeat

from pysat.solvers import Solver

from gridlogic.core.errors import GenerationFailed
from gridlogic.core.generation import VARIETY, seed_solutions
from gridlogic.puzzles.binary import exact
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.levels import BLOCKER
from gridlogic.puzzles.binary.lines import matching, pattern_sets
from gridlogic.puzzles.binary.model import Binary
from gridlogic.puzzles.binary.propagate import BROKEN, close

DECISIONS = 16
"""Random cells fixed by assumptions before the SAT solver completes a random grid."""
CLASSED = 64
"""Boards of at most this many cells build a seed's attempts on grids of the seed's class
(:func:`seed_grids`): 6x6 has 4,140 grids with the distinct rule, so 100 free draws repeat one with
probability ~70 %; 8x8 has millions."""
LISTED = 35
"""Boards smaller than 6x6 are first listed whole (:func:`grids_listed`): some have fewer grids
than seeds in a window."""


class GenerationError(GenerationFailed):
    """No puzzle of the asked kind was found within the attempts."""


def random_solution(width: int, height: int, unique_lines: bool, rng: random.Random) -> list[int]:
    """A random complete grid, flat, 0/1, that depends on ``rng`` alone: row by row, each a valid
    row (:func:`.lines.patterns`) drawn at random among those the columns allow (every column can
    still be completed to a valid line, or, for columns longer than :data:`COMPLETIONS_UP_TO`,
    levels 1-3 on the columns; no repeated row), backtracking when none fits; then a random
    symmetry.
    After :data:`FILL_TRIES` tries of :data:`FILL_NODES` rows each, the SAT model completes a grid
    from random assumptions instead."""
    for _ in range(FILL_TRIES):
        rows = _fill(width, height, unique_lines, rng)
        if rows is not None:
            return _symmetry([[row >> c & 1 for c in range(width)] for row in rows], rng)
    return _sat_solution(width, height, unique_lines, rng)


def _symmetry(rows: list[list[int]], rng: random.Random) -> list[int]:
    """``rows`` under a random symmetry of the board, flat: the filling order favours grids whose
    rows had few rivals; symmetric images spread that (6x6, 2,000 grids: 1,480-1,520 distinct
    over three runs, near the ~1,590 of uniform draws; 1,245 without the symmetries, with the
    filling of session 5)."""
    h, w = len(rows), len(rows[0])
    if rng.random() < 0.5:
        rows = rows[::-1]
    if rng.random() < 0.5:
        rows = [row[::-1] for row in rows]
    if w == h and rng.random() < 0.5:
        rows = [list(col) for col in zip(*rows, strict=True)]
    if w % 2 == 0 and h % 2 == 0 and rng.random() < 0.5:  # odd lines hold one more 1: no swap
        rows = [[1 - v for v in row] for row in rows]
    return [v for row in rows for v in row]


FILL_TRIES = 20
FILL_NODES = 400
COMPLETIONS_UP_TO = 14
"""Columns up to this long keep their valid completions while a grid is filled
(:class:`_Completions`: 10x10 0.18 ms a grid, 0.44 ms closed after each row); longer ones, whose
completions are too many to hold as one set cheaply, are closed after each row (:class:`_Closed`;
22x22: 7 ms a grid, 44 ms the other way)."""


class _Completions:
    """Each column's valid completions (bit sets over :func:`.lines.patterns` of the height) that
    agree with the rows so far: one AND a column a row. (A plain class with slots: one is made for
    every row tried, ~80 a 14x14 grid.)"""

    __slots__ = ("ables", "height", "unique")

    def __init__(self, height: int, unique: bool, ables: tuple[int, ...]) -> None:
        self.height, self.unique, self.ables = height, unique, ables

    def forced(self, r: int) -> tuple[int, int]:
        """(ones, zeros) that row ``r`` must hold: the cells some column can fill one way only."""
        as0, as1 = pattern_sets(self.height)[0][r]
        to1 = to0 = 0
        for c, able in enumerate(self.ables):
            if not able & as0:
                to1 |= 1 << c
            elif not able & as1:
                to0 |= 1 << c
        return to1, to0

    def then(self, r: int, row: int) -> _Completions | None:
        """After ``row`` at ``r`` (it holds what :meth:`forced` asks, so every column keeps a
        completion); None when, with the distinct rule, two columns are left one and the same."""
        by = pattern_sets(self.height)[0][r]  # (lines with 0 at r, with 1)
        after = tuple([able & by[row >> c & 1] for c, able in enumerate(self.ables)])
        if self.unique:
            last = [able for able in after if not able & (able - 1)]  # columns left one completion
            if len(set(last)) < len(last):
                return None
        return _Completions(self.height, self.unique, after)


@dataclass(frozen=True)
class _Closed:
    """The board of the rows so far, closed with levels 1-3 (a broken column rejects the row)."""

    board: Board

    def forced(self, r: int) -> tuple[int, int]:
        return self.board.ones[r], self.board.zeros[r]

    def then(self, r: int, row: int) -> _Closed | None:
        b = self.board
        t = b.copy()
        full = (1 << b.width) - 1
        t.ones[r], t.zeros[r] = row, full & ~row
        bit = 1 << r
        for line, m in ((t.ones, row), (t.zeros, full & ~row)):  # across: each column the row crosses
            while m:
                low = m & -m
                m ^= low
                line[b.height + low.bit_length() - 1] |= bit
        return _Closed(t) if close(t, BLOCKER, {r, *range(b.height, b.height + b.width)}) != BROKEN else None


def _fill(width: int, height: int, unique: bool, rng: random.Random) -> list[int] | None:
    """Rows as bit masks, or None after :data:`FILL_NODES` rows tried: each row drawn at random
    among the valid rows that hold what the columns force (and, with the distinct rule, no earlier
    row), backtracking when none is left. Both ways keep the columns distinct under the distinct
    rule (:class:`_Completions` refuses two columns left one and the same completion, which every
    column is after the last row; :class:`_Closed`'s level 3 has UniqueRowColumn)."""
    nodes = 0
    rows: list[int] = []

    def extend(state: _Completions | _Closed, r: int) -> bool:
        nonlocal nodes
        if r == height:
            return True
        cands = matching(width, *state.forced(r))
        if unique and rows:
            used = set(rows)
            cands = [p for p in cands if p not in used]
        while cands:
            nodes += 1
            if nodes > FILL_NODES:
                return False
            i = rng.randrange(len(cands))
            p = cands[i]
            cands[i] = cands[-1]
            cands.pop()
            after = state.then(r, p)
            if after is not None:
                rows.append(p)
                if extend(after, r + 1):
                    return True
                rows.pop()
        return False

    start: _Completions | _Closed = (
        _Completions(height, unique, (pattern_sets(height)[2],) * width) if height <= COMPLETIONS_UP_TO
        else _Closed(Board.empty(height, width, unique)))
    return rows if extend(start, 0) else None


def _sat_solution(width: int, height: int, unique_lines: bool, rng: random.Random) -> list[int]:
    """A random complete grid from the SAT model: :data:`DECISIONS` random cells take random digits
    by assumptions (all at once; when the grid cannot be completed so, one by one, each kept only
    while it stays completable); the solver (one per shape, kept) completes the rest."""
    s = _empty_solver(width, height, unique_lines)
    n = width * height  # variable k + 1 is cell k: every cell is unknown
    wanted = [v if rng.random() < 0.5 else -v for v in rng.sample(range(1, n + 1), min(DECISIONS, n))]
    ok = s.solve(assumptions=wanted)  # mostly completable at once: one solve
    assumed: list[int] = []
    if not ok:
        if not s.solve():
            raise GenerationError(f"no {width}x{height} grid exists under these rules")
        for lit in wanted:
            assumed.append(lit if s.solve(assumptions=[*assumed, lit]) else -lit)
        ok = s.solve(assumptions=assumed)
    assert ok, "every assumption kept leaves the grid completable"
    m = s.get_model()
    assert m is not None
    return [1 if m[i] > 0 else 0 for i in range(n)]


@cache
def _empty_solver(width: int, height: int, unique_lines: bool) -> Solver:
    return exact.encode(Binary.empty(width, height, unique_lines)).solver()


def grids_listed(width: int, height: int, unique_lines: bool) -> list[list[int]] | None:
    """Every grid of the size (flat) when there are at most :data:`~gridlogic.core.generation.VARIETY`
    (4x4: 72 with the distinct rule), in an order shuffled once; else None."""
    return _listed(width, height, unique_lines)


@cache
def _listed(width: int, height: int, unique_lines: bool) -> list[list[int]] | None:
    empty = Binary(width, height, tuple("." * width for _ in range(height)), unique_lines)
    found = [[v for row in grid for v in row] for grid in islice(exact.plain(empty), VARIETY + 1)]
    if len(found) > VARIETY:
        return None
    random.Random(f"binary grids {width}x{height} {unique_lines}").shuffle(found)
    return found


def seed_grids(width: int, height: int, unique_lines: bool, seed: int,
               rng: random.Random) -> Iterator[list[int] | None]:
    """The solutions a seed's attempts are built on: on boards of at most :data:`CLASSED` cells
    (6x6 has 4,140 grids with the distinct rule) each drawn in the seed's class
    (:func:`~gridlogic.core.generation.seed_solutions`: seeds less than 100 apart never share one),
    or where a size has fewer grids than that the seed's own of the list; on bigger boards None (a
    fresh draw per attempt)."""
    if width * height > CLASSED:
        yield from repeat(None)
    listed = grids_listed(width, height, unique_lines) if width * height <= LISTED else None
    if listed == []:
        raise GenerationError(f"no {width}x{height} grid exists under these rules")
    if listed is not None:
        yield from repeat(listed[seed % len(listed)])
    yield from seed_solutions(seed, lambda: random_solution(width, height, unique_lines, rng), bytes)
