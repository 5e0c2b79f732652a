"""The *Star page: play against the MCTS player in the browser, replay SGF games.

The server keeps no game: every request carries the rings, the pie-rule flag and the move list, and
gets back the position's drawing (with the scoring overlay), the legal moves, the score in the seed's
three systems and the SGF record.  The AI's move runs in the app's worker pool
(``request.app.state.pool``), so it never blocks the server and is cancelled when the page goes away.
Every bad input is HTTP 400 ``{"error": "<what, where>"}``.

* ``GET /starstar?rings=N`` the page (2..12 rings, 6 by default)
* ``POST /api/starstar/state`` ``{"rings", "moves", "swap", "labels"}`` the position after the moves
* ``POST /api/starstar/ai`` the same plus ``"seconds"`` or ``"playouts"`` and ``"seed"``: the AI's move
  and the position after it, with the estimate of the end (``"estimate"``: each peri's expected owner,
  both players' expected points and Black's chance, from ``ESTIMATE_PLAYOUTS`` playouts; drawn on the
  board as a dot outside each peri; null once the game is over)
* ``POST /api/starstar/open`` ``{"sgf": text}`` a game record read into ``rings``, ``swap``, ``moves``
* ``GET /api/starstar/progress?token=T`` the simulations so far of the AI request sent with ``"progress": T``
* ``GET /api/starstar/examples`` the seed's two worked examples, drawn and scored

Progress while the AI thinks: the page sends a random token with its AI request; the worker's search
writes ``simulations seconds`` about ten times a second to a file named by the token in a private
folder (``<tmp>/gridlogic-starstar-<uid>``, 0700, ours, not a link), replaced atomically, and the
page polls the progress route. The route that ran the job deletes the file when the job ends, however
it ends (answer, timeout, client gone), so there are never more files than jobs running; a token is
16 to 64 hex digits, so it names nothing else. Without the folder the AI plays the same, unseen.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import re
import stat
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from gridlogic.core.errors import GridlogicError
from gridlogic.games.starstar import mcts
from gridlogic.games.starstar.draw import draw
from gridlogic.games.starstar.estimate import Estimate, estimate
from gridlogic.games.starstar.examples import EXAMPLE_1_BLUE, EXAMPLE_1_RED, EXAMPLE_2_BLUE, EXAMPLE_2_RED, game_of
from gridlogic.games.starstar.graph import node_count
from gridlogic.games.starstar.mcts import MCTSBot
from gridlogic.games.starstar.scoring import Score
from gridlogic.games.starstar.sgf import GameRecord, RecordError, parse_record, to_sgf
from gridlogic.games.starstar.state import TERMINAL, StarState

MIN_RINGS, MAX_RINGS, DEFAULT_RINGS = 2, 12, 6
MIN_SECONDS, MAX_SECONDS = 0.05, 30.0
MIN_PLAYOUTS, MAX_PLAYOUTS = 10, 200_000
MAX_SGF_CHARS = 200_000
AI_MARGIN = 1.0
ESTIMATE_PLAYOUTS = 1000
"""Playouts of the estimate after an AI move (about 50 ms of CPU on 10 rings)."""
"""Seconds of the server's time limit kept for replaying, drawing and sending the AI's answer."""
LETTERS = "bw"
TOKEN = re.compile(r"[0-9a-f]{16,64}")

router = APIRouter()


class StarInputError(GridlogicError):
    """A request the *Star routes cannot serve (the message says what and where)."""


def _static(name: str) -> str:
    return resources.files("gridlogic.web").joinpath(f"static/{name}").read_text(encoding="utf-8")


# -- input ----------------------------------------------------------------------------------------
def _int(body: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise StarInputError(f"{key} must be a whole number from {lo} to {hi}")
    if not lo <= value <= hi:
        raise StarInputError(f"{key} must be between {lo} and {hi}")
    return value


def _rings(value: object) -> int:
    return _int({"rings": value}, "rings", MIN_RINGS, MAX_RINGS)


def replay(rings: int, moves: object, swap: object) -> StarState:
    """The position after ``moves`` (labels, ``pass``, ``swap``), checked move by move."""
    if not isinstance(swap, bool):
        raise StarInputError("swap must be true or false")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise StarInputError("moves must be a list of labels such as \"T43\", \"pass\" or \"swap\"")
    if len(moves) > 2 * node_count(rings) + 2:
        raise StarInputError(f"too many moves ({len(moves)}) for a {rings}-ring board")
    state = StarState.new(rings, swap=swap)
    for number, label in enumerate(moves, 1):
        try:
            state.apply_action(state.string_to_action(label))
        except ValueError as exc:
            raise StarInputError(f"move {number} ({label[:20]!r}): {str(exc)[:80]}") from None
    return state


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise StarInputError("the request body is not JSON") from None
    if not isinstance(body, dict):
        raise StarInputError("the request body must be a JSON object")
    return body


def _state_of(body: dict[str, Any]) -> StarState:
    return replay(_rings(body.get("rings", DEFAULT_RINGS)), body.get("moves", []), body.get("swap", False))


def _labels(body: dict[str, Any]) -> bool:
    value = body.get("labels", False)
    if not isinstance(value, bool):
        raise StarInputError("labels must be true or false")
    return value


# -- output ---------------------------------------------------------------------------------------
def score_json(s: Score) -> dict[str, Any]:
    """Both players' peries, stars, quarks, quark peri, adjustment and points in the three systems."""
    players = {}
    for player in (0, 1):
        players[LETTERS[player]] = {
            "peries": s.peries[player],
            "stars": s.stars[player],
            "quarks": s.quarks[player],
            "quark_peri": s.quark_peri(player),
            "adjustment": s.adjustment(player),
            "conventional": s.conventional(player),
            "simplified": s.simplified(player),
            "schmittberger": s.schmittberger(player),
        }
    winner = s.winner
    return {
        **players,
        "neutral": s.neutral_peries,
        "decided": s.decided,
        "margin": s.margin(),
        "winner": None if winner is None else LETTERS[winner],
        "tiebreak": s.margin() == 0 and winner is not None,  # level scores, decided by the quarks
        "result": s.result(),
    }


