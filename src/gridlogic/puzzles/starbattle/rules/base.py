"""Levels (defined in :mod:`gridlogic.puzzles.starbattle.levels`, re-exported) and the rule record shared by
every tier."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY, EXPERT, EXPERT_PLUS, HARD, LEVELS, MEDIUM, TRIAL, UNIQUENESS
from gridlogic.puzzles.starbattle.rules.state import State


@dataclass(frozen=True)
class Rule:
    """One production rule: the seed's id, its level and a pure ``find(state) -> Step | None``
    (raising :class:`~gridlogic.puzzles.starbattle.rules.state.Broken` on a contradiction)."""

    id: str
    level: int
    fn: Callable[[State], Step | None]

    def __post_init__(self) -> None:
        object.__setattr__(self, "find", self.fn)  # the engine's call goes straight to the function

    def find(self, state: State) -> Step | None:
        return self.fn(state)

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, {self.level})"


__all__ = ["EASY", "EXPERT", "EXPERT_PLUS", "HARD", "LEVELS", "MEDIUM", "TRIAL", "UNIQUENESS", "Rule"]
