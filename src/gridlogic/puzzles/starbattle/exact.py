"""Exact Star Battle solving by SAT (python-sat).

One variable per cell (``r*n + c + 1``). The model:

- no two stars touch: "at most one star in every 2x2 window", as binary clauses (the windows cover
  every pair of 8-neighbours);
- S stars in every row, column and region: native cardinality constraints (minicard keeps
  ``atmost`` constraints as such, so "exactly S" costs two constraints, no auxiliary variables);
- redundant **row-pair bounds**: two neighbouring rows (or columns) hold 2S stars, and a tiling of
  the pair by 2x2 windows (1x2 at an odd edge) holds at most one star per window, so at least 2S of
  the windows hold a star. Each window gets a variable ``w <-> OR(cells)``; both tilings (windows
  starting at even and at odd columns) are added, as "exactly 2S windows lit".

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
    solver: str = "minicard"


DEFAULT = Encoding()


@dataclass(frozen=True)
class Template:
    """Everything that depends on (n, S, encoding) only."""

    nvars: int
    clauses: tuple[Clause, ...]
    atmosts: tuple[AtMost, ...]


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
    def __init__(self, nvars: int, enc: Encoding) -> None:
        self.top = nvars
        self.enc = enc
        self.clauses: list[Clause] = []
        self.atmosts: list[AtMost] = []

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
        """A variable true iff one of ``cells`` holds a star."""
        if len(cells) == 1:
            return cells[0]
        self.top += 1
        w = self.top
        self.clauses.append([-w, *cells])
        self.clauses.extend([-x, w] for x in cells)
        return w


@cache
def template(n: int, stars: int, enc: Encoding = DEFAULT) -> Template:
    """Adjacency, rows, columns and row-pair bounds for an n x n board with S stars."""
    b = _Builder(n * n, enc)
    b.clauses.extend(_adjacency(n))
    for i in range(n):
        b.exactly([i * n + c + 1 for c in range(n)], stars)
        b.exactly([r * n + i + 1 for r in range(n)], stars)
    windows: dict[tuple[int, ...], int] = {}
    for horizontal in (True, False):
        for r in range(n - 1):
            for off in enc.tilings:
                lits = []
                for c in range(-off, n, 2):
                    cells = [(rr * n + cc + 1) if horizontal else (cc * n + rr + 1)
                             for rr in (r, r + 1) for cc in (c, c + 1) if 0 <= cc < n]
                    key = tuple(sorted(cells))
                    if key not in windows:
                        windows[key] = b.lit_window(cells)
                    lits.append(windows[key])
                if enc.exact_windows:
                    b.exactly(lits, 2 * stars)
                else:
                    b.at_least(lits, 2 * stars)
    return Template(b.top, tuple(b.clauses), tuple(b.atmosts))


def model(puzzle: StarBattle, enc: Encoding = DEFAULT) -> tuple[list[Clause], list[AtMost]]:
    """The whole model of ``puzzle``: clauses and native atmost constraints."""
    t = template(puzzle.n, puzzle.stars, enc)
    b = _Builder(t.nvars, enc)
    for unit in puzzle.units:
        b.exactly([i + 1 for i in unit], puzzle.stars)
    n = puzzle.n
    b.clauses.extend([(r * n + c + 1) if star else -(r * n + c + 1)] for (r, c), star in puzzle.givens)
    return [*t.clauses, *b.clauses], [*t.atmosts, *b.atmosts]


def solutions(puzzle: StarBattle, enc: Encoding = DEFAULT) -> Iterator[frozenset[Cell]]:
    """Every solution of ``puzzle`` as its set of star cells, one incremental solver throughout."""
    clauses, atmosts = model(puzzle, enc)
    n = puzzle.n
    name = enc.solver if enc.card == "native" or not atmosts else "minicard"
    with Solver(name=name, bootstrap_with=clauses) as s:
        for lits, k in atmosts:
            s.add_atmost(lits, k)
        ncells = n * n
        while s.solve():
            m = s.get_model()
            assert m is not None
            stars = [v for v in m[:ncells] if v > 0]
            yield frozenset(divmod(v - 1, n) for v in stars)
            s.add_clause([-v for v in stars])
