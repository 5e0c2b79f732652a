"""Step 1 of the generator (:mod:`gridlogic.puzzles.starbattle.generate`): the future solution, a
random star placement. The (n, S) template without regions, with stars assumed at random cells
(each kept only if the template stays satisfiable) until half are placed; the SAT solver completes
the rest. Up to :data:`CLASSED` (12x12), where placements are few, every placement of a seed starts
with the seed's own first rows, so seeds less than 100 apart never share a solution
(:func:`seed_layout`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import nullcontext
from functools import cache
from itertools import islice

from pysat.solvers import Solver

from gridlogic.core.generation import VARIETY
from gridlogic.core.grid import Cell, grid
from gridlogic.puzzles.starbattle import exact

CLASSED = 12
"""Boards up to this size, where star placements are few (10/2 has 146,510, 8/1 5,242, so 100 free
draws repeat one with probability ~4 % and ~64 %; benchmarks/sb_layouts.py), start a seed's
placements with the seed's own first rows, or take the seed's own placement where there are at most
100 (:func:`seed_layout`); bigger boards have billions."""


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
