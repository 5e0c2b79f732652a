"""Star Battle explained and graded: the human rules (:mod:`gridlogic.puzzles.starbattle.rules`) run by
core's engine, cheapest level first, and the explanation written out as numbered sentences with the
board after every change of tier."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.engine import Broken, next_step, run
from gridlogic.core.step import Explanation, Grade, Step
from gridlogic.puzzles.starbattle.draw import board_picture
from gridlogic.puzzles.starbattle.levels import LEVELS, TRIAL
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import rules
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import State

RUN_STEPS = 10_000
"""The engine's step bound for one explanation (the generator's judging run uses the same)."""


def explain(puzzle: StarBattle, max_level: int | None = None, allow_uniqueness: bool = False) -> Explanation:
    """Solve ``puzzle`` step by step with rules up to ``max_level`` (all levels if None)."""
    state = State.start(puzzle)
    out = run(state, rules(max_level, allow_uniqueness), max_steps=RUN_STEPS)
    level = max((s.level for s in out.steps), default=0)
    return Explanation(out.status, out.steps, state.rows_text(), LEVELS[level], level,
                       out.hardest_rule if out.level == level else None)


def grade(puzzle: StarBattle) -> Grade:
    """The hardest level an uncapped solve needs. Rules run cheapest level first and restart after
    every step, so a solve capped at that level takes exactly the same steps: the grade is the
    lowest ``max_level`` that solves the puzzle (tests/starbattle/rules/test_sbr_grades.py). A puzzle that
    the trial search cannot finish (several solutions, or none) is graded trial with
    ``hardest_rule`` "unsolved"."""
    ex = explain(puzzle)
    if ex.status != "solved":
        return Grade(TRIAL, LEVELS[TRIAL], "unsolved")
    return Grade(ex.level, ex.grade, ex.hardest_rule)


def hint_step(puzzle: StarBattle, board_rows: Sequence[str], max_level: int | None = None) -> Step | None:
    """The next step from a partial board (rows of ``*`` star, ``.`` empty, ``?`` unknown), or a
    step naming the contradiction if the board is already impossible; None if nothing applies."""
    state = State.from_rows(puzzle, list(board_rows))
    bad = state.contradiction()
    if bad is not None:
        return bad
    try:
        return next_step(state, rules(max_level))
    except Broken as e:
        return e.step


def _tier(step: Step) -> str:
    """The tier of a step's rule; tiers 1 and 2 (trivial marks and forced stars) count as one."""
    tier = step.rule.split(".")[0] if step.rule.startswith("R") else step.rule
    return "R1" if tier == "R2" else tier


def render_explanation(puzzle: StarBattle, explanation: Explanation, verbose: bool = False) -> str:
    """Numbered sentences; the board after every change of tier (after every step if ``verbose``)."""
    state = State.start(puzzle, Geo(puzzle))
    lines: list[str] = []
    steps = explanation.steps
    for k, step in enumerate(steps, 1):
        lines.append(f"{k}. [{step.rule} · {LEVELS[step.level]}] {step.reason}")
        if step.marks:
            state.apply_marks(step)
        last = k == len(steps)
        if step.marks and (verbose or last or _tier(steps[k]) != _tier(step)):
            lines += ["", *("   " + p for p in board_picture(puzzle, state.rows_text())), ""]
    lines += ["", *explanation.final,
              f"{explanation.status}; grade {explanation.grade} (level {explanation.level}"
              + (f", hardest rule {explanation.hardest_rule})" if explanation.hardest_rule else ")")]
    return "\n".join(lines)
