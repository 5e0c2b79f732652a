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

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import groupby

from gridlogic.core import engine
from gridlogic.core.engine import Broken
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.base import EASY, EXPERT, EXPERT_PLUS, HARD, MEDIUM, TRIAL, Rule
from gridlogic.puzzles.starbattle.rules.engine import next_step
from gridlogic.puzzles.starbattle.rules.geometry import bits
from gridlogic.puzzles.starbattle.rules.nested import nested
from gridlogic.puzzles.starbattle.rules.split import MAX_WAYS, WIDE_WAYS, Outcome, Split, best, split_step, splits
from gridlogic.puzzles.starbattle.rules.state import BLACK, STAR, State, make_step
from gridlogic.puzzles.starbattle.rules.witness import refutable, witness

MAX_STEPS = 80
MAX_CELLS = 150
"""Candidates tried per pass (the tightest first): bounds the search on big boards."""
BIG = 17
"""From this size on (17x17 and up) the nested trial comes right after the deep pass's Expert rounds,
before the wide splits and the deep pass's Expert+ rounds: there each of those costs tens of seconds
to minutes of CPU per step (following every candidate with Placements), while a nested trial is
usually found among the first few assumptions (measured in docs/starbattle-rules.md)."""
DEEP_BUDGETS = (20, 40, 80, 160)
"""Step budgets of the deep pass's rounds (every candidate runs to the round's budget)."""
HYPOTHETICAL = frozenset({"R5.3", "R5.4", "R6.5"})
"""Rules that already try a hypothesis per cell: too slow inside a hypothesis."""
CHAIN_SHOWN = 8
MEMO_LIMIT = 200_000
"""Boards remembered per puzzle by the trial search (each level's first step on them)."""
SWEEP_COST = {EASY: 1, MEDIUM: 2, HARD: 5, EXPERT: 20, EXPERT_PLUS: 60}
"""What one sweep of a level's rules costs a :class:`Budget` (roughly in proportion to its time)."""


class OutOfBudget(Exception):  # noqa: N818 - reads as the outcome
    """The trial search spent its :class:`Budget` (``budget``) before it found a step."""

    def __init__(self, budget: Budget) -> None:
        super().__init__(f"the trial search stopped after {budget.limit} units of work")
        self.budget = budget


@dataclass
class Budget:
    """A bound on the trial search's work, counted in rule sweeps (weighted by :data:`SWEEP_COST`),
    not in seconds, so that where it stops does not depend on the machine."""

    limit: int
    spent: int = 0
    parent: Budget | None = None
    """A budget charged as well (a stage's own bound inside a hint's)."""

    def charge(self, level: int) -> None:
        self.spent += SWEEP_COST.get(level, 1)
        if self.parent is not None:
            self.parent.charge(level)
        if self.spent > self.limit:
            raise OutOfBudget(self)


_LIMIT: ContextVar[Budget | None] = ContextVar("trial_budget", default=None)


@contextmanager
def limited(budget: Budget) -> Iterator[Budget]:
    """Every trial search inside the ``with`` block spends ``budget`` (a hint uses it to answer in
    time on a nearly empty big board)."""
    token = _LIMIT.set(budget)
    try:
        yield budget
    finally:
        _LIMIT.reset(token)


def _order(st: State) -> list[int]:
    """Candidates of the tightest units first (fewest candidates per star needed)."""
    g, unk = st.geo, st.unknown
    score: dict[int, float] = {}
    for u in g.all_units():
        need = st.need(u)
        cells = u.mask & unk
        if need <= 0 or not cells:
            continue
        s = cells.bit_count() / need
        for i in bits(cells):
            score[i] = min(score.get(i, 99.0), s)
    return sorted(score, key=lambda i: (score[i], i))


