"""Drawings of a *Star position: SVG (the web page, ``gridlogic render``) and text (the terminal).

The state knows nothing of this module.  Both drawings place node (s, x, y) at x A_s + y (A_{s+1} - A_s),
A_s the unit vector of sector s's arm (sector ``*`` points to the lower right, the others follow
clockwise), so ring x is a pentagon of "radius" x and the board is the seed's node mesh to scale.

SVG (:func:`draw`): every edge a line, the five-pointed centre bridge drawn over them in its own
colour, every node a ``<g class="node">`` with ``data-label`` (``S41``), ``data-stone`` (``b``, ``w``
or empty), ``data-index`` and a ``<title>`` (the label on hover); peries are ringed and the five
quark corners drawn as diamonds.  With ``overlay=True`` the scoring is drawn too: each star's stones
and links outlined in its player's colour, every peri it owns shaded, dead stones crossed out.  With
``ownership`` (per peri, in ``graph.peries`` order, P(Black owns) - P(White owns) from ``estimate.py``)
a dot just outside each peri shows who is expected to own it at the end: the owner's hue, as opaque
as the estimate is sure (``<g class="estimate">``, each dot's ``data-own`` the rounded value).
:func:`draw_sgf` draws the position after move N of an SGF (or JSON) game record.

Text (:func:`render_text`, :func:`render_rich`): empty nodes show their label (so a player can read
the move to type), stones show ``(X)`` for Black and ``(O)`` for White; the last move is bracketed
``[X]``.  With ``rich`` and a terminal, stones are coloured and labels dimmed.  The text drawing
never contains a blank line (GTP ``showboard`` safe).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import TYPE_CHECKING

from gridlogic.games.starstar.graph import star_graph
from gridlogic.games.starstar.scoring import Analysis, analyse
from gridlogic.games.starstar.sgf import RecordError, parse_record
from gridlogic.games.starstar.state import TERMINAL, StarState

if TYPE_CHECKING:
    from rich.text import Text

# -- text ------------------------------------------------------------------------------------------
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
def positions(rings: int) -> tuple[tuple[float, float], ...]:
    """(x, y) of every node, y pointing up, one unit per ring: sector ``*``'s arm to the lower right."""
    angles = [math.radians(-54 - 72 * s) for s in range(6)]
    out = []
    for s, x, y in star_graph(rings).coords:
        ax, ay = math.cos(angles[s]), math.sin(angles[s])
        bx, by = math.cos(angles[s + 1]), math.sin(angles[s + 1])
        out.append((x * ax + y * (bx - ax), x * ay + y * (by - ay)))
    return tuple(out)


@cache
def layout(rings: int) -> Layout:
    points = [(round(-py * Y_SCALE), round(px * X_SCALE)) for px, py in positions(rings)]
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


