"""Checking a claimed solution, independently of the SAT solver: every broken rule is named as
LEGUP names it (``ClashingOrbit``, ``TooManyStars``, ``TooFewStars``) with its cells."""

from __future__ import annotations

import re
from collections.abc import Sequence

from gridlogic.core.errors import ParseError
from gridlogic.core.grid import Cell, cell_name
from gridlogic.core.hint import read_board
from gridlogic.core.step import Violation
from gridlogic.puzzles.starbattle.model import LETTERS, StarBattle


def parse_solution(puzzle: StarBattle, text: str) -> frozenset[Cell]:
    """Star cells of a solution written as rows (``*`` star, any other character no star), joined
    by ``/`` or newlines; ``#`` lines are comments."""
    lines = [ln for ln in text.strip().splitlines() if not ln.lstrip().startswith("#")]
    rows = [re.sub(r"\s+", "", r) for r in re.split(r"[/\n]", "\n".join(lines).strip())]
    if rows and rows[-1] == "":
        rows.pop()
    n = puzzle.n
    if len(rows) != n:
        raise ParseError(f"the solution has {len(rows)} rows, the puzzle {n}", "solution")
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ParseError(f"solution row {r + 1} has {len(row)} cells, expected {n}", "solution")
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")


def solution_rows(puzzle: StarBattle, stars: frozenset[Cell]) -> list[str]:
    return ["".join("*" if (r, c) in stars else "." for c in range(puzzle.n)) for r in range(puzzle.n)]


def _units(puzzle: StarBattle) -> list[tuple[str, list[Cell]]]:
    n = puzzle.n
    out = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
    out += [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]
    out += [(f"region {LETTERS[g]}", [divmod(i, n) for i in unit]) for g, unit in enumerate(puzzle.units)]
    return out


def check(puzzle: StarBattle, stars: frozenset[Cell]) -> list[Violation]:
    """Every violation: touching stars, wrong counts per row/column/region, contradicted givens."""
    return board_violations(puzzle, solution_rows(puzzle, stars))


# ----- a player's partial board: ``*`` star, ``.`` empty (LEGUP's black), ``?`` unknown
def start_rows(puzzle: StarBattle) -> list[str]:
    givens = dict(puzzle.givens)
    return ["".join("?" if (r, c) not in givens else "*" if givens[(r, c)] else "." for c in range(puzzle.n))
            for r in range(puzzle.n)]


def board_rows(puzzle: StarBattle, board: Sequence[str]) -> list[str]:
    return read_board(board, puzzle.n, puzzle.n, "*.")


def board_violations(puzzle: StarBattle, rows: list[str]) -> list[Violation]:
    """What a partial board already breaks: touching stars, a unit with too many stars, a unit whose
    stars and unknown cells together fall short, a contradicted given."""
    stars = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")
    ordered = sorted(stars)
    out = [Violation("ClashingOrbit", (a, b), f"stars {cell_name(a)} and {cell_name(b)} touch")
           for a in ordered for b in ordered if a < b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1]
    need = puzzle.stars
    for name, cells in _units(puzzle):
        have = [c for c in cells if c in stars]
        open_ = sum(1 for r, c in cells if rows[r][c] == "?")
        if len(have) > need:
            out.append(Violation("TooManyStars", tuple(have), f"{name} has {len(have)} stars, needs {need}"))
        elif len(have) + open_ < need:
            said = f"has {len(have)} stars" if not open_ else f"has room for {len(have) + open_} stars"
            out.append(Violation("TooFewStars", tuple(cells), f"{name} {said}, needs {need}"))
    for (r, c), star in sorted(puzzle.givens):
        if rows[r][c] != "?" and star != (rows[r][c] == "*"):
            what = "a star" if star else "empty"
            out.append(Violation("GivenCell", ((r, c),), f"{cell_name((r, c))} is given as {what}"))
    return out


def board_solved(puzzle: StarBattle, rows: list[str]) -> bool:
    """Solved when the stars alone are a solution (unmarked cells count as empty)."""
    return not check(puzzle, frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"))
