"""GTP version 2 engine for *Star (``python -m gridlogic.games.starstar.gtp`` or ``gridlogic starstar gtp``).

Vertices are ``Nxy`` labels (``T43``, ``*00``) or ``pass``; colours ``b``/``black``, ``w``/``white``
(Black moves first); ``boardsize`` is the number of rings.  Answers are framed as GTP v2 says:
``=[id] result`` or ``?[id] message`` followed by a blank line; comments (``#``) and empty lines are
ignored; the engine never stops on bad input.  ``final_score`` uses the conventional scoring
(``B+n``/``W+n``, ``0`` only when score and quarks are both level).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO, TypeVar

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import FLOAT, check_number, is_int, parse_float, parse_int
from gridlogic.games.starstar.draw import render_text
from gridlogic.games.starstar.graph import MAX_RINGS, MIN_RINGS
from gridlogic.games.starstar.mcts import MCTSBot
from gridlogic.games.starstar.state import PASS_LABEL, SWAP_LABEL, StarState

ENGINE_NAME = "gridlogic-starstar"
DEFAULT_SECONDS = 2.0
MAX_SECONDS = 1e6
"""No clock or think time above this (about 11 days) is taken seriously: it is refused."""
MAX_STONES = 10**6
T = TypeVar("T")


def engine_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gridlogic")
    except PackageNotFoundError:
        return "0.1.0"


class GtpError(Exception):
    """An error answer (``? message``)."""


def parse_colour(text: str) -> int:
    word = text.lower()
    if word in ("b", "black"):
        return 0
    if word in ("w", "white"):
        return 1
    raise GtpError("invalid color")


@dataclass
class TimeControl:
    """GTP time_settings / time_left bookkeeping (seconds; byo-yomi stones 0 means none)."""

    main: float = 0.0
    byo_time: float = 0.0
    byo_stones: int = 0
    left: list[tuple[float, int] | None] = field(default_factory=lambda: [None, None])

    def active(self) -> bool:
        return self.main > 0 or self.byo_time > 0

    def budget(self, player: int, empties: int) -> float | None:
        """Seconds to think for this move, or None when the controller set no clock."""
        if not self.active():
            return None
        left = self.left[player]
        remaining, stones = left if left is not None else (self.main, 0)
        if stones > 0:  # in byo-yomi: share the period
            return max(0.05, 0.9 * remaining / stones)
        if self.byo_time > 0 and remaining <= 0:
            return max(0.05, 0.9 * self.byo_time / max(1, self.byo_stones))
        moves_left = max(8, empties // 2)
        return max(0.05, 0.9 * remaining / moves_left)


MAX_LINE = 100_000
"""The longest GTP command line read; GTP commands are short."""


@dataclass
class GtpEngine:
    rings: int = 6
    seconds: float | None = None
    playouts: int | None = None
    seed: int = 0
    swap: bool = False
    state: StarState = field(init=False)
    bot: MCTSBot = field(init=False, repr=False)
    clock: TimeControl = field(default_factory=TimeControl, repr=False)
    done: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        if self.seconds is not None:
            check_number(self.seconds, "seconds per move", lo=0.01, hi=MAX_SECONDS)
        self.state = StarState.new(self.rings, swap=self.swap)
        if self.seconds is None and self.playouts is None:
            self.seconds = DEFAULT_SECONDS
        self.bot = MCTSBot(rng=random.Random(self.seed), seconds=self.seconds, playouts=self.playouts)
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda args: "2",
            "name": lambda args: ENGINE_NAME,
            "version": lambda args: engine_version(),
            "known_command": self.cmd_known_command,
            "list_commands": lambda args: "\n".join(sorted(self.commands)),
            "quit": self.cmd_quit,
            "boardsize": self.cmd_boardsize,
            "clear_board": self.cmd_clear_board,
            "komi": self.cmd_komi,
            "play": self.cmd_play,
            "genmove": self.cmd_genmove,
            "undo": self.cmd_undo,
            "showboard": lambda args: "\n" + render_text(self.state),
            "final_score": lambda args: self.state.score().result(),
            "time_settings": self.cmd_time_settings,
            "time_left": self.cmd_time_left,
        }

    # -- framing --------------------------------------------------------------------------------
    def handle(self, line: str) -> str | None:
        """The framed answer to one input line, or None for lines GTP ignores."""
        text = "".join(ch for ch in line.split("#", 1)[0] if ch in {"\t", "\n"} or ord(ch) >= 32)
        words = text.replace("\t", " ").split()
        if not words:
            return None
        ident = ""
        if is_int(words[0]) and words[0][0] not in "+-":
            ident, words = words[0], words[1:]
            if not words:
                return f"?{ident} missing command\n\n"
        name, args = words[0].lower(), words[1:]
        command = self.commands.get(name)
        if command is None:
            return f"?{ident} unknown command\n\n"
        try:
            result = command(args)
        except GtpError as exc:
            return f"?{ident} {exc}\n\n"
        return f"={ident} {result}\n\n"

    def run(self, stdin: TextIO, stdout: TextIO) -> None:
        """Answer commands line by line; a line over :data:`MAX_LINE` characters is refused whole."""
        while True:
            line = stdin.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while (rest := stdin.readline(MAX_LINE + 1)) and not rest.endswith("\n"):
                    pass
                answer: str | None = f"? command line too long (more than {MAX_LINE:,} characters)\n\n"
            else:
                answer = self.handle(line)
            if answer is not None:
                stdout.write(answer)
                stdout.flush()
            if self.done:
                break

    # -- commands -------------------------------------------------------------------------------
    @staticmethod
    def need(args: list[str], count: int) -> None:
        if len(args) < count:
            raise GtpError("syntax error")

    def cmd_known_command(self, args: list[str]) -> str:
        self.need(args, 1)
        return "true" if args[0].lower() in self.commands else "false"

    def cmd_quit(self, args: list[str]) -> str:
        self.done = True
        return ""

    def cmd_boardsize(self, args: list[str]) -> str:
        self.need(args, 1)
        if not is_int(args[0]):
            raise GtpError("syntax error")
        if len(args[0].lstrip("+-0")) > 3 or not MIN_RINGS <= int(args[0]) <= MAX_RINGS:
            raise GtpError("unacceptable size")
        self.rings = int(args[0])
        self.cmd_clear_board([])
        return ""

    def cmd_clear_board(self, args: list[str]) -> str:
        self.state = StarState.new(self.rings, swap=self.swap)
        self.bot.reset()
        return ""

    def cmd_play(self, args: list[str]) -> str:
        self.need(args, 2)
        player = parse_colour(args[0])
        try:
            action = self.state.string_to_action(args[1])
        except ValueError:
            raise GtpError("illegal move") from None  # not a vertex of this board
        if action == self.state.swap_action and not (player == self.state.to_play and self.state.swap_available()):
            raise GtpError("illegal move")
        if action < self.state.graph.size and self.state.cells[action] != 0:
            raise GtpError("illegal move")
        self.state.play_as(player, action)
        return ""

    def cmd_genmove(self, args: list[str]) -> str:
        self.need(args, 1)
        player = parse_colour(args[0])
        state = self.state
        if player != state.to_play:
            state.play_as(1 - player, state.pass_action)  # GTP: the other colour passed
        if not state.empty_nodes():
            state.play_as(player, state.pass_action)
            return PASS_LABEL
        budget = self.clock.budget(player, len(state.empty_nodes()))
        saved = self.bot.seconds
        if budget is not None:
            self.bot.seconds = budget if saved is None else min(saved, budget)
        try:
            if state.is_terminal():  # both passed: keep playing on request
                state.passes = 0
            action = self.bot.step(state)
        finally:
            self.bot.seconds = saved
        state.play_as(player, action)
        return state.action_to_string(action) if action != state.swap_action else SWAP_LABEL

    def cmd_undo(self, args: list[str]) -> str:
        if not self.state.moves:
            raise GtpError("cannot undo")
        self.state.undo()
        return ""

    def cmd_time_settings(self, args: list[str]) -> str:
        self.need(args, 3)
        main = gtp_number(parse_float, args[0], "main time", hi=MAX_SECONDS)
        byo = gtp_number(parse_float, args[1], "byo-yomi time", hi=MAX_SECONDS)
        stones = gtp_number(parse_int, args[2], "byo-yomi stones", hi=MAX_STONES)
        self.clock = TimeControl(main, byo, stones)
        return ""

    def cmd_time_left(self, args: list[str]) -> str:
        self.need(args, 3)
        player = parse_colour(args[0])
        left = gtp_number(parse_float, args[1], "time left", hi=MAX_SECONDS)
        stones = gtp_number(parse_int, args[2], "stones left", hi=MAX_STONES)
        self.clock.left[player] = (left, stones)
        return ""

    def cmd_komi(self, args: list[str]) -> str:
        """Komi has no meaning in *Star (the score decides); it is checked and ignored."""
        self.need(args, 1)
        gtp_number(parse_float, args[0], "komi", lo=-1000.0, hi=1000.0)
        return ""


def gtp_number(read: Callable[..., T], text: str, what: str, **bounds: Any) -> T:
    """A number argument read the one way (:mod:`gridlogic.core.numbers`), or a GTP error: plain
    ``syntax error`` for what is no number at all, with the reason for one that is not allowed."""
    try:
        return read(text, what, **bounds)
    except ParseError as e:
        plain = FLOAT.fullmatch(text) is None and text.lower().lstrip("+-") not in ("nan", "inf", "infinity")
        raise GtpError("syntax error" if plain else f"syntax error: {e}") from None


def _seconds(text: str) -> float:
    try:
        return parse_float(text, "--seconds", lo=0.01, hi=MAX_SECONDS)
    except ParseError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def main(argv: list[str] | None = None) -> int:
    """Minimal entry point: ``[--rings R] [--seconds S] [--playouts N] [--seed K]``."""
    parser = argparse.ArgumentParser(prog="starstar-gtp", description="*Star GTP engine on stdin/stdout")
    parser.add_argument("--rings", type=int, default=6)
    parser.add_argument("--seconds", type=_seconds, default=None)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--swap", action="store_true")
    ns = parser.parse_args(argv)
    if not MIN_RINGS <= ns.rings <= MAX_RINGS:
        parser.error(f"--rings must be between {MIN_RINGS} and {MAX_RINGS}")
    engine = GtpEngine(ns.rings, ns.seconds, ns.playouts, ns.seed, ns.swap)
    engine.run(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