# -- SVG -------------------------------------------------------------------------------------------
UNIT = 40.0  # pixels between rings
NODE_R = 9.0
STONE_R = 13.0
STONE_LETTERS = ("b", "w")
STONE_FILL = ("#1a1a1a", "#fafafa")
STAR_HUE = ("#2563eb", "#dc2626")  # Black's stars outlined blue, White's red (the seed's Blue and Red)
BOARD_FILL = "#ecd9a8"
ESTIMATE_OUT = UNIT * 0.55  # the ownership dot's distance outside its peri
ESTIMATE_R = 5.5
STYLE = (
    ".edge{stroke:#7a6340;stroke-width:1.6}"
    ".bridge{stroke:#b45309;stroke-width:4;stroke-linecap:round}"
    ".node .pt{fill:#7a6340}"
    ".node.peri .pt{fill:#fff8e6;stroke:#7a6340;stroke-width:2.5}"
    ".node.quark .pt{fill:#f59e0b;stroke:#7a6340;stroke-width:2.5}"
    ".node .stone{stroke:#111;stroke-width:1.5}"
    ".node .qmark{fill:#f59e0b;stroke:#7a6340;stroke-width:1.5}"
    ".node .hit{fill:transparent}"
    ".node.empty:hover .hit{fill:rgba(37,99,235,.25)}"
    ".label{font:600 11px sans-serif;fill:#5b4a2f;text-anchor:middle;pointer-events:none}"
    ".last{fill:none;stroke:#e11d48;stroke-width:3}"
    ".dead{stroke:#f97316;stroke-width:4;stroke-linecap:round}"
)


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def draw(
    state: StarState,
    *,
    overlay: bool = False,
    labels: bool = False,
    last: bool = True,
    ownership: Sequence[float] | None = None,
) -> str:
    """The position as an SVG string, to scale (see the module doc for the elements and their data)."""
    g = state.graph
    if ownership is not None and len(ownership) != len(g.peries):
        raise ValueError(f"ownership has {len(ownership)} values for {len(g.peries)} peries")
    pts = [(UNIT * px, -UNIT * py) for px, py in positions(g.rings)]
    pad = UNIT * 0.9
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    width, height = math.ceil(max(xs) + pad - x0), math.ceil(max(ys) + pad - y0)  # whole pixels
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="starstar-board" data-rings="{g.rings}" '
        f'data-nodes="{g.size}" viewBox="{_fmt(x0)} {_fmt(y0)} {_fmt(width)} {_fmt(height)}" '
        f'width="{_fmt(width)}" height="{_fmt(height)}" role="img" aria-label="*Star board, {g.rings} rings">',
        f"<style>{STYLE}</style>",
        f'<rect x="{_fmt(x0)}" y="{_fmt(y0)}" width="{_fmt(width)}" height="{_fmt(height)}" rx="{_fmt(UNIT / 2)}" '
        f'fill="{BOARD_FILL}"/>',
    ]
    centre = set(range(5))
    line = '<line class="{}" x1="{}" y1="{}" x2="{}" y2="{}"/>'

    def seg(cls: str, a: int, b: int) -> str:
        (xa, ya), (xb, yb) = pts[a], pts[b]
        return line.format(cls, _fmt(xa), _fmt(ya), _fmt(xb), _fmt(yb))

    edges = g.edges()
    bridge = [(a, b) for a, b in edges if a in centre and b in centre and (b - a) % 5 in (2, 3)]
    out.append('<g class="edges">' + "".join(seg("edge", a, b) for a, b in edges if (a, b) not in bridge) + "</g>")
    dead: set[int] = set()
    if overlay:
        info = analyse(g, state.cells)
        dead = set(info.dead)
        out.append(_overlay(state, pts, info))
    out.append('<g class="bridge-star">' + "".join(seg("bridge", a, b) for a, b in bridge) + "</g>")
    if ownership is not None:
        out.append(_estimate(state, pts, ownership))
    last_move = state.moves[-1].action if last and state.moves else -1
    for a, (x, y) in enumerate(pts):
        out.append(_node(state, a, x, y, labels=labels, last=a == last_move, dead=a in dead))
    out.append("</svg>")
    return "".join(out)


