"""A seeded Star Battle generator that hits the asked grade exactly.

1. A random star placement (the future solution): the (n, S) template without regions, with stars
   assumed at random cells (each kept only if the template stays satisfiable) until half are placed;
   the SAT solver completes the rest. Up to 12x12, where placements are few, every placement of a
   seed starts with the seed's own first rows, so seeds less than 100 apart never share a solution
   (:func:`seed_layout`).
2. Regions grown at random around it: the stars grouped S by S (a random star and its nearest
   free ones, joined by a shortest path of empty cells), then each region grows at its own random
   rate (uneven sizes, as published puzzles have; the spread depends on the asked level: uneven
   sizes give easier puzzles, even sizes harder ones), preferring frontier cells with more
   neighbours already in the region (compact shapes, no long one-cell-wide snakes). No region stays
   a single cell unless asked.
3. Uniqueness by one incremental SAT solver that forbids our solution: while it finds another
   solution, move one of that solution's stars that is not ours into a neighbouring region (keeping
   the region connected): that solution dies, ours survives. With a smallest region size (10/2
   and 25/6 Trial) a move that would leave its region one cell short takes a border cell of a third region
   with it (a swap) when no plain move is left. Region constraints are guarded by activation
   literals, so a move swaps the regions' constraints and keeps everything learnt. The exact solver
   confirms the result.
4. With a target level (Tatham's discipline): one solve capped at the target decides a candidate
   (stuck: too hard; solved without a step at the target's level: too easy; solved with one: on
   target, since rules run cheapest level first, so capped one level below the same run is stuck
   and ``grade`` says the target). Trial candidates first pass cheap screens and a smallest region
   size where those were measured (``SCREENS``, ``LEAST``), and on big boards a bound on the trial
   search's work (``TRIAL_BUDGET``). Otherwise a fresh candidate (walking a
   candidate's region map toward the target was measured slower: see docs/starbattle.md), until
   the time limit or the attempts (then :class:`GenerationFailed`, saying what was tried).

The RNG is seeded by (kind, size, stars, target, seed): another difficulty with the same seed gives
another puzzle.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import nullcontext
from functools import cache
from itertools import islice

from pysat.solvers import Solver

from gridlogic.core.engine import run
from gridlogic.core.errors import GenerationFailed, ParseError, ValidationError
from gridlogic.core.generation import (
    LEVEL_SHIFT,
    VARIETY,
    Allowance,
    Tally,
    progress_of,
    seeded,
    tally_of,
    target_level,
)
from gridlogic.core.grid import Cell, grid
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade, Step
from gridlogic.puzzles.starbattle import exact
from gridlogic.puzzles.starbattle.formats.picture import default_stars
from gridlogic.puzzles.starbattle.model import MAX_SIZE, StarBattle, max_stars

REFINE_STEPS = 250
"""Uniqueness moves per candidate before it is given up: of 190 candidates made unique at 10/2 with
no region under 6 cells the 99th percentile needed 190 moves, the most 242 (10/2 without the bound:
102 and 260; 14/3, 21/5, 25/6: at most 89); draws that reach the bound almost always cycle, and
were 27 % of the drawing time at 400."""
RUN_STEPS = 10_000
"""The judging run's step bound (``rules.engine.run``'s, so that it is ``explain``'s run)."""
GROUPINGS = 20
SIGMA = 0.9
"""Spread of the regions' growth rates (log-normal): larger, more uneven region sizes."""
SIGMAS: dict[int, tuple[float, ...]] = {0: (1.2, 1.2, 0.9, 0.9, 0.9, 0.4), 10: (1.2, 1.2, 0.9, 0.9, 0.9, 0.2),
                                        17: (1.2, 1.2, 0.9, 0.4, 0.4, 0.0)}
"""The spread by board size (0: any other size) and asked level (Easy..Trial): uneven sizes (small
regions) make easier puzzles, even sizes harder ones (docs/starbattle.md, "Generator": the grades
of fresh candidates per spread; 17/4 draws easier puzzles than its neighbours; 10/2 Trial: see
:data:`LEAST`)."""
LEAST: dict[int, tuple[float, ...]] = {0: (0, 0, 0, 0, 0, 0), 10: (0, 0, 0, 0, 0, 0.7),
                                       25: (0, 0, 0, 0, 0, 0.72)}
