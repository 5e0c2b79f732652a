"""Every production rule, in the seed's order (tier by tier; cheapest first within a tier)."""

from __future__ import annotations

from dataclasses import replace

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules import (
    at_sea,
    blocks,
    by_a_thread,
    capped,
    composites,
    entanglement,
    fish,
    kissing_ls,
    linesets,
    listing,
    pressured_squeeze,
    pressured_t,
    rooks,
    set_differentials,
    strips,
    the_m,
    tier1,
    tier2,
    tier3,
    tier4,
    tier5,
)
from gridlogic.puzzles.starbattle.rules.base import EASY, EXPERT, EXPERT_PLUS, HARD, MEDIUM, TRIAL, UNIQUENESS, Rule
from gridlogic.puzzles.starbattle.rules.state import State
from gridlogic.puzzles.starbattle.rules.trial import trial


def at_level(rule: Rule, level: int) -> Rule:
    """``rule`` at ``level``, its steps too (a tier module writes its seed tier's level into them)."""
    find = rule.fn

    def at(st: State) -> Step | None:
        step = find(st)
        return step if step is None or step.level == level else replace(step, level=level)

    return Rule(rule.id, level, at)


SEED_TIERS: tuple[Rule, ...] = (
    Rule("R1.1", EASY, tier1.r1_1),
    Rule("R1.2", EASY, tier1.r1_2),
    Rule("R1.3", EASY, tier1.r1_3),
    Rule("R1.4", EASY, tier1.r1_4),
    Rule("R2.1", EASY, tier2.r2_1),
    Rule("R2.2", EASY, tier2.r2_2),
    Rule("R2.3", EASY, tier2.r2_3),
    Rule("R3.2", EASY, tier3.r3_2),
    Rule("R3.1", EASY, tier3.r3_1),
    Rule("R3.3", EASY, tier3.r3_3),
    Rule("R3.4", MEDIUM, tier3.r3_4),
    Rule("R3.5", MEDIUM, tier3.r3_5),
    Rule("R3.6", MEDIUM, tier3.r3_6),
    Rule("R4.7", MEDIUM, tier4.r4_7),
    Rule("R4.8", MEDIUM, tier4.r4_8),
    Rule("R4.1", MEDIUM, tier4.r4_1),
    Rule("R4.2", MEDIUM, tier4.r4_2),
    Rule("R4.3", MEDIUM, tier4.r4_3),
    Rule("R4.4", MEDIUM, tier4.r4_4),
    Rule("R4.5", MEDIUM, tier4.r4_5),
    Rule("R4.6", MEDIUM, tier4.r4_6),
    *(tier4.completing(f"R4.{k}") for k in range(1, 7)),
    Rule("R5.1", HARD, tier5.r5_1),
    Rule("R5.2", HARD, tier5.r5_2),
    Rule("R5.1", HARD, linesets.undercounting),
    Rule("R5.2", HARD, linesets.overcounting),
    Rule("R5.5", HARD, tier5.r5_5),
    Rule("R5.6", HARD, set_differentials.r5_6_simple),
    Rule("R4.1", capped.LEVEL, capped.r4_1_capped),
    Rule("R4.4", capped.LEVEL, capped.r4_4_capped),
    Rule("R4.2", capped.LEVEL, capped.r4_2_capped),
    Rule("R4.3", capped.LEVEL, capped.r4_3_capped),
    Rule("R4.5", capped.LEVEL, capped.r4_5_capped),
    Rule("R4.6", capped.LEVEL, capped.r4_6_capped),
    Rule("R5.3", HARD, tier5.r5_3),
    Rule("R5.4", HARD, tier5.r5_4),
    Rule("R5.6", EXPERT, set_differentials.r5_6_medium),
    Rule("R6.4", EXPERT, fish.r6_4),
    Rule("R6.6", EXPERT, rooks.r6_6),
    Rule("R6.1", EXPERT, kissing_ls.r6_1),
    Rule("R6.2", EXPERT, the_m.r6_2),
    Rule("R6.3", EXPERT, pressured_t.r6_3_t),
    Rule("R6.3", EXPERT, pressured_squeeze.r6_3),
    Rule("R6.5", EXPERT, fish.r6_5),
    Rule("Entanglement", EXPERT, entanglement.entanglement),
    Rule("R5.6", EXPERT_PLUS, set_differentials.r5_6_long),
    Rule("Placements", EXPERT_PLUS, listing.r_listing),
    Rule("R5.6", EXPERT_PLUS, blocks.r5_6_blocks),
    Rule("R5.6", EXPERT_PLUS, composites.r5_6_regions),
    Rule("R5.6", EXPERT_PLUS, composites.r5_6_chained),
    Rule("R6.3", EXPERT_PLUS, strips.r6_3_wide),
)
"""Tiers 1-6 at the seed's tiers (Medium for its tiers 3-4 but R3.1-R3.3, which are Easy). Within
Tier 4 pressured exclusion comes first (cheapest), then direct, then cross-region exclusion; within
Tier 5 the finned counts (a hypothesis per cell) come after the plain counts. The trial search
propagates with these, tier by tier."""

GRADED_HARD = frozenset({"R3.6", "R4.5", "R4.6"})
"""Seed tier-3/4 rules that the corpus labels grade Hard (docs/starbattle-rules.md, Grading): the
composite region of R3.6 (a two-operation set differential) and the cross exclusions whose broken
unit is a row or column (a count across every region it crosses)."""


def graded(seed: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The engine order: ``seed`` with the :data:`GRADED_HARD` rules moved, in their order, to the
    head of the Hard rules at level Hard. Every rule still runs after all rules of lower levels,
    so a solve capped at the grade takes the uncapped solve's steps."""
    moved = [at_level(r, HARD) for r in seed if r.level == MEDIUM and r.id in GRADED_HARD]
    rest = [r for r in seed if not (r.level == MEDIUM and r.id in GRADED_HARD)]
    k = next(i for i, r in enumerate(rest) if r.level > MEDIUM)
    return (*rest[:k], *moved, *rest[k:])


PRODUCTION: tuple[Rule, ...] = graded(SEED_TIERS)
"""The production rules in engine order, at their graded levels."""

UNIQUENESS_RULES: tuple[Rule, ...] = (
    Rule("R7.1", UNIQUENESS, by_a_thread.r7_1),
    Rule("R7.2", UNIQUENESS, at_sea.r7_2),
    Rule("R7.3", UNIQUENESS, by_a_thread.r7_3),
)


def _trial(st: State) -> Step | None:
    return trial(st, SEED_TIERS)


TRIAL_RULE = Rule("Trial", TRIAL, _trial)


def rules(max_level: int | None = None, allow_uniqueness: bool = False) -> list[Rule]:
    """The rules allowed under ``max_level``, in engine order (uniqueness before the trial search)."""
    chosen = list(PRODUCTION)
    if allow_uniqueness:
        chosen += UNIQUENESS_RULES
    chosen.append(TRIAL_RULE)
    if max_level is not None:
        chosen = [r for r in chosen if r.level <= max_level or (allow_uniqueness and r.level == UNIQUENESS)]
    return chosen
