"""Str8ts drawn: as SVG (:func:`draw`: black cells with their clue in white, given digits bold, the
player's digits blue, pencil marks small in a 3x3 pattern; each white cell's value is its digit or
``empty``) and as a text picture (:func:`picture`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gridlogic.core.grid import Cell, cell_name
from gridlogic.core.svg import CELL, cell_group, document, frame, grid_lines, highlight_classes, symbol, text
from gridlogic.puzzles.str8ts.model import Str8ts

SHADE = "▓"

STYLE = """
.gl-str8ts .gl-cell .pm { display: none; }
.gl-str8ts .gl-cell:not([data-value=empty]) .pencil { display: none; }
""" + "".join(f".gl-str8ts .gl-cell[data-value='{d}'] .d{d} {{ display: inline; }}\n"
              f".gl-str8ts .gl-cell[data-pencil*='{d}'] .p{d} {{ display: inline; }}\n" for d in range(1, 10))


def _pencil(n: int, marks: str, shown: bool) -> str:
    out = []
    for d in range(1, n + 1):
        x, y = 8 + ((d - 1) % 3) * 12, 8 + ((d - 1) // 3) * 12
        show = shown and str(d) in marks
        out.append(f'<g class="pm p{d}" display="{"inline" if show else "none"}">'
                   f"{text(x, y, str(d), size=10, fill='#475569')}</g>")
    return f'<g class="pencil">{"".join(out)}</g>'


def draw(puzzle: Str8ts, board: Sequence[str] | None = None, *,
         highlight: Mapping[str, Iterable[Cell]] | None = None, pencil: Mapping[Cell, str] | None = None) -> str:
    n = puzzle.n
    marks = highlight_classes(highlight)
    mid = CELL / 2
    cells = []
    for r in range(n):
        for c in range(n):
            i = r * n + c
            g = puzzle.givens[i]
            if puzzle.black[i]:
                inner = text(mid, mid + 1, str(g), size=20, fill="#ffffff", weight=700) if g else ""
                label = f"{cell_name((r, c))}: black" + (f", clue {g}" if g else "")
                cells.append(cell_group((r, c), "black", label, inner, fill="#0f172a",
                                        classes=marks.get((r, c), ()), given=True, data={"clue": g} if g else None))
                continue
            ch = board[r][c] if board is not None else (str(g) if g else "?")
            value = ch if ch.isdigit() else "empty"
            colour, weight = ("#0f172a", 700) if g else ("#1d4ed8", 500)
            inner = "".join(symbol(f"d{d}", value == str(d), text(mid, mid + 1, str(d), size=22, fill=colour,
                                                                      weight=weight)) for d in range(1, n + 1))
            notes = (pencil or {}).get((r, c), "")
            inner += _pencil(n, notes, value == "empty")
            label = f"{cell_name((r, c))}: {value}" + (" (given)" if g else "")
            group = cell_group((r, c), value, label, inner, fill="#ffffff", classes=marks.get((r, c), ()),
                               given=bool(g))
            if notes:
                group = group.replace(' data-value=', f' data-pencil="{notes}" data-value=', 1)
            cells.append(group)
    chars = {"empty": "?", **{str(d): str(d) for d in range(1, n + 1)}, "black": "#"}
    body = "".join(cells) + grid_lines(n, n) + frame(n, n, 2.5)
    return document(kind="str8ts", rows=n, cols=n, title=f"Str8ts {n}x{n}",
                    caption=f"Str8ts: 1-{n}, straights in white runs", body=body,
                    style=STYLE, chars=chars, cycle=())


def picture(p: Str8ts, rows: Sequence[str] | None = None) -> str:
    """The grid as text, one character pair per cell: black cells shaded (``▓`` or their digit on
    shade), white cells with their digit, ``·`` when unknown; ``rows`` (digits / ``#`` / ``?``)
    fill the white cells when given."""
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
