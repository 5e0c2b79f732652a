"""FastAPI routes: thin glue from JSON requests to the library (no puzzle logic here).

Solver work (solve, count, check, explain, grade, generate, progress) runs in the worker pool
(``app.state.pool``) under the per-request time limit; cheap work (kinds, load, drawing, live rule
checks) runs at once in the server process, so it never waits behind a slow solve. Every bad input is a
4xx JSON ``{"error": "<what, where>"}`` that never echoes the input back.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import Field, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException

from gridlogic import service
from gridlogic.core.errors import Contradiction, GridlogicError
from gridlogic.web import apidocs, daily, jobs, routes_kinds
from gridlogic.web.guard import BODY_KEY, Guard, allowed_hosts, redact
from gridlogic.web.requests import KindOptionsIn
from gridlogic.web.warmup import warm_requests, warm_routes
from gridlogic.web.worker import JobFailedError, JobTimeoutError, ServerBusyError, WorkerPool

MAX_PUZZLE_CHARS = 200_000
MAX_BODY_BYTES = 1_000_000
MAX_SIDE = 64
MAX_ERROR_CHARS = 300
MAX_ANSWER_BYTES = 4_000_000
PRELOAD = ("gridlogic.web.jobs", "gridlogic.web.routes_play", "gridlogic.web.routes_proof",
           "gridlogic.web.routes_starstar")
WARM = ("gridlogic.web.jobs:warm", "gridlogic.web.routes_play:warm", "gridlogic.web.routes_proof:warm",
        "gridlogic.web.routes_starstar:warm_up")
"""What each worker does before it takes work: the first hint, solve or AI move is then as fast as later ones."""
OPTIONAL_ROUTERS = ("gridlogic.web.routes_play", "gridlogic.web.routes_proof", "gridlogic.web.routes_starstar")
"""Routers other parts of the app add (hints, proofs, *Star), included when they are installed."""


class PuzzleIn(KindOptionsIn):
    puzzle: str = Field(max_length=MAX_PUZZLE_CHARS, description="Anything the CLI reads: URL, string, "
                        "whole file (with # comments), LEGUP XML, JSON pack...")
    kind: str | None = Field(default=None, max_length=40)
    format: str | None = Field(default=None, max_length=40)
    index: int = Field(default=0, ge=0, le=100_000, description="Which puzzle of a many-puzzle text (0-based).")

    def spec(self, command: str = "load") -> service.Spec:
        return service.Spec(self.puzzle, self.kind, self.format, self.options(), self.index, command)


Board = list[str]
Row = Annotated[str, StringConstraints(max_length=MAX_SIDE)]
BOARD = Field(max_length=MAX_SIDE, description="Row strings: the solution alphabet plus '?' for undecided "
              "(each kind's cell letters: /api/kinds).")


class BoardIn(PuzzleIn):
    board: list[Row] = BOARD


HighlightClass = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,15}$")]


class DrawIn(PuzzleIn):
    board: list[Row] | None = Field(default=None, max_length=MAX_SIDE)
    highlight: dict[HighlightClass, Annotated[list[tuple[int, int]], Field(max_length=MAX_SIDE * MAX_SIDE)]] | None = \
        Field(default=None, max_length=8, description="Class name (a-z, 0-9, -) -> cells to mark with it.")


class SolveIn(PuzzleIn):
    method: str | None = Field(default=None, max_length=40)


class CountIn(SolveIn):
    limit: int = Field(default=2, ge=1, le=1000)


class CheckIn(PuzzleIn):
    solution: str = Field(max_length=MAX_PUZZLE_CHARS)


class ExplainIn(PuzzleIn):
    max_level: str | None = Field(default=None, max_length=40)


class ConvertIn(PuzzleIn):
    to: str = Field(max_length=40)


class GenerateIn(KindOptionsIn):
    kind: str = Field(max_length=40)
    size: str | None = Field(default=None, max_length=10)
    difficulty: str | None = Field(default=None, max_length=40)
    seed: int = Field(default=1, ge=0, le=2**31)


def _error(status: int, message: str, request: Request | None = None) -> JSONResponse:
    """The error answer: never quoting the request's own body, never longer than a line or two."""
    if request is not None:
        message = redact(message, request.scope.get(BODY_KEY))
    if len(message) > MAX_ERROR_CHARS:
        message = message[:MAX_ERROR_CHARS] + "…"
    return JSONResponse(status_code=status, content={"error": message})


