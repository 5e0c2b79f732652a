"""Binary (Takuzu): model, formats, exact SAT solver, human rules, grading and generator."""

from gridlogic.puzzles.binary.kind import KIND
from gridlogic.puzzles.binary.model import Binary

__all__ = ["KIND", "Binary"]
