"""A seeded Star Battle generator that hits the asked grade exactly (steps 1 and 2-3 in
:mod:`~gridlogic.puzzles.starbattle.layouts` and :mod:`~gridlogic.puzzles.starbattle.regions`).

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

import re
from contextlib import nullcontext

from gridlogic.core.engine import run
from gridlogic.core.errors import GenerationFailed, ParseError, ValidationError
from gridlogic.core.generation import LEVEL_SHIFT, Allowance, Tally, progress_of, seeded, tally_of, target_level
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade, Step
from gridlogic.puzzles.starbattle.explain import RUN_STEPS, grade
from gridlogic.puzzles.starbattle.formats.picture import default_stars
from gridlogic.puzzles.starbattle.layouts import has_layout, seed_layout
from gridlogic.puzzles.starbattle.levels import LEVELS, TRIAL
from gridlogic.puzzles.starbattle.model import MAX_SIZE, StarBattle, max_stars
from gridlogic.puzzles.starbattle.regions import SIGMA, unique_puzzle
from gridlogic.puzzles.starbattle.requires import requirable, requiring
from gridlogic.puzzles.starbattle.rules import rules
from gridlogic.puzzles.starbattle.rules.hypothesis import Budget, OutOfBudget, limited
from gridlogic.puzzles.starbattle.rules.state import State

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

TRIAL_BUDGET: dict[int, int] = {21: 15_000, 25: 25_000}
"""Trial candidates by board size: the most work (``rules.hypothesis.Budget`` units: rule sweeps
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
    - ``budget`` bounds the trial search's work over the whole run (``rules.hypothesis.Budget``: rule
      sweeps, not seconds, so the verdict does not depend on the machine); a candidate that spends
      it is dropped (``>Level budget``). It stops candidates whose trial search would run for
      minutes; it changes no step of the runs it lets finish.
    """
    state = State.start(puzzle)
    floor = [(level, share * puzzle.n * puzzle.n) for level, share in screens]
    top = [0]

    def watch(step: Step) -> None:
        left = state.unknown.bit_count()
        if any(top[0] <= level and left < need for level, need in floor):
            raise _Screened
        top[0] = max(top[0], step.level)

    name = LEVELS[target]
    try:
        with limited(Budget(budget)) if budget is not None else nullcontext():
            out = run(state, rules(target), max_steps=RUN_STEPS, on_step=watch)
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


def generate(*, size: str | None, stars: int | None, difficulty: str | None, seed: int,
             options: Options | None = None) -> Generated:
    """A puzzle with a unique solution, exactly at ``difficulty`` when one is given (graded anyway
    when the rules are available)."""
    opts = options or {}
    n = parse_size(size)
    s = stars if stars is not None else default_stars(n)
    if not 1 <= s <= max_stars(n):
        raise ValidationError(f"{s} stars per row cannot fit on a {n}x{n} board (1..{max_stars(n)})")
    if not has_layout(n, s):
        raise GenerationFailed(f"no {n}x{n} board holds {s} stars in every row and column without two touching")
    target = target_level(difficulty, LEVELS, 0, TRIAL) if difficulty is not None else None
    technique = opts.get("requires")
    if technique is not None:
        if target is not None:
            raise ValidationError("--requires and --difficulty cannot be used together")
        level = requirable(str(technique), bool(opts.get("allow_uniqueness", False)))
        return requiring(n, s, str(technique), seed, opts, SIGMAS.get(n, SIGMAS[0])[level])
    single = bool(opts.get("single_cells", False))
    progress = progress_of(opts)
    sigma = SIGMA if target is None else SIGMAS.get(n, SIGMAS[0])[target]
    least = 2 if target is None else max(2, round(LEAST.get(n, LEAST[0])[target] * n))
    trial = target == TRIAL
    screens = SCREENS.get(n, ()) if trial else ()
    budget = TRIAL_BUDGET.get(n) if trial else None
    rng = seeded("starbattle", n, s, target, single, seed)
    place = seed + LEVEL_SHIFT * (0 if target is None else target + 1)  # other first rows at another level
    tally = tally_of(options)
    allowance = Allowance(opts)
    what = f"{n}x{n} {s}-star" + (f" {LEVELS[target]}" if target is not None else "")
    while allowance.more(tally.draws):
        tally.draws += 1
        found = unique_puzzle(n, s, rng, single, sigma, least, seed_layout(n, s, place, rng))
        if found is None:
            continue
        puzzle, solution = found
        tally.candidates += 1
        if target is None:
            return Generated(puzzle, grade(puzzle), solution)
        got = judge(puzzle, target, tally, screens, budget)
        if got is not None:
            return Generated(puzzle, got, solution)
        if progress is not None:
            progress(f"{what}: {tally.summary()}")
    raise GenerationFailed(f"no {what} puzzle found in {allowance.said()} (seed {seed}): {tally.summary()}")
