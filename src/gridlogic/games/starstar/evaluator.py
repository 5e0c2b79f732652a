"""Evaluators of *Star's MCTS: the reward to Black of a leaf state and the board it ended on.

``RandomPlayoutEvaluator`` fills the empty nodes (uniformly, or defending bridges) and scores the
full board; a finished game is scored exactly.  The board feeds the AMAF (RAVE) update.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from gridlogic.games.starstar.playout import Cells, Playout, get_playout, tables
from gridlogic.games.starstar.state import StarState


class Evaluator(Protocol):
    def evaluate(self, state: StarState, rng: random.Random) -> tuple[float, Cells]:
        """Reward to Black (1 win, 0.5 draw, 0 loss) and the final board (for AMAF)."""
        ...


@dataclass
class RandomPlayoutEvaluator:
    """Fill of the empty nodes (``random``, or ``bridge``: defending bridges) and scoring; the exact
    score when the game is already over."""

    backend: str | None = None
    policy: str = "random"
    _playout: Playout = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._playout = get_playout(self.backend, self.policy)

    def evaluate(self, state: StarState, rng: random.Random) -> tuple[float, Cells]:
        if state.is_terminal():
            winner = state.winner()
            reward = 0.5 if winner is None else 1.0 - winner
            return reward, np.array(state.cells, dtype=np.int8)
        last = state.moves[-1].action if state.moves else -1
        last = last if last < state.graph.size else -1  # a pass or a swap leaves no stone to answer
        outcome, board = self._playout(tables(state.graph.rings), state.cells, state.to_play, rng, last)
        return outcome.black_reward, board
