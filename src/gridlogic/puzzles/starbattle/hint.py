"""Star Battle hints: the human solver's next step from a partial board (``*`` star, ``.`` empty,
``?`` unknown); see :mod:`gridlogic.core.hint`.

The trial search (the last level) runs under a work budget (:data:`HINT_BUDGET`, counted in rule
sweeps, not seconds): on a nearly empty 14x14 or 17x17 board it could otherwise search for
minutes, past the web worker's time limit. When the budget runs out the hint says so (status
``stuck``)."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.hint import Hint, Spec
from gridlogic.core.hint import hint as core_hint
from gridlogic.core.registry import Kind
from gridlogic.puzzles.starbattle.model import StarBattle

SPEC = Spec("*.", implicit=".")
HINT_BUDGET = 3_000
"""Work the trial search may spend on one hint (weighted rule sweeps; about 3 s of CPU on a 17x17
board): every trial step of the 10x10 corpus needs at most ~1,400 from a cold start."""


def hint(k: Kind[StarBattle], puzzle: StarBattle, rows: Sequence[str], max_level: int | None = None) -> Hint:
    from gridlogic.puzzles.starbattle.rules import rules
    from gridlogic.puzzles.starbattle.rules.hypothesis import Budget, OutOfBudget, limited
    from gridlogic.puzzles.starbattle.rules.state import State

    try:
        with limited(Budget(HINT_BUDGET)):
            return core_hint(k, puzzle, rows, height=puzzle.n, width=puzzle.n, spec=SPEC,
                             state=lambda board: State.from_rows(puzzle, board),
                             techniques=rules(max_level), max_level=max_level)
    except OutOfBudget:
        return Hint("stuck", None, "No step found within the hint's search limit: every rule up to "
                    "Expert+ is stuck here and the trial search (assume a mark and see) gave up "
                    "before it found one. Place a mark you are sure of, or ask for the full explanation.")