def estimate_json(state: StarState, e: Estimate) -> dict[str, Any]:
    """The estimate for the page: values rounded, ownership keyed by peri label (at most 60 on 12 rings)."""
    return {
        "playouts": e.playouts,
        "black_wins": round(e.black_wins, 3),
        "margin": round(e.margin, 2),
        "points": {LETTERS[p]: round(e.points[p], 1) for p in (0, 1)},
        "ownership": {label: round(v, 2) for label, v in e.by_label(state.graph).items()},
    }


def view(state: StarState, *, labels: bool = False, ownership: tuple[float, ...] | None = None) -> dict[str, Any]:
    """Everything the page shows of a position (``labels``: every empty node's label drawn; ``ownership``:
    the estimate's dots)."""
    player = state.current_player()
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    return {
        "rings": state.graph.rings,
        "swap": state.swap,
        "moves": [state.action_to_string(m.action) for m in state.moves],
        "to_play": None if player == TERMINAL else LETTERS[player],
        "terminal": state.is_terminal(),
        "legal": legal,
        "svg": draw(state, overlay=True, labels=labels, ownership=ownership),
        "score": score_json(state.score()),
        "sgf": to_sgf(GameRecord.from_state(state, black="", white="")),
    }


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel the search uses, once per worker, before its clock
    starts: the first AI move is as fast as later ones."""
    mcts.warm_up()


# -- progress ---------------------------------------------------------------------------------------
def progress_dir() -> Path | None:
    """``<tmp>/gridlogic-starstar-<uid>``, created 0700; None unless it is ours, a real folder, private."""
    try:
        path = Path(tempfile.gettempdir()) / f"gridlogic-starstar-{os.getuid()}"
        path.mkdir(mode=0o700, exist_ok=True)
        info = path.lstat()
    except (OSError, ValueError):
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    return path


def _token(value: object) -> str:
    if not isinstance(value, str) or not TOKEN.fullmatch(value):
        raise StarInputError("progress must be a token of 16 to 64 hex digits (0-9, a-f)")
    return value


def write_progress(token: str, simulations: int, seconds: float) -> None:
    """In the worker: the search's count so far, replaced atomically (a reader never sees half of it)."""
    folder = progress_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        part = folder / f"{token}.part"
        part.write_text(f"{simulations} {seconds:.3f}")
        os.replace(part, folder / token)


