"""Text pictures of a board: region borders drawn with ``+``, ``-`` and ``|``; stars ``*``, cells
known empty ``.``, unknown cells blank."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.puzzles.starbattle.model import StarBattle

SHOW = {"*": "*", ".": ".", "?": " ", "x": "."}


def cell_marks(puzzle: StarBattle, rows: Sequence[str] | None) -> list[list[str]]:
    """One display character per cell: from ``rows`` if given, else from the givens."""
    n = puzzle.n
    if rows is not None:
        return [[SHOW.get(ch, ch) for ch in row] for row in rows]
    marks = [[" "] * n for _ in range(n)]
    for (r, c), star in puzzle.givens:
        marks[r][c] = "*" if star else "."
    return marks


def render(puzzle: StarBattle, rows: Sequence[str] | None = None) -> str:
    n, reg = puzzle.n, puzzle.regions
    marks = cell_marks(puzzle, rows)
    lines = []
    for r in range(n + 1):
        seg = ["+"]
        for c in range(n):
            wall = r in (0, n) or reg[r - 1][c] != reg[r][c]
            seg.append("---+" if wall else "   +")
        lines.append("".join(seg))
        if r == n:
            break
        cells = ["|"]
        for c in range(n):
            right = c == n - 1 or reg[r][c] != reg[r][c + 1]
            cells.append(f" {marks[r][c]} " + ("|" if right else " "))
        lines.append("".join(cells))
    return "\n".join(lines) + f"\n{n}x{n}, {puzzle.stars} star{'s' * (puzzle.stars > 1)} per row, column and region"
