"""Level numbers of the Binary rules: defined in :mod:`gridlogic.puzzles.binary.levels`, outside this
package, so the kind names its levels without importing the rules."""

from __future__ import annotations

from gridlogic.puzzles.binary.levels import BLOCKER, COMPLETE, LEVELS, LINE, NESTED, SEARCH, TRIO

__all__ = ["BLOCKER", "COMPLETE", "LEVELS", "LINE", "NESTED", "SEARCH", "TRIO"]
