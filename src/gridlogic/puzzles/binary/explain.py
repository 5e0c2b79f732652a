"""Human-style solving: the engine over the Binary technique table, explained and graded."""

from __future__ import annotations

from gridlogic.core.engine import run
from gridlogic.core.step import Explanation, Grade
from gridlogic.puzzles.binary.levels import LEVELS
from gridlogic.puzzles.binary.model import ODD_RULE, Binary
from gridlogic.puzzles.binary.rules import TECHNIQUES, BinaryState

UNSOLVED = "unsolved"


def explain(puzzle: Binary, max_level: int | None = None) -> Explanation:
    state = BinaryState.of(puzzle)
    out = run(state, TECHNIQUES, max_level)
    solved = out.status == "solved"
    extra: dict[str, object] = {"odd_size_rule": ODD_RULE} if puzzle.odd else {}
    if not puzzle.unique_lines:
        extra["unique_lines"] = False
    return Explanation(out.status, out.steps, state.lines.rows_text(),
                       LEVELS[out.level] if solved else UNSOLVED, out.level if solved else len(LEVELS),
                       out.hardest_rule, extra)


def grade(puzzle: Binary) -> Grade:
    ex = explain(puzzle)
    return Grade(ex.level, ex.grade, ex.hardest_rule)


def solved_at(puzzle: Binary, max_level: int) -> bool:
    return run(BinaryState.of(puzzle), TECHNIQUES, max_level).status == "solved"
