"""The tree of *Star's MCTS: one node per state, per-action statistics as numpy rows.

A node holds, from the view of the player to move there, four float32 rows over the actions (visits,
wins, AMAF visits and AMAF wins) and the mask of the actions the tree searches.  Selection value of
action a: (1 - b) Q(a) + b Q~(a) + c sqrt(ln N / (n(a) + 1)), with b = n~ / (n + n~ + n n~ / K)
(Gelly and Silver's RAVE schedule, K the equivalence parameter); ``select_loop`` is that rule as a
loop numba compiles and ``select_numpy`` its numpy twin; ``backup`` updates one node after a
simulation.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from gridlogic.core.jit import HAVE_NUMBA, njit
from gridlogic.games.starstar.playout import Cells
from gridlogic.games.starstar.state import StarState

Floats = npt.NDArray[np.float64]
Stats = npt.NDArray[np.float32]  # counts and sums of rewards in {0, 1/2, 1}: exact in float32 below 2^23


def select_loop(
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
    """The same selection rule as ``select_numpy``, as a loop for numba to compile."""
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


def backup_loop(stats: Stats, action: int, reward: float, board: Cells, colour: int, rave: bool) -> None:
    """One node's update: visits and wins of ``action``; AMAF counts of every node ``colour`` holds."""
    stats[0, action] += 1.0
    stats[1, action] += reward
    if rave:
        for a in range(board.shape[0]):
            if board[a] == colour:
                stats[2, a] += 1.0
                stats[3, a] += reward


compiled_select = njit(select_loop) if HAVE_NUMBA else None
backup = njit(backup_loop) if HAVE_NUMBA else backup_loop


def searched_actions(state: StarState, window: int = 0) -> list[int]:
    """Actions the tree considers: empty nodes, swap when offered, pass after a pass or when at most
    ``window`` nodes are empty (the solver's endgame, where passing may be the best move)."""
    empties = state.empty_nodes()
    actions = list(empties)
    if state.swap_available():
        actions.append(state.swap_action)
    if state.passes or not actions or len(empties) <= window:
        actions.append(state.pass_action)
    return actions


class Node:
    """Statistics of the actions from one state, from the view of the player to move there."""

    __slots__ = ("amaf_n", "amaf_w", "children", "legal", "open", "player", "proven", "stats", "total", "visits",
                 "win_action", "window", "wins")

    def __init__(self, state: StarState, legal: npt.NDArray[np.bool_] | None = None, window: int = 0) -> None:
        size = state.num_distinct_actions()
        self.player = state.to_play
        if legal is None:
            legal = np.zeros(size, dtype=bool)
            legal[searched_actions(state, window)] = True
        self.legal = legal  # the actions searched from here
        self.open = legal.copy()  # those not proven lost for the player to move (the solver closes them)
        self.proven = 0  # the solver's verdict for the player to move: 1 won, -1 lost, 0 not known
        self.win_action = -1  # with proven == 1: the winning action
        self.window = window
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
        legal[n] = state.passes > 0 or n - state.stones <= self.window  # as searched_actions
        return Node(state, legal, self.window)

    def best_action(self) -> int:
        """A proven win, else the most visited action not proven lost (any, when all are)."""
        if self.proven > 0:
            return self.win_action
        counts = np.where(self.open if self.open.any() else self.legal, self.visits, -1.0)
        return int(np.argmax(counts))


def record_proof(path: list[tuple[Node, int]], outcome: int) -> None:
    """MCTS-Solver's backup (Winands, Björnsson and Saito 2008): the last action of ``path`` is proven
    ``outcome`` (1 a win, -1 a loss) for the player who took it.  A proven win proves its node won; a
    proven loss closes the action, and when every action of a node is closed (pass among them, so the
    node's actions are all the legal ones) the node is proven lost.  A node's verdict is an outcome for
    the action that led to it, one step up, and so on while proofs follow."""
    for i in range(len(path) - 1, -1, -1):
        node, action = path[i]
        if outcome > 0:
            node.proven, node.win_action = 1, action
        else:
            others = node.open.sum() - node.open[action]
            if others == 0 and not node.legal[node.legal.shape[0] - 2]:  # pass not searched: not all tried
                return
            node.open[action] = False
            if others:
                return
            node.proven = -1
        if i == 0:
            return
        parent = path[i - 1][0]
        outcome = node.proven if parent.player == node.player else -node.proven


def node_bytes(actions: int) -> int:
    """Memory of one node with ``actions`` actions: four float32 rows, the legal mask, the objects."""
    return 4 * 4 * actions + 2 * actions + 800  # measured: 5.5 KB a node on 10 rings (before the open mask)


def subtree_size(root: Node) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children.values())
    return count


def select_numpy(node: Node, jitter: Floats, rave: bool, rave_k: float, exploration: float) -> int:
    """``select_loop``'s rule in numpy (without numba)."""
    visits, wins, amaf_n, amaf_w = node.stats.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.where(visits > 0, wins / visits, 1.0)
        if rave:
            amaf_q = np.where(amaf_n > 0, amaf_w / amaf_n, 1.0)
            beta = amaf_n / (visits + amaf_n + visits * amaf_n / rave_k)
            beta = np.where(amaf_n > 0, beta, 0.0)
            q = (1.0 - beta) * q + beta * amaf_q
    value = q + exploration * np.sqrt(math.log(node.total + 1) / (visits + 1.0))
    value += jitter
    value[~node.open] = -np.inf
    return int(np.argmax(value))
