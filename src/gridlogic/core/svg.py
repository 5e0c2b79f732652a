"""The parts every kind's drawing shares (``puzzles/<kind>/draw.py``): the SVG document, one group per
cell with its state as data attributes, highlight overlays and the style sheet.

A drawing is correct without CSS (each symbol carries ``display`` for the state it was drawn in, so a
plain SVG renderer shows the board as given), and live in a browser: the embedded style shows the symbol
named by the cell's current ``data-value`` and colours the highlight classes, so a page changes a cell by
setting one attribute.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from gridlogic.core.grid import Cell

CELL = 40
"""Cell side in SVG units."""
MARGIN = 12
CAPTION = 26

HIGHLIGHT = {"uses": "#fcc28e", "marks": "#90dfac", "error": "#f5a3a3", "wrong": "#f5a3a3", "focus": "none"}
"""Overlay colour of each highlight class (``uses``: cells a step reads; ``marks``: cells it changes)."""

STYLE = """
.gl-board { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; user-select: none; }
.gl-cell .hl { fill: none; }
.gl-cell.hl-uses .hl { fill: #fb923c; fill-opacity: .4; stroke: #c2410c; stroke-width: 2px; stroke-dasharray: 5 3; }
.gl-cell.hl-marks .hl { fill: #22c55e; fill-opacity: .5; stroke: #15803d; stroke-width: 2px; }
.gl-cell.hl-error .hl, .gl-cell.hl-wrong .hl { fill: #ef4444; fill-opacity: .45; }
.gl-cell.hl-focus .hl { stroke: #2563eb; stroke-width: 3.5px; }
.gl-board .sym { display: none; }
"""


def attr(value: object) -> str:
    return escape(str(value), quote=True)


def highlight_classes(highlight: Mapping[str, Iterable[Cell]] | None) -> dict[Cell, list[str]]:
    """Cell -> its highlight class names, from ``{class: cells}``."""
    out: dict[Cell, list[str]] = {}
    for cls, cells in (highlight or {}).items():
        for cell in cells:
            out.setdefault((int(cell[0]), int(cell[1])), []).append(cls)
    return out


def data_attrs(data: Mapping[str, object] | None) -> str:
    """``data-<name>="<value>"`` for each item (escaped), each with a leading space."""
    return "".join(f' data-{name}="{attr(v)}"' for name, v in (data or {}).items())


def cell_group(cell: Cell, value: str, label: str, inner: str, *, fill: str, classes: Iterable[str] = (),
               given: bool = False, data: Mapping[str, object] | None = None) -> str:
    """One cell: its background (``bg``), its highlight overlay (``hl``), then its symbols. ``data``: more
    data attributes, e.g. the unit a cell belongs to beside its row and column (a Star Battle region)."""
    r, c = cell
    x, y = MARGIN + c * CELL, MARGIN + CAPTION + r * CELL
    cls = list(classes)
    over = next((HIGHLIGHT[k] for k in cls if HIGHLIGHT.get(k, "none") != "none"), "none")
    names = " ".join(["gl-cell", *(f"hl-{k}" for k in cls)])
    more = (' data-given="1"' if given else "") + data_attrs(data)
    return (f'<g class="{names}" data-row="{r}" data-col="{c}" data-value="{attr(value)}"{more} '
            f'aria-label="{attr(label)}" transform="translate({x},{y})">'
            f'<rect class="bg" width="{CELL}" height="{CELL}" fill="{fill}"/>'
            f'<rect class="hl" x="1.5" y="1.5" width="{CELL - 3}" height="{CELL - 3}" fill="{over}"/>'
            f"{inner}</g>")


def symbol(cls: str, shown: bool, body: str) -> str:
    """A symbol element shown only in one state (``display`` for plain renderers, CSS in browsers)."""
    return f'<g class="sym {cls}" display="{"inline" if shown else "none"}">{body}</g>'


def text(x: float, y: float, s: str, *, size: float, fill: str, weight: int = 400, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return (f'<text{c} x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(s)}</text>')


def document(*, kind: str, rows: int, cols: int, title: str, caption: str, body: str, style: str,
             chars: Mapping[str, str], cycle: Sequence[str], data: Mapping[str, object] | None = None) -> str:
    """The whole SVG. ``chars`` maps each data-value to its board character, so a page can turn cells into
    the wire board (rows of characters) without knowing the kind; ``cycle`` is the order a click steps
    through (empty: a click only selects the cell); ``data``: more data attributes of the root (e.g. how
    many stars fill a unit, which a page's automatic marks read)."""
    width = 2 * MARGIN + cols * CELL
    height = 2 * MARGIN + CAPTION + rows * CELL
    fit = round(min(15.0, (width - 2 * MARGIN) / (0.58 * max(len(caption), 1))), 1)
    pairs = ",".join(f"{v}:{ch}" for v, ch in chars.items())
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="gl-board gl-{kind}" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" data-kind="{kind}" data-rows="{rows}" data-cols="{cols}" '
            f'data-chars="{attr(pairs)}" data-cycle="{attr(" ".join(cycle))}"{data_attrs(data)} '
            f'role="img" aria-label="{attr(title)}">'
            f"<title>{escape(title)}</title><style>{STYLE}{style}</style>"
            f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
            f"{text(width / 2, MARGIN + CAPTION / 2 - 2, caption, size=fit, fill='#334155', weight=600, cls='caption')}"
            f"{body}</svg>")


def grid_lines(rows: int, cols: int, colour: str = "#94a3b8") -> str:
    """Thin lines between all cells."""
    x0, y0 = MARGIN, MARGIN + CAPTION
    parts = [f'<line x1="{x0 + c * CELL}" y1="{y0}" x2="{x0 + c * CELL}" y2="{y0 + rows * CELL}"/>'
             for c in range(1, cols)]
    parts += [f'<line x1="{x0}" y1="{y0 + r * CELL}" x2="{x0 + cols * CELL}" y2="{y0 + r * CELL}"/>'
              for r in range(1, rows)]
    return f'<g class="grid" stroke="{colour}" stroke-width="1" pointer-events="none">{"".join(parts)}</g>'


def frame(rows: int, cols: int, width: float = 3.5) -> str:
    x0, y0 = MARGIN, MARGIN + CAPTION
    return (f'<rect class="frame" x="{x0}" y="{y0}" width="{cols * CELL}" height="{rows * CELL}" fill="none" '
            f'stroke="#0f172a" stroke-width="{width}" pointer-events="none"/>')


def segment_path(segments: Iterable[tuple[int, int, int, int]], width: float = 3.5) -> str:
    """Thick lines along cell edges, each given as grid corners ``(r1, c1, r2, c2)``."""
    x0, y0 = MARGIN, MARGIN + CAPTION
    d = "".join(f"M{x0 + c1 * CELL} {y0 + r1 * CELL}L{x0 + c2 * CELL} {y0 + r2 * CELL}" for r1, c1, r2, c2 in segments)
    return (f'<path class="borders" d="{d}" stroke="#0f172a" stroke-width="{width}" stroke-linecap="square" '
            f'fill="none" pointer-events="none"/>')
