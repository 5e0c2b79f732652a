"""``generate starbattle --requires T`` ("teach me T"): a puzzle whose solve by the rules up to T's
level needs T: at some point the rules short of T are stuck, and T takes the next step. In order of
strength (the generator returns the strongest it finds; :data:`PATIENCE`):

1. **strict**: every rule up to T's level less T (every form of its id), run from the start, is stuck,
   and T takes the next step. No other rule of the learner's level stands in for T anywhere.
2. **before**: the rules before T in the engine's order (every lower level, and T's level up to T),
   run from the start, are stuck, and T takes the next step. Where a later rule of T's own level
   would also do T's work (R4.4's cross-region exclusion does most of R4.1's), this is how a puzzle
   teaches T: it is the first thing the learner's easier rules cannot do.
3. **at a point**: the rules before T are stuck somewhere in the solve, and T takes the step there
   (the engine's capped solve takes a step of T). The trivial marks (R2.1 Row Forced fires only once
   other rules have marked a row) are needed in this sense.

In every case the rules up to T's level (with ``allow_uniqueness`` for the uniqueness rules R7.x,
over the production rules up to :data:`UNIQUENESS_CAP`) finish the puzzle, and the engine's own solve
capped at T's level takes a step of T. The rules are the engine's own
(:mod:`gridlogic.puzzles.starbattle.rules`), never a copy.
"""

from __future__ import annotations

from gridlogic.core.engine import Rule, run
from gridlogic.core.errors import GenerationFailed, ValidationError
from gridlogic.core.generation import LEVEL_SHIFT, Allowance, Tally, progress_of, seeded, tally_of
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade, Step
from gridlogic.puzzles.starbattle.explain import RUN_STEPS
from gridlogic.puzzles.starbattle.layouts import seed_layout
from gridlogic.puzzles.starbattle.levels import LEVELS, MEDIUM
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.regions import unique_puzzle
from gridlogic.puzzles.starbattle.rules import PRODUCTION, UNIQUENESS_RULES, level_of, rules
from gridlogic.puzzles.starbattle.rules.state import State

SENSES = ("strict", "before", "at a point")
"""The senses in which a puzzle needs T, strongest first (module docstring)."""
PATIENCE = 50
"""Candidates drawn while looking for a strict puzzle before the strongest other one found is taken:
at 10x10/2 a strict R1.4 turns up in 3 % of candidates, R4.8 in 1 %, and a candidate costs 10-25 ms."""

UNIQUENESS_CAP = MEDIUM
"""The production rules a uniqueness rule is required over: those of the guide's section 1 (trivial marks
to pressured exclusion), which its section 3 follows. At 10x10/2, of 150 candidates with the spread of
that level, 8 need R7.1 and 5 R7.2 over the rules up to medium; over those up to hard 2 and 0, up to
expert 0 and 1 of 100."""


def requirable(technique: str, allow_uniqueness: bool = False) -> int:
    """The level whose rules ``technique`` is required over: its own for a production rule (an id of
    ``rules.CATALOG``: R4.1, R6.2, Entanglement, Placements, ...), :data:`UNIQUENESS_CAP` for a
    uniqueness rule with ``allow_uniqueness``; ValidationError for Trial, a uniqueness rule without it
    or an unknown id."""
    if technique in {r.id for r in UNIQUENESS_RULES}:
        if not allow_uniqueness:
            raise ValidationError(f"--requires {technique!r} assumes a unique solution: add --allow-uniqueness")
        return UNIQUENESS_CAP
    level = level_of(technique)
    if level is None:
        ids = sorted({r.id for r in (*PRODUCTION, *UNIQUENESS_RULES)}, key=lambda t: (not t.startswith("R"), t))
        raise ValidationError(f"--requires {technique!r}: not a production rule ({', '.join(ids)})")
    return level


ONE_STAR: dict[str, str] = {
    "R3.3": "at 1 star covers a unit's candidates with one 2x2, whose other cells R3.1 empties (and a lone "
            "candidate R2.1-R2.3 place) before it",
    "R3.4": "at 1 star marks a 1xn holding all its region's candidates in one cell, which R2.3 places first",
    "R3.6": "at 1 star bounds a region whose 1xn holds all its candidates: nothing is left to bound",
    "R4.8": "at 1 star fills a line with a star, a region's 1xn or a region's 2x2, and R1.2, R1.3 or R3.5 "
            "empty the cell first",
}
"""Rules that no 1-star puzzle can need: at a state where the rules before them are stuck they find
nothing (the reasons; checked on sampled states in tests/starbattle/test_sb_requires.py)."""


