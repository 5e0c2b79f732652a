"""Exact Star Battle solving by SAT (python-sat).

One variable per cell (``r*n + c + 1``). The model:

- no two stars touch: "at most one star in every 2x2 window" (the windows cover every pair of
  8-neighbours). Each window (and each piece of one, below) has a variable ``w`` with
  ``w -> OR(cells)`` and one native constraint ``sum(cells) + (1 - w) <= 1``: at most one star, and
  a star lights ``w`` (two Python calls per window instead of ten clauses);
- S stars in every row, column and region: native cardinality constraints (minicard keeps
  ``atmost`` constraints as such, so "exactly S" costs two constraints, no auxiliary variables);
- redundant **row-pair bounds**: two neighbouring rows (or columns) hold 2S stars, and a tiling of
  the pair by 2x2 windows (1x2 at an odd edge) holds at most one star per window, so at least 2S of
  the windows hold a star. Each window gets a variable ``w <-> OR(cells)``; both tilings (windows
  starting at even and at odd columns) are added, as "exactly 2S windows lit";
- redundant **region tilings**: the same for each region, cut by the 2x2 windows of each of the four
  tilings of the plane: exactly S of its pieces hold a star (cuts conflicts ~4x on hard 17x17s).

The parts that depend only on (n, S) are built once and cached (:func:`template`); a puzzle adds
its regions and givens. Solutions are enumerated on one incremental solver; each found solution is
blocked by "not all of these stars" (every solution has exactly nS stars, so this excludes exactly
that one). ``benchmarks/bench_starbattle_exact.py`` measures the alternatives kept here as options.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from gridlogic.core.grid import Cell
from gridlogic.core.sat import models
from gridlogic.puzzles.starbattle.model import StarBattle

Clause = list[int]
AtMost = tuple[list[int], int]


@dataclass(frozen=True)
class Encoding:
    """How to encode: ``card`` is ``native`` (minicard/gluecard atmost constraints) or a python-sat
    encoding name (``seqcounter``, ``totalizer``, ``cardnetwrk``...); ``tilings`` the window tilings
    used for row-pair bounds (``()`` none, ``(0,)`` even, ``(0, 1)`` both); ``solver`` the SAT solver
    (native cardinality needs ``minicard``, ``gluecard3`` or ``gluecard4``)."""

    card: str = "native"
    tilings: tuple[int, ...] = (0, 1)
    exact_windows: bool = True
    region_tilings: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (1, 0), (1, 1))
    windows: str = "clauses"
    region_pairs: bool = False
    solver: str = "minicard"


DEFAULT = Encoding()


@dataclass(frozen=True)
class Template:
    """Everything that depends on (n, S, encoding) only."""

    nvars: int
    clauses: tuple[Clause, ...]
    atmosts: tuple[AtMost, ...]
    windows: dict[tuple[int, ...], int]


def _adjacency(n: int) -> list[Clause]:
    out: list[Clause] = []
    for r in range(n):
        for c in range(n):
            a = r * n + c + 1
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    out.append([-a, -(rr * n + cc + 1)])
    return out


class _Builder:
    def __init__(self, nvars: int, enc: Encoding, known: dict[tuple[int, ...], int] | None = None) -> None:
        self.top = nvars
        self.enc = enc
        self.clauses: list[Clause] = []
        self.atmosts: list[AtMost] = []
        self.known = known or {}
        self.windows: dict[tuple[int, ...], int] = {}
        self.native_windows = enc.card == "native" and enc.exact_windows and enc.windows != "clauses"

    def exactly(self, lits: list[int], k: int) -> None:
        if k >= len(lits):
            self.clauses.extend([x] for x in lits)
        elif self.enc.card == "native":
            self.atmosts.append((lits, k))
            self.atmosts.append(([-x for x in lits], len(lits) - k))
        else:
            self._absorb(CardEnc.equals(lits, bound=k, top_id=self.top, encoding=getattr(EncType, self.enc.card)))

    def at_least(self, lits: list[int], k: int) -> None:
        if self.enc.card == "native":
            self.atmosts.append(([-x for x in lits], len(lits) - k))
        else:
            self._absorb(CardEnc.atleast(lits, bound=k, top_id=self.top, encoding=getattr(EncType, self.enc.card)))

    def _absorb(self, formula: CardEnc) -> None:
        self.clauses.extend(formula.clauses)
        self.top = max(self.top, formula.nv)

    def lit_window(self, cells: list[int]) -> int:
        """A variable true iff one of ``cells`` (inside one 2x2 window) holds a star; one per set."""
        if len(cells) == 1:
            return cells[0]
        key = tuple(sorted(cells))
        found = self.known.get(key) or self.windows.get(key)
        if found:
            return found
        self.top += 1
        w = self.windows[key] = self.top
        self.clauses.append([-w, *cells])
        if self.native_windows:  # sum(cells) <= w: x -> w, and at most one star in the window
            self.atmosts.append(([*cells, -w], 1))
        elif self.enc.exact_windows:  # "at least" bounds only need w -> OR(cells)
            self.clauses.extend([-x, w] for x in cells)
        return w


@cache
def template(n: int, stars: int, enc: Encoding = DEFAULT) -> Template:
    """Adjacency, rows, columns and row-pair bounds for an n x n board with S stars."""
    b = _Builder(n * n, enc)
    if b.native_windows:  # every 2x2 window's "sum <= w" says its cells do not touch
        for r in range(n - 1):
            for c in range(n - 1):
                b.lit_window([r * n + c + 1, r * n + c + 2, (r + 1) * n + c + 1, (r + 1) * n + c + 2])
    if not b.native_windows or enc.windows == "both":
        b.clauses.extend(_adjacency(n))
    for i in range(n):
        b.exactly([i * n + c + 1 for c in range(n)], stars)
        b.exactly([r * n + i + 1 for r in range(n)], stars)
    for horizontal in (True, False):
        for r in range(n - 1):
            for off in enc.tilings:
                lits = [b.lit_window([(rr * n + cc + 1) if horizontal else (cc * n + rr + 1)
                                      for rr in (r, r + 1) for cc in (c, c + 1) if 0 <= cc < n])
                        for c in range(-off, n, 2)]
                if enc.exact_windows:
                    b.exactly(lits, 2 * stars)
                else:
                    b.at_least(lits, 2 * stars)
    return Template(b.top, tuple(b.clauses), tuple(b.atmosts), b.windows)


def _tiled(n: int, cells: tuple[int, ...], offset: tuple[int, int]) -> list[list[int]]:
    """``cells`` (flat indices) cut by the 2x2 windows of a tiling shifted by ``offset``."""
    pieces: dict[tuple[int, int], list[int]] = {}
    for i in cells:
        r, c = divmod(i, n)
        pieces.setdefault(((r + offset[0]) // 2, (c + offset[1]) // 2), []).append(i + 1)
    return list(pieces.values())


def _tiles(b: _Builder, n: int, unit: tuple[int, ...], stars: int) -> None:
    for offset in b.enc.region_tilings:
        lits = [b.lit_window(piece) for piece in _tiled(n, unit, offset)]
        if len(lits) > stars:
            if b.enc.exact_windows:
                b.exactly(lits, stars)
            else:
                b.at_least(lits, stars)


def _neighbour_pairs(puzzle: StarBattle) -> list[tuple[int, ...]]:
    n, reg = puzzle.n, puzzle.regions
    pairs = {(min(a, b), max(a, b)) for r in range(n) for c in range(n)
             for a, b in ((reg[r][c], reg[r][min(c + 1, n - 1)]), (reg[r][c], reg[min(r + 1, n - 1)][c])) if a != b}
    return [tuple(sorted(puzzle.units[a] + puzzle.units[b])) for a, b in sorted(pairs)]


def model(puzzle: StarBattle, enc: Encoding = DEFAULT) -> tuple[list[Clause], list[AtMost]]:
    """The whole model of ``puzzle``: clauses and native atmost constraints."""
    t = template(puzzle.n, puzzle.stars, enc)
    b = _Builder(t.nvars, enc, t.windows)
    n, stars = puzzle.n, puzzle.stars
    for unit in puzzle.units:
        b.exactly([i + 1 for i in unit], stars)
        _tiles(b, n, unit, stars)
    if enc.region_pairs:
        for unit in _neighbour_pairs(puzzle):
            _tiles(b, n, unit, 2 * stars)
    b.clauses.extend([(r * n + c + 1) if star else -(r * n + c + 1)] for (r, c), star in puzzle.givens)
    return [*t.clauses, *b.clauses], [*t.atmosts, *b.atmosts]


def solutions(puzzle: StarBattle, enc: Encoding = DEFAULT, stats: dict[str, int] | None = None,
              ) -> Iterator[frozenset[Cell]]:
    """Every solution of ``puzzle`` as its set of star cells, one incremental solver throughout.
    ``stats``, if given, receives the solver's counters (``conflicts``...) as the search goes."""
    clauses, atmosts = model(puzzle, enc)
    n = puzzle.n
    name = enc.solver if enc.card == "native" or not atmosts else "minicard"
    with Solver(name=name, bootstrap_with=clauses) as s:
        for lits, k in atmosts:
            s.add_atmost(lits, k)
        # blocking "not all of these stars" is enough: exactly n*S stars in every solution
        for stars in models(s, range(1, n * n + 1), block=lambda true: [-v for v in true], stats=stats):
            yield frozenset(divmod(v - 1, n) for v in stars)
