"""Star Battle: n x n grid, n regions, S stars in every row, column and region, no two touching."""

from gridlogic.puzzles.starbattle.kind import KIND
from gridlogic.puzzles.starbattle.model import StarBattle

__all__ = ["KIND", "StarBattle"]