def read_progress(token: str) -> dict[str, Any]:
    """``{"simulations", "seconds", "running"}`` of the search under ``token`` (not running: none known)."""
    folder = progress_dir()
    try:
        if folder is None:
            raise FileNotFoundError(token)
        sims, seconds = (folder / token).read_text()[:64].split()
        return {"simulations": int(sims), "seconds": float(seconds), "running": True}
    except (OSError, ValueError):
        return {"simulations": 0, "seconds": 0.0, "running": False}


def clear_progress(token: str) -> None:
    folder = progress_dir()
    if folder is None:
        return
    for name in (token, f"{token}.part"):
        with contextlib.suppress(OSError):
            (folder / name).unlink()


def ai_reply(rings: int, moves: list[str], swap: bool, seconds: float | None, playouts: int | None,
             seed: int, labels: bool = False, until: float | None = None, token: str | None = None) -> dict[str, Any]:
    """In a worker process: the MCTS player's move in the position, and the position after it. ``until``
    (``time.time()``): when the answer must be ready, so the search stops in time whatever it waited.
    ``token``: the search's progress is written under it (see the module's note)."""
    state = replay(rings, moves, swap)
    warm_up()
    if until is not None:
        seconds = max(MIN_SECONDS, min(seconds or MAX_SECONDS, until - time.time()))
    report = None if token is None else (lambda sims, spent: write_progress(token, sims, spent))
    bot = MCTSBot(rng=random.Random(seed), seconds=seconds, playouts=playouts, progress=report)
    result = bot.search(state)
    label = state.action_to_string(result.action)
    state.apply_action(result.action)
    est = None if state.is_terminal() else estimate(state, ESTIMATE_PLAYOUTS, random.Random(seed))
    return {**view(state, labels=labels, ownership=None if est is None else est.ownership), "ai_move": label,
            "ai": {"simulations": result.simulations, "seconds": round(result.seconds, 3),
                   "value": round(result.value, 3)},
            "estimate": None if est is None else estimate_json(state, est)}


# -- routes ---------------------------------------------------------------------------------------
def max_seconds(time_limit: float) -> float:
    """The longest AI budget a server with ``time_limit`` accepts (the rest is for replay and drawing)."""
    return round(max(MIN_SECONDS, min(MAX_SECONDS, time_limit - AI_MARGIN)), 2)


@router.get("/starstar", include_in_schema=False)
def page(rings: str = str(DEFAULT_RINGS)) -> Response:
    if not (rings.isascii() and rings.isdigit() and MIN_RINGS <= int(rings) <= MAX_RINGS):
        raise StarInputError(f"rings must be a whole number between {MIN_RINGS} and {MAX_RINGS}")
    return HTMLResponse(_static("starstar.html"))


@router.get("/starstar/starstar.js", include_in_schema=False)
def script() -> Response:
    return Response(_static("starstar.js"), media_type="text/javascript")


@router.get("/api/starstar/limits", summary="*Star: the AI budgets this server accepts")
def limits(request: Request) -> dict[str, Any]:
    return {"seconds": [MIN_SECONDS, max_seconds(request.app.state.pool.time_limit)],
            "playouts": [MIN_PLAYOUTS, MAX_PLAYOUTS], "rings": [MIN_RINGS, MAX_RINGS]}


@router.post("/api/starstar/state", summary="*Star: the position after the moves")
async def position(request: Request) -> Response:
    body = await _body(request)
    return JSONResponse(await run_in_threadpool(lambda: view(_state_of(body), labels=_labels(body))))


def _budget(body: dict[str, Any], cap: float) -> tuple[float, int | None]:
    """``(seconds, playouts)`` of an AI request: seconds within ``cap``; playouts bounded by ``cap`` seconds too."""
    seconds, playouts = body.get("seconds"), body.get("playouts")
    if (seconds is None) == (playouts is None):
        raise StarInputError("give the AI either seconds or playouts per move")
    if playouts is not None:
        return cap, _int(body, "playouts", MIN_PLAYOUTS, MAX_PLAYOUTS)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise StarInputError(f"seconds must be a number from {MIN_SECONDS} to {cap:g}")
    if not MIN_SECONDS <= seconds <= cap:
        raise StarInputError(f"seconds must be between {MIN_SECONDS} and {cap:g} (this server's time limit)")
    return float(seconds), None


