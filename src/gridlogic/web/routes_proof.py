"""Proof mode over HTTP: ``/proof`` (the page) and ``/api/proof/*``.

Thin glue: every route that runs the proof checker awaits the app's worker pool
(``request.app.state.pool``) with a job function of :mod:`gridlogic.proof.interactive`, where the work is.
"""

from __future__ import annotations

from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field, StringConstraints

from gridlogic.proof import interactive, loading
from gridlogic.web.jobs import warm_puzzles
from gridlogic.web.requests import MAX_ROWS, MAX_TEXT, KindOptionsIn, PuzzleRefIn, Row

MAX_PROOF_CHARS = 2_000_000

router = APIRouter()


class StartIn(PuzzleRefIn):
    """The puzzle a proof starts from."""


class TransitionIn(KindOptionsIn):
    puzzle: str = Field(max_length=MAX_TEXT)
    kind: str | None = Field(default=None, max_length=40)
    board: list[Row] = Field(max_length=MAX_ROWS)
    set: list[tuple[int, int, str]] = Field(max_length=MAX_ROWS * MAX_ROWS)
    rule: str | None = Field(default=None, max_length=80)
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


def warm() -> None:
    """Run the proof-start path once (its imports and caches), so a first proof is not slower."""
    for text in warm_puzzles():
        k, _, _ = loading.load(text)
        if k.legup_part() is not None:  # the kinds proof mode knows
            interactive.start(text)


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
        interactive.start, req.puzzle, req.kind, req.format, req.options(), client=request)
    return out


@router.post("/api/proof/transition")
async def transition(req: TransitionIn, request: Request) -> dict[str, Any]:
    """The checker's verdict on cells set on a board under a rule; with no rule, a rule found."""
    out: dict[str, Any] = await request.app.state.pool.run(
        interactive.transition, req.puzzle, req.kind, req.board, req.set, req.rule, req.options(), req.rules,
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
