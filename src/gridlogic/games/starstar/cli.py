"""``starstar`` click group: play, gtp, score, selfplay, bench."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import NoReturn

import click

from gridlogic.core.errors import GridlogicError
from gridlogic.core.files import FileError, check_target, write_text
from gridlogic.core.inputs import read_argument
from gridlogic.games.starstar.bench import playout_rate, simulation_rate
from gridlogic.games.starstar.draw import render_rich, render_text
from gridlogic.games.starstar.graph import MAX_RINGS, MIN_RINGS
from gridlogic.games.starstar.gtp import MAX_SECONDS, GtpEngine
from gridlogic.games.starstar.mcts import make_bot, play_game
from gridlogic.games.starstar.playout import BACKENDS, DEFAULT_BACKEND
from gridlogic.games.starstar.scoring import SCORINGS, Scoring
from gridlogic.games.starstar.sgf import GameRecord, RecordError, parse_records, to_json, to_sgf
from gridlogic.games.starstar.state import StarState
from gridlogic.params import Int, Seconds

RINGS = Int(MIN_RINGS, MAX_RINGS)
AIS = click.Choice(["mcts", "flat", "random"])


def fail(message: str) -> NoReturn:
    """One ``error:`` line (line breaks quoted from the input shown as ``\\n``), exit 2."""
    click.echo("error: " + message.replace("\r", "\\r").replace("\n", "\\n"), err=True)
    sys.exit(2)


@click.group(name="starstar")
def starstar() -> None:
    """*Star, Ea Ea's connection game: play, GTP engine, scoring, self-play, benchmarks."""


# -- play -----------------------------------------------------------------------------------------
HELP = "moves: a label such as T43 (see the board), pass, swap (when offered), undo, score, help, quit"


def show(state: StarState) -> None:
    if sys.stdout.isatty():
        from rich.console import Console

        Console().print(render_rich(state))
    else:
        click.echo(render_text(state))


@starstar.command()
@click.option("--rings", type=RINGS, default=6, show_default=True)
@click.option("--ai", type=AIS, default="mcts", show_default=True)
@click.option("--seconds", type=Seconds(0.01, MAX_SECONDS), default=2.0, show_default=True, help="AI time per move")
@click.option("--playouts", type=Int(1, 10**9), default=None, help="AI playouts per move (instead of time)")
@click.option("--swap", is_flag=True, help="pie rule: White may take over Black's first stone")
@click.option("--seed", type=Int(None), default=0, show_default=True)
@click.option("--colour", "--color", "colour", type=click.Choice(["b", "w"]), default="b", show_default=True)
@click.option(
    "--save", type=click.Path(path_type=Path), default=None, help="write the game (.sgf or .json)"
)
@click.option("--force", is_flag=True, help="overwrite an existing --save file")
def play(
    rings: int,
    ai: str,
    seconds: float,
    playouts: int | None,
    swap: bool,
    seed: int,
    colour: str,
    save: Path | None,
    force: bool,
) -> None:
    """Play against the AI in the terminal; moves are read as labels from standard input."""
    if save is not None:
        target(save, force)
    state = StarState.new(rings, swap=swap)
    bot = make_bot(ai, seed=seed, seconds=None if playouts else seconds, playouts=playouts)
    human = "bw".index(colour)
    click.echo(f"You are {'Black (X)' if human == 0 else 'White (O)'}; {HELP}.")
    while not state.is_terminal():
        if state.to_play != human:
            action = bot.step(state)
            state.apply_action(action)
            last = getattr(bot, "last", None)
            note = f" ({last.simulations} simulations, win rate {last.value:.0%})" if last else ""
            click.echo(f"{bot.name} plays {state.action_to_string(action)}{note}")
            continue
        show(state)
        click.echo(f"{state.colour_name()}> ", nl=False)
        line = sys.stdin.readline(MAX_LINE)
        if not line:
            break
        word = line.strip()
        if word.lower() in ("quit", "exit", "q"):
            break
        if word.lower() in ("help", "?", ""):
            click.echo(HELP)
            continue
        if word.lower() == "score":
            click.echo(f"score: {state.score().result()}")
            continue
        if word.lower() == "undo":
            if not any(m.player == human for m in state.moves):
                click.echo("nothing to undo")
                continue
            while state.moves and state.moves[-1].player != human:
                state.undo()
            state.undo()
            bot.reset()
            continue
        try:
            state.apply_action(state.string_to_action(word))
        except ValueError as exc:
            click.echo(f"error: {exc}")
    show(state)
    if state.is_terminal():
        click.echo(f"game over: {state.score().result()}")
    if save is not None:
        write_record(
            save,
            GameRecord.from_state(state, black="human" if human == 0 else ai, white=ai if human == 0 else "human"),
            force,
        )


