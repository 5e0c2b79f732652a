"""Steps 2 and 3 of the generator (:mod:`gridlogic.puzzles.starbattle.generate`): regions grown at
random around a star placement, then moved until that placement is the only solution.

2. The stars grouped S by S (a random star and its nearest free ones, joined by a shortest path of
   empty cells), then each region grows at its own random rate (uneven sizes, as published puzzles
   have), preferring frontier cells with more neighbours already in the region (compact shapes, no
   long one-cell-wide snakes). No region stays a single cell unless asked.
3. Uniqueness by one incremental SAT solver that forbids our solution: while it finds another
   solution, move one of that solution's stars that is not ours into a neighbouring region (keeping
   the region connected): that solution dies, ours survives. With a smallest region size a move
   that would leave its region one cell short takes a border cell of a third region with it (a
   swap) when no plain move is left. Region constraints are guarded by activation literals, so a
   move swaps the regions' constraints and keeps everything learnt. The exact solver confirms the
   result.
"""

from __future__ import annotations

import random
from itertools import islice

from pysat.solvers import Solver

from gridlogic.core.grid import Cell, grid
from gridlogic.puzzles.starbattle import exact
from gridlogic.puzzles.starbattle.layouts import random_solution
from gridlogic.puzzles.starbattle.model import StarBattle

REFINE_STEPS = 250
"""Uniqueness moves per candidate before it is given up: of 190 candidates made unique at 10/2 with
no region under 6 cells the 99th percentile needed 190 moves, the most 242 (10/2 without the bound:
102 and 260; 14/3, 21/5, 25/6: at most 89); draws that reach the bound almost always cycle, and
were 27 % of the drawing time at 400."""
GROUPINGS = 20
"""Tries at grouping the stars into joinable seeds of regions before a draw is given up."""
SIGMA = 0.9
"""Spread of the regions' growth rates (log-normal): larger, more uneven region sizes."""


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
