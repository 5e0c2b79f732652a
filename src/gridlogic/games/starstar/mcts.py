"""Monte Carlo tree search for *Star: UCT with RAVE (all-moves-as-first), the default player.

Split as in OpenSpiel, in three modules:

* the *evaluator* (``evaluator.py``) gives the reward to Black of a leaf state and the board it
  ended on (random or bridge-defending playouts, or the exact score of a finished game);
* the *node* (``node.py``) holds per-action statistics as numpy rows, with the selection rule
  and the backup as small compiled loops;
* the *bot* (here) runs simulations within a time or playout budget, with an injected
  ``random.Random`` (same seed, same budget in playouts: same moves), and keeps its tree between
  moves.

Passing is only searched when the opponent has just passed (a pass can then end the game);
playouts never pass.  The baselines (flat Monte Carlo, random) and ``play_game`` are in
``baselines.py``; this module re-exports them for its callers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from gridlogic.games.starstar.baselines import Bot, FlatMonteCarloBot, RandomBot, play_game
from gridlogic.games.starstar.bridges import bridge_table, defence
from gridlogic.games.starstar.evaluator import Evaluator, RandomPlayoutEvaluator
from gridlogic.games.starstar.node import (
    Floats,
    Node,
    backup,
    compiled_select,
    node_bytes,
    record_proof,
    select_numpy,
    subtree_size,
)
from gridlogic.games.starstar.state import StarState

__all__ = [
    "Bot",
    "Evaluator",
    "FlatMonteCarloBot",
    "MCTSBot",
    "RandomBot",
    "RandomPlayoutEvaluator",
    "SearchResult",
    "make_bot",
    "node_bytes",
    "play_game",
    "subtree_size",
    "warm_up",
]


NO_BOARD = np.zeros(1, dtype=np.int8)  # the backup's board when no playout ran (AMAF not updated)


@dataclass(frozen=True)
class SearchResult:
    action: int
    simulations: int
    seconds: float
    root_visits: int  # including visits reused from the previous search
    value: float  # estimated win rate of the chosen action for the player to move


@dataclass
class MCTSBot:
    """UCT + RAVE player.  Give ``seconds`` or ``playouts`` (simulations per move), or both."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))
    seconds: float | None = None
    playouts: int | None = 1000
    rave: bool = True
    rave_k: float = 400.0
    exploration: float = 0.3
    reuse: bool = True
    evaluator: Evaluator = field(default_factory=lambda: RandomPlayoutEvaluator(policy="bridge"))
    name: str = "mcts"
    bridge_prior: float = 10.0  # virtual wins for saving an intruded bridge, in every new node (0: none)
    solver: bool = False  # MCTS-Solver: proven wins and losses backed up (see node.record_proof)
    pass_window: int = 10  # with the solver: passing is searched once this few nodes are empty
    memory_mb: float = 256.0  # bound on the tree: no node is added past it (the search goes on)
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False)  # time.process_time: CPU
    progress: Callable[[int, float], None] | None = field(default=None, repr=False)
    """Told (simulations, seconds) so far about every ``progress_every`` seconds of ``clock`` while searching."""
    progress_every: float = 0.1
    last: SearchResult | None = field(default=None, init=False, repr=False)
    _root: Node | None = field(default=None, init=False, repr=False)
    _root_moves: list[tuple[int, int]] = field(default_factory=list, init=False, repr=False)
    _jitter: dict[int, Floats] = field(default_factory=dict, init=False, repr=False)
    _nodes: int = field(default=0, init=False, repr=False)
    _max_nodes: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.seconds is None and self.playouts is None:
            raise ValueError("MCTSBot needs a time budget (seconds) or a playout budget")
        if not self.memory_mb > 0:
            raise ValueError("memory_mb must be positive")

    def reset(self) -> None:
        self._root = None
        self._root_moves = []
        self._nodes = 0

    @property
    def nodes(self) -> int:
        """Nodes in the current tree (the root's subtree after re-rooting)."""
        return self._nodes

    def _jitter_for(self, size: int) -> Floats:
        # tiny fixed tie-breaking noise so that equal values are not taken in index order
        if size not in self._jitter:
            self._jitter[size] = np.array([self.rng.random() * 1e-7 for _ in range(size)])
        return self._jitter[size]

    def _find_root(self, state: StarState) -> Node:
        moves = [(m.player, m.action) for m in state.moves]
        node = self._root
        if node is not None and self.reuse and moves[: len(self._root_moves)] == self._root_moves:
            for _, action in moves[len(self._root_moves) :]:
                node = node.children.get(action)
                if node is None:
                    break
        else:
            node = None
        if node is None or node.player != state.to_play:
            node = Node(state, window=self.pass_window if self.solver else 0)
        self._root, self._root_moves = node, moves
        self._nodes = subtree_size(node)
        self._max_nodes = max(1, int(self.memory_mb * 2**20 / node_bytes(state.num_distinct_actions())))
        return node

    def _select(self, node: Node) -> int:
        if compiled_select is None:
            return select_numpy(node, self._jitter_for(len(node.visits)), self.rave, self.rave_k, self.exploration)
        return int(
            compiled_select(
                node.visits,
                node.wins,
                node.amaf_n,
                node.amaf_w,
                node.open,
                self._jitter_for(len(node.visits)),
                node.total,
                self.rave,
                self.rave_k,
                self.exploration,
            )
        )

    def _expand(self, node: Node, action: int, state: StarState) -> Node:
        """The new child; with ``bridge_prior`` the answers to an intruded bridge start with that many wins."""
        child = node.child(action, state)
        if self.bridge_prior and action < state.graph.size:
            for x in defence(bridge_table(state.graph.rings), state.cells, action, state.to_play + 1):
                child.visits[x] += self.bridge_prior
                child.wins[x] += self.bridge_prior
        return child

    def _simulate(self, root: Node, state: StarState) -> None:
        path: list[tuple[Node, int]] = []
        node = root
        solved = False
        while not state.is_terminal():
            if node.proven:  # the solver knows this node's outcome: no playout needed
                solved = True
                break
            action = self._select(node)
            path.append((node, action))
            state.apply_action(action)
            child = node.children.get(action)
            if child is None:
                if not state.is_terminal() and self._nodes < self._max_nodes:
                    node.children[action] = self._expand(node, action, state)
                    self._nodes += 1
                break
            node = child
        rave = self.rave
        if solved:
            black_reward = 1.0 if (node.proven > 0) == (node.player == 0) else 0.0
            board, rave = NO_BOARD, False
        else:
            black_reward, board = self.evaluator.evaluate(state, self.rng)
            if self.solver and path and black_reward != 0.5 and state.is_terminal():
                mover = path[-1][0].player
                record_proof(path, 1 if (black_reward == 1.0) == (mover == 0) else -1)
        for _ in path:
            state.undo()
        for node, action in path:
            reward = black_reward if node.player == 0 else 1.0 - black_reward
            backup(node.stats, action, reward, board, node.player + 1, rave)
            node.total += 1

    def search(self, state: StarState) -> SearchResult:
        if state.is_terminal():
            raise ValueError("the game is over")
        warm_up()  # no budget pays for a JIT
        start = self.clock()
        root = self._find_root(state)
        work = state.clone()
        deadline = None if self.seconds is None else start + self.seconds
        report = None if self.progress is None else start + self.progress_every
        sims = 0
        while not root.proven:  # a proven root needs no more search
            if self.playouts is not None and sims >= self.playouts:
                break
            if sims % 8 == 0 and (deadline is not None or report is not None):
                now = self.clock()
                if deadline is not None and now >= deadline and sims:
                    break
                if report is not None and now >= report and self.progress is not None:
                    self.progress(sims, now - start)
                    report = now + self.progress_every
            self._simulate(root, work)
            sims += 1
        action = root.best_action()
        n = root.visits[action]
        value = float(root.wins[action] / n) if n else 0.5
        if root.proven:
            value = 1.0 if root.proven > 0 else 0.0
        self.last = SearchResult(action, sims, self.clock() - start, root.total, value)
        return self.last

    def step(self, state: StarState) -> int:
        return self.search(state).action

    def principal_variation(self, state: StarState, length: int = 8) -> list[str]:
        """Labels of the most visited line from the current root (after a search of ``state``)."""
        out: list[str] = []
        node, work = self._root, state.clone()
        while node is not None and node.total and len(out) < length and not work.is_terminal():
            action = node.best_action()
            out.append(work.action_to_string(action))
            work.apply_action(action)
            node = node.children.get(action)
        return out


def make_bot(
    kind: str, *, seed: int = 0, seconds: float | None = None, playouts: int | None = None
) -> MCTSBot | FlatMonteCarloBot | RandomBot:
    """``mcts``, ``flat`` or ``random``; budget in seconds and/or playouts (default 1000 playouts)."""
    rng = random.Random(seed)
    if seconds is None and playouts is None:
        playouts = 1000
    if kind == "mcts":
        return MCTSBot(rng=rng, seconds=seconds, playouts=playouts)
    if kind == "flat":
        return FlatMonteCarloBot(rng=rng, seconds=seconds, playouts=playouts)
    if kind == "random":
        return RandomBot(rng=rng)
    raise ValueError(f"unknown player {kind!r} (mcts, flat or random)")


_warm = False


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel a search uses, once per process.  Every
    search calls it before starting its clock; a server can call it when a worker starts."""
    global _warm  # noqa: PLW0603 - once per process
    if _warm:
        return
    _warm = True
    from gridlogic.games.starstar.playout import warm_up as warm_playouts

    warm_playouts()
    MCTSBot(rng=random.Random(0), playouts=16).search(StarState.new(2))
