"""Generating Str8ts with a unique solution exactly at a target level.

A random 180-degree-symmetric black pattern with as many black cells as curated puzzles have
(18-22 of 81, scaled to the board); a solved grid from the SAT solver steered by a few random
assumptions; 4-7 black cells (scaled) get a digit their row and column lack; then white givens are
removed in random order while the solution stays unique (one incremental SAT solver per pattern
answers all of that). Then one run of the rules capped at the target: rules are tried cheapest level
first, so a run that solves with hardest level L is the run of every cap from L up (capped at L-1 it
is stuck, the grade is L). A candidate solved below the target is rejected; one the capped rules are
stuck on goes on from where they stopped with one more given of the solution, and is then solved
afresh. Otherwise the next candidate: another minimal puzzle of the same grid (another removal
order, up to ``MINIMISED``), or a new pattern once a candidate falls two levels short of the
target; until the time limit (then a negative answer). The RNG is seeded by size, level and seed.
"""

from __future__ import annotations

from random import Random

from gridlogic.core.engine import Run, run
from gridlogic.core.errors import GenerationFailed, GridlogicError
from gridlogic.core.generation import Allowance, Tally, progress_of, seeded, tally_of
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade
from gridlogic.puzzles.str8ts.exact import sat as exact_sat
from gridlogic.puzzles.str8ts.explain import grade
from gridlogic.puzzles.str8ts.levels import LEVELS
from gridlogic.puzzles.str8ts.model import Solution, Str8ts
from gridlogic.puzzles.str8ts.rules import TECHNIQUES, State

BLACKS = (18, 22)
"""Black cells of curated 9x9 puzzles (corpus sources other than the weekly jamesaustin set: medians
18-22); the symmetric pattern may overshoot by one."""
BLACK_CLUES = (4, 7)
MINIMISED = 8
"""The candidates one solved grid gives at most (minimal puzzles from different random removal
orders: an extreme candidate of a grid whose first candidate was diabolical is about twice as likely
as one of a fresh grid, and costs no new pattern, encoding or grid)."""
GRID_CONFLICTS = 10_000
"""The SAT conflicts a solved grid may take per try (a count, not a time: the same seed gives the
same puzzle on every machine)."""


class PatternSat:
    """One incremental SAT solver per black pattern, for a whole candidate: the encoding of the
    empty pattern gives a solved grid (under random assumptions); then the black clues (their
    digits leave their lines) and one clause "some white cell differs from the grid" are added, and
    each uniqueness question assumes the white givens (unsatisfiable = unique)."""

    def __init__(self, empty: Str8ts) -> None:
        self.empty = empty
        model, self.cells = exact_sat.encode(empty)
        self.solver = model.solver(exact_sat.SOLVER)
        self.full: Str8ts | None = None

    def __enter__(self) -> PatternSat:
        return self

    def __exit__(self, *_: object) -> None:
        self.solver.delete()

    def grid(self, assume: list[int]) -> Solution | None:
        """A solution under the first ``k`` assumptions, for the largest ``k`` that allows one (None
        when none is found within ``GRID_CONFLICTS`` conflicts a try: a pattern with no solution
        can take the solver seconds to prove so; the next pattern is cheaper)."""
        for k in range(len(assume), -1, -1):
            self.solver.conf_budget(GRID_CONFLICTS)
            if self.solver.solve_limited(assumptions=assume[:k]):
                model = self.solver.get_model()
                assert model is not None
                return exact_sat.decode(self.empty, frozenset(v for v in self.cells if model[v - 1] > 0))
        return None

    def settle(self, full: Str8ts) -> None:
        """From now on: ``full``'s black clues hold and solutions other than ``full`` are asked for."""
        p, var = self.empty, exact_sat.var
        for i in range(p.size):
            if p.black[i] and full.givens[i]:
                self.solver.append_formula([[-var(p, j, full.givens[i])] for j in p.peers(i) if not p.black[j]])
        self.solver.add_clause([-var(p, i, full.givens[i]) for i in p.white])
        self.full = full

    def unique(self, givens: list[int]) -> bool:
        p, var = self.empty, exact_sat.var
        return not self.solver.solve(assumptions=[var(p, i, givens[i]) for i in p.white if givens[i]])


def black_pattern(n: int, rng: Random) -> tuple[bool, ...]:
    """Black cells as many as curated puzzles have, symmetric under a half turn."""
    black = [False] * (n * n)
    target = round(n * n * rng.randint(*BLACKS) / 81)
    while sum(black) < target:
        i = rng.randrange(n * n)
        black[i] = black[n * n - 1 - i] = True
    return tuple(black)