def target(path: Path, force: bool) -> None:
    """Refuse, before any game is played, a file that may not be written."""
    try:
        check_target(path, force=force)
    except FileError as exc:
        fail(str(exc))


def write_record(path: Path, record: GameRecord, force: bool = False) -> None:
    text = to_sgf(record) if path.suffix.lower() == ".sgf" else to_json(record) + "\n"
    try:
        write_text(path, text, force=force)
    except FileError as exc:
        fail(str(exc))


# -- gtp ------------------------------------------------------------------------------------------
@starstar.command(name="gtp")
@click.option("--rings", type=RINGS, default=6, show_default=True)
@click.option("--seconds", type=Seconds(0.01, MAX_SECONDS), default=None, help="time per move (default 2 s)")
@click.option("--playouts", type=Int(1, 10**9), default=None, help="playouts per move")
@click.option("--seed", type=Int(None), default=0, show_default=True)
@click.option("--swap", is_flag=True, help="offer the pie rule")
def gtp_command(rings: int, seconds: float | None, playouts: int | None, seed: int, swap: bool) -> None:
    """GTP v2 engine on standard input / output (vertices are labels such as T43)."""
    GtpEngine(rings, seconds, playouts, seed, swap).run(sys.stdin, sys.stdout)


MAX_LINE = 10_000
"""The longest line ``play`` reads from the player (a longer one is read in pieces, each a bad move)."""


# -- score ----------------------------------------------------------------------------------------
@starstar.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="one JSON object")
@click.option("--scoring", type=click.Choice(SCORINGS), default="conventional", show_default=True)
def score(file: str, as_json: bool, scoring: Scoring) -> None:
    """Score game records (SGF, JSON move list or JSON Lines) after their last move."""
    if file != "-" and not os.path.isfile(file):
        fail(f"cannot read {file}: no such file")
    try:
        text, _ = read_argument(file)
        states = [record.to_state() for record in parse_records(text)]
    except RecordError as exc:
        fail(f"{exc} in {file}")
    except GridlogicError as exc:
        fail(str(exc))
    except RecursionError:
        fail(f"game record nested too deeply to read (Python's recursion limit) in {file}")
    for number, state in enumerate(states, 1):
        report_score(state, str(number), scoring, as_json)


def report_score(state: StarState, ident: str, scoring: Scoring, as_json: bool) -> None:
    s = state.score()
    black, white = s.points(scoring)
    winner = s.winner
    if as_json:
        row = {
            "kind": "starstar",
            "id": ident,
            "rings": state.graph.rings,
            "moves": len(state.moves),
            "finished": state.is_terminal(),
            "scoring": scoring,
            "black": black,
            "white": white,
            "margin": s.margin(scoring),
            "winner": None if winner is None else "bw"[winner],
            "result": s.result(),
            "peries": list(s.peries),
            "quarks": list(s.quarks),
            "stars": list(s.stars),
            "neutral_peries": s.neutral_peries,
            "decided": s.decided,
        }
        click.echo(json.dumps(row))
        return
    click.echo(
        f"{s.result()}  ({scoring}: Black {black}, White {white}; peries {s.peries[0]}-{s.peries[1]}, "
        f"quarks {s.quarks[0]}-{s.quarks[1]}, stars {s.stars[0]}-{s.stars[1]}"
        + (f", {s.neutral_peries} peries undecided" if s.neutral_peries else "")
        + ("" if state.is_terminal() else ", game not over")
        + ")"
    )


