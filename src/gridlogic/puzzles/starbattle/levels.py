"""Star Battle level names and numbers, outside the rules package so the kind names its levels without
importing the rules."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert", "expert+", "trial", "uniqueness")
"""Level names, in lower case as every kind's (input is case-insensitive); a level's number is its
index. ``trial`` is the bounded contradiction search; ``uniqueness`` (tier 7) runs only with
``allow_uniqueness`` and never counts for grading."""

EASY, MEDIUM, HARD, EXPERT, EXPERT_PLUS, TRIAL, UNIQUENESS = range(7)
