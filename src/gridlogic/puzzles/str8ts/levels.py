"""Str8ts level names and numbers, outside the rules package so the kind names its levels without
importing the rules."""

from __future__ import annotations

LEVELS = ("easy", "moderate", "tough", "diabolical", "extreme")
EASY, MODERATE, TOUGH, DIABOLICAL, EXTREME = range(5)
