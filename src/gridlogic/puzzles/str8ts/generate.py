"""Generating Str8ts with a unique solution exactly at a target level.

A random 180-degree-symmetric black pattern with as many black cells as curated puzzles have
(18-22 of 81, scaled to the board); a solved grid from the SAT solver steered by a few random
assumptions; 4-7 black cells (scaled) get a digit their row and column lack; then white givens are
removed in random order while the solution stays unique. If the puzzle grades above the target,
givens of the solution are put back until the rules capped at the target solve it. It is kept only
if the rules capped at the target solve it, capped one level below they are stuck, and the grade
says the target; otherwise the next attempt, until the time limit (then a negative answer). The RNG
is seeded by size, level and seed.
"""

from __future__ import annotations

from itertools import islice
from random import Random

from gridlogic.core.errors import GenerationFailed, GridlogicError
from gridlogic.core.generation import Allowance, on_target, progress_of, seeded, tally_of
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade
from gridlogic.puzzles.str8ts import exact_sat
from gridlogic.puzzles.str8ts.explain import explain, grade
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import LEVELS

BLACKS = (18, 22)
"""Black cells of curated 9x9 puzzles (corpus sources other than the weekly jamesaustin set: medians
18-22); the symmetric pattern may overshoot by one."""
BLACK_CLUES = (4, 7)


def unique(p: Str8ts) -> bool:
    return len(list(islice(exact_sat.solutions(p), 2))) == 1


def black_pattern(n: int, rng: Random) -> tuple[bool, ...]:
    """Black cells as many as curated puzzles have, symmetric under a half turn."""
    black = [False] * (n * n)
    target = round(n * n * rng.randint(*BLACKS) / 81)
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
    blacks = [i for i in range(n * n) if black[i]]
    rng.shuffle(blacks)
    clues = round(rng.randint(*BLACK_CLUES) * n * n / 81)
    for i in blacks:
        if clues == 0:
            break
        r, c = divmod(i, n)
        used = {givens[r * n + k] for k in range(n)} | {givens[k * n + c] for k in range(n)}
        free = [d for d in range(1, n + 1) if d not in used]
        if free:
            givens[i] = rng.choice(free)
            clues -= 1
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
    """Put givens of the solution back until the human solver needs no level above ``level``
    (the result is solved by the rules capped at ``level``)."""
    givens = list(p.givens)
    missing = [i for i in p.white if not givens[i]]
    rng.shuffle(missing)
    for i in missing:
        if explain(with_givens(full, givens), level).status == "solved":
            return with_givens(full, givens)
        givens[i] = full.givens[i]
    return full


def generate(n: int, level: int | None, seed: int, options: Options | None = None) -> Generated:
    """A unique puzzle, exactly at ``level`` when one is given (graded anyway)."""
    from gridlogic.puzzles.str8ts.kind import KIND

    if not 4 <= n <= 9:
        raise GridlogicError(f"str8ts size {n} is outside 4..9")
    rng = seeded("str8ts", n, level, seed)
    progress = progress_of(options)
    tally = tally_of(options)
    allowance = Allowance(options)
    while allowance.more(tally.draws):
        tally.draws += 1
        full = solved_grid(n, rng)
        if full is None:
            continue
        p = minimise(full, rng)
        tally.candidates += 1
        if level is None:
            g: Grade | None = grade(p)
        else:  # (the rules capped at the level are much cheaper than an uncapped grade)
            p = ease(p, full, level, rng)
            g = on_target(KIND, p, level, tally, solved_at_target=True)
        if g is not None:
            solution = tuple(0 if p.black[i] else full.givens[i] for i in range(p.size))
            return Generated(p, g, solution)
        if progress is not None:
            progress(f"{n}x{n} {LEVELS[level or 0]}: {tally.summary()}")
    what = f"{n}x{n}" + (f" {LEVELS[level]}" if level is not None else "")
    raise GenerationFailed(f"no {what} str8ts found in {allowance.said()} (seed {seed}): {tally.summary()}")
