"""The rule engine shared by every human-style solver.

Rules are tried cheapest level first; the first that makes progress is applied and the scan
restarts from the cheapest (the seeds' "Rule Ordering"). The run stops when the board is solved,
when no rule allowed by ``max_level`` makes progress (stuck), or on a contradiction.

Because every run restarts from the cheapest rule, the hardest level an uncapped run uses is the
lowest cap under which the puzzle is solved: the capped run follows the same path until the first
step above its cap, where it is stuck. ``grade`` relies on that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from gridlogic.core.errors import Contradiction
from gridlogic.core.step import Step


class EngineState(Protocol):
    def apply(self, step: Step) -> None:
        """Apply a step's marks; raise :class:`Contradiction` if they empty a cell."""

    def is_solved(self) -> bool: ...

    def contradiction(self) -> Step | None:
        """A step naming why the board cannot be completed (a broken rule), else ``None``."""


class Broken(Exception):  # noqa: N818 - a signal carrying a step
    """Raised by a rule's ``find`` that proves the board has no completion; ``step`` says why."""

    def __init__(self, step: Step) -> None:
        super().__init__(step.reason)
        self.step = step


S = TypeVar("S", bound=EngineState)
S_contra = TypeVar("S_contra", bound=EngineState, contravariant=True)


class Technique(Protocol[S_contra]):
    """One human rule: ``id`` as the seed names it, ``level`` for grading."""

    @property
    def id(self) -> str: ...

    @property
    def level(self) -> int: ...

    def find(self, state: S_contra) -> Step | None:
        """The first step this rule can make on ``state`` (pure: it does not change the state)."""


@dataclass(frozen=True)
class Rule(Generic[S]):
    """The one rule record of every kind: ``id`` as the seed names it (``R4.1``, ``NakedSingle``),
    ``level`` for grading, and a pure ``fn(state) -> Step | None`` (it reads the board and returns a
    step; the engine applies it). ``note`` says, in one line, where ours differs from the seed."""

    id: str
    level: int
    fn: Callable[[S], Step | None]
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "find", self.fn)  # the engine's call goes straight to the function

    def find(self, state: S) -> Step | None:
        return self.fn(state)

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, {self.level})"


@dataclass
class Run:
    """A run's steps, its grade ``level`` (its hardest step's) and ``hardest_rule``: of the rules whose
    steps are at that level, the one latest in engine order. The engine restarts from the cheapest
    rule after every step, so that rule's step was made where every rule of the level before it had
    nothing: it is the most advanced rule the solve needed at its grade."""

    status: str  # "solved" | "stuck" | "contradiction"
    steps: list[Step] = field(default_factory=list)
    level: int = 0
    hardest_rule: str | None = None


def run(state: S, techniques: Sequence[Technique[S]], max_level: int | None = None,
        on_step: Callable[[Step], None] | None = None, max_steps: int = 100_000,
        find: Callable[[S, Sequence[Technique[S]]], Step | None] | None = None) -> Run:
    """Solve ``state`` in place with ``techniques`` up to ``max_level`` (a rule may raise
    :class:`Broken` to prove the board impossible: the run ends in contradiction with its step).
    ``find`` replaces :func:`next_step` (e.g. a memoising one); it gets the filtered rules."""
    pick = find or next_step
    rules = sorted((t for t in techniques if max_level is None or t.level <= max_level),
                   key=lambda t: t.level)
    out = Run("stuck")
    order = {(t.id, t.level): k for k, t in enumerate(rules)}  # an id may have forms at several levels
    hardest = (-1, -1)
    for _ in range(max_steps):
        bad = state.contradiction()
        if bad is not None:
            out.steps.append(bad)
            out.status = "contradiction"
            return out
        if state.is_solved():
            out.status = "solved"
            return out
        try:
            step = pick(state, rules)
        except Broken as e:
            out.steps.append(e.step)
            out.status = "contradiction"
            return out
        if step is None:
            return out
        out.steps.append(step)
        if on_step is not None:
            on_step(step)
        rank = (step.level, order.get((step.rule, step.level), -1))
        if rank > hardest:
            hardest = rank
            out.level, out.hardest_rule = step.level, step.rule
        try:
            state.apply(step)
        except Contradiction:
            out.status = "contradiction"
            return out
    return out


def next_step(state: S, rules: Sequence[Technique[S]]) -> Step | None:
    """The first step of the first rule (in the given order) that makes progress."""
    for t in rules:
        step = t.find(state)
        if step is not None and step.marks:
            return step
    return None
