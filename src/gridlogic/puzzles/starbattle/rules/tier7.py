"""Tier 7 (Uniqueness): deductions that assume the puzzle has exactly one solution. Only used with
``allow_uniqueness``; never for grading."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.state import State


def r7_1(st: State) -> Step | None:
    """R7.1 By a Thread (not yet implemented)."""
    return None


def r7_2(st: State) -> Step | None:
    """R7.2 At Sea (not yet implemented)."""
    return None


def r7_3(st: State) -> Step | None:
    """R7.3 By a Thread at Sea (not yet implemented)."""
    return None
