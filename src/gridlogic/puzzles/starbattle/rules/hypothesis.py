"""Trial's hypothesis machinery, shared by the trial search (:mod:`~gridlogic.puzzles.starbattle.rules.trial`),
its case splits (:mod:`~gridlogic.puzzles.starbattle.rules.split`) and the nested trial
(:mod:`~gridlogic.puzzles.starbattle.rules.nested`): assume a mark, follow it with the production rules
(core's engine loop, each level's first step memoised per board), keep the shortest chain that
breaks the board, and write the Trial step that refutes the assumption. The work is bounded by a
:class:`Budget` counted in rule sweeps, never in seconds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import groupby

from gridlogic.core import engine
from gridlogic.core.engine import Broken, Rule, next_step
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY, EXPERT, EXPERT_PLUS, HARD, MEDIUM, TRIAL
from gridlogic.puzzles.starbattle.rules.geometry import bits
from gridlogic.puzzles.starbattle.rules.state import STAR, State, make_step

MAX_STEPS = 80
"""Steps an assumption is followed for (a chain longer than that is not looked for)."""
MAX_CELLS = 150
"""Candidates tried per pass (the tightest first): bounds the search on big boards."""
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


def current_budget() -> Budget | None:
    """The budget set by the innermost :func:`limited` block, if any."""
    return _LIMIT.get()


def tightest_first(st: State) -> list[int]:
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


def chain_text(st: State, steps: list[Step]) -> str:
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
class Propagator:
    """Core's engine loop (same steps, same ends) with each level's first step memoised per board,
    so that the Medium and Hard passes replay the Easy pass's work instead of redoing it (the memo
    lives on the puzzle's Geo and serves later trial steps too)."""

    levels: list[tuple[int, list[Rule[State]]]]
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


def propagator(st: State, rules: Sequence[Rule[State]], budget: Budget | None = None) -> Propagator:
    """The rules a hypothesis is followed with (up to Expert+, grouped by level) and the puzzle's memo."""
    g = st.geo
    usable = [r for r in rules if r.level <= EXPERT_PLUS and r.id not in HYPOTHETICAL]
    key = ("Trial", *((r.id, r.level) for r in usable))
    memo = g.facts.get(key)
    if not isinstance(memo, dict) or len(memo) > MEMO_LIMIT:
        memo = g.facts[key] = {}
    return Propagator([(lv, list(rs)) for lv, rs in groupby(sorted(usable, key=lambda r: r.level),
                                                            key=lambda r: r.level)], memo, budget)


def hypothesis(st: State, i: int, value: str) -> State:
    hyp = st.copy()
    if value == STAR:
        hyp.star |= 1 << i
    else:
        hyp.empty |= 1 << i
    return hyp


def shortest(st: State, prop: Propagator, hyps: list[tuple[int, str]], cap: int,
              budget: int) -> tuple[int, str, list[Step]] | None:
    """The hypothesis whose propagation (rules up to ``cap``, at most ``budget`` steps) breaks the
    board in the fewest steps (ties: the first); each later one runs only while it can still win."""
    best: tuple[int, str, list[Step]] | None = None
    for i, value in hyps:
        limit = budget if best is None else min(budget, len(best[2]) - 1)
        if limit <= 0:
            break
        status, steps = prop.run(hypothesis(st, i, value), cap, limit)
        if status == "contradiction":
            best = (i, value, steps)
    return best


def trial_step(st: State, i: int, value: str, steps: list[Step]) -> Step:
    """The Trial step: the assumption, its chain (``steps``, the last one the contradiction) and
    the chain's length."""
    name = st.geo.cell_name(i)
    supposed, proved = assumed(value)
    reason = (f"Suppose {name} were {supposed}: " + chain_text(st, steps)
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
