"""Level numbers of the Binary rules (the grade is the hardest level a solve needs)."""

from __future__ import annotations

TRIO = 1  # PreventTrio
COMPLETE = 2  # CompleteRowColumn
BLOCKER = 3  # SaveBlocker, UniqueRowColumn
LINE = 4  # LineCompletions
SEARCH = 5  # ZeroOrOne, then ZeroOrOneNested: the bounded contradiction search, the last level

NESTED = 6
"""Not a grade: the strength of the search whose suppositions may themselves use ZeroOrOne
(:func:`.propagate.closure` strengths run 1..6; strengths 5 and 6 are both graded level 5)."""

LEVELS = ("given", "easy", "medium", "hard", "very-hard", "expert")
"""Level names by number; level 0 means nothing to do (the puzzle is already solved)."""
