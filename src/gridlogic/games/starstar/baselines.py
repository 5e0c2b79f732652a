"""Baseline *Star players (flat Monte Carlo, random), the ``Bot`` protocol and ``play_game``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from gridlogic.games.starstar.evaluator import Evaluator, RandomPlayoutEvaluator
from gridlogic.games.starstar.state import StarState


@dataclass
class FlatMonteCarloBot:
    """Equal playouts for every empty node (round robin), play the best mean: a baseline."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))
    seconds: float | None = None
    playouts: int | None = 1000
    evaluator: Evaluator = field(default_factory=RandomPlayoutEvaluator)
    name: str = "flat"
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False)

    def reset(self) -> None:
        """Nothing is kept between moves."""

    def step(self, state: StarState) -> int:
        actions = state.empty_nodes()
        if not actions:
            return state.pass_action
        wins = [0.0] * len(actions)
        deadline = None if self.seconds is None else self.clock() + self.seconds
        sims = 0
        player = state.to_play
        work = state.clone()
        while (self.playouts is None or sims < self.playouts) and (
            deadline is None or sims < len(actions) or self.clock() < deadline
        ):
            i = sims % len(actions)
            work.apply_action(actions[i])
            black_reward, _ = self.evaluator.evaluate(work, self.rng)
            work.undo()
            wins[i] += black_reward if player == 0 else 1.0 - black_reward
            sims += 1
        trials = [sims // len(actions) + (1 if i < sims % len(actions) else 0) for i in range(len(actions))]
        best = max(range(len(actions)), key=lambda i: (wins[i] / trials[i] if trials[i] else 0.0, -i))
        return actions[best]


@dataclass
class RandomBot:
    """Uniformly random empty node (passes only on a full board)."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))
    name: str = "random"

    def reset(self) -> None:
        """Nothing is kept between moves."""

    def step(self, state: StarState) -> int:
        actions = state.empty_nodes()
        return self.rng.choice(actions) if actions else state.pass_action


class Bot(Protocol):
    name: str

    def step(self, state: StarState) -> int: ...

    def reset(self) -> None: ...


def play_game(black: Bot, white: Bot, rings: int, *, swap: bool = False, max_moves: int = 10_000) -> StarState:
    """Play one game between two bots and return the final state."""
    state = StarState.new(rings, swap=swap)
    for bot in (black, white):
        bot.reset()
    while not state.is_terminal() and len(state.moves) < max_moves:
        bot = black if state.to_play == 0 else white
        state.apply_action(bot.step(state))
    return state
