"""LEGUP's Star Battle proof rules as exact checks (seed: ``starbattle-legup-rules.txt``).

Every rule works on a :class:`LegupBoard`, a lightweight board that skips the model's validation so
that LEGUP's own test boards (some are not legal puzzles) load as they are.

- A *direct* rule answers, for a parent board, the set of ``(cell, value)`` changes it justifies;
  LEGUP judges every changed cell alone against the parent board, so a transition is valid iff each
  changed cell is in that set (:func:`check_direct`).
- A *contradiction* rule answers the cells where it fires (LEGUP's per-cell ``checkContradictionAt``);
  the board is contradictory iff that set is non-empty.
- The *case* rule ``StarOrEmpty`` splits an unknown cell into star / black.

Cells are flat indices ``r * n + c``; values are the contract's mark strings ``"star"``/``"black"``
(``None`` = unknown).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from pysat.solvers import Solver

from gridlogic.core.errors import ParseError
from gridlogic.core.grid import grid
from gridlogic.core.sat import SatModel

STAR, BLACK = "star", "black"
VALUES = (STAR, BLACK)
Change = tuple[int, str]
CHAR_VALUE = {".": None, "*": STAR, "#": BLACK}
VALUE_CHAR = {None: ".", STAR: "*", BLACK: "#"}
FULL_SUBSETS_UP_TO = 13
"""``XWithinY`` rules try every set of units when there are at most this many; above it, every set
of up to :data:`PARTIAL_SUBSET_SIZE` units (sound, but it may miss a very large set)."""
PARTIAL_SUBSET_SIZE = 4


@dataclass(frozen=True)
class LegupBoard:
    """An ``n`` x ``n`` Star Battle position: ``stars`` per unit, ``regions`` (flat, one index per
    cell) and ``cells`` (flat values). No validation: any region numbering loads."""

    n: int
    stars: int
    regions: tuple[int, ...]
    cells: tuple[str | None, ...]
    units: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.regions) != self.n * self.n or len(self.cells) != self.n * self.n:
            raise ParseError(f"a {self.n}x{self.n} board needs {self.n * self.n} cells", "LegupBoard")
        object.__setattr__(self, "units", _units(self.n, self.regions))

    @classmethod
    def from_rows(cls, stars: int, regions: Sequence[Sequence[int]], cells: Sequence[str] | None = None
                  ) -> LegupBoard:
        """From region rows and cell rows of ``.`` unknown, ``*`` star, ``#`` black."""
        n = len(regions)
        rows = cells if cells is not None else ["." * n] * n
        try:
            values = tuple(CHAR_VALUE[ch] for row in rows for ch in row)
        except KeyError as e:
            raise ParseError(f"cell character {e} is not one of . * #", "board rows") from None
        return cls(n, stars, tuple(x for row in regions for x in row), values)

    def rows(self) -> list[str]:
        n = self.n
        return ["".join(VALUE_CHAR[v] for v in self.cells[r * n:(r + 1) * n]) for r in range(n)]

    def with_changes(self, changes: Iterable[tuple[int, str | None]]) -> LegupBoard:
        cells = list(self.cells)
        for i, v in changes:
            cells[i] = v
        return LegupBoard(self.n, self.stars, self.regions, tuple(cells))

    def unit_families(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        return {"Rows": self.units[0], "Columns": self.units[1], "Regions": self.units[2]}

    def all_units(self) -> tuple[tuple[int, ...], ...]:
        return self.units[0] + self.units[1] + self.units[2]

    def neighbours(self, i: int) -> tuple[int, ...]:
        return grid(self.n, self.n).neighbours8[i]

    def count(self, unit: Iterable[int], value: str | None) -> int:
        return sum(1 for i in unit if self.cells[i] == value)

    def open_count(self, unit: Iterable[int]) -> int:
        """Cells of ``unit`` that are not black (stars and unknowns)."""
        return sum(1 for i in unit if self.cells[i] != BLACK)


@lru_cache(maxsize=256)
def _units(n: int, regions: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Rows, columns and regions (in index order) of a geometry, computed once."""
    g = grid(n, n)
    regs: dict[int, list[int]] = {}
    for i, r in enumerate(regions):
        regs.setdefault(r, []).append(i)
    return g.row_units, g.col_units, tuple(tuple(regs[k]) for k in sorted(regs))


# ----------------------------------------------------------------- direct rules (parent -> changes)

def surround_star(b: LegupBoard) -> frozenset[Change]:
    """SurroundStar: every cell touching a star (8-neighbourhood) is black."""
    return frozenset((j, BLACK) for i, v in enumerate(b.cells) if v == STAR for j in b.neighbours(i))


def finish_with_empty(b: LegupBoard) -> frozenset[Change]:
    """FinishWithEmpty (blackout): a row, column or region that has its stars is black elsewhere."""
    return frozenset((i, BLACK) for u in b.all_units() if b.count(u, STAR) >= b.stars for i in u
                     if b.cells[i] != STAR)


def finish_with_stars(b: LegupBoard) -> frozenset[Change]:
    """FinishWithStars: a unit with exactly as many non-black cells as stars needed is all stars."""
    return frozenset((i, STAR) for u in b.all_units() if b.open_count(u) == b.stars for i in u
                     if b.cells[i] != BLACK)


def finish_surround_with_empty(b: LegupBoard) -> frozenset[Change]:
    """FinishSurroundWithEmpty: a star here would blacken its unknown neighbours (on the parent
    board) and leave some row, column or region with fewer non-black cells than stars needed."""
    return frozenset((i, BLACK) for i in range(len(b.cells)) if _star_starves_a_unit(b, i))


def _star_starves_a_unit(b: LegupBoard, i: int) -> bool:
    blackened = {j for j in b.neighbours(i) if b.cells[j] is None}
    touched = {i, *b.neighbours(i)}
    return any(b.open_count(u) - len(blackened.intersection(u)) < b.stars
               for u in b.all_units() if touched.intersection(u))


def within(inner: str, outer: str) -> Callable[[LegupBoard], frozenset[Change]]:
    """``<inner>Within<outer>``: a set S of ``inner`` units whose unknown cells all lie in a set T of
    ``outer`` units, with at least as many stars missing in S as in T, takes all of T's remaining
    stars; so every cell of T outside S is black (LEGUP: tried for every non-empty S)."""

    def rule(b: LegupBoard) -> frozenset[Change]:
        fam = b.unit_families()
        return _within(b, fam[inner], fam[outer])

    rule.__name__ = f"{inner}Within{outer}"
    rule.__doc__ = within.__doc__
    return rule


def _within(b: LegupBoard, inner: Sequence[Sequence[int]], outer: Sequence[Sequence[int]]) -> frozenset[Change]:
    outer_of = {i: k for k, u in enumerate(outer) for i in u}
    miss_in = [b.stars - b.count(u, STAR) for u in inner]
    touch = [_mask(outer_of[i] for i in u if b.cells[i] is None) for u in inner]
    cells_in = [_mask(u) for u in inner]
    miss_out = [b.stars - b.count(u, STAR) for u in outer]
    cells_out = [_mask(u) for u in outer]
    unknown = _mask(i for i, v in enumerate(b.cells) if v is None)
    out_cache: dict[int, tuple[int, int]] = {}

    def outer_of_mask(t: int) -> tuple[int, int]:
        """(stars missing in the outer units of mask ``t``, their cells)."""
        if t not in out_cache:
            ks = [k for k in range(len(outer)) if t >> k & 1]
            cells = 0
            for k in ks:
                cells |= cells_out[k]
            out_cache[t] = (sum(miss_out[k] for k in ks), cells)
        return out_cache[t]

    blacks = 0
    for miss, t, inside in _subset_sums(miss_in, touch, cells_in):
        if t:
            need, cells = outer_of_mask(t)
            if miss >= need:
                blacks |= cells & ~inside
    blacks &= unknown
    return frozenset((i, BLACK) for i in range(len(b.cells)) if blacks >> i & 1)


def _subset_sums(miss: list[int], touch: list[int], cells: list[int]) -> Iterable[tuple[int, int, int]]:
    """For every non-empty set of inner units: (stars missing, outer units touched, cells), built
    incrementally over all subsets when there are few units, else over combinations of a few."""
    k = len(miss)
    if k <= FULL_SUBSETS_UP_TO:
        m_sum, t_or, c_or = [0] * (1 << k), [0] * (1 << k), [0] * (1 << k)
        for m in range(1, 1 << k):
            low = m & -m
            j, rest = low.bit_length() - 1, m ^ low
            m_sum[m], t_or[m], c_or[m] = m_sum[rest] + miss[j], t_or[rest] | touch[j], c_or[rest] | cells[j]
            yield m_sum[m], t_or[m], c_or[m]
        return
    for size in range(1, PARTIAL_SUBSET_SIZE + 1):
        for combo in combinations(range(k), size):
            t = c = 0
            for j in combo:
                t |= touch[j]
                c |= cells[j]
            yield sum(miss[j] for j in combo), t, c


def _mask(bits: Iterable[int]) -> int:
    m = 0
    for i in bits:
        m |= 1 << i
    return m


DIRECT: dict[str, Callable[[LegupBoard], frozenset[Change]]] = {
    "SurroundStar": surround_star,
    "FinishWithEmpty": finish_with_empty,
    "FinishWithStars": finish_with_stars,
    "FinishSurroundWithEmpty": finish_surround_with_empty,
    **{f"{a}Within{b}": within(a, b) for a, b in (
        ("Columns", "Regions"), ("Columns", "Rows"), ("Rows", "Regions"),
        ("Regions", "Columns"), ("Regions", "Rows"), ("Rows", "Columns"))},
}
"""LEGUP's direct rules by name; each maps a parent board to every change it justifies."""

ALIASES = {"Blackout": "FinishWithEmpty", "EmptyAdjacent": "FinishSurroundWithEmpty"}


@lru_cache(maxsize=4096)
def justified(rule: str, board: LegupBoard) -> frozenset[Change]:
    """The changes of unknown cells that direct rule ``rule`` justifies on ``board`` (cached)."""
    return frozenset(ch for ch in DIRECT[ALIASES.get(rule, rule)](board) if board.cells[ch[0]] is None)


def check_cell(rule: str, parent: LegupBoard, i: int, value: str | None) -> bool:
    """LEGUP's ``checkRuleAt`` for a modified cell: is ``value`` at ``i`` forced by ``rule`` on the
    parent board? (The cell must be unknown there.)"""
    return parent.cells[i] is None and value is not None and (i, value) in justified(rule, parent)


def check_direct(rule: str, parent: LegupBoard, changes: Mapping[int, str | None]) -> tuple[bool, dict[int, bool]]:
    """A whole transition: (valid, per-cell verdicts for every cell). Modified cells are judged
    alone against ``parent``; unmodified cells are ``False`` (LEGUP: "must be modified"); a
    transition with no modified cell is valid, as in LEGUP."""
    per = {i: i in changes and check_cell(rule, parent, i, changes[i]) for i in range(len(parent.cells))}
    return all(per[i] for i in changes), per


# ----------------------------------------------------------------- contradiction rules

def too_many_stars(b: LegupBoard) -> frozenset[int]:
    """TooManyStars fires at the stars of any row, column or region holding more than its stars."""
    return frozenset(i for u in b.all_units() if b.count(u, STAR) > b.stars for i in u if b.cells[i] == STAR)


def too_few_stars(b: LegupBoard) -> frozenset[int]:
    """TooFewStars fires at every cell of a unit with fewer non-black cells than stars needed."""
    return frozenset(i for u in b.all_units() if b.open_count(u) < b.stars for i in u)


def clashing_orbit(b: LegupBoard) -> frozenset[int]:
    """ClashingOrbit fires at every star touching another star (8-neighbourhood)."""
    return frozenset(i for i, v in enumerate(b.cells)
                     if v == STAR and any(b.cells[j] == STAR for j in b.neighbours(i)))


CONTRADICTIONS: dict[str, Callable[[LegupBoard], frozenset[int]]] = {
    "TooManyStars": too_many_stars,
    "TooFewStars": too_few_stars,
    "ClashingOrbit": clashing_orbit,
}

CASES: dict[str, tuple[str, ...]] = {"StarOrEmpty": (STAR, BLACK)}
"""Case rules: the values of the split cell, in LEGUP's order (star first, then black)."""


# ----------------------------------------------------------------- completeness and SAT oracle

def is_solved(b: LegupBoard) -> bool:
    """Exact: every cell decided, every unit has its stars, no two stars touch."""
    return (None not in b.cells and all(b.count(u, STAR) == b.stars for u in b.all_units())
            and not clashing_orbit(b))


@lru_cache(maxsize=64)
def _sat_model(n: int, stars: int, regions: tuple[int, ...]) -> SatModel:
    """A small independent encoding: one variable per cell (star), exactly ``stars`` per unit, no
    two touching stars."""
    b = LegupBoard(n, stars, regions, (None,) * (n * n))
    m = SatModel()
    x = m.new_vars(n * n)
    for u in b.all_units():
        m.exactly([x[i] for i in u], stars)
    for i in range(n * n):
        m.clauses.extend([-x[i], -x[j]] for j in b.neighbours(i) if j > i)
    return m


def assumptions(b: LegupBoard) -> list[int]:
    return [i + 1 if v == STAR else -(i + 1) for i, v in enumerate(b.cells) if v is not None]


def satisfiable(b: LegupBoard, extra: Iterable[Change] = ()) -> bool:
    """Does some solution of the puzzle agree with the board (and ``extra``)?"""
    return bool(_solver(b.n, b.stars, b.regions).solve(assumptions=assumptions(b.with_changes(extra))))


@lru_cache(maxsize=16)
def _solver(n: int, stars: int, regions: tuple[int, ...]) -> Solver:
    """One incremental solver per puzzle geometry; positions are passed as assumptions."""
    return _sat_model(n, stars, regions).solver()


def opposite(value: str) -> str:
    return BLACK if value == STAR else STAR
