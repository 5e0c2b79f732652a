"""Level numbers of the Binary rules (the grade is the hardest level a solve needs)."""

from __future__ import annotations

TRIO = 1  # PreventTrio
COMPLETE = 2  # CompleteRowColumn
BLOCKER = 3  # SaveBlocker, UniqueRowColumn
LINE = 4  # LineCompletions
SEARCH = 5  # ZeroOrOne: a supposition followed with levels 1-4
NESTED = 6  # ZeroOrOneNested: a supposition followed with levels 1-5

LEVELS = ("given", "easy", "medium", "hard", "very-hard", "expert", "extreme")
"""Level names by number; level 0 means nothing to do (the puzzle is already solved)."""