def _chain(st: State, steps: list[Step]) -> str:
    g = st.geo
    parts = []
    shown = steps if len(steps) <= CHAIN_SHOWN else steps[: CHAIN_SHOWN - 1] + steps[-1:]
    for s in shown:
        stars = [m for m in s.marks if m.value == STAR]
        if s is steps[-1] or not s.marks:
            parts.append(f"[{s.rule}] {s.reason.rstrip('.')}")
        elif stars:
            parts.append(f"[{s.rule}] star at " + ", ".join(g.cell_name(m.cell[0] * g.n + m.cell[1]) for m in stars))
        else:
            parts.append(f"[{s.rule}] {len(s.marks)} cell{'s' if len(s.marks) > 1 else ''} empty")
    if len(steps) > CHAIN_SHOWN:
        parts.insert(CHAIN_SHOWN - 1, f"… {len(steps) - CHAIN_SHOWN} more steps …")
    return "; ".join(parts)


@dataclass
class _Propagator:
    """Core's engine loop (same steps, same ends) with each level's first step memoised per board,
    so that the Medium and Hard passes replay the Easy pass's work instead of redoing it (the memo
    lives on the puzzle's Geo and serves later trial steps too)."""

    levels: list[tuple[int, list[Rule]]]
    memo: dict[tuple[int, int, int], Step | Broken | None] = field(default_factory=dict)
    budget: Budget | None = None

    def first(self, st: State, cap: int) -> Step | None:
        for level, rules in self.levels:
            if level > cap:
                return None
            key = (st.star, st.empty, level)
            if key in self.memo:
                got = self.memo[key]
            else:
                if self.budget is not None:
                    self.budget.charge(level)
                try:
                    got = next_step(st, rules)
                except Broken as e:
                    got = e
                self.memo[key] = got
            if isinstance(got, Broken):
                raise got
            if got is not None:
                return got
        return None

    def run(self, st: State, cap: int, max_steps: int = MAX_STEPS) -> tuple[str, list[Step]]:
        out = engine.run(st, [], max_steps=max_steps, find=lambda s, _: self.first(s, cap))
        return out.status, out.steps


def _propagator(st: State, rules: Sequence[Rule], budget: Budget | None = None) -> _Propagator:
    """The rules a hypothesis is followed with (up to Expert+, grouped by level) and the puzzle's memo."""
    g = st.geo
    usable = [r for r in rules if r.level <= EXPERT_PLUS and r.id not in HYPOTHETICAL]
    key = ("Trial", *((r.id, r.level) for r in usable))
    memo = g.facts.get(key)
    if not isinstance(memo, dict) or len(memo) > MEMO_LIMIT:
        memo = g.facts[key] = {}
    return _Propagator([(lv, list(rs)) for lv, rs in groupby(sorted(usable, key=lambda r: r.level),
                                                            key=lambda r: r.level)], memo, budget)


def _hypothesis(st: State, i: int, value: str) -> State:
    hyp = st.copy()
    if value == STAR:
        hyp.star |= 1 << i
    else:
        hyp.empty |= 1 << i
    return hyp


