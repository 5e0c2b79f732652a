"""MCTS: the only winning move is found, seeding, tree reuse, baselines, playout back ends agree."""

import random

import numpy as np
import pytest

from gridlogic.games.starstar.mcts import (
    FlatMonteCarloBot,
    MCTSBot,
    RandomBot,
    make_bot,
    play_game,
)
from gridlogic.games.starstar.node import searched_actions, select_numpy
from gridlogic.games.starstar.playout import BACKENDS, POLICIES, full_board_outcome, get_playout, random_fill, tables
from gridlogic.games.starstar.scoring import score
from gridlogic.games.starstar.state import StarState

# A 6-ring position (random play) with 7 empty nodes, Black to move: A31 is the only move after
# which Black wins against every reply (checked exhaustively below).
WIN_POSITION = (
    "R43 R61 A65 S50 *54 T61 *20 R65 S40 R20 R51 S51 A54 R42 S54 T20 A40 R52 *60 A30 *53 S64 A60 A53 "
    "*41 S31 S63 S41 T30 T41 R41 A50 T31 T64 *30 S42 R40 R54 A32 A42 T54 A63 S20 *31 S60 T10 *21 *65 "
    "R62 T62 S61 T50 T40 *32 T52 T51 *62 R60 A20 R64 A43 S53 A51 R30 A41 S10 *40 A61 A64 S62 T60 *42 "
    "S65 R31 T63 A62 *50 R53 S32 *63 A10 T21 A52 R32 *10 T32 A21 *51 R50 R21 *61 R10 R63 T42 T65 S21 "
    "S30 *52"
)


def black_value(state: StarState) -> float:
    """Exact minimax value for Black of filling the remaining nodes (no passes)."""
    if state.is_full():
        winner = full_board_outcome(tables(state.graph.rings), state.cells).winner
        return 0.5 if winner is None else 1.0 - winner
    values = []
    for action in state.empty_nodes():
        state.apply_action(action)
        values.append(black_value(state))
        state.undo()
    return max(values) if state.to_play == 0 else min(values)