# -- selfplay -------------------------------------------------------------------------------------
@starstar.command()
@click.option("--games", type=Int(1, 10**9), default=2, show_default=True)
@click.option("--rings", type=RINGS, default=6, show_default=True)
@click.option("--playouts", type=Int(1, 10**9), default=500, show_default=True)
@click.option("--seed", type=Int(None), default=0, show_default=True)
@click.option("--black", "black_ai", type=AIS, default="mcts", show_default=True)
@click.option("--white", "white_ai", type=AIS, default="mcts", show_default=True)
@click.option("--swap", is_flag=True)
@click.option("--out", type=click.Path(path_type=Path), default=None, help=".sgf or JSON lines")
@click.option("--force", is_flag=True, help="overwrite an existing --out file")
@click.option("--json", "as_json", is_flag=True, help="one JSON object per game")
def selfplay(
    games: int,
    rings: int,
    playouts: int,
    seed: int,
    black_ai: str,
    white_ai: str,
    swap: bool,
    out: Path | None,
    force: bool,
    as_json: bool,
) -> None:
    """Play bots against each other and print the results."""
    if out is not None:
        target(out, force)
    records = []
    wins = [0, 0]
    for game in range(games):
        black = make_bot(black_ai, seed=seed * 1000 + 2 * game, playouts=playouts)
        white = make_bot(white_ai, seed=seed * 1000 + 2 * game + 1, playouts=playouts)
        start = time.perf_counter()
        state = play_game(black, white, rings, swap=swap)
        record = GameRecord.from_state(state, black=black_ai, white=white_ai)
        records.append(record)
        s = state.score()
        if s.winner is not None:
            wins[s.winner] += 1
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "kind": "starstar",
                        "id": str(game + 1),
                        "result": s.result(),
                        "moves": [label for _, label in record.moves],
                        "seconds": round(time.perf_counter() - start, 3),
                    }
                )
            )
        else:
            click.echo(f"game {game + 1}: {black_ai} vs {white_ai}: {s.result()} in {len(state.moves)} moves")
    if not as_json:
        click.echo(f"Black won {wins[0]}, White won {wins[1]} of {games}")
    if out is not None:
        if out.suffix.lower() == ".sgf":
            text = "".join(to_sgf(r) for r in records)
        else:
            text = "".join(to_json(r) + "\n" for r in records)
        try:
            write_text(out, text, force=force)
        except FileError as exc:
            fail(str(exc))


# -- bench ----------------------------------------------------------------------------------------
@starstar.command()
@click.option("--rings", type=RINGS, multiple=True, help="ring counts (default 4 6 8 10)")
@click.option("--seconds", type=Seconds(0.05, MAX_SECONDS), default=1.0, show_default=True, help="per measurement")
@click.option("--backend", type=click.Choice(sorted(BACKENDS)), default=DEFAULT_BACKEND, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench(rings: tuple[int, ...], seconds: float, backend: str, as_json: bool) -> None:
    """Random playouts per second and MCTS simulations per second."""
    for r in rings or (4, 6, 8, 10):
        playouts = playout_rate(r, seconds, backend)
        sims = simulation_rate(r, seconds)
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "kind": "starstar",
                        "id": str(r),
                        "rings": r,
                        "backend": backend,
                        "playouts_per_s": round(playouts),
                        "simulations_per_s": round(sims),
                    }
                )
            )
        else:
            click.echo(f"{r:2d} rings: {playouts:9.0f} playouts/s ({backend}), {sims:7.0f} MCTS simulations/s")
