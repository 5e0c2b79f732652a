"""Generating Str8ts with a unique solution at a target level.

A random 180-degree-symmetric black pattern; a solved grid from the SAT solver steered by a few
random assumptions; a few black cells get a digit their row and column lack; then white givens are
removed in random order while the solution stays unique. If the puzzle grades above the target,
givens of the solution are put back until it does not; below the target, try again.
"""

from __future__ import annotations

from itertools import islice
from random import Random

from gridlogic.core.errors import GridlogicError
from gridlogic.core.registry import Generated
from gridlogic.core.step import Grade
from gridlogic.puzzles.str8ts import exact_sat
from gridlogic.puzzles.str8ts.explain import explain, grade
from gridlogic.puzzles.str8ts.model import Str8ts

ATTEMPTS = 30


def unique(p: Str8ts) -> bool:
    return len(list(islice(exact_sat.solutions(p), 2))) == 1


def black_pattern(n: int, rng: Random) -> tuple[bool, ...]:
    """About a fifth of the cells black, symmetric under a half turn."""
    black = [False] * (n * n)
    target = round(n * n * rng.uniform(0.16, 0.26))
    while sum(black) < target:
        i = rng.randrange(n * n)
        black[i] = black[n * n - 1 - i] = True
    return tuple(black)


def solved_grid(n: int, rng: Random) -> Str8ts | None:
    """A pattern and a full solution as white givens (None if the random choices fail)."""
    black = black_pattern(n, rng)
    empty = Str8ts(n, black, (0,) * (n * n))
    white = list(empty.white)
    picks = rng.sample(white, min(3, len(white)))
    assume = tuple(exact_sat.var(empty, i, rng.randint(1, n)) for i in picks)
    sol = next(exact_sat.solutions(empty, assume), None)
    if sol is None:
        return None
    givens = list(sol)
    for i in range(n * n):
        if black[i] and rng.random() < 0.35:
            r, c = divmod(i, n)
            used = {givens[r * n + k] for k in range(n)} | {givens[k * n + c] for k in range(n)}
            free = [d for d in range(1, n + 1) if d not in used]
            if free:
                givens[i] = rng.choice(free)
    return Str8ts(n, black, tuple(givens))


def with_givens(p: Str8ts, givens: list[int]) -> Str8ts:
    return Str8ts(p.n, p.black, tuple(givens), p.name)


def minimise(full: Str8ts, rng: Random) -> Str8ts:
    """Remove white givens, in random order, while the solution stays unique."""
    givens = list(full.givens)
    order = list(full.white)
    rng.shuffle(order)
    for i in order:
        keep = givens[i]
        givens[i] = 0
        if not unique(with_givens(full, givens)):
            givens[i] = keep
    return with_givens(full, givens)


def ease(p: Str8ts, full: Str8ts, level: int, rng: Random) -> Str8ts:
    """Put givens of the solution back until the human solver needs no level above ``level``."""
    givens = list(p.givens)
    missing = [i for i in p.white if not givens[i]]
    rng.shuffle(missing)
    for i in missing:
        if explain(with_givens(full, givens), level).status == "solved":
            break
        givens[i] = full.givens[i]
    return with_givens(full, givens)


def generate(n: int, level: int | None, seed: int) -> Generated:
    if not 4 <= n <= 9:
        raise GridlogicError(f"str8ts size {n} is outside 4..9")
    best: tuple[Str8ts, Grade, Str8ts] | None = None
    for attempt in range(ATTEMPTS):
        rng = Random(seed * 1009 + attempt)
        full = solved_grid(n, rng)
        if full is None:
            continue
        p = minimise(full, rng)
        g = grade(p)
        if level is not None and g.level > level:
            p = ease(p, full, level, rng)
            g = grade(p)
        if best is None or level is None or abs(g.level - level) < abs(best[1].level - level):
            best = (p, g, full)
        if level is None or g.level == level:
            break
    if best is None:
        raise GridlogicError("could not generate a str8ts puzzle; try another seed")
    p, g, full = best
    solution = tuple(0 if p.black[i] else full.givens[i] for i in range(p.size))
    return Generated(p, g, solution)
