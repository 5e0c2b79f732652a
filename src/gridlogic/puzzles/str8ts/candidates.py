"""Candidates before and after a step, for Explain and Hint answers (JSON fields
``candidates_before`` / ``candidates_after``: rows of cells, each a white cell's digits in order
(one digit once placed) or ``#`` for a black cell) and for ``explain -v``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.model import Str8ts


def grid(p: Str8ts, masks: Sequence[int]) -> list[list[str]]:
    """The candidates as rows of cell strings (``#`` black, ``""`` a white cell with none left)."""
    n = p.n
    flat = list(map(_DIGITS.__getitem__, masks))  # (masks hold digits 1-9: below 512)
    for i in _blacks(p):
        flat[i] = "#"
    return [flat[r * n:(r + 1) * n] for r in range(n)]


def _blacks(p: Str8ts) -> tuple[int, ...]:
    return p.memo("black_cells", lambda: tuple(i for i in range(p.size) if p.black[i]))


_DIGITS = tuple("".join(str(d + 1) for d in range(9) if m >> d & 1) for m in range(1 << 9))


def _digits(mask: int) -> str:
    return _DIGITS[mask & 511]


def applied(p: Str8ts, masks: Sequence[int], step: Step) -> list[int]:
    """The masks after the step's marks (``-d`` removes d, ``d`` places it)."""
    out = list(masks)
    for m in step.marks:
        i = m.cell[0] * p.n + m.cell[1]
        if m.value.startswith("-"):
            out[i] &= ~(1 << (int(m.value[1:]) - 1))
        else:
            out[i] = 1 << (int(m.value) - 1)
    return out


def annotate(p: Str8ts, step: Step, before: Sequence[int], after: Sequence[int] | None = None) -> Step:
    """The step carrying the candidates before and after it (``after``: the masks after it, when
    known, e.g. the next step's before)."""
    extra: dict[str, list[list[str]]] = {"candidates_before": grid(p, before),
                             "candidates_after": grid(p, applied(p, before, step) if after is None else after)}
    return replace(step, extra={**step.extra, **extra})


def annotate_run(p: Str8ts, steps: Sequence[Step], before: dict[int, list[int]]) -> list[Step]:
    """Each step of a run that has its board in ``before`` (by ``id``), annotated. A step's after
    grid is its before grid with the marked cells redrawn, and is the next step's before grid
    when that board is the one the step left (as in a run: then both are one object)."""
    out = []
    last: list[int] | None = None  # the board the previous step left, and its grid
    last_grid: list[list[str]] = []
    n = p.n
    for st in steps:
        masks = before.get(id(st))
        if masks is None:
            out.append(st)
            last = None
            continue
        now = last_grid if last is not None and last == masks else grid(p, masks)
        after = applied(p, masks, st)
        rows = list(now)
        for m in st.marks:
            r, c = m.cell
            if rows[r] is now[r]:
                rows[r] = now[r][:]
            rows[r][c] = _digits(after[r * n + c])
        last, last_grid = after, rows
        out.append(replace(st, extra={**st.extra, "candidates_before": now, "candidates_after": rows}))
    return out


def changes(step: Step) -> list[str]:
    """The cells whose candidates the step changes, as ``r1c3: 234 → 34`` (from its JSON fields)."""
    before, after = step.extra.get("candidates_before"), step.extra.get("candidates_after")
    if not isinstance(before, list) or not isinstance(after, list):
        return []
    return [f"{cell_name((r, c))}: {b} → {a}" for r, (rb, ra) in enumerate(zip(before, after, strict=True))
            for c, (b, a) in enumerate(zip(rb, ra, strict=True)) if a != b]


__all__ = ["annotate", "annotate_run", "applied", "changes", "grid"]
