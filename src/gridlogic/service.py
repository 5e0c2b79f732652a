"""Library calls behind every interface (CLI, batch, web): one puzzle in, one JSON-ready dict out.

Each function takes a parsed puzzle and its kind and returns the contract's fields for that
command, so every interface answers alike.
"""

from __future__ import annotations

import time
from itertools import islice
from typing import Any

from gridlogic.core.registry import Generated, Kind


def solve(k: Kind, puzzle: Any, method: str | None = None) -> dict[str, Any]:
    """``solution`` (rows, or None), ``unique``, ``ms`` (solve + uniqueness check)."""
    t0 = time.perf_counter()
    found = list(islice(k.solutions(puzzle, method), 2))
    ms = round((time.perf_counter() - t0) * 1000, 3)
    if not found:
        return {"solution": None, "unique": False, "ms": ms}
    return {"solution": k.solution_rows(puzzle, found[0]), "unique": len(found) == 1, "ms": ms}


def count(k: Kind, puzzle: Any, limit: int = 2, method: str | None = None) -> dict[str, Any]:
    return {"count": sum(1 for _ in islice(k.solutions(puzzle, method), limit)), "limit": limit}


def check(k: Kind, puzzle: Any, solution_text: str) -> dict[str, Any]:
    violations = k.check(puzzle, k.parse_solution(puzzle, solution_text))
    return {"valid": not violations, "violations": [v.to_json() for v in violations]}


def grade(k: Kind, puzzle: Any) -> dict[str, Any]:
    return k.grade(puzzle).to_json()


def explain(k: Kind, puzzle: Any, max_level: int | None = None,
            allow_uniqueness: bool = False) -> dict[str, Any]:
    return k.explain(puzzle, max_level, allow_uniqueness).to_json()


def exit_code(command: str, fields: dict[str, Any]) -> int:
    """The contract's exit code for one answer: 1 for a negative answer, else 0."""
    negative = {
        "solve": fields.get("solution") is None,
        "check": fields.get("valid") is False,
        "explain": fields.get("status") not in (None, "solved"),
    }
    return 1 if negative.get(command, False) else 0


def generated(k: Kind, g: Generated, seed: int, id_: str) -> dict[str, Any]:
    """The fields of one generated puzzle (``generate --json`` and ``batch generate`` rows)."""
    write = k.default_format().write
    assert write is not None
    return {"kind": k.name, "id": id_, "puzzle": write(g.puzzle), "seed": seed,
            "grade": g.grade.name if g.grade else None, "level": g.grade.level if g.grade else None,
            "solution": k.solution_rows(g.puzzle, g.solution)}
