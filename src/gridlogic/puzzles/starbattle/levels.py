"""Star Battle level names and numbers, and the table that grades rule forms away from their tier,
outside the rules package so the kind names its levels without importing the rules."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert", "expert+", "trial", "uniqueness")
"""Level names, in lower case as every kind's (input is case-insensitive); a level's number is its
index. ``trial`` is the bounded contradiction search; ``uniqueness`` (tier 7) runs only with
``allow_uniqueness`` and never counts for grading."""

EASY, MEDIUM, HARD, EXPERT, EXPERT_PLUS, TRIAL, UNIQUENESS = range(7)

GRADED: dict[str, int] = {
    "R3.6": HARD,
    "R4.5 completing": HARD,
    "R4.6 completing": HARD,
}
"""The difficulty ladder's one table: the rule forms graded at another level than their tier in the
technique table (``rules.SEED_TIERS``), because the StarBattleLab labels grade them there. A form is
named by its rule id, then the words of its note before a colon where several forms share the id
(``rules.form_name``: ``"R4.5 completing"``); the reason for each move is its catalog note
(``rules.CATALOG``) and docs/starbattle-rules.md, Grading; the evidence is in
benchmarks/results/starbattle-grading.md."""
