"""Nested trial, the Trial level's last stage: an assumption refuted by a solve that itself uses trials.

When no one-cell chain, no case split and no deep pass breaks anything (a few nearly empty 14x14
and bigger boards), an assumption is followed by the rules up to Expert+ and, whenever those stall,
by **inner trial steps** (depth 1: the one-cell contradiction chains of tiers 1-3, then 1-4, then
1-5, shortest first, as the Trial level's first stage) on the assumed board, until the assumed board
breaks. Every inner step follows from the outer assumption, so the contradiction refutes it: the
opposite mark is proved. Solvers call this a nested assumption (bifurcation inside a bifurcation).

The step reads like a Trial step: the outer assumption, its chain (each inner trial shown with the
cell it proves and its own chain length, never elided), the chain's length and how many inner trials
it holds. :func:`chain_of` gives the chain behind the step, and behind each inner trial, back for
inspection.

Which assumptions, in which order (the search is bounded, so the order decides what is found):
only those that disagree with a solution of the board (the others cannot break; see
:mod:`~gridlogic.puzzles.starbattle.rules.witness`), a star before an empty cell, the tightest units
first; in rounds allowing 1, 2, 4, then 8 inner trials per assumption (a round replays the previous
one from the memo); the first assumption that breaks in a round gives the step. The work is bounded
in rule sweeps (:data:`WORK`, a :class:`~gridlogic.puzzles.starbattle.rules.hypothesis.Budget`), never in
seconds; a hint's budget bounds it as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY, EXPERT_PLUS, HARD, MEDIUM
from gridlogic.puzzles.starbattle.rules.hypothesis import (
    MAX_CELLS,
    Budget,
    OutOfBudget,
    Propagator,
    assumed,
    chain_text,
    hypothesis,
    refutation,
    shortest,
    tightest_first,
    trial_step,
)
from gridlogic.puzzles.starbattle.rules.state import BLACK, STAR, State

ROUNDS = (1, 2, 4, 8)
"""Inner trial steps allowed per assumption in each round."""
INNER_CAPS = (EASY, MEDIUM, HARD)
"""The inner trial's passes (tiers 1-3, 1-4, 1-5): the first that breaks anything gives the step."""
OUTER_CAP = EXPERT_PLUS
"""The rules that follow the outer assumption between inner trials."""
OUTER_STEPS = 160
"""Steps of those rules per stretch between two inner trials."""
INNER_STEPS = 80
"""Steps of an inner chain."""
WORK = 400_000
"""Work (weighted rule sweeps, as :class:`Budget`) the whole stage may spend on one board."""


@dataclass(frozen=True)
class Refuted:
    """An assumption (``cell``, ``value``) and the chain that broke it (``steps``, the last one the
    contradiction; inner trial steps among them)."""

    cell: int
    value: str
    steps: tuple[Step, ...]

    @property
    def inner(self) -> int:
        return sum(1 for s in self.steps if s.rule == "Trial")


_INNER = ("nested: inner chains",)
_STEPS = ("nested: inner steps",)
MEMO_LIMIT = 20_000
"""Inner trial steps (and their chains) remembered per puzzle."""


def _memo(st: State, key: tuple[str]) -> dict[object, object]:
    memo = st.geo.facts.get(key)
    if not isinstance(memo, dict) or len(memo) > MEMO_LIMIT:
        memo = st.geo.facts[key] = {}
    return memo


def chain_of(st: State, step: Step) -> tuple[Step, ...] | None:
    """The chain behind a nested trial ``step`` or one of its inner trials (a Trial step in the
    former's chain) on ``st``'s puzzle: every step after the assumption, the last one the
    contradiction; None if ``step`` is neither."""
    memo = st.geo.facts.get(_INNER)
    got = memo.get(step) if isinstance(memo, dict) else None
    return got if isinstance(got, tuple) else None


