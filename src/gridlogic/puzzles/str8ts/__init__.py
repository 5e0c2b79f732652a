"""Str8ts: the seed's format, SAT (rule 2') and backtracking solvers, human strategies, grading,
generation. Exposes ``KIND`` for the registry."""

from gridlogic.puzzles.str8ts.kind import KIND

__all__ = ["KIND"]
