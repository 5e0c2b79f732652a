"""A text picture of a Str8ts grid: black cells shaded (``▓`` or their digit on shade), white cells
with their digit, ``·`` when unknown; compartment-free, one character pair per cell."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.puzzles.str8ts.model import Str8ts

SHADE = "▓"


def picture(p: Str8ts, rows: Sequence[str] | None = None) -> str:
    """Rows of the puzzle; ``rows`` (digits / ``#`` / ``?``) fill the white cells when given."""
    n = p.n
    lines = []
    for r in range(n):
        parts = []
        for c in range(n):
            i = r * n + c
            g = p.givens[i]
            if p.black[i]:
                parts.append(f"{SHADE}{g}" if g else SHADE * 2)
                continue
            ch = rows[r][c] if rows is not None else (str(g) if g else ".")
            parts.append(f" {ch if ch.isdigit() else '·'}")
        lines.append("".join(parts))
    return "\n".join(lines)
