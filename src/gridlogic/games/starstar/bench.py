"""Speed and strength measurements shared by ``starstar bench`` and ``benchmarks/bench_starstar.py``.

Rates are per second of this process's CPU time (single core), so that other work on a shared
machine does not halve them; on an idle machine CPU and wall-clock rates are the same.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from gridlogic.games.starstar.mcts import make_bot, play_game
from gridlogic.games.starstar.playout import get_playout, tables
from gridlogic.games.starstar.state import StarState


def playout_rate(
    rings: int, seconds: float, backend: str | None = None, runs: int = 3, policy: str = "random"
) -> float:
    """Median playouts (fill + score) per CPU second from the empty board over ``runs`` runs."""
    playout = get_playout(backend, policy)
    t = tables(rings)
    rng = random.Random(1)
    empty = [0] * t.graph.size
    playout(t, empty, 0, rng)  # compile / warm up
    rates = []
    for _ in range(runs):
        count, cpu = 0, time.process_time()
        while time.process_time() - cpu < seconds / runs:
            for _ in range(16):
                playout(t, empty, 0, rng)
            count += 16
        rates.append(count / max(time.process_time() - cpu, 1e-9))
    return statistics.median(rates)


def simulation_rate(rings: int, seconds: float, runs: int = 1, policy: str = "bridge") -> float:
    """MCTS (UCT + RAVE, the default bot) simulations per CPU second from the empty board, median of
    ``runs``; ``policy`` chooses the playouts (``bridge``, the default bot's, or ``random``)."""
    from gridlogic.games.starstar.mcts import MCTSBot, RandomPlayoutEvaluator, warm_up

    state = StarState.new(rings)
    warm_up()
    rates = []
    for run in range(runs):
        cpu = time.process_time()
        bot = MCTSBot(rng=random.Random(run), seconds=seconds / runs, playouts=None, clock=time.process_time,
                      evaluator=RandomPlayoutEvaluator(policy=policy))
        result = bot.search(state)
        rates.append(result.simulations / max(time.process_time() - cpu, 1e-9))
    return statistics.median(rates)


@dataclass(frozen=True)
class MatchResult:
    player: str
    opponent: str
    games: int
    wins: int
    wins_as_black: int
    wins_as_white: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play_one(args: tuple[str, str, int, int, int, int]) -> tuple[int, bool]:
    """Game ``index`` of a match: ``player`` is Black on even indices.  (index, player won)."""
    player, opponent, rings, playouts, seed, index = args
    me = make_bot(player, seed=seed * 100_003 + 2 * index, playouts=playouts)
    them = make_bot(opponent, seed=seed * 100_003 + 2 * index + 1, playouts=playouts)
    black_is_me = index % 2 == 0
    state = play_game(me, them, rings) if black_is_me else play_game(them, me, rings)
    return index, state.winner() == (0 if black_is_me else 1)


def match(
    player: str, opponent: str, *, games: int, rings: int, playouts: int, seed: int = 0, workers: int = 1
) -> MatchResult:
    """``games`` games, colours alternating, equal playout budgets."""
    start = time.perf_counter()
    jobs = [(player, opponent, rings, playouts, seed, i) for i in range(games)]
    if workers > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(workers) as pool:
            results = pool.map(play_one, jobs)
    else:
        results = [play_one(job) for job in jobs]
    won = [i for i, w in results if w]
    return MatchResult(
        player,
        opponent,
        games,
        len(won),
        sum(1 for i in won if i % 2 == 0),
        sum(1 for i in won if i % 2 == 1),
        time.perf_counter() - start,
    )