def test_win_position_has_a_single_winning_move() -> None:
    state = StarState.from_moves(6, WIN_POSITION)
    assert state.to_play == 0 and len(state.empty_nodes()) == 7
    winning = []
    for action in state.empty_nodes():
        state.apply_action(action)
        if black_value(state) == 1.0:
            winning.append(state.graph.label(action))
        state.undo()
    assert winning == ["A31"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_mcts_finds_the_winning_move(seed: int) -> None:
    state = StarState.from_moves(6, WIN_POSITION)
    bot = MCTSBot(rng=random.Random(seed), playouts=600)
    result = bot.search(state)
    assert state.action_to_string(result.action) == "A31"
    assert result.simulations == 600 and result.value > 0.85
    assert bot.principal_variation(state)[0] == "A31"


def test_same_seed_same_search() -> None:
    state = StarState.from_moves(4, "T43 *40")
    first = MCTSBot(rng=random.Random(7), playouts=300).search(state)
    second = MCTSBot(rng=random.Random(7), playouts=300).search(state)
    assert (first.action, first.value, first.root_visits) == (second.action, second.value, second.root_visits)


def test_tree_reuse_between_moves() -> None:
    state = StarState.new(4)
    bot = MCTSBot(rng=random.Random(0), playouts=400)
    bot.search(state)
    state.apply_action(state.string_to_action(bot.principal_variation(state)[0]))
    result = bot.search(state)  # the bot plays on for the other side (self-play)
    assert result.simulations == 400
    assert result.root_visits > 400  # the subtree under the move played was kept
    fresh = MCTSBot(rng=random.Random(0), playouts=400, reuse=False)
    fresh.search(state)
    assert fresh.last is not None and fresh.last.root_visits == 400


def test_mcts_without_rave_and_with_time_budget() -> None:
    state = StarState.new(3)
    assert 0 <= MCTSBot(rng=random.Random(0), playouts=100, rave=False).step(state) < state.graph.size
    result = MCTSBot(rng=random.Random(0), seconds=0.05, playouts=None).search(state)
    assert result.simulations >= 1
    with pytest.raises(ValueError, match="budget"):
        MCTSBot(seconds=None, playouts=None)


def test_pass_is_searched_only_after_a_pass() -> None:
    state = StarState.from_moves(3, "*30", swap=True)
    assert state.pass_action not in searched_actions(state)
    assert state.swap_action in searched_actions(state)
    state.apply_action(state.pass_action)
    assert state.pass_action in searched_actions(state)
    full = StarState.new(2)
    for action in range(full.graph.size - 1):
        full.apply_action(action)
    full.apply_action(full.pass_action)
    assert searched_actions(full) == [full.graph.size - 1, full.pass_action]


def test_baseline_bots_and_games() -> None:
    state = StarState.from_moves(3, "*30")
    assert state.cells[FlatMonteCarloBot(rng=random.Random(0), playouts=60).step(state)] == 0
    assert state.cells[RandomBot(rng=random.Random(0)).step(state)] == 0
    game = play_game(make_bot("random", seed=1), make_bot("flat", seed=2, playouts=40), 3)
    assert game.is_terminal() and game.is_full() and len(game.moves) == game.graph.size
    with pytest.raises(ValueError, match="unknown player"):
        make_bot("alphazero")


def test_mcts_beats_random_on_a_small_board() -> None:
    wins = 0
    for game in range(4):
        mcts, rnd = MCTSBot(rng=random.Random(game), playouts=60), RandomBot(rng=random.Random(50 + game))
        if game % 2 == 0:
            wins += play_game(mcts, rnd, 3).winner() == 0
        else:
            wins += play_game(rnd, mcts, 3).winner() == 1
    assert wins >= 3


@pytest.mark.parametrize("backend", sorted(BACKENDS))
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("rings", [2, 5, 10])
def test_playout_backends_fill_and_score_correctly(backend: str, policy: str, rings: int) -> None:
    t = tables(rings)
    rng = random.Random(rings)
    start = StarState.from_moves(rings, "*10 S10 T10")  # White to move
    for _ in range(20):
        outcome, board = get_playout(backend, policy)(t, start.cells, start.to_play, rng, 2)
        assert board.dtype == np.int8 and board.shape == (t.graph.size,)
        assert board[0] == 1 and board[1] == 2 and board[2] == 1  # stones kept
        assert int((board == 1).sum()) - int((board == 2).sum()) in (0, 1)
        s = score(t.graph, [int(c) for c in board])
        assert (outcome.margin, outcome.quark_lead) == (s.margin(), s.quarks[0] - s.quarks[1])
        assert outcome.black_reward == (0.5 if s.winner is None else 1 - s.winner)


def test_random_fill_alternates_from_the_player_to_move() -> None:
    cells = random_fill([0] * 15, 1, random.Random(0))
    assert sorted(cells) == [1] * 7 + [2] * 8


def test_compiled_selection_matches_numpy_selection() -> None:
    bot = MCTSBot(rng=random.Random(4), playouts=600)
    bot.search(StarState.new(4))
    nodes, stack = [], [bot._root]
    while stack:
        node = stack.pop()
        if node is not None and node.total:
            nodes.append(node)
            stack.extend(node.children.values())
    assert len(nodes) > 20
    for node in nodes:
        jitter = bot._jitter_for(len(node.visits))
        assert bot._select(node) == select_numpy(node, jitter, bot.rave, bot.rave_k, bot.exploration)
        assert node.legal[bot._select(node)]


def test_child_legal_sets_match_a_fresh_node() -> None:
    bot = MCTSBot(rng=random.Random(5), playouts=300)
    state = StarState.from_moves(3, "*30", swap=True)
    bot.search(state)
    checked = 0
    stack = [(bot._root, state.clone())]
    while stack:
        node, st = stack.pop()
        assert node is not None
        assert list(np.flatnonzero(node.legal)) == sorted(searched_actions(st))
        checked += 1
        for action, child in node.children.items():
            nxt = st.clone()
            nxt.apply_action(action)
            stack.append((child, nxt))
    assert checked > 50


def test_the_tree_is_bounded_by_memory_mb() -> None:
    from gridlogic.games.starstar.mcts import node_bytes, subtree_size

    state = StarState.new(6)
    limit = 40 * node_bytes(state.num_distinct_actions()) / 2**20  # room for 40 nodes
    bot = MCTSBot(rng=random.Random(1), playouts=400, memory_mb=limit)
    result = bot.search(state)
    assert result.simulations == 400 and bot.nodes == subtree_size(bot._root) == 40  # type: ignore[arg-type]
    state.apply_action(result.action)
    state.apply_action(state.empty_nodes()[0])
    bot.search(state)  # re-rooted: the kept subtree is counted, and the bound still holds
    assert bot.nodes == subtree_size(bot._root) <= 40  # type: ignore[arg-type]
    unbounded = MCTSBot(rng=random.Random(1), playouts=400)
    unbounded.search(StarState.new(6))
    assert unbounded.nodes > 100
    with pytest.raises(ValueError, match="memory_mb"):
        MCTSBot(memory_mb=0)


def test_cpu_clock_budget() -> None:
    import time

    bot = MCTSBot(rng=random.Random(2), seconds=0.05, playouts=None, clock=time.process_time)
    start = time.process_time()
    result = bot.search(StarState.new(4))
    assert result.simulations > 0 and 0.05 <= result.seconds < 1.0
    assert time.process_time() - start >= 0.05


def test_bridge_prior_seeds_the_answer_to_an_intrusion() -> None:
    from gridlogic.games.starstar.bridges import bridge_table

    a, b, x = next(t for t in bridge_table(6).triples(60) if t[1] >= 0)
    state = StarState.new(6)
    for move in (a, 0, b):  # Black's bridge a-b; White's filler elsewhere
        state.apply_action(move)
    bot = MCTSBot(rng=random.Random(0), playouts=2, bridge_prior=7.0)
    root = bot._find_root(state)
    state.apply_action(60)  # White intrudes
    child = bot._expand(root, 60, state)
    assert child.visits[x] == child.wins[x] == 7.0 and child.visits.sum() == 7.0
    plain = MCTSBot(rng=random.Random(0), playouts=2, bridge_prior=0.0)._expand(root, 60, state)
    assert plain.visits.sum() == 0.0


# Moves and statistics of the player before mcts.py was split into evaluator, node and bot (main at
# 55943a6): the split changes no behaviour.
SEEDED_GAMES = {
    2: [10, 2, 4, 9, 7, 3, 12, 0, 11, 14, 6, 1, 13, 5, 8],
    3: [22, 21, 19, 3, 11, 10, 9, 20, 8, 25, 6, 14, 29, 16, 5, 17, 28, 1, 7, 13, 2, 18, 12, 4, 0, 23, 26, 15, 24, 27],
}
SEEDED_SEARCHES = [
    (21, 400, 0.6), (62, 404, 0.571429), (59, 406, 0.666667), (79, 405, 0.428571),
    (87, 406, 1.0), (4, 406, 0.4), (23, 404, 0.833333), (80, 405, 0.428571),
]


@pytest.mark.skipif("numba" not in BACKENDS, reason="recorded with the numba kernels")
@pytest.mark.parametrize(("rings", "playouts"), [(2, 300), (3, 200)])
def test_same_seed_same_game_as_before_the_split(rings: int, playouts: int) -> None:
    black = MCTSBot(rng=random.Random(7), playouts=playouts)
    white = MCTSBot(rng=random.Random(8), playouts=playouts, rave=False)
    state = play_game(black, white, rings)
    assert [m.action for m in state.moves] == SEEDED_GAMES[rings]


@pytest.mark.skipif("numba" not in BACKENDS, reason="recorded with the numba kernels")
def test_same_seed_same_searches_as_before_the_split() -> None:
    bot, state, seen = MCTSBot(rng=random.Random(11), playouts=400), StarState.new(6), []
    for _ in SEEDED_SEARCHES:
        r = bot.search(state)
        seen.append((r.action, r.root_visits, round(r.value, 6)))
        state.apply_action(r.action)
    assert seen == SEEDED_SEARCHES
