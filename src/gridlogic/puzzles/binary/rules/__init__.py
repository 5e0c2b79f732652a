"""Human-style Binary rules, cheapest first (levels as graded):

1 easy       PreventTrio (LEGUP direct rule)
2 medium     CompleteRowColumn (LEGUP direct rule)
3 hard       SaveBlocker, UniqueRowColumn (LEGUP direct rules)
4 very-hard  LineCompletions (every completion of a line)
5 expert     ZeroOrOne: a supposition followed with levels 1-4 to a contradiction; then
             ZeroOrOneNested: the same with ZeroOrOne inside (two suppositions deep, bounded)

Contradiction rules (Trio, UnbalancedRowColumn, RepeatedRowColumn, WastedBlocker) are checked by
the state before every step and inside every supposition.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.engine import Technique
from gridlogic.puzzles.binary.rules.case import ZERO_OR_ONE, ZERO_OR_ONE_NESTED
from gridlogic.puzzles.binary.rules.direct import (
    COMPLETE_ROW_COLUMN,
    PREVENT_TRIO,
    SAVE_BLOCKER,
    UNIQUE_ROW_COLUMN,
)
from gridlogic.puzzles.binary.rules.levels import LEVELS
from gridlogic.puzzles.binary.rules.line import LINE_COMPLETIONS
from gridlogic.puzzles.binary.rules.state import BinaryState

TECHNIQUES: Sequence[Technique[BinaryState]] = (
    PREVENT_TRIO, COMPLETE_ROW_COLUMN, SAVE_BLOCKER, UNIQUE_ROW_COLUMN, LINE_COMPLETIONS,
    ZERO_OR_ONE, ZERO_OR_ONE_NESTED)

__all__ = ["LEVELS", "TECHNIQUES", "BinaryState"]