def nested(st: State, prop: Propagator, hyps: list[tuple[int, str]]) -> Step | None:
    """The nested trial step on ``st`` (see the module), or None if no assumption breaks within
    the rounds and :data:`WORK`. ``hyps``: the refutable assumptions, tightest first."""

    ordered = [h for h in hyps if h[1] == STAR] + [h for h in hyps if h[1] != STAR]
    local = Budget(WORK, parent=prop.budget)
    mine = Propagator(prop.levels, prop.memo, local)
    try:
        for most in ROUNDS:
            for i, value in ordered:
                got = _refute(st, mine, i, value, most)
                if got is not None:
                    step = nested_step(st, got)
                    _memo(st, _INNER)[step] = got.steps
                    return step
    except OutOfBudget as e:
        if e.budget is not local:
            raise
    return None


def _refute(st: State, prop: Propagator, i: int, value: str, most: int) -> Refuted | None:
    """The chain that breaks ``value`` at ``i`` with at most ``most`` inner trials, else None."""

    hyp = hypothesis(st, i, value)
    chain: list[Step] = []
    for k in range(most + 1):
        status, steps = prop.run(hyp, OUTER_CAP, OUTER_STEPS)
        chain += steps
        if status == "contradiction":
            return Refuted(i, value, tuple(chain))
        if status != "stuck" or k == most:
            return None
        inner = inner_trial(hyp, prop)
        if inner is None:
            return None
        chain.append(inner)
        hyp.apply(inner)
    return None


def inner_trial(st: State, prop: Propagator) -> Step | None:
    """Depth 1 on an assumed board: the one-cell assumption (both values of every open cell, the
    tightest first) that breaks in the fewest steps with tiers 1-3, then 1-4, then 1-5; its Trial
    step (memoised per board, its chain kept for :func:`chain_of`)."""

    memo = _memo(st, _STEPS)
    key = (st.star, st.empty)
    if key in memo:
        known = memo[key]
        assert known is None or isinstance(known, Step)
        return known
    order = tightest_first(st)
    got: Step | None = None
    for cap in INNER_CAPS:
        cells = order[: MAX_CELLS if cap == EASY else MAX_CELLS // 3]
        found = shortest(st, prop, [(i, v) for i in cells for v in (STAR, BLACK)], cap, INNER_STEPS)
        if found is not None:
            got = trial_step(st, *found)
            _memo(st, _INNER)[got] = tuple(found[2])
            break
    memo[key] = got
    return got


def _inner_text(st: State, step: Step) -> str:
    """An inner trial in the outer chain: the mark it proves and its chain's length."""

    g = st.geo
    m = step.marks[0]
    name = g.cell_name(m.cell[0] * g.n + m.cell[1])
    length = len(chain_of(st, step) or ())
    proved, supposed = assumed(m.value)  # the inner trial's mark is what refuting its assumption proved
    return f"[Trial] {name} {proved} (supposing it {supposed} breaks in {length} step{'' if length == 1 else 's'})"


def nested_step(st: State, got: Refuted) -> Step:
    """The nested trial's step: the outer assumption, its chain with every inner trial named, the
    chain's length and the number of inner trials (a chain without inner trials, found where the
    nested trial runs before the deep pass's Expert+ rounds, is written as a plain trial step)."""

    if not got.inner:
        return trial_step(st, got.cell, got.value, list(got.steps))

    name = st.geo.cell_name(got.cell)
    supposed, proved = assumed(got.value)
    parts: list[str] = []
    stretch: list[Step] = []
    for s in got.steps:
        if s.rule == "Trial":
            if stretch:
                parts.append(chain_text(st, stretch))
                stretch = []
            parts.append(_inner_text(st, s))
        else:
            stretch.append(s)
    if stretch:
        parts.append(chain_text(st, stretch))
    k = got.inner
    reason = (f"Suppose {name} were {supposed} (a nested trial): " + "; ".join(parts)
              + f". That is impossible (a chain of {len(got.steps)} steps, {k} of them inner "
              f"trial{'' if k == 1 else 's'}), so {name} is {proved}.")
    return refutation(st, got.cell, got.value, got.steps, reason)
