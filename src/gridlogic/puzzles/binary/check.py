"""Checking a claimed solution: every broken rule named as LEGUP names it, with its cells."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.grid import Cell
from gridlogic.core.hint import read_board
from gridlogic.core.step import Violation
from gridlogic.puzzles.binary.model import Binary, ones_in

Rows01 = Sequence[Sequence[int]]


def line_name(is_row: bool, k: int) -> str:
    return f"{'row' if is_row else 'column'} {k + 1}"


def _lines(puzzle: Binary) -> list[tuple[bool, int, list[Cell]]]:
    w, h = puzzle.width, puzzle.height
    return ([(True, r, [(r, c) for c in range(w)]) for r in range(h)]
            + [(False, c, [(r, c) for r in range(h)]) for c in range(w)])


def violations(puzzle: Binary, sol: Rows01) -> list[Violation]:
    out = _givens(puzzle, sol)
    for is_row, k, cells in _lines(puzzle):
        vals = [sol[r][c] for r, c in cells]
        out += _trios(is_row, k, cells, vals)
        ones = sum(vals)
        if ones != ones_in(len(vals)):
            out.append(Violation("UnbalancedRowColumn", tuple(cells),
                                 f"{line_name(is_row, k)} has {ones} 1s and {len(vals) - ones} 0s"
                                 f" (needs {ones_in(len(vals))} 1s)"))
    if puzzle.unique_lines:
        out += _repeats(puzzle, sol)
    return out


def _givens(puzzle: Binary, sol: Rows01) -> list[Violation]:
    return [Violation("GivenChanged", ((r, c),), f"r{r + 1}c{c + 1} is given as {g}, not {sol[r][c]}")
            for r in range(puzzle.height) for c in range(puzzle.width)
            if (g := puzzle.given(r, c)) is not None and sol[r][c] != g]


def _trios(is_row: bool, k: int, cells: list[Cell], vals: list[int]) -> list[Violation]:
    out = []
    start = 0
    for i in range(1, len(vals) + 1):
        if i == len(vals) or vals[i] != vals[start]:
            if i - start >= 3:
                out.append(Violation("Trio", tuple(cells[start:i]),
                                     f"{i - start} {vals[start]}s in a row in {line_name(is_row, k)}"))
            start = i
    return out


def _repeats(puzzle: Binary, sol: Rows01) -> list[Violation]:
    out = []
    for is_row in (True, False):
        seen: dict[tuple[int, ...], int] = {}
        n = puzzle.height if is_row else puzzle.width
        for k in range(n):
            key = tuple(sol[k]) if is_row else tuple(row[k] for row in sol)
            if key in seen:
                j = seen[key]
                cells = ([(j, c) for c in range(puzzle.width)] + [(k, c) for c in range(puzzle.width)]
                         if is_row else
                         [(r, j) for r in range(puzzle.height)] + [(r, k) for r in range(puzzle.height)])
                out.append(Violation("RepeatedRowColumn", tuple(cells),
                                     f"{line_name(is_row, k)} repeats {line_name(is_row, j)}"))
            else:
                seen[key] = k
    return out


# ----- a player's partial board: ``0``, ``1``, ``?`` undecided
def start_rows(puzzle: Binary) -> list[str]:
    return [row.replace(".", "?") for row in puzzle.givens]


def board_rows(puzzle: Binary, board: Sequence[str]) -> list[str]:
    return read_board(board, puzzle.height, puzzle.width, "01")


def board_violations(puzzle: Binary, rows: list[str]) -> list[Violation]:
    """What a partial board already breaks: three equal digits in a line, a line with more 0s or 1s
    than it holds, two complete equal lines, a changed given."""
    vals = [[-1 if ch == "?" else int(ch) for ch in row] for row in rows]
    out = [v for v in _givens(puzzle, vals) if vals[v.cells[0][0]][v.cells[0][1]] >= 0]
    for is_row, k, cells in _lines(puzzle):
        line = [vals[r][c] for r, c in cells]
        out += [v for v in _trios(is_row, k, cells, line) if line[cells.index(v.cells[0])] >= 0]
        n = len(line)
        for digit, most in ((0, n - ones_in(n)), (1, ones_in(n))):
            got = line.count(digit)
            if got > most:
                out.append(Violation("UnbalancedRowColumn", tuple(cells),
                                     f"{line_name(is_row, k)} has {got} {digit}s, a line of {n} holds {most}"))
    if puzzle.unique_lines:
        complete = [list(r) for r in vals]
        out += [v for v in _repeats(puzzle, complete)
                if all(complete[r][c] >= 0 for r, c in v.cells)]
    return out


def board_solved(puzzle: Binary, rows: list[str]) -> bool:
    if any("?" in row for row in rows):
        return False
    return not violations(puzzle, [[int(ch) for ch in row] for row in rows])
