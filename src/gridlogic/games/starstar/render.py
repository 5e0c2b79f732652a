"""Terminal drawing of a *Star board: every node at its place on the pentagonal rings.

Empty nodes show their label (so a player can read the move to type), stones show ``(X)`` for
Black and ``(O)`` for White; the last move is bracketed ``[X]``.  With ``rich`` and a terminal, stones
are coloured and labels dimmed.  The drawing never contains a blank line (GTP ``showboard`` safe).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from gridlogic.games.starstar.graph import star_graph

if TYPE_CHECKING:
    from rich.text import Text

    from gridlogic.games.starstar.state import StarState

X_SCALE = 4.4  # columns per ring
Y_SCALE = 2.0  # rows per ring
STONES = ("(X)", "(O)")
LAST = ("[X]", "[O]")
STYLES = ("bold black on white", "bold white on blue")


@dataclass(frozen=True)
class Layout:
    rows: int
    cols: int
    places: tuple[tuple[int, int], ...]  # (row, col) of each node's 3-character cell


@cache
def layout(rings: int) -> Layout:
    g = star_graph(rings)
    angles = [math.radians(-54 - 72 * s) for s in range(6)]
    points = []
    for s, x, y in g.coords:
        ax, ay = math.cos(angles[s]), math.sin(angles[s])
        bx, by = math.cos(angles[s + 1]), math.sin(angles[s + 1])
        px, py = x * ax + y * (bx - ax), x * ay + y * (by - ay)
        points.append((round(-py * Y_SCALE), round(px * X_SCALE)))
    top = min(r for r, _ in points)
    left = min(c for _, c in points)
    places = tuple((r - top, c - left) for r, c in points)
    return Layout(max(r for r, _ in places) + 1, max(c for _, c in places) + 3, places)


def _cells(state: StarState) -> list[tuple[int, int, str, str]]:
    g = state.graph
    last = state.moves[-1].action if state.moves else -1
    out = []
    for node, (row, col) in enumerate(layout(g.rings).places):
        colour = state.cells[node]
        if colour == 0:
            out.append((row, col, g.labels[node][:3].ljust(3), "dim"))
        else:
            text = (LAST if node == last else STONES)[colour - 1]
            out.append((row, col, text, STYLES[colour - 1]))
    return out


def _caption(state: StarState) -> str:
    from gridlogic.games.starstar.state import TERMINAL

    s = state.score()
    black, white = s.points()
    player = state.current_player()
    turn = "game over" if player == TERMINAL else f"{state.colour_name(player)} to play"
    return (
        f"{state.graph.rings} rings, move {len(state.moves) + 1}, {turn}\n"
        f"score X {black} (peries {s.peries[0]}, stars {s.stars[0]}, quarks {s.quarks[0]})  "
        f"O {white} (peries {s.peries[1]}, stars {s.stars[1]}, quarks {s.quarks[1]})"
    )


def render_text(state: StarState, *, caption: bool = True) -> str:
    """Plain-text board; no blank lines, no trailing spaces."""
    lay = layout(state.graph.rings)
    grid = [[" "] * lay.cols for _ in range(lay.rows)]
    for row, col, text, _ in _cells(state):
        grid[row][col : col + 3] = list(text)
    lines = [line for line in ("".join(r).rstrip() for r in grid) if line]
    if caption:
        lines.append(_caption(state))
    return "\n".join(lines)


def render_rich(state: StarState, *, caption: bool = True) -> Text:
    """The same drawing as a rich ``Text`` with coloured stones and dimmed labels."""
    from rich.text import Text

    by_row: dict[int, list[tuple[int, str, str]]] = {}
    for row, col, text, style in _cells(state):
        by_row.setdefault(row, []).append((col, text, style))
    out = Text()
    for row in sorted(by_row):
        pos = 0
        for col, text, style in sorted(by_row.get(row, [])):
            out.append(" " * (col - pos))
            out.append(text, style=style)
            pos = col + len(text)
        out.append("\n")
    if caption:
        out.append(_caption(state))
    return out
