"""Star Battle's human rules, one technique table: the seed's production rules R1.1-R7.3
(``../shared/seeds/starbattle-production-rules.md``, after Kris's guide, https://kris.pengy.ca/starbattle),
two of ours (Entanglement, Placements) and the bounded contradiction search (Trial) last.

:data:`CATALOG` has one entry per rule id: the seed's title, the guide's section and, where ours is
stronger or different, a one-line note. :data:`SEED_TIERS` lists the rules the engine runs, in the
seed's order at the seed's tiers; several forms share an id (the plain form first, then the forms
that go further, each with a note of its own); :data:`PRODUCTION` is the same at the graded levels,
in engine order. Explaining and grading with them: :mod:`gridlogic.puzzles.starbattle.explain`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridlogic.core.engine import Rule
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import (
    EASY,
    EXPERT,
    EXPERT_PLUS,
    GRADED,
    HARD,
    LEVELS,
    MEDIUM,
    TRIAL,
    UNIQUENESS,
)
from gridlogic.puzzles.starbattle.rules import (
    at_sea,
    blocks,
    by_a_thread,
    capped,
    composites,
    counting,
    entanglement,
    finned,
    fish,
    kissing_ls,
    linesets,
    placements,
    pressured_squeeze,
    pressured_t,
    rooks,
    set_differentials,
    squeeze,
    strips,
    the_m,
    tier1,
    tier2,
    tier3,
    tier4,
    trial,
    weighted,
)
from gridlogic.puzzles.starbattle.rules.state import State


@dataclass(frozen=True)
class Entry:
    """One rule id: the seed's title, the guide's section, and how ours differs (empty: as the seed)."""

    id: str
    seed: str
    guide: str
    note: str = ""


ALSO = "also completing (the supposed star closes the units it fills) and with line counts (Hard)"
MOVED_R4_5_6 = ("plain form Medium, the guide's basic exclusion (graded Hard it put 'med'-labelled puzzles at hard); "
                "completing form graded Hard, where the labels put it; ")
CATALOG: tuple[Entry, ...] = (
    Entry("R1.1", "Star Adjacency Elimination", "§1.1 Trivial marks"),
    Entry("R1.2", "Row Complete", "§1.1 Trivial marks"),
    Entry("R1.3", "Column Complete", "§1.1 Trivial marks"),
    Entry("R1.4", "Shape Complete", "§1.1 Trivial marks"),
    Entry("R2.1", "Row Forced", "§1.1 Trivial marks"),
    Entry("R2.2", "Column Forced", "§1.1 Trivial marks"),
    Entry("R2.3", "Shape Forced", "§1.1 Trivial marks"),
    Entry("R3.1", "2x2 Maximum Bound", "2x2s",
          "marks: a unit needing one star inside one 2x2 empties the 2x2's other cells"),
    Entry("R3.2", "Region Tiling Bound", "2x2s / simple shapes",
          "exact bound (branch and bound), never above the greedy tiling; reports contradictions only"),
    Entry("R3.3", "Exact Tiling Deduction", "2x2s / simple shapes"),
    Entry("R3.4", "1xn Identification", "1xN",
          "exact: a region that cannot fit its stars outside a line has the rest there"),
    Entry("R3.5", "1xn Line Completion", "1xN"),
    Entry("R3.6", "Bound Tightening from 1xn", "1xN / composite shapes", "graded Hard"),
    Entry("R4.1", "Direct Shape Exclusion", "§1.4 Exclusion", ALSO),
    Entry("R4.2", "Direct Row Exclusion", "§1.4 Exclusion", ALSO),
    Entry("R4.3", "Direct Column Exclusion", "§1.4 Exclusion", ALSO),
    Entry("R4.4", "Cross-Region Shape Exclusion", "§1.4 Exclusion", ALSO),
    Entry("R4.5", "Cross-Region Row Exclusion", "§1.4 Exclusion", MOVED_R4_5_6 + ALSO),
    Entry("R4.6", "Cross-Region Column Exclusion", "§1.4 Exclusion", MOVED_R4_5_6 + ALSO),
    Entry("R4.7", "Pressured Exclusion", "§1.5 Pressured exclusion"),
    Entry("R4.8", "Star-Containing 2x2 Pressured Exclusion", "§1.5 Pressured exclusion"),
    Entry("R5.1", "Undercounting", "Undercounting", "also line sets with exact per-region least counts"),
    Entry("R5.2", "Overcounting", "Overcounting", "also line sets with exact per-region most counts"),
    Entry("R5.3", "Finned Undercounting", "Finned counts"),
    Entry("R5.4", "Finned Overcounting", "Finned counts"),
    Entry("R5.5", "Squeeze", "Squeeze"),
    Entry("R5.6", "Set Differential Computation", "§2.6 Set differentials / composite shapes",
          "graded by operations: Hard <= 2, Expert 3-4, Expert+ >= 5"),
    Entry("R6.1", "Kissing Ls", "§4.1 Kissing Ls", "any two star-containing 2x2s, any S"),
    Entry("R6.2", "The M", "§4.2 The M",
          "the seed's geometric M cannot occur in two lines; ours caps a squeeze piece by its region's count"),
    Entry("R6.3", "Pressured T", "§4.3 Pressured Ts",
          "the pattern first; then the generalised pressured squeeze (bounded search, 2 lines; 3-5 at Expert+)"),
    Entry("R6.4", "Fish", "§4.4 Fish"),
    Entry("R6.5", "Finned Fish", "§4.4 Fish"),
    Entry("R6.6", "N-Rooks Property", "§4.5 n-Rooks"),
    Entry("Entanglement", "(no seed id)", "§4.6 Entanglement", "two touching regions listed together, any size"),
    Entry("R7.1", "By a Thread", "§3.1 By a thread", "only with allow_uniqueness"),
    Entry("R7.2", "At Sea", "§3.2 At sea", "twin-free patterns; only with allow_uniqueness"),
    Entry("R7.3", "By a Thread at Sea", "§3.3 By a thread at sea", "only with allow_uniqueness"),
    Entry("Weighted", "(no seed id: R5.6 with weights)", "§2.6 Set differentials, with 2x2s",
          "whole weights on units and 2x2 windows, found by linear programming, checked exactly; Expert+, last"),
    Entry("Placements", "(not in the seed)", "(ours: listing a unit's placements)"),
    Entry("Trial", "(not in the seed)", "(ours: contradiction search, last)"),
)
BY_ID: dict[str, Entry] = {e.id: e for e in CATALOG}

COMPLETING = "completing: the supposed star also closes the units it fills"
COUNTED = "with line counts: the unit's placements respect every crossing unit's remaining count"

SEED_TIERS: tuple[Rule[State], ...] = (
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
    *(Rule(f"R4.{k}", MEDIUM, tier4.completing(f"R4.{k}"), COMPLETING) for k in range(1, 7)),
    Rule("R5.1", HARD, counting.r5_1),
    Rule("R5.2", HARD, counting.r5_2),
    Rule("R5.1", HARD, linesets.undercounting, "line sets with exact per-region least counts"),
    Rule("R5.2", HARD, linesets.overcounting, "line sets with exact per-region most counts"),
    Rule("R5.5", HARD, squeeze.r5_5),
    Rule("R5.6", HARD, set_differentials.r5_6_simple, "one or two operations"),
    Rule("R4.1", capped.LEVEL, capped.r4_1_capped, COUNTED),
    Rule("R4.4", capped.LEVEL, capped.r4_4_capped, COUNTED),
    Rule("R4.2", capped.LEVEL, capped.r4_2_capped, COUNTED),
    Rule("R4.3", capped.LEVEL, capped.r4_3_capped, COUNTED),
    Rule("R4.5", capped.LEVEL, capped.r4_5_capped, COUNTED),
    Rule("R4.6", capped.LEVEL, capped.r4_6_capped, COUNTED),
    Rule("R5.3", HARD, finned.r5_3),
    Rule("R5.4", HARD, finned.r5_4),
    Rule("R5.6", EXPERT, set_differentials.r5_6_medium, "three or four operations"),
    Rule("R6.4", EXPERT, fish.r6_4),
    Rule("R6.6", EXPERT, rooks.r6_6),
    Rule("R6.1", EXPERT, kissing_ls.r6_1),
    Rule("R6.2", EXPERT, the_m.r6_2),
    Rule("R6.3", EXPERT, pressured_t.r6_3_t, "the pattern"),
    Rule("R6.3", EXPERT, pressured_squeeze.r6_3, "the pressured squeeze over two lines"),
    Rule("R6.5", EXPERT, fish.r6_5),
    Rule("Entanglement", EXPERT, entanglement.entanglement),
    Rule("R5.6", EXPERT_PLUS, set_differentials.r5_6_long, "five operations or more"),
    Rule("Placements", EXPERT_PLUS, placements.r_placements),
    Rule("R5.6", EXPERT_PLUS, blocks.r5_6_blocks, "long blocks of lines"),
    Rule("R5.6", EXPERT_PLUS, composites.r5_6_regions, "regions minus lines"),
    Rule("R5.6", EXPERT_PLUS, composites.r5_6_chained, "chained differentials"),
    Rule("R6.3", EXPERT_PLUS, strips.r6_3_wide, "the pressured squeeze over three to five lines"),
)
"""Tiers 1-6 at the seed's tiers (Medium for its tiers 3-4 but R3.1-R3.3, which are Easy). Within
Tier 4 pressured exclusion comes first (cheapest), then direct, then cross-region exclusion; within
Tier 5 the finned counts (a hypothesis per cell) come after the plain counts. The trial search
propagates with these, tier by tier."""

def at_level(rule: Rule[State], level: int) -> Rule[State]:
    """``rule`` at ``level``, its steps too (a tier module writes its seed tier's level into them)."""
    find = rule.fn

    def at(st: State) -> Step | None:
        step = find(st)
        return step if step is None or step.level == level else replace(step, level=level)

    return Rule(rule.id, level, at, rule.note)


def form_name(rule: Rule[State]) -> str:
    """The name :data:`~gridlogic.puzzles.starbattle.levels.GRADED` knows a rule form by: its id, then
    its note's words before a colon when it has a note (``"R4.5 completing"``)."""
    return f"{rule.id} {rule.note.split(':')[0]}" if rule.note else rule.id


def graded(seed: tuple[Rule[State], ...]) -> tuple[Rule[State], ...]:
    """The difficulty ladder: ``seed`` in engine order at the graded levels, each form named in
    :data:`~gridlogic.puzzles.starbattle.levels.GRADED` moved to its level there (its steps too). A
    form moved up runs first of its new level's rules, one moved down last (each in the seed's order),
    and every rule still runs after all rules of lower levels, so a solve capped at the grade takes the
    uncapped solve's steps."""
    def place(k: int, r: Rule[State]) -> tuple[int, int, int]:
        to = GRADED.get(form_name(r), r.level)
        return to, (to < r.level) - (to > r.level), k

    order = sorted(place(k, r) for k, r in enumerate(seed))
    return tuple(seed[k] if seed[k].level == to else at_level(seed[k], to) for to, _, k in order)


WEIGHTED_RULE: Rule[State] = Rule("Weighted", EXPERT_PLUS, weighted.r_weighted)
"""The weighted count, last of the production rules; not among :data:`SEED_TIERS`, so the trial search
does not propagate with it."""

PRODUCTION: tuple[Rule[State], ...] = (*graded(SEED_TIERS), WEIGHTED_RULE)
"""The production rules in engine order, at their graded levels."""

UNIQUENESS_RULES: tuple[Rule[State], ...] = (
    Rule("R7.1", UNIQUENESS, by_a_thread.r7_1),
    Rule("R7.2", UNIQUENESS, at_sea.r7_2),
    Rule("R7.3", UNIQUENESS, by_a_thread.r7_3),
)
"""The rules that assume the solution is unique (only with ``allow_uniqueness``)."""


def _trial(st: State) -> Step | None:
    return trial.trial(st, SEED_TIERS)


TRIAL_RULE: Rule[State] = Rule("Trial", TRIAL, _trial)
"""The bounded contradiction search, last (:mod:`~gridlogic.puzzles.starbattle.rules.trial`)."""


def rules(max_level: int | None = None, allow_uniqueness: bool = False) -> list[Rule[State]]:
    """The rules allowed under ``max_level``, in engine order (uniqueness before the trial search)."""
    chosen = list(PRODUCTION)
    if allow_uniqueness:
        chosen += UNIQUENESS_RULES
    chosen.append(TRIAL_RULE)
    if max_level is not None:
        chosen = [r for r in chosen if r.level <= max_level or (allow_uniqueness and r.level == UNIQUENESS)]
    return chosen


def level_of(technique: str) -> int | None:
    """The level of the production rule ``technique`` (the cheapest of its forms), None when it is no
    production rule (Trial, a uniqueness rule, an unknown id)."""
    return min((r.level for r in PRODUCTION if r.id == technique), default=None)


__all__ = ["BY_ID", "CATALOG", "GRADED", "LEVELS", "PRODUCTION", "SEED_TIERS", "TRIAL_RULE", "UNIQUENESS_RULES",
           "WEIGHTED_RULE",
           "Entry", "State", "at_level", "form_name", "graded", "level_of", "rules"]
