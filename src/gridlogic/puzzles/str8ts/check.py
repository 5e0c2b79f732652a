"""Checking a claimed solution: every broken rule, named, with its cells."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.errors import ParseError
from gridlogic.core.grid import cell_name
from gridlogic.core.hint import read_board
from gridlogic.core.step import Violation
from gridlogic.puzzles.str8ts.formats.s81 import ALPHABET, WHITE_DIGITS
from gridlogic.puzzles.str8ts.model import Solution, Str8ts


def parse_solution(p: Str8ts, text: str) -> Solution:
    """Rows joined by ``/`` (or newlines), or one n*n string; digits for white cells; ``#``, ``.``
    or a black letter for black cells (``.`` in a white cell = missing)."""
    flat = "".join(text.replace("/", " ").split())
    if len(flat) != p.size:
        raise ParseError(f"str8ts solution has {len(flat)} cells, expected {p.size}", "solution")
    out = []
    for pos, ch in enumerate(flat):
        if ch not in ALPHABET:
            raise ParseError(f"bad character {ch!r} in the solution", cell_name(divmod(pos, p.n)))
        if p.black[pos]:
            out.append(0)
        elif ch in WHITE_DIGITS:
            out.append(WHITE_DIGITS.index(ch) + 1)
        else:
            out.append(0)  # '.', '#' or a black letter in a white cell: no digit
    return tuple(out)


def violations(p: Str8ts, sol: Solution) -> list[Violation]:
    n = p.n
    out: list[Violation] = []
    values = [p.givens[i] if p.black[i] else sol[i] for i in range(p.size)]
    for i in p.white:
        if not sol[i]:
            out.append(Violation("MissingDigit", (p.cell(i),), f"white cell {cell_name(p.cell(i))} has no digit"))
        elif sol[i] > n:
            out.append(Violation("DigitOutOfRange", (p.cell(i),), f"{sol[i]} at {cell_name(p.cell(i))} exceeds {n}"))
        elif p.givens[i] and p.givens[i] != sol[i]:
            out.append(Violation("GivenChanged", (p.cell(i),),
                                 f"{cell_name(p.cell(i))} is given {p.givens[i]}, not {sol[i]}"))
    for k, line in enumerate(p.lines):
        where: dict[int, list[int]] = {}
        for i in line:
            if values[i]:
                where.setdefault(values[i], []).append(i)
        for d, cells in sorted(where.items()):
            if len(cells) > 1:
                out.append(Violation("RepeatedDigit", tuple(p.cell(i) for i in cells),
                                     f"{d} appears {len(cells)} times in {p.line_name(k)}"))
    for comp in p.compartments:
        vals = sorted(sol[i] for i in comp.cells)
        if 0 in vals:
            continue
        if len(set(vals)) == len(vals) and vals[-1] - vals[0] == len(vals) - 1:
            continue
        out.append(Violation("NotStraight", tuple(p.cell(i) for i in comp.cells),
                             f"{comp.name} holds {vals}, not consecutive numbers"))
    return out


# ----- a player's partial board: a digit, ``#`` for a black cell, ``?`` for an empty white cell
def start_rows(p: Str8ts) -> list[str]:
    cells = ["#" if p.black[i] else str(p.givens[i]) if p.givens[i] else "?" for i in range(p.size)]
    return ["".join(cells[r * p.n:(r + 1) * p.n]) for r in range(p.n)]


def board_rows(p: Str8ts, board: Sequence[str]) -> list[str]:
    rows = read_board(board, p.n, p.n, "#" + "123456789"[:p.n])
    for i in range(p.size):
        r, c = divmod(i, p.n)
        if (rows[r][c] == "#") != p.black[i]:
            what = "black: write '#'" if p.black[i] else "white: write a digit or '?'"
            raise ParseError(f"the cell is {what}", f"board, {cell_name((r, c))}")
    return rows


def _digits(p: Str8ts, rows: list[str]) -> tuple[int, ...]:
    return tuple(0 if ch in "#?" else int(ch) for row in rows for ch in row)


def board_violations(p: Str8ts, rows: list[str]) -> list[Violation]:
    """What a partial board already breaks: a digit twice in a line, a compartment whose digits can
    no longer be a straight, a changed given."""
    sol = _digits(p, rows)
    out = [v for v in violations(p, sol) if v.rule != "MissingDigit"]
    done = {v.cells for v in out if v.rule == "NotStraight"}
    for comp in p.compartments:
        vals = [sol[i] for i in comp.cells if sol[i]]
        cells = tuple(p.cell(i) for i in comp.cells)
        if cells in done or not vals or len(vals) == comp.size:
            continue
        if max(vals) - min(vals) >= comp.size:
            out.append(Violation("NotStraight", cells,
                                 f"{comp.name} holds {sorted(vals)}: too far apart for {comp.size} cells"))
    return out


def board_solved(p: Str8ts, rows: list[str]) -> bool:
    return not violations(p, _digits(p, rows))