def impossible(technique: str, n: int, s: int) -> str | None:
    """Why no ``n``x``n`` ``s``-star puzzle can need ``technique`` (the rule's own condition), or None.

    R4.7 at S <= 2 (on a board where R1.1-R3.5 are stuck; its 2x2s are Easy covers, R4.7 is Medium
    only): a 2x2 of a region's cover lying in line L lies in that region's 1xn in L (the region's
    other 2x2s hold one star fewer than it needs), which R4.7 counts first, so it adds nothing; a 2x2
    of a row's or column's cover lies in L only if it is L's own (two candidates: one would be a star
    by R3.3). With L's own cover of d 2x2s (d <= 2 stars needed), R4.7 counts the 1xn's (total m) and
    the 2x2s they miss (d - m); its marks are cells of the m 2x2s they meet left out of the 1xn's, so
    the 1xn's have fewer than 2m cells, one of them fewer than twice its count: one cell (a star by
    R3.4) or a count of 2, which fills L by R3.5. Without a cover R4.7's count is R3.5's. Checked on
    sampled states in tests/starbattle/test_sb_requires.py."""
    if technique == "R3.2":
        return "R3.2 only reports contradictions, so no puzzle with a solution needs it"
    if technique in ("R4.1", "R4.2", "R4.3") and s == 1:
        return f"{technique} excludes within a unit that needs two stars or more: none at 1 star"
    if s == 1 and technique in ONE_STAR:
        return f"{technique} {ONE_STAR[technique]}"
    if technique == "R4.7" and s <= 2:
        return ("R4.7 fills a line with its 1xn's and 2x2s; at 1 or 2 stars those 2x2s lie in the line's "
                "1xn's or in its own exact tiling, so R3.3-R3.5, before it, always take its step first")
    if technique == "R6.6" and n != 4 * s + 2:
        return f"R6.6 (N-Rooks) needs a (4S+2)x(4S+2) board ({4 * s + 2}x{4 * s + 2} at {s} star{'s' * (s > 1)})"
    return None


def reference(technique: str, allow_uniqueness: bool = False) -> tuple[list[Rule[State]], int]:
    """The rules up to the level of ``technique``, in engine order, and the index of its first form."""
    allowed = rules(requirable(technique, allow_uniqueness), level_of(technique) is None)
    return allowed, next(i for i, r in enumerate(allowed) if r.id == technique)


def fires(state: State, forms: list[Rule[State]]) -> bool:
    return any((step := r.find(state)) is not None and bool(step.marks) for r in forms)


def needs(puzzle: StarBattle, technique: str, tally: Tally, allow_uniqueness: bool = False,
          ) -> tuple[str, Grade] | None:
    """The strongest sense in which the puzzle needs ``technique`` (:data:`SENSES`, module docstring) and
    its grade (the hardest step of the solve); else None, counted in ``tally`` as "<T> not needed"
    (solved before T) or "no <T>" (the rules with T do not finish, or never take a step of T)."""
    allowed, first = reference(technique, allow_uniqueness)
    forms = [r for r in allowed if r.id == technique]
    state = State.start(puzzle)
    before = run(state, allowed[:first], max_steps=RUN_STEPS).steps
    if state.is_solved():
        tally.grades[f"{technique} not needed"] += 1
        return None
    moves = fires(state, forms)
    strict = state.copy()
    less = run(strict, [r for r in allowed if r.id != technique], max_steps=RUN_STEPS).steps
    if not strict.is_solved() and fires(strict, forms):
        rest = run(strict, allowed, max_steps=RUN_STEPS)
        if rest.status == "solved":
            return _found(tally, technique, "strict", [*before, *less, *rest.steps])
    rest = run(state, allowed, max_steps=RUN_STEPS)
    if rest.status == "solved" and any(s.rule == technique for s in rest.steps):
        return _found(tally, technique, "before" if moves else "at a point", [*before, *rest.steps])
    tally.grades[f"no {technique}"] += 1
    return None


def _found(tally: Tally, technique: str, sense: str, steps: list[Step]) -> tuple[str, Grade]:
    tally.grades[f"needs {technique} ({sense})"] += 1
    hardest = max(steps, key=lambda s: s.level)
    return sense, Grade(hardest.level, LEVELS[hardest.level], hardest.rule)


def requiring(n: int, s: int, technique: str, seed: int, opts: Options, sigma: float) -> Generated:
    """Candidates drawn with the region spread ``sigma`` (that of T's level) until one needs T."""
    unique = bool(opts.get("allow_uniqueness", False))
    requirable(technique, unique)
    why = impossible(technique, n, s)
    if why is not None:
        raise ValidationError(f"--requires {technique}: {why}")
    single = bool(opts.get("single_cells", False))
    rng = seeded("starbattle", n, s, f"requires {technique}", single, seed)
    tally = tally_of(opts)
    allowance = Allowance(opts)
    progress = progress_of(opts)
    what = f"{n}x{n} {s}-star puzzle needing {technique}"
    best: tuple[str, Generated] | None = None
    while allowance.more(tally.draws):
        tally.draws += 1
        found = unique_puzzle(n, s, rng, single, sigma, 2, seed_layout(n, s, seed + LEVEL_SHIFT * 7, rng))
        if found is None:
            continue
        puzzle, solution = found
        tally.candidates += 1
        got = needs(puzzle, technique, tally, unique)
        if got is not None and got[0] == SENSES[0]:
            return Generated(puzzle, got[1], solution, f"{technique} ({got[0]})")
        if got is not None and (best is None or SENSES.index(got[0]) < SENSES.index(best[0])):
            best = (got[0], Generated(puzzle, got[1], solution, f"{technique} ({got[0]})"))
        if best is not None and tally.candidates >= PATIENCE:
            return best[1]
        if progress is not None:
            progress(f"{what}: {tally.summary()}")
    if best is not None:
        return best[1]
    raise GenerationFailed(f"no {what} found in {allowance.said()} (seed {seed}): {tally.summary()}")