"""The smallest region allowed, as a share of the mean region size n, by board size (0: any other
size) and asked level. At 10/2 the share of fresh candidates stuck at Expert+ (Trial puzzles) is
1.5 % without the bound; with no region under 6 cells 11 % (σ 0.4), under 7 cells 19 % (σ 0.4) to
25 % (σ 0), under 8 cells 26 % but 17 draws per candidate. Per Trial puzzle, seeds run interleaved
(two sets of 20 and one of 30): no region under 7 cells with σ 0.2 had the lowest median CPU every
time (0.92, 0.94 s against 1.07-1.23 s for 6 cells with σ 0.4). At 25/6 (no region under 18 cells):
4 of 5 fresh candidates were Trial puzzles against 4 of 45 without the bound (σ 0.4), the fifth
spent :data:`TRIAL_BUDGET`. Not at 21/5: no region under 15 cells made 4 of 4 fresh candidates
spend a trial budget of 15,000 (puzzles beyond the plain trial search)."""
SCREENS: dict[int, tuple[tuple[int, float], ...]] = {10: ((0, 0.95), (1, 0.87), (2, 0.8), (4, 0.68)),
                                                     21: ((1, 0.7),), 25: ((1, 0.7),)}
"""Cheap rejection tests for Trial candidates by board size: (level L, share of cells still unknown
where a run capped at L ends), checked inside the judging run (:func:`judge`). Measured at 10/2 on
fresh candidates with no region under 7 cells (109 Trial puzzles among 500): capped at Easy they
left >= 96 % unknown, at Medium >= 87 %, at Hard >= 72 % (all but 3 >= 80 %), at Expert+ >= 64 %
(all but 3 >= 70 %). The other candidates fail a screen after about half their judging time
(with regions >= 6 cells: 45 %; per Trial puzzle found there 1.20 s CPU against 1.42 s without
screens). At 21/5 and 25/6 only the Medium screen: the 23 Trial puzzles measured there left
>= 75 % unknown capped at Medium, but one of them only 52 % capped at Expert while Expert+ misses
leave 15-91 %, so a later screen would drop Trial puzzles (at 21/5 a screen at Expert drew 44
candidates instead of 16 for seed 2)."""

CLASSED = 12
"""Boards up to this size, where star placements are few (10/2 has 146,510, 8/1 5,242, so 100 free
draws repeat one with probability ~4 % and ~64 %; benchmarks/sb_layouts.py), start a seed's
placements with the seed's own first rows, or take the seed's own placement where there are at most
100 (:func:`seed_layout`); bigger boards have billions."""
TRIAL_BUDGET: dict[int, int] = {21: 15_000, 25: 25_000}
"""Trial candidates by board size: the most work (``rules.trial.Budget`` units: rule sweeps
weighted by level) the judging run's trial search may spend before the candidate is dropped
(:func:`judge`). The Trial puzzles found at 21/5 spent 2,700-9,500 units (1-14 trial steps, 7-13 s
CPU), at 25/6 2,300-17,700; but 2 of 36 fresh 21/5 candidates were still taking trial steps after
40,000 units (22-27 s CPU, the deep pass or nested trial), the kind of candidate that made one
earlier profile run over 3 min CPU on a single candidate. Without a bound such a candidate costs
its seed minutes; with it, 10-15 s. The bound drops some Trial puzzles too (21/5 seed 3's on main
spends 25,800 units), which is why it sits well above the typical ones."""


def parse_size(size: str | None) -> int:
    if size is None:
        return 10
    m = re.fullmatch(r"\s*(\d{1,3})(?:\s*x\s*(\d{1,3}))?\s*", size)
    if not m or (m[2] is not None and m[1] != m[2]):
        raise ParseError(f"Star Battle sizes are square, e.g. 10 or 10x10; got {size!r}", "--size")
    n = int(m[1])
    if not 5 <= n <= MAX_SIZE:
        raise ValidationError(f"size {n} is outside 5..{MAX_SIZE}")
    return n


# ----- 1. a random solution

def template_solver(n: int, stars: int) -> Solver:
    """A minicard solver holding the (n, S) template: S stars per row and column, none touching,
    regions ignored (the caller closes it)."""
    t = exact.template(n, stars)
    s = Solver(name="minicard", bootstrap_with=list(t.clauses))
    for lits, k in t.atmosts:
        s.add_atmost(lits, k)
    return s


