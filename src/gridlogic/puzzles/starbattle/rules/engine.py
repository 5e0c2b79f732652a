"""The engine loop: cheapest rule first, restart after every step, stop when solved, stuck or broken.

Core's ``run`` does the same, but here a rule may also *prove* the board impossible (it raises
:class:`Broken` with the step saying why), which the trial search and the soundness tests need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gridlogic.core.errors import Contradiction
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.base import Rule
from gridlogic.puzzles.starbattle.rules.state import Broken, State


@dataclass
class Outcome:
    status: str  # "solved" | "stuck" | "contradiction"
    steps: list[Step] = field(default_factory=list)
    level: int = 0
    hardest_rule: str | None = None


def next_step(state: State, rules: Sequence[Rule]) -> Step | None:
    """The first step of the cheapest rule that makes progress (Broken propagates)."""
    for rule in rules:
        step = rule.find(state)
        if step is not None and step.marks:
            return step
    return None


def run(state: State, rules: Sequence[Rule], max_steps: int = 10_000) -> Outcome:
    """Solve ``state`` in place with ``rules`` (already filtered and in order)."""
    out = Outcome("stuck")
    for _ in range(max_steps):
        bad = state.contradiction()
        if bad is not None:
            out.steps.append(bad)
            out.status = "contradiction"
            return out
        if state.unknown == 0:
            out.status = "solved"
            return out
        try:
            step = next_step(state, rules)
        except Broken as e:
            out.steps.append(e.step)
            out.status = "contradiction"
            return out
        if step is None:
            return out
        out.steps.append(step)
        if out.hardest_rule is None or step.level > out.level:
            out.level, out.hardest_rule = step.level, step.rule
        try:
            state.apply(step)
        except Contradiction:
            out.status = "contradiction"
            return out
    return out