def trial(st: State, rules: Sequence[Rule], budget: Budget | None = None) -> Step | None:
    """The assumption whose propagation (by ``rules`` up to Hard) breaks the board in the fewest
    steps: tiers 1-3 first, then up to tier 4, then tier 5; the shortest chain of the first of
    those passes that breaks anything (ties: the tightest candidate). If none does, the case
    split with the shortest longest branch (same tiers), then the same over units up to Expert+,
    then over units with up to :data:`WIDE_WAYS` ways (tiers 1-5, then up to Expert), then the
    deep pass, then the nested trial (on boards of :data:`BIG` and up: the deep pass's Expert
    rounds, the nested trial, the wide splits, the deep pass's Expert+ rounds). Raises
    :class:`OutOfBudget` once ``budget`` (default: the one set by :func:`limited`, else none) is
    spent."""
    order = _order(st)
    prop = _propagator(st, rules, budget if budget is not None else _LIMIT.get())
    hyps = [(i, value) for i in order for value in (STAR, BLACK) if refutable(st, i, value)]
    for cap in (EASY, MEDIUM, HARD):
        tried = set(order[: MAX_CELLS if cap == EASY else MAX_CELLS // 3])
        chain = _shortest(st, prop, [h for h in hyps if h[0] in tried], cap, MAX_STEPS)
        if chain is not None:
            return _trial_step(st, *chain)
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


def _cases(st: State, prop: _Propagator, candidates: list[Split], caps: Sequence[int], sol: int | None,
           ) -> Step | None:
    """The best split of ``candidates`` under the first of ``caps`` that deduces anything, as a step."""
    for cap in caps:
        cases = best(st, prop, candidates, cap, MAX_STEPS, sol)
        if cases is not None:
            return _cases_step(st, cases)
    return None


def _shortest(st: State, prop: _Propagator, hyps: list[tuple[int, str]], cap: int,
              budget: int) -> tuple[int, str, list[Step]] | None:
    """The hypothesis whose propagation (rules up to ``cap``, at most ``budget`` steps) breaks the
    board in the fewest steps (ties: the first); each later one runs only while it can still win."""
    best: tuple[int, str, list[Step]] | None = None
    for i, value in hyps:
        limit = budget if best is None else min(budget, len(best[2]) - 1)
        if limit <= 0:
            break
        status, steps = prop.run(_hypothesis(st, i, value), cap, limit)
        if status == "contradiction":
            best = (i, value, steps)
    return best


def _cases_step(st: State, cases: Outcome) -> Step:
    """A split's step; a one-cell split with a broken branch is a plain trial step (with its chain)."""
    if cases.split.unit is None and any(cases.broken):
        b = cases.broken.index(True)
        star = cases.split.branches[b][0]
        i = (star or cases.split.branches[1 - b][0]).bit_length() - 1
        return _trial_step(st, i, STAR if star else BLACK, cases.chains[b])
    return split_step(st, cases)


def _deep(st: State, prop: _Propagator, hyps: list[tuple[int, str]],
          caps: tuple[int, ...] = (EXPERT, EXPERT_PLUS)) -> Step | None:
    """Every candidate followed with the rules up to Expert, then up to Expert+ (``caps``), each in
    rounds of growing step budgets (a round replays the previous one from the memo); the shortest
    chain of the first round that breaks anything."""
    for cap in caps:
        for budget in DEEP_BUDGETS:
            best = _shortest(st, prop, hyps, cap, budget)
            if best is not None:
                return _trial_step(st, *best)
    return None


def _trial_step(st: State, i: int, value: str, steps: list[Step]) -> Step:
    """The Trial step: the assumption, its chain (``steps``, the last one the contradiction) and
    the chain's length."""
    name = st.geo.cell_name(i)
    supposed, proved = assumed(value)
    reason = (f"Suppose {name} were {supposed}: " + _chain(st, steps)
              + f". That is impossible (a chain of {len(steps)} step{'s' if len(steps) > 1 else ''}), "
              f"so {name} is {proved}.")
    return refutation(st, i, value, steps, reason)


def assumed(value: str) -> tuple[str, str]:
    """The words for supposing ``value`` at a cell and for the opposite mark that refuting it proves."""
    return ("a star", "empty") if value == STAR else ("empty", "a star")


def refutation(st: State, i: int, value: str, steps: Sequence[Step], reason: str) -> Step:
    """The Trial step proving the opposite of ``value`` at ``i``; it uses the assumed cell and every
    cell the chain ``steps`` used."""
    g = st.geo
    uses = 1 << i
    for s in steps:
        for c in s.uses:
            uses |= 1 << (c[0] * g.n + c[1])
    if value == STAR:
        return make_step(g, "Trial", TRIAL, reason, uses, black=1 << i)
    return make_step(g, "Trial", TRIAL, reason, uses, star=1 << i)
