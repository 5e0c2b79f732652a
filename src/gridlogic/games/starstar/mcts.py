"""Monte Carlo tree search for *Star: UCT with RAVE (all-moves-as-first), plus simple baseline bots.

Split in three parts:

* an *evaluator* gives the reward to Black of a leaf state and the board it ended on (random
  playouts, or the exact score of a finished game);
* a *node* holds per-action statistics as numpy arrays (visits, wins, AMAF visits and wins), so
  that selection and the AMAF update are a handful of vector operations;
* the *bot* runs simulations within a time or playout budget, with an injected ``random.Random``
  (same seed, same budget in playouts: same moves), and keeps its tree between moves.

Selection value of action a at a node: (1 - b) Q(a) + b Q~(a) + c sqrt(ln N / (n(a) + 1)), with
b = n~ / (n + n~ + n n~ / K) (Gelly and Silver's RAVE schedule, K the equivalence parameter).
Passing is only searched when the opponent has just passed (a pass can then end the game);
random playouts never pass.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from gridlogic.core.jit import HAVE_NUMBA, njit
from gridlogic.games.starstar.bridges import bridge_table, defence
from gridlogic.games.starstar.playout import Cells, Playout, get_playout, tables
from gridlogic.games.starstar.state import StarState

Floats = npt.NDArray[np.float64]
Stats = npt.NDArray[np.float32]  # counts and sums of rewards in {0, 1/2, 1}: exact in float32 below 2^23


def _select_loop(
    visits: Stats,
    wins: Stats,
    amaf_n: Stats,
    amaf_w: Stats,
    legal: npt.NDArray[np.bool_],
    jitter: Floats,
    total: int,
    rave: bool,
    rave_k: float,
    exploration: float,
) -> int:
    """The same selection rule as ``MCTSBot._select_numpy``, as a loop for numba to compile."""
    best, best_value = -1, -math.inf
    log_total = math.log(total + 1)
    for a in range(visits.shape[0]):
        if not legal[a]:
            continue
        n = float(visits[a])  # float64 arithmetic, as in the numpy twin
        q = float(wins[a]) / n if n > 0 else 1.0
        if rave and amaf_n[a] > 0:
            m = float(amaf_n[a])
            beta = m / (n + m + n * m / rave_k)
            q = (1.0 - beta) * q + beta * float(amaf_w[a]) / m
        value = q + exploration * math.sqrt(log_total / (n + 1.0)) + jitter[a]
        if value > best_value:
            best, best_value = a, value
    return best


def _backup_loop(stats: Stats, action: int, reward: float, board: Cells, colour: int, rave: bool) -> None:
    """One node's update: visits and wins of ``action``; AMAF counts of every node ``colour`` holds."""
    stats[0, action] += 1.0
    stats[1, action] += reward
    if rave:
        for a in range(board.shape[0]):
            if board[a] == colour:
                stats[2, a] += 1.0
                stats[3, a] += reward


_compiled_select = njit(_select_loop) if HAVE_NUMBA else None
_backup = njit(_backup_loop) if HAVE_NUMBA else _backup_loop


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


def searched_actions(state: StarState) -> list[int]:
    """Actions the tree considers: empty nodes, swap when offered, pass after a pass."""
    actions = state.empty_nodes()
    if state.swap_available():
        actions.append(state.swap_action)
    if state.passes or not actions:
        actions.append(state.pass_action)
    return actions


class Node:
    """Statistics of the actions from one state, from the view of the player to move there."""

    __slots__ = ("amaf_n", "amaf_w", "children", "legal", "player", "stats", "total", "visits", "wins")

    def __init__(self, state: StarState, legal: npt.NDArray[np.bool_] | None = None) -> None:
        size = state.num_distinct_actions()
        self.player = state.to_play
        if legal is None:
            legal = np.zeros(size, dtype=bool)
            legal[searched_actions(state)] = True
        self.legal = legal
        self.stats = stats = np.zeros((4, size), dtype=np.float32)  # one allocation for the four rows
        self.visits: Stats = stats[0]
        self.wins: Stats = stats[1]
        self.amaf_n: Stats = stats[2]
        self.amaf_w: Stats = stats[3]
        self.children: dict[int, Node] = {}
        self.total = 0

    def __repr__(self) -> str:
        return f"<Node player={self.player} total={self.total} children={len(self.children)}>"

    def child(self, action: int, state: StarState) -> Node:
        """The node after ``action`` (already applied to ``state``): legal set derived from this one."""
        n = state.graph.size
        legal = self.legal.copy()
        if action < n:
            legal[action] = False
        legal[n + 1] = state.swap_available()
        legal[n] = state.passes > 0 or state.stones == n  # no empty node: only a pass is left
        return Node(state, legal)

    def best_action(self) -> int:
        counts = np.where(self.legal, self.visits, -1.0)
        return int(np.argmax(counts))


def node_bytes(actions: int) -> int:
    """Memory of one node with ``actions`` actions: four float32 rows, the legal mask, the objects."""
    return 4 * 4 * actions + actions + 800  # measured: 5.5 KB a node on 10 rings


def subtree_size(root: Node) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children.values())
    return count


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
            node = Node(state)
        self._root, self._root_moves = node, moves
        self._nodes = subtree_size(node)
        self._max_nodes = max(1, int(self.memory_mb * 2**20 / node_bytes(state.num_distinct_actions())))
        return node

    def _select(self, node: Node) -> int:
        if _compiled_select is None:
            return self._select_numpy(node)
        return int(
            _compiled_select(
                node.visits,
                node.wins,
                node.amaf_n,
                node.amaf_w,
                node.legal,
                self._jitter_for(len(node.visits)),
                node.total,
                self.rave,
                self.rave_k,
                self.exploration,
            )
        )

    def _select_numpy(self, node: Node) -> int:
        visits, wins, amaf_n, amaf_w = node.stats.astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = np.where(visits > 0, wins / visits, 1.0)
            if self.rave:
                amaf_q = np.where(amaf_n > 0, amaf_w / amaf_n, 1.0)
                beta = amaf_n / (visits + amaf_n + visits * amaf_n / self.rave_k)
                beta = np.where(amaf_n > 0, beta, 0.0)
                q = (1.0 - beta) * q + beta * amaf_q
        value = q + self.exploration * np.sqrt(math.log(node.total + 1) / (visits + 1.0))
        value += self._jitter_for(len(value))
        value[~node.legal] = -np.inf
        return int(np.argmax(value))

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
        while not state.is_terminal():
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
        black_reward, board = self.evaluator.evaluate(state, self.rng)
        for _ in path:
            state.undo()
        for node, action in path:
            reward = black_reward if node.player == 0 else 1.0 - black_reward
            _backup(node.stats, action, reward, board, node.player + 1, self.rave)
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
        while True:
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


def play_game(black: Bot, white: Bot, rings: int, *, swap: bool = False, max_moves: int = 10_000) -> StarState:
    """Play one game between two bots and return the final state."""
    state = StarState.new(rings, swap=swap)
    for bot in (black, white):
        bot.reset()
    while not state.is_terminal() and len(state.moves) < max_moves:
        bot = black if state.to_play == 0 else white
        state.apply_action(bot.step(state))
    return state


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
