"""State API: legal actions, apply/undo, pass, swap, terminal, returns, clone, notation."""

import pytest

from gridlogic.games.starstar.state import BLACK, TERMINAL, WHITE, IllegalMoveError, StarState


def test_new_state() -> None:
    s = StarState.new(4)
    assert s.current_player() == BLACK and not s.is_terminal()
    assert len(s.legal_actions()) == 50 + 1  # every node and pass
    assert s.pass_action in s.legal_actions() and s.swap_action not in s.legal_actions()
    assert s.returns() == [0.0, 0.0]
    assert s.num_distinct_actions() == 52


def test_apply_undo_roundtrip() -> None:
    s = StarState.new(4)
    before = (list(s.cells), s.to_play, s.passes)
    for label in ["T43", "*40", "pass", "S21"]:
        s.apply_action(s.string_to_action(label))
    assert s.cells[s.graph.parse("T43")] == 1 and s.cells[s.graph.parse("*40")] == 2
    assert s.cells[s.graph.parse("S21")] == 2  # Black passed, so White played S21
    assert s.history() == [s.graph.parse("T43"), s.graph.parse("*40"), s.pass_action, s.graph.parse("S21")]
    for _ in range(4):
        s.undo()
    assert (s.cells, s.to_play, s.passes) == before
    with pytest.raises(IndexError):
        s.undo()


def test_illegal_moves() -> None:
    s = StarState.from_moves(4, "T43")
    with pytest.raises(IllegalMoveError, match="illegal move T43"):
        s.apply_action(s.graph.parse("T43"))
    with pytest.raises(IllegalMoveError):
        s.apply_action(s.swap_action)  # swap not enabled
    with pytest.raises(ValueError, match="not a node"):
        s.string_to_action("Q99")


def test_two_passes_end_the_game() -> None:
    s = StarState.from_moves(3, "*30 pass")
    assert not s.is_terminal() and s.passes == 1
    s.apply_action(s.pass_action)
    assert s.is_terminal() and s.current_player() == TERMINAL and s.legal_actions() == []
    s.undo()
    assert s.passes == 1 and s.to_play == BLACK


def test_full_board_is_terminal_with_returns() -> None:
    s = StarState.new(2)
    for a in range(s.graph.size):
        s.apply_action(a)
    assert s.is_terminal() and s.is_full()
    winner = s.winner()
    assert winner is not None
    assert s.returns() == ([1.0, -1.0] if winner == BLACK else [-1.0, 1.0])


def test_swap_rule() -> None:
    s = StarState.from_moves(4, "T43", swap=True)
    assert s.swap_action in s.legal_actions()
    s.apply_action(s.swap_action)
    assert s.cells[s.graph.parse("T43")] == 2 and s.to_play == BLACK
    assert s.swap_action not in s.legal_actions()
    s.undo()
    assert s.cells[s.graph.parse("T43")] == 1 and s.to_play == WHITE
    s.apply_action(s.graph.parse("T42"))
    assert s.swap_action not in s.legal_actions()  # only as the second move


def test_clone_is_independent_and_repr_pastes() -> None:
    s = StarState.from_moves(4, ["T43", "pass", "*10"])
    c = s.clone()
    c.apply_action(c.graph.parse("A41"))
    assert s.cells[s.graph.parse("A41")] == 0 and len(s.moves) == 3
    assert repr(s) == "StarState.from_moves(4, 'T43 pass *10', swap=False)"
    again = eval(repr(s), {"StarState": StarState})
    assert again.cells == s.cells and again.to_play == s.to_play


def test_play_as_out_of_turn() -> None:
    s = StarState.new(4)
    s.play_as(WHITE, s.graph.parse("*40"))
    assert s.to_play == BLACK and s.cells[s.graph.parse("*40")] == 2
    with pytest.raises(IllegalMoveError, match="occupied"):
        s.play_as(BLACK, s.graph.parse("*40"))
