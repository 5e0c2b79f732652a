"""Binary drawn: as SVG (givens bold on grey, the player's digits blue; each cell ``empty``, ``0`` or
``1``) and as text (:func:`picture`, :func:`explanation_text`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gridlogic.core.grid import Cell, cell_name
from gridlogic.core.step import Explanation
from gridlogic.core.svg import CELL, cell_group, document, frame, grid_lines, highlight_classes, symbol, text
from gridlogic.puzzles.binary.check import start_rows
from gridlogic.puzzles.binary.model import ODD_RULE, Binary

CYCLE = {"empty": "?", "0": "0", "1": "1"}
"""Click cycle as LEGUP's: empty -> 0 -> 1 -> empty."""
STYLE = """
.gl-binary .gl-cell[data-value="0"] .v0, .gl-binary .gl-cell[data-value="1"] .v1 { display: inline; }
"""


def draw(puzzle: Binary, board: Sequence[str] | None = None, *,
         highlight: Mapping[str, Iterable[Cell]] | None = None) -> str:
    rows = list(board) if board is not None else start_rows(puzzle)
    marks = highlight_classes(highlight)
    cells = []
    mid = CELL / 2
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            ch = rows[r][c]
            value = ch if ch in "01" else "empty"
            given = puzzle.given(r, c) is not None
            colour, weight = ("#0f172a", 700) if given else ("#1d4ed8", 500)
            inner = "".join(symbol(f"v{d}", value == d, text(mid, mid + 1, d, size=22, fill=colour, weight=weight))
                            for d in "01")
            label = f"{cell_name((r, c))}: {value}" + (" (given)" if given else "")
            cells.append(cell_group((r, c), value, label, inner, fill="#e2e8f0" if given else "#ffffff",
                                    classes=marks.get((r, c), ()), given=given))
    notes = [] if puzzle.unique_lines else ["rows may repeat"]
    if puzzle.odd:
        notes.append("odd lines: one more 1")
    caption = "no three alike in a line, each line balanced" + (f" ({'; '.join(notes)})" if notes else "")
    title = f"Binary {puzzle.width}x{puzzle.height}" + (f" ({ODD_RULE})" if puzzle.odd else "")
    body = "".join(cells) + grid_lines(puzzle.height, puzzle.width) + frame(puzzle.height, puzzle.width, 2.5)
    return document(kind="binary", rows=puzzle.height, cols=puzzle.width, title=title, caption=caption, body=body,
                    style=STYLE, chars=CYCLE, cycle=list(CYCLE))


def picture(puzzle: Binary, rows: Sequence[str] | None = None) -> str:
    """The board as text: one line per row, digits and ``.``/``?`` apart, then the rule notes."""
    body = list(rows) if rows else list(puzzle.givens)
    notes = []
    if puzzle.odd:
        notes.append(f"note: {ODD_RULE}")
    if not puzzle.unique_lines:
        notes.append("note: rows and columns need not be distinct")
    return "\n".join([" ".join(row) for row in body] + notes)


def explanation_text(puzzle: Binary, ex: Explanation, verbose: bool = False) -> str:
    """Numbered steps (with the board after each when ``verbose``), the final board, the verdict."""
    board = [list(row.replace(".", "?")) for row in puzzle.givens]
    out = []
    for i, step in enumerate(ex.steps, 1):
        out.append(f"{i}. [{step.rule}] {step.reason}")
        for m in step.marks:
            board[m.cell[0]][m.cell[1]] = m.value
        if verbose and step.marks:
            out.extend("     " + " ".join(row) for row in board)
    grade = f"grade {ex.grade} (level {ex.level}, hardest rule {ex.hardest_rule})" if ex.status == "solved" \
        else f"{ex.status} after {len(ex.steps)} steps"
    return "\n".join([*out, "", picture(puzzle, ex.final), grade])
