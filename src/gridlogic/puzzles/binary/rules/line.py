"""Level 4: every completion of one line, checked against its known cells, the balance, the
no-trio rule and (distinct rule) the finished lines of the same direction. A cell that is the same
in every completion is decided. This also compares an almost-full line with the finished ones."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.levels import LINE
from gridlogic.puzzles.binary.lines import completion_fill
from gridlogic.puzzles.binary.rules.state import describe, known_cells, marks
from gridlogic.puzzles.binary.rules.why import where


def line_completions_step(lb: Board, k: int) -> Step | None:
    finished = lb.finished(k) if lb.unique else []
    to1, to0, ways = completion_fill(lb.length(k), lb.ones[k], lb.zeros[k], finished)
    if not to1 | to0:
        return None
    m = marks(lb, k, to1, to0)
    unlike = f", none repeating one of the {len(finished)} finished lines," if finished else ""
    return Step("LineCompletions", LINE, f"{where(lb, k)} can be completed in {ways} way{'s' * (ways != 1)}"
                f" (balanced, no trio{unlike}) and all of them agree on {describe(m)}.", known_cells(lb, k), m)
