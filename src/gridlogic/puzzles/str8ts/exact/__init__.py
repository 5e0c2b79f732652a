"""The exact solvers, both generators of solutions (:data:`~gridlogic.puzzles.str8ts.model.Solution`:
the digit of each white cell, 0 for black cells, flat and row-major):

- ``sat`` (:mod:`.sat`, the default): the seed's SAT encoding with rule 2', on python-sat;
- ``backtrack`` (:mod:`.backtrack`): the seed's simple backtracking method, on candidate masks.

Each method is imported when asked for, so the backtracking solver needs no SAT library."""

from __future__ import annotations

from collections.abc import Iterator

from gridlogic.core.errors import UnsupportedError
from gridlogic.puzzles.str8ts.model import Solution, Str8ts

METHODS = ("sat", "backtrack")


def solutions(p: Str8ts, method: str | None = None) -> Iterator[Solution]:
    """Every solution of ``p`` by ``method`` (None: ``sat``)."""
    if method in (None, "sat"):
        from gridlogic.puzzles.str8ts.exact import sat
        return sat.solutions(p)
    if method == "backtrack":
        from gridlogic.puzzles.str8ts.exact import backtrack
        return backtrack.solutions(p)
    raise UnsupportedError(f"str8ts has no method {method!r} (methods: {', '.join(METHODS)})")


__all__ = ["METHODS", "solutions"]
