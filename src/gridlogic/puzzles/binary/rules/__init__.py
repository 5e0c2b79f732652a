"""The Binary technique table: human-style rules, cheapest first (levels as graded):

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

from gridlogic.core.engine import Rule
from gridlogic.puzzles.binary.levels import BLOCKER, COMPLETE, LEVELS, LINE, SEARCH, TRIO
from gridlogic.puzzles.binary.rules.case import NESTED_BUDGET, zero_or_one
from gridlogic.puzzles.binary.rules.direct import (
    complete_step,
    each_line,
    prevent_trio_step,
    save_blocker_step,
    unique_step,
)
from gridlogic.puzzles.binary.rules.line import line_completions_step
from gridlogic.puzzles.binary.rules.state import BinaryState

TECHNIQUES: tuple[Rule[BinaryState], ...] = (
    Rule("PreventTrio", TRIO, each_line("PreventTrio", prevent_trio_step)),
    Rule("CompleteRowColumn", COMPLETE, each_line("CompleteRowColumn", complete_step)),
    Rule("SaveBlocker", BLOCKER, each_line("SaveBlocker", save_blocker_step),
         "exact on one line: the needy windows a digit still owes fill its remaining count"),
    Rule("UniqueRowColumn", BLOCKER, each_line("UniqueRowColumn", unique_step),
         "a line two cells short that agrees with a finished line takes the other order"),
    Rule("LineCompletions", LINE, each_line("LineCompletions", line_completions_step),
         "not in LEGUP: the cells equal in every valid completion of one line"),
    Rule("ZeroOrOne", SEARCH, zero_or_one("ZeroOrOne", SEARCH, LINE, None),
         "LEGUP's case rule as a contradiction search: one supposition followed with levels 1-4"),
    Rule("ZeroOrOneNested", SEARCH, zero_or_one("ZeroOrOneNested", SEARCH, SEARCH, NESTED_BUDGET),
         "not in LEGUP: ZeroOrOne inside ZeroOrOne, two suppositions deep, bounded"),
)

__all__ = ["LEVELS", "TECHNIQUES", "BinaryState"]