def _overlay(state: StarState, pts: list[tuple[float, float]], info: Analysis) -> str:
    """Stars outlined (stones and the links between them), owned peries shaded, in the owner's hue."""
    g = state.graph
    parts = ['<g class="scoring">']
    owner: dict[int, int] = {}
    for region in info.regions:
        if region.owner is not None:
            owner.update((a, region.owner) for a in region.nodes if g.is_peri[a])
    for i, star in enumerate(info.stars):
        owner.update((a, star.player) for a in star.peries)
        hue = STAR_HUE[star.player]
        stones = set(star.stones)
        links = [(a, b) for a in star.stones for b in g.neighbours[a] if a < b and b in stones]
        parts.append(
            f'<g class="star-outline" data-star="{i}" data-player="{STONE_LETTERS[star.player]}" '
            f'data-owned="{len(star.peries) + _enclosed_count(info, i, g.is_peri)}" stroke="{hue}" '
            f'fill="{hue}" stroke-opacity=".45" fill-opacity=".45" stroke-linecap="round">'
        )
        for a, b in links:
            (xa, ya), (xb, yb) = pts[a], pts[b]
            parts.append(
                f'<line x1="{_fmt(xa)}" y1="{_fmt(ya)}" x2="{_fmt(xb)}" y2="{_fmt(yb)}" '
                f'stroke-width="{_fmt(2 * STONE_R + 6)}"/>'
            )
        for a in star.stones:
            x, y = pts[a]
            parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(STONE_R + 3)}" stroke="none"/>')
        parts.append("</g>")
    for a, player in sorted(owner.items()):
        x, y = pts[a]
        parts.append(
            f'<circle class="owned" data-label="{g.labels[a]}" data-owner="{STONE_LETTERS[player]}" '
            f'cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT * 0.5)}" fill="{STAR_HUE[player]}" fill-opacity=".2" '
            f'stroke="{STAR_HUE[player]}" stroke-width="2" stroke-dasharray="4 3"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _estimate(state: StarState, pts: list[tuple[float, float]], ownership: Sequence[float]) -> str:
    """One dot outside each peri (away from the centre): the expected owner's hue, opacity |value|."""
    g = state.graph
    parts = ['<g class="estimate">']
    for a, value in zip(g.peries, ownership, strict=True):
        v = max(-1.0, min(1.0, float(value))) if math.isfinite(value) else 0.0
        x, y = pts[a]
        norm = math.hypot(x, y) or 1.0
        dx, dy = x + ESTIMATE_OUT * x / norm, y + ESTIMATE_OUT * y / norm
        hue = STAR_HUE[0] if v > 0 else STAR_HUE[1] if v < 0 else "#9ca3af"
        who = "Black" if v > 0 else "White" if v < 0 else "nobody"
        parts.append(
            f'<circle class="own" data-label="{g.labels[a]}" data-own="{v:.2f}" cx="{_fmt(dx)}" cy="{_fmt(dy)}" '
            f'r="{_fmt(ESTIMATE_R)}" fill="{hue}" fill-opacity="{abs(v):.2f}" stroke="{hue}" stroke-width="1.5">'
            f"<title>{escape(g.labels[a])}: expected owner {who} ({v:+.2f})</title></circle>"
        )
    parts.append("</g>")
    return "".join(parts)


def _enclosed_count(info: Analysis, star: int, is_peri: tuple[bool, ...]) -> int:
    """Peries in the regions only this star borders."""
    return sum(1 for r in info.regions if r.bordering == (star,) for a in r.nodes if is_peri[a])


def _node(state: StarState, a: int, x: float, y: float, *, labels: bool, last: bool, dead: bool) -> str:
    g = state.graph
    colour = state.cells[a]
    stone = STONE_LETTERS[colour - 1] if colour else ""
    classes = ["node", "stone" if colour else "empty"]
    kind = ""
    if g.is_quark[a]:
        classes += ["peri", "quark"]
        kind = ", perimeter, quark corner"
    elif g.is_peri[a]:
        classes.append("peri")
        kind = ", perimeter"
    who = {"b": ", Black stone", "w": ", White stone", "": ""}[stone] + (", dead" if dead else "")
    label = g.labels[a]
    cx, cy = _fmt(x), _fmt(y)
    parts = [
        f'<g class="{" ".join(classes)}" data-label="{label}" data-stone="{stone}" data-index="{a}">',
        f"<title>{escape(label)}{kind}{who}</title>",
        f'<circle class="hit" cx="{cx}" cy="{cy}" r="{_fmt(UNIT * 0.45)}"/>',
    ]
    if g.is_quark[a]:
        d = NODE_R * 1.35
        parts.append(
            f'<polygon class="pt" points="{_fmt(x)},{_fmt(y - d)} {_fmt(x + d)},{cy} {cx},{_fmt(y + d)} '
            f'{_fmt(x - d)},{cy}"/>'
        )
    else:
        r = NODE_R if g.is_peri[a] else NODE_R * 0.5
        parts.append(f'<circle class="pt" cx="{cx}" cy="{cy}" r="{_fmt(r)}"/>')
    if colour and g.is_quark[a]:  # the quark's diamond shows round the stone
        d = STONE_R * 1.55
        parts.append(
            f'<polygon class="qmark" points="{_fmt(x)},{_fmt(y - d)} {_fmt(x + d)},{cy} {cx},{_fmt(y + d)} '
            f'{_fmt(x - d)},{cy}"/>'
        )
    if colour:
        parts.append(f'<circle class="stone" cx="{cx}" cy="{cy}" r="{_fmt(STONE_R)}" fill="{STONE_FILL[colour - 1]}"/>')
    if last:
        parts.append(f'<circle class="last" cx="{cx}" cy="{cy}" r="{_fmt(STONE_R * 0.45)}"/>')
    if dead:
        d = STONE_R * 0.7
        parts.append(
            f'<path class="dead" d="M{_fmt(x - d)} {_fmt(y - d)}L{_fmt(x + d)} {_fmt(y + d)}'
            f'M{_fmt(x - d)} {_fmt(y + d)}L{_fmt(x + d)} {_fmt(y - d)}"/>'
        )
    if labels and not colour:
        parts.append(f'<text class="label" x="{cx}" y="{_fmt(y - NODE_R - 3)}">{escape(label)}</text>')
    parts.append("</g>")
    return "".join(parts)


def state_after(text: str, move: int | None = None) -> StarState:
    """The position after ``move`` moves (all of them when None) of an SGF or JSON game record."""
    record = parse_record(text)
    if move is not None:
        total = len(record.moves)
        if not 0 <= move <= total:
            raise RecordError(f"move {move} is out of range: the game has {total} moves (0..{total})")
        record.moves = record.moves[:move]
    return record.to_state()


def draw_sgf(text: str, move: int | None = None, *, overlay: bool = False) -> str:
    """SVG of the position after move ``move`` (0 = the empty board, None = the end) of an SGF game."""
    return draw(state_after(text, move), overlay=overlay)