@router.post("/api/starstar/ai", summary="*Star: the AI's move and the position after it (worker pool)")
async def ai(request: Request) -> Response:
    arrived = time.time()
    body = await _body(request)
    state = await run_in_threadpool(_state_of, body)
    if state.is_terminal():
        raise StarInputError("the game is over: there is no move to make")
    pool = request.app.state.pool
    seconds, playouts = _budget(body, max_seconds(pool.time_limit))
    seed = _int(body, "seed", 0, 2**31 - 1, default=0)
    labels = _labels(body)
    token = None if body.get("progress") is None else _token(body["progress"])
    moves = [state.action_to_string(m.action) for m in state.moves]
    until = arrived - AI_MARGIN + pool.time_limit
    try:
        out: dict[str, Any] = await pool.run(ai_reply, state.graph.rings, moves, state.swap, seconds, playouts,
                                             seed, labels, until, token, client=request)
    finally:
        if token is not None:
            clear_progress(token)
    return JSONResponse(out)


@router.get("/api/starstar/progress", summary="*Star: simulations so far of a running AI move")
def progress(token: str = "") -> dict[str, Any]:
    return read_progress(_token(token))


EXAMPLES = (
    ("Example 1", EXAMPLE_1_BLUE, EXAMPLE_1_RED,
     "Blue makes one star through the five-pointed bridge in the centre: 7 peries, 2 quarks. Red's three "
     "stars hold 13 peries (8 + 3 + 2, some walled off) and 3 quarks, so Red also takes the quark peri: 14 "
     "points before the adjustment. But each star beyond the opponent's count costs 2 points: Blue's "
     "adjustment is +4 and Red's -4, and Blue wins 11 to 10."),
    ("Example 2", EXAMPLE_2_BLUE, EXAMPLE_2_RED,
     "Three stars each, so no adjustment. Both have 10 peries; Blue's small two-stone star at T43-A40 "
     "holds a third quark, and the quark peri wins it 11 to 10. Red's lone stone on S43 is dead: "
     "it belongs to no star, and the peri goes to Blue's star around it."),
)


def examples() -> list[dict[str, Any]]:
    """The seed's two 4-ring worked examples (Blue = Black, Red = White): drawn, scored, explained."""
    out = []
    for title, blue, red, text in EXAMPLES:
        state = replay(4, game_of(blue, red), False)
        out.append({"title": title, "text": text, "svg": draw(state, overlay=True, labels=True, last=False),
                    "score": score_json(state.score())})
    return out


@router.get("/api/starstar/examples", summary="*Star: the seed's two worked examples, drawn and scored")
async def worked_examples() -> Response:
    return JSONResponse(await run_in_threadpool(examples))


def _open(body: dict[str, Any]) -> dict[str, Any]:
    text = body.get("sgf")
    labels = _labels(body)
    if not isinstance(text, str) or not text.strip():
        raise StarInputError("sgf must be the text of a game record")
    if len(text) > MAX_SGF_CHARS:
        raise StarInputError(f"the game record is too long ({len(text)} characters, at most {MAX_SGF_CHARS})")
    try:
        record = parse_record(text)
    except RecordError as exc:
        raise StarInputError(f"SGF: {exc}") from None
    rings = record.rings
    if not MIN_RINGS <= rings <= MAX_RINGS:
        raise StarInputError(f"SGF: the page plays {MIN_RINGS} to {MAX_RINGS} rings, not {rings} (SZ)")
    for number, (player, label) in enumerate(record.moves, 1):
        if player != (number - 1) % 2 and label != "swap":
            raise StarInputError(f"SGF: move {number} ({label[:20]}) is not {'BW'[(number - 1) % 2]}'s turn")
    try:
        state = replay(rings, [label for _, label in record.moves], record.swap)
    except StarInputError as exc:
        raise StarInputError(f"SGF: {exc}") from None
    return {**view(state, labels=labels), "black": record.black[:200], "white": record.white[:200],
            "recorded_result": record.result[:200] if record.result else record.result}


@router.post("/api/starstar/open", summary="*Star: a game record (SGF) read into rings, swap and moves")
async def open_record(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(_open, await _body(request)))
