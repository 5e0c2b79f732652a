"""The engine loop is core's (:func:`gridlogic.core.engine.run`): cheapest rule first, restart
after every step, stop when solved, stuck or broken (a rule may raise
:class:`~gridlogic.core.engine.Broken` to prove the board impossible, which the trial search and
the soundness tests need). Rules here are already filtered and ordered by level."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core import engine
from gridlogic.core.engine import Run as Outcome
from gridlogic.core.engine import next_step
from gridlogic.puzzles.starbattle.rules.base import Rule
from gridlogic.puzzles.starbattle.rules.state import State

__all__ = ["Outcome", "next_step", "run"]


def run(state: State, rules: Sequence[Rule], max_steps: int = 10_000) -> Outcome:
    """Solve ``state`` in place with ``rules``."""
    return engine.run(state, rules, max_steps=max_steps)
