"""MCTS-Solver: every proof in the tree agrees with exhaustive minimax (passes included), a small
endgame is proven within a few thousand simulations, and a proven root stops the search."""

import random

import numpy as np

from gridlogic.games.starstar.mcts import MCTSBot
from gridlogic.games.starstar.node import Node, record_proof, searched_actions
from gridlogic.games.starstar.state import StarState
from starstar.test_mcts import WIN_POSITION

Memo = dict[tuple[tuple[int, ...], int, int], float]


def black_value(s: StarState, memo: Memo) -> float:
    """Exact value for Black (1 win, 0.5 draw, 0 loss) with every legal action, passes too."""
    if s.is_terminal():
        w = s.winner()
        return 0.5 if w is None else 1.0 - w
    key = (tuple(s.cells), s.to_play, s.passes)
    if key not in memo:
        values = []
        for a in s.legal_actions():
            s.apply_action(a)
            values.append(black_value(s, memo))
            s.undo()
        memo[key] = max(values) if s.to_play == 0 else min(values)
    return memo[key]


def mover_value(s: StarState, memo: Memo) -> float:
    v = black_value(s, memo)
    return v if s.to_play == 0 else 1.0 - v


def check_proofs(node: Node, s: StarState, memo: Memo) -> int:
    """Every verdict and every closed action of the subtree against minimax; the number of them."""
    checked = 0
    if node.proven:
        assert mover_value(s, memo) == (1.0 if node.proven > 0 else 0.0)
        checked += 1
    if node.proven > 0:
        s.apply_action(node.win_action)
        assert mover_value(s, memo) == 0.0 or s.to_play == node.player
        s.undo()
    for a in np.flatnonzero(node.legal & ~node.open):
        s.apply_action(int(a))
        value = black_value(s, memo)
        s.undo()
        assert (value if node.player == 0 else 1.0 - value) == 0.0  # a closed action loses
        checked += 1
    for a, child in node.children.items():
        s.apply_action(a)
        checked += check_proofs(child, s, memo)
        s.undo()
    return checked


def endgame(rings: int, empties: int, seed: int) -> StarState:
    s, rng = StarState.new(rings), random.Random(seed)
    while len(s.empty_nodes()) > empties:
        s.apply_action(rng.choice(s.empty_nodes()))
    return s


def test_every_proof_agrees_with_minimax() -> None:
    proofs = roots = 0
    for seed in range(12):
        s = endgame(3, 6, seed)
        memo: Memo = {}
        bot = MCTSBot(rng=random.Random(seed), playouts=3000, solver=True)
        result = bot.search(s)
        assert bot._root is not None
        proofs += check_proofs(bot._root, s, memo)
        if bot._root.proven:
            roots += 1
            assert result.value == (1.0 if bot._root.proven > 0 else 0.0)
        if bot._root.proven > 0:  # the proven win is played
            s.apply_action(result.action)
            assert mover_value(s, memo) == 0.0
    assert proofs > 100 and roots >= 6, (proofs, roots)


def test_the_only_winning_move_is_proven_and_the_search_stops() -> None:
    s = StarState.from_moves(6, WIN_POSITION)
    bot = MCTSBot(rng=random.Random(1), playouts=20_000, solver=True)
    result = bot.search(s)
    assert bot._root is not None and bot._root.proven == 1
    assert s.action_to_string(result.action) == "A31" and result.value == 1.0
    assert result.simulations < 20_000  # stopped once proven
    again = bot.search(s)  # the tree is kept: the proof is already there
    assert again.simulations == 0 and again.action == result.action
    plain = MCTSBot(rng=random.Random(1), playouts=2_000, solver=True, pass_window=0)
    plain.search(s)  # passing never searched: a node can never be proven lost, so nothing is proven here
    assert plain._root is not None and plain._root.proven == 0


def test_pass_window_and_proof_backup_by_hand() -> None:
    s = endgame(2, 3, 0)
    assert s.pass_action in searched_actions(s, window=3)
    assert s.pass_action not in searched_actions(s, window=2)
    root = Node(s, window=3)
    actions = searched_actions(s, window=3)
    for a in actions[:-1]:  # all but one closed: no verdict yet
        record_proof([(root, a)], -1)
        assert root.proven == 0 and not root.open[a]
    record_proof([(root, actions[-1])], -1)
    assert root.proven == -1
    s.apply_action(actions[0])
    child = root.child(actions[0], s)
    record_proof([(root, actions[0]), (child, int(np.flatnonzero(child.legal)[0]))], 1)
    assert child.proven == 1 and root.proven == -1  # a win for the child's mover is a loss for the root's
    narrow = Node(StarState.new(2))  # passing not searched: closing every action proves nothing
    for a in searched_actions(StarState.new(2)):
        record_proof([(narrow, a)], -1)
    assert narrow.proven == 0 and narrow.open.sum() == 1
