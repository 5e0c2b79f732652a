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

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from pysat.solvers import Solver

from gridlogic.core import legupfile
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


LEGUP_VALUE = {0: None, -2: STAR, -1: BLACK}
"""LEGUP's Star Battle cell values (0 unknown, -2 star, -1 black)."""
MAX_LEGUP_SIZE = 40


def board_from_legup(text: str) -> LegupBoard:
    """A LEGUP Star Battle file's board as LEGUP loads it: regions in file order, cells as given,
    and no check that the puzzle can be solved (LEGUP's rule tests load a 4x4 board with 5 stars
    per row); only the shape is checked: every cell inside, in exactly one region."""
    _, board = legupfile.puzzle_board(legupfile.parse(text), "StarBattle")
    n, stars = legupfile.int_attr(board, "size", "<board>"), legupfile.int_attr(board, "puzzle_num", "<board>")
    if not (1 <= n <= MAX_LEGUP_SIZE and 0 <= stars <= n * n):
        raise ParseError(f"size {n} with {stars} stars per row is not a board (size 1..{MAX_LEGUP_SIZE})",
                         "<board>")
    regions: list[int] = [-1] * (n * n)
    cells: list[str | None] = [None] * (n * n)
    for g, region in enumerate(board.findall("region")):
        for cell in region.iter("cell"):
            where = f"region {g + 1}, cell x={cell.get('x')} y={cell.get('y')}"
            x, y = legupfile.int_attr(cell, "x", where), legupfile.int_attr(cell, "y", where)
            v = legupfile.int_attr(cell, "value", where)
            if not (0 <= x < n and 0 <= y < n) or regions[y * n + x] >= 0:
                raise ParseError("cell is outside the board or in two regions", where)
            if v not in LEGUP_VALUE:
                raise ParseError(f"cell value {v} is not 0, -1 or -2", where)
            regions[y * n + x], cells[y * n + x] = g, LEGUP_VALUE[v]
    if -1 in regions:
        i = regions.index(-1)
        raise ParseError(f"{regions.count(-1)} cells are in no region, first x={i % n} y={i // n}", "<board>")
    return LegupBoard(n, stars, tuple(regions), tuple(cells))


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
    board) and leave a row, column or region of one of them with fewer non-black cells than stars
    needed (LEGUP checks TooFewStars at each blackened neighbour)."""
    return frozenset((i, BLACK) for i in range(len(b.cells)) if b.cells[i] is None and _star_starves_a_unit(b, i))


def _star_starves_a_unit(b: LegupBoard, i: int, same: Container[int] = ()) -> bool:
    """Would a star at ``i`` starve a unit? Neighbours in ``same`` (changed in the same transition)
    are black on LEGUP's child board, so LEGUP neither blackens nor checks them: they stay unknown."""
    blackened = [j for j in b.neighbours(i) if b.cells[j] is None and j not in same]
    black = set(blackened)
    units = b.all_units()
    return any(b.open_count(units[k]) - len(black.intersection(units[k])) < b.stars
               for j in blackened for k in _cell_units(b.n, b.regions)[j])


def finish_surround_bad(parent: LegupBoard, changes: Mapping[int, str | None]) -> list[int]:
    """The cells of a FinishSurroundWithEmpty transition LEGUP rejects: LEGUP reads the neighbours
    on the board *after* the transition, so a neighbour changed in the same transition never helps."""
    return [i for i, v in changes.items()
            if not (parent.cells[i] is None and v == BLACK and _star_starves_a_unit(parent, i, changes))]


@lru_cache(maxsize=256)
def _cell_units(n: int, regions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each cell, the positions in ``all_units()`` of its row, column and region."""
    regs = _units(n, regions)[2]
    region_pos = {i: k for k, u in enumerate(regs) for i in u}
    return tuple((i // n, n + i % n, 2 * n + region_pos[i]) for i in range(n * n))


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


TRANSITION_RULES: dict[str, Callable[[LegupBoard, Mapping[int, str | None]], list[int]]] = {
    "FinishSurroundWithEmpty": finish_surround_bad,
}
"""Rules LEGUP judges per cell on the board after the whole transition, where the other cells of the
transition matter: their own check of a transition (the cells it rejects). ``proof make`` writes
them one cell per transition."""


@lru_cache(maxsize=4096)
def justified(rule: str, board: LegupBoard) -> frozenset[Change]:
    """The changes of unknown cells that direct rule ``rule`` justifies on ``board`` (cached); for
    a rule of :data:`TRANSITION_RULES`, as a transition of that one cell."""
    return frozenset(ch for ch in DIRECT[ALIASES.get(rule, rule)](board) if board.cells[ch[0]] is None)


def bad_cells(rule: str, parent: LegupBoard, changes: Mapping[int, str | None]) -> list[int]:
    """The changed cells of one transition that ``rule`` does not justify, LEGUP's way."""
    rule = ALIASES.get(rule, rule)
    if rule in TRANSITION_RULES:
        return TRANSITION_RULES[rule](parent, changes)
    ok = justified(rule, parent)
    return [i for i, v in changes.items() if v is None or (i, v) not in ok]


def check_direct(rule: str, parent: LegupBoard, changes: Mapping[int, str | None]) -> tuple[bool, dict[int, bool]]:
    """A whole transition: (valid, per-cell verdicts for every cell). Modified cells are judged
    alone against ``parent`` (or LEGUP's way for :data:`TRANSITION_RULES`); unmodified cells are
    ``False`` (LEGUP: "must be modified"); a transition with no modified cell is valid, as in LEGUP."""
    bad = set(bad_cells(rule, parent, changes))
    per = {i: i in changes and i not in bad for i in range(len(parent.cells))}
    return not bad, per


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


def solution(b: LegupBoard, extra: Iterable[Change] = ()) -> LegupBoard | None:
    """A solution of the puzzle agreeing with the board (and ``extra``), or None."""
    s = _solver(b.n, b.stars, b.regions)
    if not s.solve(assumptions=assumptions(b.with_changes(extra))):
        return None
    model = set(s.get_model() or ())
    return b.with_changes((i, STAR if i + 1 in model else BLACK) for i in range(b.n * b.n))