def _place(part: object, fields: frozenset[str]) -> str:
    """One step of a validation error's location: a field name or index, never a key the request made up."""
    text = str(part)
    return text if isinstance(part, int) or text in fields else "…"


def field_names(app: FastAPI) -> frozenset[str]:
    """Every field name of every request model (what a validation error may name)."""
    schemas = app.openapi().get("components", {}).get("schemas", {})
    return frozenset(name for schema in schemas.values() for name in schema.get("properties", {}))


def _static(name: str) -> str:
    return resources.files("gridlogic.web").joinpath(f"static/{name}").read_text(encoding="utf-8")


def create_app(workers: int = 2, time_limit: float = 10.0, max_body: int = MAX_BODY_BYTES, *, quick: int = 1,
               host: str | None = None, extra_hosts: tuple[str, ...] = (), max_answer: int = MAX_ANSWER_BYTES,
               memory_mb: float = 4000.0) -> FastAPI:
    """The web app. ``workers`` solver processes plus ``quick`` kept for small requests, each request's
    solver work stopped ``time_limit`` seconds after it arrived; request bodies over ``max_body`` bytes
    refused, answers over ``max_answer``; only ``Host`` names of this machine (and ``host``, the address it
    is served on, and ``extra_hosts``) are served."""
    pool = WorkerPool(workers=workers, time_limit=time_limit, quick=quick, memory_mb=memory_mb,
                      preload=PRELOAD, warm=WARM)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await pool.start()  # every worker warm before the first request: a first hint is as fast as later ones
        await warm_routes(app, warm_requests(app.openapi()["paths"]))  # and the server's side of every route
        yield
        pool.close()

    app = FastAPI(title="gridlogic", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play, solve, explain, grade, check and generate logic puzzles (kinds: `/api/kinds`). "
                  "Errors are `{\"error\": \"<what, where>\"}` with a 4xx status; solver work past the time "
                  "limit answers 503.")
    app.state.pool = pool
    app.add_middleware(Guard, max_body=max_body, max_answer=max_answer,
                       hosts=allowed_hosts(host, extra_hosts))
    _handlers(app)
    _routes(app)
    app.include_router(routes_kinds.router)
    app.include_router(daily.router)
    app.mount("/static", StaticFiles(packages=[("gridlogic.web", "static")]), name="static")
    for module in OPTIONAL_ROUTERS:
        try:
            found = importlib.import_module(module)
        except ModuleNotFoundError as e:  # an optional dependency (an extra) not installed; ours propagate
            if (e.name or "gridlogic").partition(".")[0] == "gridlogic":
                raise
            continue
        app.include_router(found.router)
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(GridlogicError)
    async def bad_input(request: Request, exc: GridlogicError) -> JSONResponse:
        if isinstance(exc, (JobTimeoutError, ServerBusyError, JobFailedError)):
            return _error(503, str(exc), request)
        return _error(400, str(exc), request)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        names = field_names(app)
        parts = []
        for e in exc.errors()[:3]:
            where = ".".join(_place(x, names) for x in e.get("loc", ()) if x != "body") or "body"
            parts.append(f"{e.get('msg', 'invalid')} ({where})")
        return _error(422, "; ".join(parts) or "invalid request", request)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail), request)

    @app.exception_handler(ValueError)
    @app.exception_handler(KeyError)
    @app.exception_handler(IndexError)
    @app.exception_handler(RecursionError)
    @app.exception_handler(Contradiction)
    async def unreadable(request: Request, exc: Exception) -> JSONResponse:
        # input no reader understood: named, never quoted
        if isinstance(exc, RecursionError):
            return _error(400, "the input is nested too deeply to read", request)
        return _error(400, f"cannot read the input ({type(exc).__name__})", request)

    @app.exception_handler(Exception)
    async def internal(_: Request, exc: Exception) -> JSONResponse:
        # a bug, not the user's input: still one JSON line, never a traceback or the input
        return _error(500, f"internal error ({type(exc).__name__}); please report it with the input")


