"""Star Battle level names and numbers, outside the rules package so the kind names its levels without
importing the rules."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("Easy", "Medium", "Hard", "Expert", "Expert+", "Trial", "Uniqueness")
"""Level names; a level's number is its index. ``Trial`` is the bounded contradiction search;
``Uniqueness`` (tier 7) runs only with ``allow_uniqueness`` and never counts for grading."""

EASY, MEDIUM, HARD, EXPERT, EXPERT_PLUS, TRIAL, UNIQUENESS = range(7)
