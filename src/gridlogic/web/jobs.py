"""The web app's requests as plain functions: load the puzzle as the CLI does, call :mod:`gridlogic.service`.

Each function is top level and takes only picklable arguments, so a route can run it in a worker process
(:class:`gridlogic.web.worker.WorkerPool`) or, when it is cheap, right where it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from gridlogic import service
from gridlogic.core.generation import within
from gridlogic.core.hint import count_wrong, wrong_cells
from gridlogic.core.options import field_name
from gridlogic.kinds import kind, kinds, take_options
from gridlogic.service import Spec, load


def warm_puzzles() -> list[str]:
    """One small puzzle of each kind (its client descriptor's ``example``): a worker solves, explains
    and hints each once before it takes work."""
    return [k.client().example for k in kinds().values()]


SMALL_CHARS = 400
"""A request whose puzzle text is at most this long (a 10×10 or so) may use the quick workers."""


def small(puzzle: str) -> bool:
    """Whether a request's puzzle is small enough for the pool's quick workers (kept free for such)."""
    return len(puzzle) <= SMALL_CHARS


def warm() -> None:
    """Import and run every path a first request takes (solvers, rules, hint), so it is not slower than later ones."""
    for text in warm_puzzles():
        spec = Spec(text)
        solve(spec, None)
        explain(spec, None)
        ld = load(spec)
        service.hint(ld.kind, ld.puzzle, ld.kind.start_rows(ld.puzzle), None)


def solve(spec: Spec, method: str | None) -> dict[str, Any]:
    ld = load(spec)
    out = service.solve(ld.kind, ld.puzzle, method)
    head = ld.head()
    if out["solution"] is not None:
        head["picture"] = ld.kind.render(ld.puzzle, out["solution"])
    return {**head, **out}


def count(spec: Spec, limit: int, method: str | None) -> dict[str, Any]:
    ld = load(spec)
    return {**ld.head(), **service.count(ld.kind, ld.puzzle, limit, method)}


def check(spec: Spec, solution: str) -> dict[str, Any]:
    ld = load(spec)
    return {**ld.head(), **service.check(ld.kind, ld.puzzle, solution)}


def explain(spec: Spec, max_level: str | None) -> dict[str, Any]:
    ld = load(spec)
    cap = ld.kind.level_number(max_level) if max_level else None
    return {**ld.head(), **service.explain(ld.kind, ld.puzzle, cap, ld.options)}


def grade(spec: Spec) -> dict[str, Any]:
    ld = load(spec)
    return {**ld.head(), **service.grade(ld.kind, ld.puzzle)}


def generate(kind_name: str, size: str | None, difficulty: str | None, seed: int,
             given: Mapping[str, object], time_limit: float | None = None) -> dict[str, Any]:
    """A new puzzle; ``given``: the kind's generate options (checked here, by field name);
    ``time_limit`` lets a generator that honours it give up with its own answer before the pool stops it."""
    k = kind(kind_name)
    options: dict[str, object] = {**take_options(k, given, "generate", field_name)}
    if time_limit is not None:
        options["time_limit"] = time_limit
    with within(time_limit or 0, f"{k.name} puzzle"):
        g = k.generate(size=size, difficulty=difficulty, seed=seed, options=options)
    return {**service.generated(k, g, seed, str(seed)), "picture": k.render(g.puzzle)}


MAX_WRONG_CELLS = 100
"""``progress`` names at most this many wrong cells (``wrong`` still counts them all)."""


def progress(spec: Spec, board: Sequence[str]) -> dict[str, Any]:
    """Is any mark of the player's ``board`` wrong? Checked against the solution (never shown): ``wrong``
    counts the marks that differ from it, ``cells`` names them (``[row, col]``, at most
    :data:`MAX_WRONG_CELLS`, reading order), so the page can outline them."""
    ld = load(spec)
    rows = ld.kind.board_rows(ld.puzzle, board)
    found = [ld.kind.solution_rows(ld.puzzle, s) for s in islice(ld.kind.solutions(ld.puzzle), 2)]
    if not found:
        return {"status": "unsolvable", "wrong": None, "cells": [], "message": "this puzzle has no solution"}
    nearest = min(found, key=lambda sol: count_wrong(rows, sol))
    wrong = count_wrong(rows, nearest)
    done = ld.kind.board_solved(ld.puzzle, rows)
    note = "" if len(found) == 1 else " (the puzzle has more than one solution; checked against the nearest)"
    if wrong:
        cells = [[r, c] for r, c in wrong_cells(rows, nearest, MAX_WRONG_CELLS)]
        return {"status": "wrong", "wrong": wrong, "cells": cells,
                "message": f"{wrong} mark{'s are' if wrong > 1 else ' is'} wrong{note}"}
    if done:
        return {"status": "solved", "wrong": 0, "cells": [], "message": f"solved{note}"}
    return {"status": "ok", "wrong": 0, "cells": [], "message": f"no mistakes so far{note}"}
