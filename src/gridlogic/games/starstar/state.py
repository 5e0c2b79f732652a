"""Game state in OpenSpiel's shape: legal_actions, apply_action, undo, is_terminal, returns, clone.

Actions 0..n-1 place a stone on that node; ``pass_action`` (= n) passes; ``swap_action`` (= n + 1)
is the pie rule, offered to White as the second move when the game is created with ``swap=True``:
Black's first stone turns White and Black moves again.  The game ends when the board is full or
both players pass in a row.  Player 0 is Black (moves first), player 1 is White.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gridlogic.games.starstar.graph import StarGraph, star_graph
from gridlogic.games.starstar.scoring import EMPTY, Score, score

BLACK = 0
WHITE = 1
TERMINAL = -4  # OpenSpiel's kTerminalPlayerId
PASS_LABEL = "pass"
SWAP_LABEL = "swap"
COLOUR_NAMES = ("black", "white")


class IllegalMoveError(ValueError):
    """An action that is not legal in this state."""


@dataclass(frozen=True)
class Move:
    """One entry of the history: who moved and the action taken."""

    player: int
    action: int
    passes_before: int  # consecutive passes before this move (restored by undo)


@dataclass(eq=False)
class StarState:
    graph: StarGraph
    swap: bool = False
    cells: list[int] = field(default_factory=list, repr=False)
    to_play: int = BLACK
    passes: int = 0
    moves: list[Move] = field(default_factory=list, repr=False)
    stones: int = 0

    def __post_init__(self) -> None:
        if not self.cells:
            self.cells = [EMPTY] * self.graph.size

    @classmethod
    def new(cls, rings: int, *, swap: bool = False) -> StarState:
        return cls(star_graph(rings), swap=swap)

    def __repr__(self) -> str:
        moves = " ".join(self.action_to_string(m.action) for m in self.moves)
        return f"StarState.from_moves({self.graph.rings}, {moves!r}, swap={self.swap})"

    @classmethod
    def from_moves(cls, rings: int, moves: str | list[str], *, swap: bool = False) -> StarState:
        """Replay labels (``pass``/``swap`` allowed) from the start; IllegalMoveError on a bad one."""
        state = cls.new(rings, swap=swap)
        for text in moves.split() if isinstance(moves, str) else moves:
            state.apply_action(state.string_to_action(text))
        return state

    # -- OpenSpiel-shaped API -------------------------------------------------------------------
    @property
    def pass_action(self) -> int:
        return self.graph.size

    @property
    def swap_action(self) -> int:
        return self.graph.size + 1

    def num_distinct_actions(self) -> int:
        return self.graph.size + 2

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_play

    def swap_available(self) -> bool:
        return self.swap and len(self.moves) == 1 and self.moves[0].action < self.graph.size

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        actions = [a for a, c in enumerate(self.cells) if c == EMPTY]
        actions.append(self.pass_action)
        if self.swap_available():
            actions.append(self.swap_action)
        return actions

    def empty_nodes(self) -> list[int]:
        return [a for a, c in enumerate(self.cells) if c == EMPTY]

    def is_legal(self, action: int) -> bool:
        if self.is_terminal():
            return False
        if 0 <= action < self.graph.size:
            return self.cells[action] == EMPTY
        if action == self.pass_action:
            return True
        return action == self.swap_action and self.swap_available()

    def apply_action(self, action: int) -> None:
        if not self.is_legal(action):
            raise IllegalMoveError(f"illegal move {self.action_to_string(action)} for {self.colour_name()}")
        self._apply(self.to_play, action)

    def play_as(self, player: int, action: int) -> None:
        """Place (or pass) for ``player`` whoever is to move, as GTP's ``play`` may ask."""
        if 0 <= action < self.graph.size:
            if self.cells[action] != EMPTY:
                raise IllegalMoveError(f"{self.graph.label(action)} is occupied")
        elif action == self.swap_action:
            if player != self.to_play or not self.swap_available():
                raise IllegalMoveError("swap is not available")
        elif action != self.pass_action:
            raise IllegalMoveError(f"no action {action}")
        self._apply(player, action)

    def _apply(self, player: int, action: int) -> None:
        self.moves.append(Move(player, action, self.passes))
        if action == self.pass_action:
            self.passes += 1
        else:
            self.passes = 0
            if action == self.swap_action:
                first = self.moves[0].action
                self.cells[first] = WHITE + 1
            else:
                self.cells[action] = player + 1
                self.stones += 1
        self.to_play = 1 - player

    def undo(self) -> None:
        """Take back the last move (IndexError when there is none)."""
        move = self.moves.pop()
        if move.action == self.swap_action:
            self.cells[self.moves[0].action] = BLACK + 1
        elif move.action < self.graph.size:
            self.cells[move.action] = EMPTY
            self.stones -= 1
        self.passes = move.passes_before
        self.to_play = move.player

    def is_full(self) -> bool:
        return self.stones == self.graph.size

    def is_terminal(self) -> bool:
        return self.stones == self.graph.size or self.passes >= 2

    def score(self) -> Score:
        return score(self.graph, self.cells)

    def winner(self) -> int | None:
        return self.score().winner

    def returns(self) -> list[float]:
        """[Black, White]: +1 to the winner, -1 to the loser, 0 each if undecided."""
        winner = self.winner() if self.is_terminal() else None
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == BLACK else [-1.0, 1.0]

    def clone(self) -> StarState:
        return StarState(
            self.graph, self.swap, list(self.cells), self.to_play, self.passes, list(self.moves), self.stones
        )

    def history(self) -> list[int]:
        return [m.action for m in self.moves]

    # -- notation -------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if 0 <= action < self.graph.size:
            return self.graph.label(action)
        if action == self.pass_action:
            return PASS_LABEL
        if action == self.swap_action:
            return SWAP_LABEL
        return f"<action {action}>"

    def string_to_action(self, text: str) -> int:
        """Label, ``pass`` or ``swap`` (any case) to an action; ValueError if unknown."""
        word = text.strip().lower()
        if word == PASS_LABEL:
            return self.pass_action
        if word == SWAP_LABEL:
            return self.swap_action
        return self.graph.parse(text)

    def colour_name(self, player: int | None = None) -> str:
        return COLOUR_NAMES[self.to_play if player is None else player]
