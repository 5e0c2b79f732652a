"""Star Battle drawn: as SVG (a light tint per region, thick region borders, the star count above the
board; each cell ``unknown``, ``star`` or ``black``, LEGUP's "black": no star, drawn as a dot) and as
text pictures (:func:`picture`: region borders drawn with ``+``, ``-`` and ``|``; :func:`board_picture`:
unknown cells as their region's letter)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gridlogic.core.grid import Cell, cell_name
from gridlogic.core.svg import cell_group, document, frame, grid_lines, highlight_classes, segment_path, symbol
from gridlogic.puzzles.starbattle.check import start_rows
from gridlogic.puzzles.starbattle.model import LETTERS, StarBattle

VALUES = {"?": "unknown", "*": "star", ".": "black"}
CYCLE = {"unknown": "?", "star": "*", "black": "."}
"""Click cycle as LEGUP's: unknown -> star -> black -> unknown."""
TINTS = ("#fdf0c2", "#d6e6fd", "#d5f5df", "#fbe0ee", "#e6e0fc", "#ffe3c8", "#c9f3f9", "#eef1f5")
STAR = "M20.0,7.0 L23.4,16.3 L33.3,16.7 L25.5,22.8 L28.2,32.3 L20.0,26.8 L11.8,32.3 L14.5,22.8 L6.7,16.7 L16.6,16.3Z"
STYLE = """
.gl-starbattle .gl-cell[data-value=star] .star, .gl-starbattle .gl-cell[data-value=black] .black { display: inline; }
"""


def region_colours(puzzle: StarBattle) -> list[int]:
    """A tint index per region, neighbouring regions told apart (greedy colouring)."""
    n = puzzle.n
    near: dict[int, set[int]] = {g: set() for g in range(n)}
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and puzzle.regions[r][c] != puzzle.regions[rr][cc]:
                    a, b = puzzle.regions[r][c], puzzle.regions[rr][cc]
                    near[a].add(b)
                    near[b].add(a)
    colour: dict[int, int] = {}
    for g in sorted(near, key=lambda g: -len(near[g])):
        used = {colour[h] for h in near[g] if h in colour}
        colour[g] = next(i for i in range(len(TINTS) + n) if i not in used) % len(TINTS)
    return [colour[g] for g in range(n)]


def borders(puzzle: StarBattle) -> list[tuple[int, int, int, int]]:
    """Cell edges between two regions, as grid corner pairs."""
    n, reg = puzzle.n, puzzle.regions
    out = [(r, c + 1, r + 1, c + 1) for r in range(n) for c in range(n - 1) if reg[r][c] != reg[r][c + 1]]
    out += [(r + 1, c, r + 1, c + 1) for r in range(n - 1) for c in range(n) if reg[r][c] != reg[r + 1][c]]
    return out


def draw(puzzle: StarBattle, board: Sequence[str] | None = None, *,
         highlight: Mapping[str, Iterable[Cell]] | None = None) -> str:
    n = puzzle.n
    givens = dict(puzzle.givens)
    rows = list(board) if board is not None else start_rows(puzzle)
    tint = region_colours(puzzle)
    marks = highlight_classes(highlight)
    cells = []
    for r in range(n):
        for c in range(n):
            value = VALUES.get(rows[r][c], "unknown")
            given = (r, c) in givens
            g = puzzle.regions[r][c]
            colour = "#0f172a" if given else "#b45309"
            inner = (symbol("star", value == "star", f'<path d="{STAR}" fill="{colour}"/>')
                     + symbol("black", value == "black", '<circle cx="20" cy="20" r="4.5" fill="#334155"/>'))
            label = f"{cell_name((r, c))}, region {LETTERS[g]}: {value}" + (" (given)" if given else "")
            cells.append(cell_group((r, c), value, label, inner, fill=TINTS[tint[g]],
                                    classes=marks.get((r, c), ()), given=given, data={"region": g}))
    s = puzzle.stars
    caption = f"{'★' * s if s <= 3 else f'{s} ★'}  {s} star{'s' if s > 1 else ''} in every row, column and region"
    title = f"Star Battle {n}x{n}, {s} star{'s' if s > 1 else ''}"
    body = "".join(cells) + grid_lines(n, n) + segment_path(borders(puzzle)) + frame(n, n)
    return document(kind="starbattle", rows=n, cols=n, title=title, caption=caption, body=body, style=STYLE,
                    chars=CYCLE, cycle=list(CYCLE), data={"stars": s})


# ----- text pictures

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


def picture(puzzle: StarBattle, rows: Sequence[str] | None = None) -> str:
    """The board in text: region borders drawn with ``+``, ``-`` and ``|``; stars ``*``, cells known
    empty ``.``, unknown cells blank; the star count below."""
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


def board_picture(puzzle: StarBattle, rows: Sequence[str]) -> list[str]:
    """The board with stars ``*``, empty cells ``.`` and unknown cells as their region's letter."""
    out = []
    for r, row in enumerate(rows):
        cells = []
        for c, ch in enumerate(row):
            cells.append(LETTERS[puzzle.regions[r][c]].lower() if ch == "?" else ch)
        out.append(" ".join(cells))
    return out
