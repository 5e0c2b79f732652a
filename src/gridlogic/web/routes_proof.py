"""Hints and proof mode over HTTP: ``POST /api/hint``, ``/proof`` (the page) and ``/api/proof/*``.

Thin glue: every route that runs a solver or the proof checker awaits the app's worker pool
(``request.app.state.pool``) with a top-level job function below; the work is in
:mod:`gridlogic.core.hint` and :mod:`gridlogic.proof.interactive`.
"""

from __future__ import annotations

from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field, StringConstraints

from gridlogic import service
from gridlogic.core.registry import Kind
from gridlogic.proof import interactive
from gridlogic.web.jobs import WARM_PUZZLES, small

MAX_TEXT = 200_000
MAX_ROWS = 100
MAX_PROOF_CHARS = 2_000_000

router = APIRouter()


Row = Annotated[str, StringConstraints(max_length=MAX_ROWS)]


class HintIn(BaseModel):
    puzzle: str = Field(max_length=MAX_TEXT)
    kind: str | None = Field(default=None, max_length=40)
    format: str | None = Field(default=None, max_length=40)
    unique_lines: bool = True
    board: list[Row] = Field(max_length=MAX_ROWS)
    max_level: int | str | None = None


class StartIn(BaseModel):
    puzzle: str = Field(max_length=MAX_TEXT)
    kind: str | None = Field(default=None, max_length=40)
    format: str | None = Field(default=None, max_length=40)
    unique_lines: bool = True


class TransitionIn(BaseModel):
    puzzle: str = Field(max_length=MAX_TEXT)
    kind: str | None = Field(default=None, max_length=40)
    board: list[Row] = Field(max_length=MAX_ROWS)
    set: list[tuple[int, int, str]] = Field(max_length=MAX_ROWS * MAX_ROWS)
    rule: str | None = Field(default=None, max_length=80)
    unique_lines: bool = True
    rules: str | None = Field(default=None, max_length=40)


class SuggestIn(BaseModel):
    proof: dict[str, Any]
    board: list[Row] = Field(max_length=MAX_ROWS)
    allowed: list[Annotated[str, StringConstraints(max_length=80)]] | None = Field(default=None, max_length=200)


class ProofIn(BaseModel):
    proof: dict[str, Any]
    partial: bool = False


class OpenIn(BaseModel):
    text: str = Field(max_length=MAX_PROOF_CHARS)


def _load(puzzle: str, kind_name: str | None, format_name: str | None, unique_lines: bool) -> tuple[Kind, Any]:
    k, p, _ = interactive.load(puzzle, kind_name, format_name, unique_lines)
    return k, p


def hint_job(puzzle: str, kind_name: str | None, format_name: str | None, unique_lines: bool,
             board: list[str], max_level: int | str | None) -> dict[str, Any]:
    k, p = _load(puzzle, kind_name, format_name, unique_lines)
    cap = k.level_number(str(max_level)) if max_level is not None else None
    return service.hint(k, p, board, cap)


def warm() -> None:
    """Run the hint and proof-start paths once (their imports and caches), so a first hint is not slower."""
    for text in WARM_PUZZLES:
        k, p = _load(text, None, None, True)
        hint_job(text, None, None, True, k.start_rows(p), None)
        if k.name in interactive.CHAR_VALUE:  # the kinds proof mode knows
            interactive.start(text, None, None, True)


@router.post("/api/hint")
async def hint(req: HintIn, request: Request) -> dict[str, Any]:
    """The next human step from the player's board: ``{status, step, message}``."""
    out: dict[str, Any] = await request.app.state.pool.run(
        hint_job, req.puzzle, req.kind, req.format, req.unique_lines, req.board, req.max_level, client=request,
        small=small(req.puzzle))
    return out


@router.get("/proof", response_class=HTMLResponse)
def proof_page() -> str:
    return resources.files("gridlogic.web").joinpath("static/proof.html").read_text(encoding="utf-8")


@router.get("/api/proof/rules/{kind_name}")
def rules(kind_name: str, rules: str | None = None, allowed: str | None = None) -> dict[str, Any]:
    """The rule palette of a kind in a rule set (``rules=legup|gridlogic``): LEGUP's direct, case and
    contradiction rules, the techniques; ``allowed``: a comma-separated list (an assignment's)."""
    return interactive.palette(kind_name, rules, [a for a in (allowed or "").split(",") if a] or None)


@router.post("/api/proof/start")
async def start(req: StartIn, request: Request) -> dict[str, Any]:
    """A puzzle opened in proof mode: size, regions or givens, the starting board, the palette."""
    out: dict[str, Any] = await request.app.state.pool.run(
        interactive.start, req.puzzle, req.kind, req.format, req.unique_lines, client=request)
    return out


@router.post("/api/proof/transition")
async def transition(req: TransitionIn, request: Request) -> dict[str, Any]:
    """The checker's verdict on cells set on a board under a rule; with no rule, a rule found."""
    out: dict[str, Any] = await request.app.state.pool.run(
        interactive.transition, req.puzzle, req.kind, req.board, req.set, req.rule, req.unique_lines, req.rules,
        client=request)
    return out


@router.post("/api/proof/suggest")
async def suggest(req: SuggestIn, request: Request) -> dict[str, Any]:
    """What to do next on the board shown, in the proof's rule set: a step, a split or a close; in a
    branch without solution, the steps towards a contradiction (never the solution)."""
    out: dict[str, Any] = await request.app.state.pool.run(
        interactive.suggest, req.proof, req.board, req.allowed, client=request)
    return out


@router.post("/api/proof/check")
async def check(req: ProofIn, request: Request) -> dict[str, Any]:
    """The whole proof checked: valid, errors with their paths, a verdict per transition."""
    out: dict[str, Any] = await request.app.state.pool.run(
        interactive.check_proof, req.proof, req.partial, client=request)
    return out


@router.post("/api/proof/legup-xml")
async def legup_xml(req: ProofIn, request: Request) -> Response:
    """The proof as a LEGUP XML file."""
    text: str = await request.app.state.pool.run(interactive.legup_xml, req.proof, client=request)
    return Response(text, media_type="application/xml",
                    headers={"Content-Disposition": 'attachment; filename="proof.xml"'})


@router.post("/api/proof/open")
async def open_proof(req: OpenIn, request: Request) -> dict[str, Any]:
    """A saved proof (gridlogic JSON or LEGUP XML) read into the proof JSON the page edits."""
    out: dict[str, Any] = await request.app.state.pool.run(interactive.open_proof, req.text, client=request)
    return out
