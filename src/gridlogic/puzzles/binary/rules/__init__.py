"""Human-style Binary rules, cheapest first (levels as graded):

1 easy      PreventTrio, CompleteRowColumn (LEGUP direct rules)
2 medium    SaveBlocker, UniqueRowColumn (LEGUP direct rules)
3 hard      LineCompletions (every completion of a line)
4 harder    ZeroOrOne: one supposition followed with levels 1-2 to a contradiction
5 extreme   ZeroOrOneDeep: one supposition followed with levels 1-3 to a contradiction

Contradiction rules (Trio, UnbalancedRowColumn, RepeatedRowColumn, WastedBlocker) are checked by
the state before every step and inside every supposition.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.engine import Technique
from gridlogic.puzzles.binary.rules.case import ZERO_OR_ONE, ZERO_OR_ONE_DEEP
from gridlogic.puzzles.binary.rules.direct import (
    COMPLETE_ROW_COLUMN,
    PREVENT_TRIO,
    SAVE_BLOCKER,
    UNIQUE_ROW_COLUMN,
)
from gridlogic.puzzles.binary.rules.line import LINE_COMPLETIONS
from gridlogic.puzzles.binary.rules.state import BinaryState

LEVELS = ("given", "easy", "medium", "hard", "harder", "extreme")
"""Level names by number; level 0 means nothing to do (the puzzle is already solved)."""

TECHNIQUES: Sequence[Technique[BinaryState]] = (
    PREVENT_TRIO, COMPLETE_ROW_COLUMN, SAVE_BLOCKER, UNIQUE_ROW_COLUMN, LINE_COMPLETIONS,
    ZERO_OR_ONE, ZERO_OR_ONE_DEEP)

__all__ = ["LEVELS", "TECHNIQUES", "BinaryState"]
