"""FastAPI routes: thin glue from JSON requests to the library (no puzzle logic here)."""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from gridlogic import service
from gridlogic.core.errors import GridlogicError
from gridlogic.core.registry import Kind, detect, kind, kinds
from gridlogic.web.routes_proof import router as proof_router
from gridlogic.web.worker import WorkerPool

MAX_PUZZLE_CHARS = 200_000


class PuzzleIn(BaseModel):
    puzzle: str = Field(max_length=MAX_PUZZLE_CHARS)
    kind: str | None = None
    format: str | None = None
    unique_lines: bool = True


class SolveIn(PuzzleIn):
    method: str | None = None


class CountIn(SolveIn):
    limit: int = Field(default=2, ge=1, le=1000)


class CheckIn(PuzzleIn):
    solution: str = Field(max_length=MAX_PUZZLE_CHARS)


class ExplainIn(PuzzleIn):
    max_level: str | None = None
    allow_uniqueness: bool = False


class ConvertIn(PuzzleIn):
    to: str


class GenerateIn(BaseModel):
    kind: str
    size: str | None = None
    stars: int | None = None
    difficulty: str | None = None
    seed: int = 1
    unique_lines: bool = True


def _load(req: PuzzleIn) -> tuple[Kind, Any, dict[str, Any]]:
    k, fmt = detect(req.puzzle.strip(), req.kind, req.format)
    options = {} if req.unique_lines else {"unique_lines": False}
    puzzle = k.configure(fmt.read(req.puzzle.strip()), options)
    return k, puzzle, {"kind": k.name, "format": fmt.name, "picture": k.render(puzzle)}


def create_app() -> FastAPI:
    app = FastAPI(title="gridlogic", version="0.1.0")
    app.state.pool = WorkerPool()
    app.include_router(proof_router)

    @app.exception_handler(GridlogicError)
    async def bad_input(_: Request, exc: GridlogicError) -> JSONResponse:
        return JSONResponse(status_code=400, content={"error": str(exc)})

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        return resources.files("gridlogic.web").joinpath("static/index.html").read_text(encoding="utf-8")

    @app.get("/api/kinds")
    def list_kinds() -> list[dict[str, Any]]:
        return [{"name": k.name, "formats": [f.name for f in k.formats], "levels": list(k.levels),
                 "methods": list(k.methods)} for k in kinds().values()]

    @app.post("/api/parse")
    def parse(req: PuzzleIn) -> dict[str, Any]:
        return _load(req)[2]

    @app.post("/api/solve")
    def solve(req: SolveIn) -> dict[str, Any]:
        k, p, head = _load(req)
        out = service.solve(k, p, req.method)
        if out["solution"] is not None:
            head["picture"] = k.render(p, out["solution"])
        return {**head, **out}

    @app.post("/api/count")
    def count(req: CountIn) -> dict[str, Any]:
        k, p, head = _load(req)
        return {**head, **service.count(k, p, req.limit, req.method)}

    @app.post("/api/check")
    def check(req: CheckIn) -> dict[str, Any]:
        k, p, head = _load(req)
        return {**head, **service.check(k, p, req.solution)}

    @app.post("/api/explain")
    def explain(req: ExplainIn) -> dict[str, Any]:
        k, p, head = _load(req)
        cap = k.level_number(req.max_level) if req.max_level else None
        return {**head, **service.explain(k, p, cap, req.allow_uniqueness)}

    @app.post("/api/grade")
    def grade(req: PuzzleIn) -> dict[str, Any]:
        k, p, head = _load(req)
        return {**head, **service.grade(k, p)}

    @app.post("/api/convert")
    def convert(req: ConvertIn) -> dict[str, Any]:
        k, p, head = _load(req)
        write = k.format(req.to).write
        if write is None:
            raise HTTPException(400, f"format {req.to!r} can be read but not written")
        return {**head, "puzzle": write(p)}

    @app.post("/api/generate")
    def generate(req: GenerateIn) -> dict[str, Any]:
        k = kind(req.kind)
        g = k.generate(size=req.size, stars=req.stars, difficulty=req.difficulty, seed=req.seed,
                       options={"unique_lines": req.unique_lines})
        write = k.default_format().write
        assert write is not None
        return {"kind": k.name, "puzzle": write(g.puzzle), "picture": k.render(g.puzzle),
                "grade": g.grade.name if g.grade else None, "solution": k.solution_rows(g.puzzle, g.solution)}

    return app