def _routes(app: FastAPI) -> None:
    """Every route; cheap ones are plain functions (run in the server), solver ones await the pool."""
    async def pooled(request: Request, fn: Callable[..., dict[str, Any]], spec: service.Spec,
                     *args: object) -> dict[str, Any]:
        out: dict[str, Any] = await request.app.state.pool.run(fn, spec, *args, client=request,
                                                               small=jobs.small(spec.text))
        return out

    @app.get("/", include_in_schema=False)
    def index() -> Response:
        return RedirectResponse("/play")

    @app.get("/play", response_class=HTMLResponse, summary="The play page")
    def play() -> str:
        return _static("play.html")

    @app.get("/tools", response_class=HTMLResponse, summary="The solver workbench (solve, explain, grade, check)")
    def tools() -> str:
        return _static("tools.html")

    @app.get("/static/index.html", include_in_schema=False)
    def old_tools() -> Response:
        return RedirectResponse("/tools")  # the tools page's file was index.html

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def api_docs() -> str:
        return apidocs.page(app.openapi())

    @app.get("/api/library", summary="The shipped puzzles (generated by gridlogic), by kind, size and grade")
    def library() -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = json.loads(_static("library.json"))
        return entries

    @app.post("/api/parse", summary="Read a puzzle: kind, format, text picture")
    def parse(req: PuzzleIn) -> dict[str, Any]:
        return service.load(req.spec("parse")).head()

    @app.post("/api/load", summary="Read a puzzle for play: its drawing, starting board and share text")
    def load(req: PuzzleIn) -> dict[str, Any]:
        ld = service.load(req.spec())
        k, p = ld.kind, ld.puzzle
        share, share_format = ld.share()
        return {**ld.head(), "records": ld.records, "svg": k.draw(p), "board": k.start_rows(p),
                "share": share, "share_format": share_format, "levels": list(k.levels), **k.puzzle_options(p)}

    @app.post("/api/draw", summary="The board as SVG, with a player's board and highlighted cells")
    def draw(req: DrawIn) -> Response:
        ld = service.load(req.spec())
        rows = ld.kind.board_rows(ld.puzzle, req.board) if req.board is not None else None
        svg = ld.kind.draw(ld.puzzle, rows, highlight=req.highlight)
        return Response(svg, media_type="image/svg+xml")

    @app.post("/api/board", summary="Live rule check of a player's board: broken rules with cells, solved")
    def board(req: BoardIn) -> dict[str, Any]:
        ld = service.load(req.spec())
        return service.board_status(ld.kind, ld.puzzle, req.board)

    @app.post("/api/progress", summary="Which marks of the board are wrong? (against the solution, never shown)")
    async def progress(req: BoardIn, request: Request) -> dict[str, Any]:
        return await pooled(request, jobs.progress, req.spec("progress"), req.board)

    @app.post("/api/solve", summary="Exact solution and whether it is unique (worker pool)")
    async def solve(req: SolveIn, request: Request) -> dict[str, Any]:
        return await pooled(request, jobs.solve, req.spec("solve"), req.method)

    @app.post("/api/count", summary="Number of solutions up to a limit (worker pool)")
    async def count(req: CountIn, request: Request) -> dict[str, Any]:
        return await pooled(request, jobs.count, req.spec("count"), req.limit, req.method)

    @app.post("/api/check", summary="Is a claimed solution valid; every violation named (worker pool)")
    async def check(req: CheckIn, request: Request) -> dict[str, Any]:
        return await pooled(request, jobs.check, req.spec("check"), req.solution)

    @app.post("/api/explain", summary="Human-style solve, step by step (worker pool)")
    async def explain(req: ExplainIn, request: Request) -> dict[str, Any]:
        return await pooled(request, jobs.explain, req.spec("explain"), req.max_level)

    @app.post("/api/grade", summary="Difficulty: the hardest level needed (worker pool)")
    async def grade(req: PuzzleIn, request: Request) -> dict[str, Any]:
        return await pooled(request, jobs.grade, req.spec("grade"))

    @app.post("/api/convert", summary="The puzzle in another format")
    def convert(req: ConvertIn) -> dict[str, Any]:
        ld = service.load(req.spec())
        write = ld.kind.format(req.to).write
        if write is None:
            raise GridlogicError(f"format {req.to!r} can be read but not written")
        return {**ld.head(), "puzzle": write(ld.puzzle)}

    @app.post("/api/generate", summary="A new puzzle with a unique solution (worker pool)")
    async def generate(req: GenerateIn, request: Request) -> dict[str, Any]:
        budget = max(0.5, request.app.state.pool.time_limit * 0.8)
        out: dict[str, Any] = await request.app.state.pool.run(
            jobs.generate, req.kind, req.size, req.difficulty, req.seed, req.options(), budget, client=request)
        return out
