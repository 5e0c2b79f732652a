"""The play page's solver routes beyond the app's own: ``POST /api/hint``, the next human step from
the player's board. Thin glue: the route awaits the app's worker pool with :func:`hint_job`; the work
is in :mod:`gridlogic.core.hint` (through :mod:`gridlogic.service`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from gridlogic import service
from gridlogic.web.jobs import small, warm_puzzles
from gridlogic.web.requests import MAX_ROWS, PuzzleRefIn, Row

router = APIRouter()


class HintIn(PuzzleRefIn):
    board: list[Row] = Field(max_length=MAX_ROWS)
    max_level: int | str | None = None


def hint_job(spec: service.Spec, board: list[str], max_level: int | str | None) -> dict[str, Any]:
    ld = service.load(spec)
    cap = ld.kind.level_number(str(max_level)) if max_level is not None else None
    return service.hint(ld.kind, ld.puzzle, board, cap)


def warm() -> None:
    """Run the hint path once (its imports and caches), so a first hint is not slower than later ones."""
    for text in warm_puzzles():
        ld = service.load(service.Spec(text))
        hint_job(service.Spec(text, command="hint"), ld.kind.start_rows(ld.puzzle), None)


@router.post("/api/hint")
async def hint(req: HintIn, request: Request) -> dict[str, Any]:
    """The next human step from the player's board: ``{status, step, message}``."""
    spec = service.Spec(req.puzzle, req.kind, req.format, req.options(), 0, "hint")
    out: dict[str, Any] = await request.app.state.pool.run(hint_job, spec, req.board, req.max_level, client=request,
                                                           small=small(req.puzzle))
    return out
