"""R6.3 Pressured T over strips of three to five neighbouring lines.

``pressured_squeeze.r6_3`` asks, for two neighbouring lines, whether they can get exactly their stars with no
region over the stars it still needs and every 1xn of the lines at least its count (the pressure
that caps a T at one star); a cell whose star makes that impossible is empty. Here the same
question is asked of 3, 4 and 5 neighbouring lines, with the same exact search (``strip_feasible``).

A wider strip sees more regions at once, so it finds marks the pair cannot; but its search is much
larger (three-line strips were once most of the solver's time), so it runs last of the production
rules, after Placements, at Expert+ (the seed grades a combination of squeezes there).
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules.pressured_squeeze import squeeze
from gridlogic.puzzles.starbattle.rules.state import State

WIDTHS = (3, 4, 5)
SCAN_BUDGET = 10_000
"""Search states of one whole scan (each strip question also has ``pressured_squeeze.STRIP_BUDGET``)."""


def r6_3_wide(st: State) -> Step | None:
    """R6.3 Pressured squeeze over 3-5 neighbouring lines."""
    return squeeze(st, WIDTHS, SCAN_BUDGET, EXPERT_PLUS)