def solved_grid(n: int, rng: Random, sat: PatternSat) -> Str8ts | None:
    """A full solution of ``sat``'s pattern as white givens, with black clues (None if the pattern
    has no solution at all)."""
    empty = sat.empty
    black = empty.black
    white = list(empty.white)
    picks = rng.sample(white, min(3, len(white)))
    sol = sat.grid([exact_sat.var(empty, i, rng.randint(1, n)) for i in picks])
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
    full = Str8ts(n, black, tuple(givens))
    sat.settle(full)
    return full


def with_givens(p: Str8ts, givens: list[int]) -> Str8ts:
    return Str8ts(p.n, p.black, tuple(givens), p.name)


def minimise(full: Str8ts, rng: Random, sat: PatternSat) -> Str8ts:
    """Remove white givens, in random order, while the solution stays unique (``sat`` settled on
    ``full``)."""
    givens = list(full.givens)
    order = list(full.white)
    rng.shuffle(order)
    for i in order:
        keep = givens[i]
        givens[i] = 0
        if not sat.unique(givens):
            givens[i] = keep
    return with_givens(full, givens)


RULES = tuple(t for t in TECHNIQUES if t.id not in ("StraightChain", "BoundedContradiction"))
"""The rules a candidate is solved with: all but the extreme level's last two, StraightChain and
the bounded contradiction search (tried only where ForcingChain finds nothing, and by far the
slowest: a failing scan of either on a stuck board costs more than a new given). They come last in
the table, so a run with these rules that solves the puzzle is step for step the run with every
rule; a board where they are stuck gets one more given instead. So extreme puzzles come out
solvable by ForcingChain."""


def at_level(p: Str8ts, full: Str8ts, level: int, rng: Random) -> tuple[Str8ts, Run] | None:
    """``p`` with givens of the solution put back until the rules capped at ``level`` solve it, and
    the hardest level that solve used (None if ``p`` itself turns out unsolvable, which a unique
    puzzle and sound rules never are). Rules are tried cheapest level first, so a capped run that
    solves with hardest level L is the run of every cap from L up: capped below L it is stuck, and
    the grade is L. A stuck run goes on from where it stopped with one more given (a cell the rules
    have not placed); the result is then solved afresh, the only run whose level counts."""
    givens = list(p.givens)
    missing = [i for i in p.white if not givens[i]]
    rng.shuffle(missing)
    while True:
        q = with_givens(full, givens)
        s = State.start(q)
        out = run(s, RULES, level)
        if out.status == "solved":
            return q, out
        while out.status == "stuck":
            open_ = [i for i in missing if not s.placed[i]]
            if not open_:
                return None
            i = open_[0]
            missing.remove(i)
            givens[i] = full.givens[i]
            s.board.fix(i, givens[i] - 1)
            s.placed[i] = True
            out = run(s, RULES, level)
        if out.status != "solved":
            return None


def judged(p: Str8ts, full: Str8ts, level: int | None, rng: Random, tally: Tally) -> tuple[Str8ts, int, Grade | None]:
    """A candidate as :func:`generate` keeps it (``at_level`` may give it more givens), the level it
    solves at, and its grade when that is the target (any grade with no target)."""
    if level is None:
        g = grade(p)
        return p, g.level, g
    found = at_level(p, full, level, rng)
    if found is None:
        return p, -1, None
    p, out = found
    tally.grades[LEVELS[out.level] if out.level == level else f"<{LEVELS[level]}"] += 1
    return p, out.level, Grade(level, LEVELS[level], out.hardest_rule) if out.level == level else None


def generate(n: int, level: int | None, seed: int, options: Options | None = None) -> Generated:
    """A unique puzzle, exactly at ``level`` when one is given (graded anyway)."""

    if not 4 <= n <= 9:
        raise GridlogicError(f"str8ts size {n} is outside 4..9")
    rng = seeded("str8ts", n, level, seed)
    progress = progress_of(options)
    tally = tally_of(options)
    allowance = Allowance(options)
    while allowance.more(tally.draws):
        tally.draws += 1
        with PatternSat(Str8ts(n, black_pattern(n, rng), (0,) * (n * n))) as sat:
            full = solved_grid(n, rng, sat)
            if full is None:
                continue
            for _ in range(MINIMISED):
                if not allowance.more(tally.candidates):
                    break
                tally.candidates += 1
                p, got, g = judged(minimise(full, rng, sat), full, level, rng, tally)
                if g is not None:
                    solution = tuple(0 if p.black[i] else full.givens[i] for i in range(p.size))
                    return Generated(p, g, solution)
                if progress is not None:
                    progress(f"{n}x{n} {LEVELS[level or 0]}: {tally.summary()}")
                if level is None or got < level - 1:
                    break  # two levels short: this grid's other minimal puzzles rarely do better
    what = f"{n}x{n}" + (f" {LEVELS[level]}" if level is not None else "")
    raise GenerationFailed(f"no {what} str8ts found in {allowance.said()} (seed {seed}): {tally.summary()}")
