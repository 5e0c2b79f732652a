"""The last level (Trial): bounded contradiction search.

Assume a star (or an empty cell) at one candidate, propagate with the production rules of tiers 1-3
(then, if no candidate gives a contradiction, tiers 1-4, then tiers 1-5 without the finned counts)
for a bounded number of steps, trying the tightest candidates first; if that reaches a
contradiction the assumption is false and the opposite mark is proved. The step's reason lists the
chain of deductions that led to the contradiction and its length; of the first pass that breaks
anything the search keeps the shortest chain.

When none of those passes breaks anything, **case splits** (:mod:`~gridlogic.puzzles.starbattle.rules.split`):
a unit with few ways left to place its stars, or one cell, split into its cases, each case followed
with the same rules (tiers 1-3, then 1-4, then 1-5); what every surviving case agrees on is deduced.

When no split deduces anything either (nearly empty 14x14 and 17x17 boards), the **deep pass**
follows every candidate with the rules up to Expert, then up to Expert+ (still without the rules that
try a hypothesis per cell themselves), each in rounds of growing step budgets: the first round that
breaks anything gives the shortest chain, and a round replays the previous one from the memo.

When the deep pass finds nothing either, the **nested trial**
(:mod:`~gridlogic.puzzles.starbattle.rules.nested`): an assumption refuted by a solve that itself
uses one-cell trials. On boards of :data:`BIG` and up it comes earlier (see there).

Only one of the two assumptions per cell is ever followed: the one that disagrees with a solution of
the board (:mod:`~gridlogic.puzzles.starbattle.rules.witness`); the other cannot break, so skipping it
changes no step.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.engine import Rule
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY, EXPERT, EXPERT_PLUS, HARD, MEDIUM
from gridlogic.puzzles.starbattle.rules.hypothesis import (
    MAX_CELLS,
    MAX_STEPS,
    Budget,
    Propagator,
    current_budget,
    propagator,
    shortest,
    tightest_first,
    trial_step,
)
from gridlogic.puzzles.starbattle.rules.nested import nested
from gridlogic.puzzles.starbattle.rules.split import MAX_WAYS, WIDE_WAYS, Outcome, Split, best, split_step, splits
from gridlogic.puzzles.starbattle.rules.state import BLACK, STAR, State
from gridlogic.puzzles.starbattle.rules.witness import refutable, witness

BIG = 17
"""From this size on (17x17 and up) the nested trial comes right after the deep pass's Expert rounds,
before the wide splits and the deep pass's Expert+ rounds: there each of those costs tens of seconds
to minutes of CPU per step (following every candidate with Placements), while a nested trial is
usually found among the first few assumptions (measured in docs/starbattle-rules.md)."""
DEEP_BUDGETS = (20, 40, 80, 160)
"""Step budgets of the deep pass's rounds (every candidate runs to the round's budget)."""


def trial(st: State, rules: Sequence[Rule[State]], budget: Budget | None = None) -> Step | None:
    """The assumption whose propagation (by ``rules`` up to Hard) breaks the board in the fewest
    steps: tiers 1-3 first, then up to tier 4, then tier 5; the shortest chain of the first of
    those passes that breaks anything (ties: the tightest candidate). If none does, the case
    split with the shortest longest branch (same tiers), then the same over units up to Expert+,
    then over units with up to :data:`WIDE_WAYS` ways (tiers 1-5, then up to Expert), then the
    deep pass, then the nested trial (on boards of :data:`BIG` and up: the deep pass's Expert
    rounds, the nested trial, the wide splits, the deep pass's Expert+ rounds). Raises
    :class:`OutOfBudget` once ``budget`` (default: the one set by :func:`limited`, else none) is
    spent."""
    order = tightest_first(st)
    prop = propagator(st, rules, budget if budget is not None else current_budget())
    hyps = [(i, value) for i in order for value in (STAR, BLACK) if refutable(st, i, value)]
    for cap in (EASY, MEDIUM, HARD):
        tried = set(order[: MAX_CELLS if cap == EASY else MAX_CELLS // 3])
        chain = shortest(st, prop, [h for h in hyps if h[0] in tried], cap, MAX_STEPS)
        if chain is not None:
            return trial_step(st, *chain)
    sol = witness(st)
    small = list(splits(st, order))
    units = [c for c in small if c.unit is not None]
    low = (EASY, MEDIUM, HARD)
    found = _cases(st, prop, small, low, sol) or _cases(st, prop, units, (EXPERT, EXPERT_PLUS), sol)
    if found is not None:
        return found

    def wide() -> Step | None:
        return _cases(st, prop, list(splits(st, [], MAX_WAYS + 1, WIDE_WAYS)), (*low, EXPERT), sol)

    if st.geo.n < BIG:
        return wide() or _deep(st, prop, hyps) or nested(st, prop, hyps)
    return (_deep(st, prop, hyps, (EXPERT,)) or nested(st, prop, hyps) or wide()
            or _deep(st, prop, hyps, (EXPERT_PLUS,)))


def _cases(st: State, prop: Propagator, candidates: list[Split], caps: Sequence[int], sol: int | None,
           ) -> Step | None:
    """The best split of ``candidates`` under the first of ``caps`` that deduces anything, as a step."""
    for cap in caps:
        cases = best(st, prop, candidates, cap, MAX_STEPS, sol)
        if cases is not None:
            return _cases_step(st, cases)
    return None


def _cases_step(st: State, cases: Outcome) -> Step:
    """A split's step; a one-cell split with a broken branch is a plain trial step (with its chain)."""
    if cases.split.unit is None and any(cases.broken):
        b = cases.broken.index(True)
        star = cases.split.branches[b][0]
        i = (star or cases.split.branches[1 - b][0]).bit_length() - 1
        return trial_step(st, i, STAR if star else BLACK, cases.chains[b])
    return split_step(st, cases)


def _deep(st: State, prop: Propagator, hyps: list[tuple[int, str]],
          caps: tuple[int, ...] = (EXPERT, EXPERT_PLUS)) -> Step | None:
    """Every candidate followed with the rules up to Expert, then up to Expert+ (``caps``), each in
    rounds of growing step budgets (a round replays the previous one from the memo); the shortest
    chain of the first round that breaks anything."""
    for cap in caps:
        for budget in DEEP_BUDGETS:
            best = shortest(st, prop, hyps, cap, budget)
            if best is not None:
                return trial_step(st, *best)
    return None