@cache
def has_layout(n: int, stars: int) -> bool:
    """Whether an n x n board holds ``stars`` stars in every row and column with none touching
    (not at 7/2, 11/3, 15/4, ...: n = 4S - 1)."""
    with template_solver(n, stars) as s:
        return bool(s.solve())


def random_solution(n: int, stars: int, rng: random.Random, prefix: tuple[int, ...] = ()) -> frozenset[Cell]:
    """A random valid star placement (S per row and column, no touching), regions ignored, whose
    first rows are ``prefix`` (each a bit mask of its stars, the cell in column c bit c)."""
    g = grid(n, n)
    with template_solver(n, stars) as s:
        assumed: list[int] = []
        rows, cols = [0] * n, [0] * n
        banned = [False] * (n * n)
        placed = 0

        def star(i: int) -> None:
            nonlocal placed
            assumed.append(i + 1)
            placed += 1
            rows[i // n] += 1
            cols[i % n] += 1
            for j in g.neighbours8[i]:
                banned[j] = True

        for lit in row_literals(n, prefix):
            if lit > 0:
                star(lit - 1)
            else:
                assumed.append(lit)
        cells = list(range(n * n))
        rng.shuffle(cells)
        for i in cells:
            if placed >= n * stars // 2:
                break
            r, c = divmod(i, n)
            if banned[i] or rows[r] == stars or cols[c] == stars:
                continue
            if s.solve(assumptions=[*assumed, i + 1]):
                star(i)
            else:
                assumed.append(-(i + 1))
        ok = s.solve(assumptions=assumed)
        assert ok, "the template is satisfiable under every assumption kept"
        m = s.get_model()
        assert m is not None
        return frozenset(divmod(v - 1, n) for v in m[:n * n] if v > 0)


def starts(n: int, stars: int, depth: int, whole: bool = True) -> Iterator[tuple[int, ...]]:
    """The first ``depth`` rows of the star placements (S per row and column, no touching), as row
    masks (the cell in column c is bit c), in order; with ``whole`` only those that extend to a
    whole placement (one SAT call per row tried)."""
    masks = [m for m in range(1 << n) if m.bit_count() == stars and not m & m >> 1]
    with template_solver(n, stars) if whole else nullcontext() as s:

        def grow(chosen: tuple[int, ...], counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
            if len(chosen) == depth:
                yield chosen
                return
            prev = chosen[-1] if chosen else 0
            for m in masks:
                nxt = tuple(k + (m >> c & 1) for c, k in enumerate(counts))
                if m & (prev | prev << 1 | prev >> 1) or max(nxt) > stars:
                    continue
                if s is None or s.solve(assumptions=row_literals(n, (*chosen, m))):
                    yield from grow((*chosen, m), nxt)

        yield from grow((), (0,) * n)


def row_literals(n: int, rows: tuple[int, ...]) -> list[int]:
    """The template's literals saying that the first rows are ``rows`` (row masks): star or empty
    for each of their cells."""
    return [(r * n + c + 1) * (1 if m >> c & 1 else -1) for r, m in enumerate(rows) for c in range(n)]


@cache
def layouts_listed(n: int, stars: int) -> list[frozenset[Cell]] | None:
    """Every star placement of the size when there are at most :data:`~gridlogic.core.generation.VARIETY`
    (5/1: 14, 6/1: 90, 8/2 and 12/3: 2; 7/2 and 11/3: none), in an order shuffled once; else None."""
    found = [frozenset((r, c) for r, m in enumerate(rows) for c in range(n) if m >> c & 1)
             for rows in islice(starts(n, stars, n), VARIETY + 1)]
    if len(found) > VARIETY:
        return None
    random.Random(f"starbattle layouts {n}/{stars}").shuffle(found)
    return found


@cache
def prefixes(n: int, stars: int) -> list[tuple[int, ...]]:
    """:data:`~gridlogic.core.generation.VARIETY` different first rows of placements: seed k's
    placements start with the (k mod 100)-th, so seeds less than 100 apart never share a solution.
    As many rows as give at least 300 different starts (three at 10/2), and the starts of free draws
    (:func:`random_solution`, a fixed RNG), the first 100 different ones: starts taken evenly from
    every possible one (corner stars as often as any) made 27 % of the draws at 10/2 Trial give a
    unique puzzle, against 32-33 % for free draws and for these (1,000 draws each)."""
    depth = 1
    while len(list(starts(n, stars, depth, whole=False))) < 3 * VARIETY:
        depth += 1
    rng = random.Random(f"starbattle prefixes {n}/{stars}")
    found: dict[tuple[int, ...], None] = {}
    for _ in range(20 * VARIETY):
        if len(found) == VARIETY:
            break
        sol = random_solution(n, stars, rng)
        found.setdefault(tuple(sum(1 << c for r, c in sol if r == i) for i in range(depth)))
    if len(found) < VARIETY:  # a safety net: free draws have always given 100 within the bound
        every = list(starts(n, stars, depth))
        rng.shuffle(every)
        found.update(dict.fromkeys(every[:VARIETY]))
    return list(found)[:VARIETY]


def seed_layout(n: int, stars: int, seed: int, rng: random.Random) -> frozenset[Cell]:
    """The solution of one of ``seed``'s candidates: up to :data:`CLASSED` a random one that starts
    with the seed's first rows (:func:`prefixes`) or, where a size has at most 100 placements, the
    seed's own of the list (seeds less than its length apart never share one); above
    :data:`CLASSED` any random one."""
    if n > CLASSED:
        return random_solution(n, stars, rng)
    listed = layouts_listed(n, stars)
    if listed is not None:
        return listed[seed % len(listed)]
    return random_solution(n, stars, rng, prefixes(n, stars)[seed % VARIETY])


# ----- 2. regions around it

def grow_regions(n: int, stars: int, solution: frozenset[Cell], rng: random.Random,
                 single_cells: bool = False, sigma: float = SIGMA, least: int = 2) -> list[int] | None:
    """Region of each cell (flat), each region holding exactly ``stars`` stars of ``solution``; None
    when a group of stars cannot be joined (the caller draws again). Regions smaller than ``least``
    cells grow first (``least`` 1 with ``single_cells``)."""
    g = grid(n, n)
    nbrs = g.neighbours4
    star_idx = {g.index(c) for c in solution}
    owner = next((o for o in (_group(n, stars, star_idx, nbrs, rng) for _ in range(GROUPINGS)) if o), None)
    if owner is None:
        return None
    frontier: list[set[int]] = [set() for _ in range(n)]
    size = [0] * n
    for i, o in enumerate(owner):
        if o >= 0:
            size[o] += 1
            frontier[o].update(j for j in nbrs[i] if owner[j] < 0)
    rate = [rng.lognormvariate(0.0, sigma) for _ in range(n)]
    left = owner.count(-1)
    while left:
        # a region smaller than ``least`` grows first (one cell: unless single cells are welcome)
        small = [k for k in range(n) if size[k] < least and frontier[k]] if not single_cells else []
        if small:
            reg = rng.choice(small)
        else:
            live = [k for k in range(n) if frontier[k]]
            reg = rng.choices(live, weights=[rate[k] for k in live])[0]
        options = sorted(frontier[reg])
        weights = [(1 + sum(owner[x] == reg for x in nbrs[j])) ** 3 for j in options]
        j = rng.choices(options, weights=weights)[0]
        owner[j] = reg
        size[reg] += 1
        left -= 1
        for f in frontier:
            f.discard(j)
        frontier[reg].update(x for x in nbrs[j] if owner[x] < 0)
    if not single_cells and min(size) == 1:
        return None
    return owner


def _group(n: int, stars: int, star_idx: set[int], nbrs: tuple[tuple[int, ...], ...],
           rng: random.Random) -> list[int] | None:
    """Stars grouped S by S into connected seeds of regions (a random star, then its nearest free
    stars, each joined by a shortest path of free empty cells); None if a group cannot be joined."""
    owner = [-1] * (n * n)
    free = sorted(star_idx)
    rng.shuffle(free)
    region = 0
    while free:
        first = free.pop()
        owner[first] = region
        group = [first]
        for _ in range(stars - 1):
            nxt = min(free, key=lambda j: (_dist(n, j, group), rng.random()))
            free.remove(nxt)
            if not _join(nbrs, owner, star_idx, region, nxt, rng):
                return None
            group.append(nxt)
        region += 1
    return owner


def _dist(n: int, j: int, group: list[int]) -> int:
    r, c = divmod(j, n)
    return min(abs(r - i // n) + abs(c - i % n) for i in group)


def _join(nbrs: tuple[tuple[int, ...], ...], owner: list[int], star_idx: set[int], region: int,
          target: int, rng: random.Random) -> bool:
    """Connect ``target`` to ``region`` by a shortest path of free non-star cells (BFS, random
    order of neighbours: one of the shortest paths at random)."""
    back = {target: target}
    queue = [target]
    for i in queue:
        near = list(nbrs[i])
        rng.shuffle(near)
        for j in near:
            if owner[j] == region:
                owner[i] = region
                while back[i] != i:
                    i = back[i]
                    owner[i] = region
                return True
            if j not in back and owner[j] < 0 and j not in star_idx:
                back[j] = i
                queue.append(j)
    return False


def cut_off(nbrs: tuple[tuple[int, ...], ...], owner: list[int], i: int, keep: set[int],
            least: int = 2) -> list[int] | None:
    """The cells that must leave ``i``'s region with ``i`` so that the rest stays connected and
    keeps every cell of ``keep`` (its stars of our solution): ``[i]`` when ``i`` is not a cut cell,
    more when it is; None when ``keep`` would be split, or fewer than ``least`` cells would stay."""
    reg = owner[i]
    pieces: list[set[int]] = []
    for start in nbrs[i]:
        if owner[start] != reg or any(start in p for p in pieces):
            continue
        seen = {start}
        stack = [start]
        while stack:
            a = stack.pop()
            for b in nbrs[a]:
                if owner[b] == reg and b != i and b not in seen:
                    seen.add(b)
                    stack.append(b)
        pieces.append(seen)
    kept = [p for p in pieces if p & keep]
    if len(kept) != 1 or len(kept[0]) < least:
        return None
    return [i, *sorted(x for p in pieces if p is not kept[0] for x in p)]


# ----- 3. uniqueness


class _Uniqueness:
    """One incremental solver: the (n, S) template, "not our solution", and each region's "exactly
    S" guarded by an activation literal (assumed while the region has that shape)."""

    def __init__(self, n: int, stars: int, ours: set[int]) -> None:
        t = exact.template(n, stars)
        self.n, self.stars = n, stars
        self.top = t.nvars
        self.solver = Solver(name="minicard", bootstrap_with=list(t.clauses))
        for lits, k in t.atmosts:
            self.solver.add_atmost(lits, k)
        self.solver.add_clause([-(i + 1) for i in sorted(ours)])
        self.guard: dict[int, int] = {}

    def close(self) -> None:
        self.solver.delete()

    def set_region(self, reg: int, cells: list[int]) -> None:
        """(Re)state region ``reg``: sum(cells) = S while its new guard is assumed."""
        self.top += 1
        gv = self.top
        m, s = len(cells), self.stars
        lits = [i + 1 for i in cells]
        self.solver.add_atmost([*lits, *[gv] * (m - s)], m)
        self.solver.add_atmost([*[-x for x in lits], *[gv] * s], m)
        old = self.guard.get(reg)
        if old is not None:
            self.solver.add_clause([-old])  # retire the old shape for good
        self.guard[reg] = gv

    def other(self) -> frozenset[int] | None:
        """Another solution (flat star cells), or None if ours is the only one."""
        if not self.solver.solve(assumptions=list(self.guard.values())):
            return None
        m = self.solver.get_model()
        assert m is not None
        return frozenset(v - 1 for v in m[:self.n * self.n] if v > 0)


def make_unique(n: int, stars: int, owner: list[int], solution: frozenset[Cell],
                rng: random.Random, least: int = 2) -> StarBattle | None:
    """Move cells between regions until ``solution`` is the only one (or give up: None)."""
    nbrs = grid(n, n).neighbours4
    ours = {r * n + c for r, c in solution}
    check = _Uniqueness(n, stars, ours)
    try:
        for reg in range(n):
            check.set_region(reg, [i for i in range(n * n) if owner[i] == reg])
        for _ in range(REFINE_STEPS):
            found = check.other()
            if found is None:
                puzzle = _puzzle(n, stars, owner)
                alt = [s for s in islice(exact.solutions(puzzle), 2) if s != solution]
                if not alt:
                    return puzzle
                found = frozenset(r * n + c for r, c in alt[0])  # never seen; kept as a safety net
            others = sorted(found - ours)
            move = _pick_move(nbrs, owner, others, ours, rng, least)
            refill: tuple[int, int] | None = None
            if move is None and least > 2:
                swap = _pick_swap(nbrs, owner, others, ours | found, ours, rng, least)
                if swap is not None:
                    move, refill = swap
            if move is None:
                return None
            part, target = move
            source = owner[part[0]]
            for i in part:
                owner[i] = target
            changed = {source, target}
            if refill is not None:
                cell, donor = refill
                owner[cell] = source
                changed.add(donor)
            for reg in sorted(changed):
                check.set_region(reg, [j for j in range(n * n) if owner[j] == reg])
        return None
    finally:
        check.close()


def _pick_move(nbrs: tuple[tuple[int, ...], ...], owner: list[int], cells: list[int], ours: set[int],
               rng: random.Random, least: int = 2) -> tuple[list[int], int] | None:
    """Cells to move to a new region (one cell of ``cells``, with what it cuts off if it holds its
    region together), preferring small moves that the new region surrounds most."""
    moves: list[tuple[float, int, int]] = []
    for i in cells:
        here = owner[i]
        for target in {owner[j] for j in nbrs[i]} - {here}:
            hug = sum(owner[j] == target for j in nbrs[i])
            moves.append((hug + rng.random() * 1.5, i, target))
    moves.sort(reverse=True)
    best: tuple[list[int], int] | None = None
    for _, i, target in moves:
        part = cut_off(nbrs, owner, i, ours, least)
        if part is not None and (best is None or len(part) < len(best[0])):
            best = (part, target)
            if len(part) == 1:
                break
    return best


def _pick_swap(nbrs: tuple[tuple[int, ...], ...], owner: list[int], cells: list[int], stars: set[int],
               ours: set[int], rng: random.Random, least: int) -> tuple[tuple[list[int], int], tuple[int, int]] | None:
    """When no move keeps its region at ``least`` cells (:func:`_pick_move`): a move that leaves its
    region one cell short, and a cell that refills it from a third region: ((cells, new region), (refill
    cell, its region)). The refill cell is no star of either solution (``stars``), so the other
    solution still dies; it is a plain border cell of its region (no cut cell, region kept at
    ``least``), next to what stays of the short region (which stays connected)."""
    moves = [(sum(owner[j] == target for j in nbrs[i]) + rng.random() * 1.5, i, target)
             for i in cells for target in sorted({owner[j] for j in nbrs[i]} - {owner[i]})]
    moves.sort(reverse=True)
    size: dict[int, int] = {}
    for o in owner:
        size[o] = size.get(o, 0) + 1
    for _, i, target in moves:
        source = owner[i]
        part = cut_off(nbrs, owner, i, ours, least - 1)
        if part is None or size[source] - len(part) != least - 1:
            continue
        left = {j for j in range(len(owner)) if owner[j] == source} - set(part)
        refills = sorted({k for j in left for k in nbrs[j]
                          if owner[k] != source and k not in part and k not in stars})
        rng.shuffle(refills)
        for k in refills:
            donor = owner[k]
            if donor == target:
                continue
            if size[donor] > least and cut_off(nbrs, owner, k, ours, least) == [k]:
                return (part, target), (k, donor)
    return None


def _puzzle(n: int, stars: int, owner: list[int]) -> StarBattle:
    return StarBattle.from_rows(stars, [owner[r * n:(r + 1) * n] for r in range(n)])


def unique_puzzle(n: int, stars: int, rng: random.Random, single_cells: bool = False,
                  sigma: float = SIGMA, least: int = 2, solution: frozenset[Cell] | None = None,
                  ) -> tuple[StarBattle, frozenset[Cell]] | None:
    """One random puzzle with a unique solution, ``solution`` (default: a random one), and no region
    smaller than ``least`` cells (None: this draw failed, draw again)."""
    least = 1 if single_cells else least
    if solution is None:
        solution = random_solution(n, stars, rng)
    owner = grow_regions(n, stars, solution, rng, single_cells, sigma, least)
    if owner is None:
        return None
    puzzle = make_unique(n, stars, owner, solution, rng, max(least, 2))
    if puzzle is None or min(len(u) for u in puzzle.units) < least:
        return None
    return puzzle, solution


# ----- 4. the asked grade


class _Screened(Exception):  # noqa: N818 - a signal: the run failed a screen
    """Raised inside the judging run when a screen fails (the rest of the run is skipped)."""


def judge(puzzle: StarBattle, target: int, tally: Tally,
          screens: tuple[tuple[int, float], ...] = (), budget: int | None = None) -> Grade | None:
    """One run of the rules capped at the target decides a candidate: the grade when it is on
    target, else None (counted in ``tally`` as ``<Level`` too easy, ``>Level`` too hard, ``<Level
    screened``; a hit under its level).

    - Solved with a step at the target's level is on target: the engine tries rules cheapest level
      first and restarts after every step, so capped one level below the same run is stuck at that
      step, and ``grade``, the lowest cap that solves, is the target (docs/architecture.md); solved
      below the target is too easy, stuck too hard.
    - By the same property, the state of this run when it first takes a step above level L is where
      a run capped at L is stuck. ``screens`` (level L, share) ask that a run capped at L leaves at
      least that share of the cells unknown; as cells only get known, a screen fails as soon as the
      run is below the share before its first step above L (and a run that solves below L fails
      too: it never reaches the target). So the screens cost nothing but the steps before them.
    - ``budget`` bounds the trial search's work over the whole run (``rules.trial.Budget``: rule
      sweeps, not seconds, so the verdict does not depend on the machine); a candidate that spends
      it is dropped (``>Level budget``). It stops candidates whose trial search would run for
      minutes; it changes no step of the runs it lets finish.
    """
    from gridlogic.puzzles.starbattle import rules
    from gridlogic.puzzles.starbattle.rules.trial import Budget, OutOfBudget, limited

    state = rules.State.start(puzzle)
    floor = [(level, share * puzzle.n * puzzle.n) for level, share in screens]
    top = [0]

    def watch(step: Step) -> None:
        left = state.unknown.bit_count()
        if any(top[0] <= level and left < need for level, need in floor):
            raise _Screened
        top[0] = max(top[0], step.level)

    name = rules.LEVELS[target]
    try:
        with limited(Budget(budget)) if budget is not None else nullcontext():
            out = run(state, rules.rules(target), max_steps=RUN_STEPS, on_step=watch)
    except _Screened:
        tally.grades[f"<{name} screened"] += 1
        return None
    except OutOfBudget:
        tally.grades[f">{name} budget"] += 1
        return None
    if out.status == "solved" and out.level == target:
        tally.grades[name] += 1
        return Grade(out.level, name, out.hardest_rule)
    tally.grades[f"<{name}" if out.status == "solved" else f">{name}"] += 1
    return None


def requirable(technique: str) -> int:
    """The level of the production rule ``technique`` (an id of ``rules.techniques``: R4.1, R6.2,
    Entanglement, Placements, ...); ValidationError for Trial, the uniqueness rules or an unknown id."""
    from gridlogic.puzzles.starbattle.rules.catalog import PRODUCTION

    levels = [r.level for r in PRODUCTION if r.id == technique]
    if not levels:
        ids = sorted({r.id for r in PRODUCTION}, key=lambda t: (not t.startswith("R"), t))
        raise ValidationError(f"--requires {technique!r}: not a production rule ({', '.join(ids)})")
    return min(levels)


def needs_technique(puzzle: StarBattle, technique: str, tally: Tally) -> Grade | None:
    """The puzzle's grade when the rules up to the level of ``technique`` (no Trial) solve it with a
    step of ``technique`` and are stuck without that rule (every form of its id); else None (counted
    as "no <T>", "not solved" or "<T> not needed" in ``tally``). Capped at T's level because the
    rules overlap: with every harder rule allowed almost nothing needs one given rule."""
    from gridlogic.puzzles.starbattle import rules

    allowed = rules.rules(requirable(technique))
    out = run(rules.State.start(puzzle), allowed, max_steps=RUN_STEPS)
    if out.status != "solved":
        tally.grades["not solved"] += 1
        return None
    if all(s.rule != technique for s in out.steps):
        tally.grades[f"no {technique}"] += 1
        return None
    without = run(rules.State.start(puzzle), [r for r in allowed if r.id != technique], max_steps=RUN_STEPS)
    if without.status == "solved":
        tally.grades[f"{technique} not needed"] += 1
        return None
    tally.grades[f"needs {technique}"] += 1
    return Grade(out.level, rules.LEVELS[out.level], out.hardest_rule)


def generate(*, size: str | None, stars: int | None, difficulty: str | None, seed: int,
             options: Options | None = None) -> Generated:
    """A puzzle with a unique solution, exactly at ``difficulty`` when one is given (graded anyway
    when the rules are available)."""
    from gridlogic.puzzles.starbattle.kind import KIND

    opts = options or {}
    n = parse_size(size)
    s = stars if stars is not None else default_stars(n)
    if not 1 <= s <= max_stars(n):
        raise ValidationError(f"{s} stars per row cannot fit on a {n}x{n} board (1..{max_stars(n)})")
    if not has_layout(n, s):
        raise GenerationFailed(f"no {n}x{n} board holds {s} stars in every row and column without two touching")
    levels = tuple(KIND.levels)
    target = target_level(difficulty, levels, 0, levels.index("Trial")) if difficulty is not None else None
    technique = opts.get("requires")
    if technique is not None:
        if target is not None:
            raise ValidationError("--requires and --difficulty cannot be used together")
        return _requiring(n, s, str(technique), seed, opts)
    single = bool(opts.get("single_cells", False))
    progress = progress_of(opts)
    sigma = SIGMA if target is None else SIGMAS.get(n, SIGMAS[0])[target]
    least = 2 if target is None else max(2, round(LEAST.get(n, LEAST[0])[target] * n))
    trial = target == levels.index("Trial")
    screens = SCREENS.get(n, ()) if trial else ()
    budget = TRIAL_BUDGET.get(n) if trial else None
    rng = seeded("starbattle", n, s, target, single, seed)
    place = seed + LEVEL_SHIFT * (0 if target is None else target + 1)  # other first rows at another level
    tally = tally_of(options)
    allowance = Allowance(opts)
    what = f"{n}x{n} {s}-star" + (f" {levels[target]}" if target is not None else "")
    while allowance.more(tally.draws):
        tally.draws += 1
        found = unique_puzzle(n, s, rng, single, sigma, least, seed_layout(n, s, place, rng))
        if found is None:
            continue
        puzzle, solution = found
        tally.candidates += 1
        if target is None:
            return Generated(puzzle, KIND.grade(puzzle) if levels else None, solution)
        grade = judge(puzzle, target, tally, screens, budget)
        if grade is not None:
            return Generated(puzzle, grade, solution)
        if progress is not None:
            progress(f"{what}: {tally.summary()}")
    raise GenerationFailed(f"no {what} puzzle found in {allowance.said()} (seed {seed}): {tally.summary()}")


def _requiring(n: int, s: int, technique: str, seed: int, opts: Options) -> Generated:
    """``generate --requires T``: candidates drawn with the region sizes of T's level until one is
    solved with T and stuck without it (:func:`needs_technique`)."""
    level = requirable(technique)
    single = bool(opts.get("single_cells", False))
    rng = seeded("starbattle", n, s, f"requires {technique}", single, seed)
    sigma = SIGMAS.get(n, SIGMAS[0])[level]
    tally = tally_of(opts)
    allowance = Allowance(opts)
    progress = progress_of(opts)
    what = f"{n}x{n} {s}-star puzzle needing {technique}"
    while allowance.more(tally.draws):
        tally.draws += 1
        found = unique_puzzle(n, s, rng, single, sigma, 2, seed_layout(n, s, seed + LEVEL_SHIFT * 7, rng))
        if found is None:
            continue
        puzzle, solution = found
        tally.candidates += 1
        grade = needs_technique(puzzle, technique, tally)
        if grade is not None:
            return Generated(puzzle, grade, solution)
        if progress is not None:
            progress(f"{what}: {tally.summary()}")
    raise GenerationFailed(f"no {what} found in {allowance.said()} (seed {seed}): {tally.summary()}")
