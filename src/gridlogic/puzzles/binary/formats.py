"""Binary text formats: ``rows`` (``WxH:`` + row-major ``.01``, or rows joined by ``/`` or by
newlines), the corpus TSV line (``id``, ``WxH``, ``puzzle``, ...) and LEGUP XML (read and write)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.core.numbers import parse_int, parse_xml
from gridlogic.core.registry import Format
from gridlogic.puzzles.binary.model import Binary

_PREFIX = re.compile(r"^([0-9]+)x([0-9]+):(.*)$", re.DOTALL)
_SIZE = re.compile(r"^([0-9]+)x([0-9]+)$")
_CELLS = re.compile(r"^[.01]+$")
MAX_SIDE = 999
_LEGUP_NAME = re.compile(r"<puzzle\b[^>]*\bname\s*=\s*[\"']Binary[\"']")


# ----- rows
def _split_rows(body: str) -> list[str]:
    return [r.strip() for r in re.split(r"[/\n]", body.strip()) if r.strip()]


def sniff_rows(text: str) -> bool:
    """One line ``WxH:`` + cells (the prefix is Binary's own, so the reader may say what is wrong in
    the cells), or at least two rows of ``.01`` of one length joined by ``/`` (one line) or by
    newlines (a whole file holding one puzzle). Nothing else: other kinds' texts never look like
    this, and a file of one-line puzzles is never taken for one big puzzle."""
    t = text.strip()
    m = _PREFIX.match(t)
    if m:
        return "\n" not in t and bool(m.group(3).strip())
    if "\n" in t and "/" in t:
        return False
    rows = _split_rows(t)
    return (len(rows) >= 2 and all(_CELLS.match(r) for r in rows)
            and len({len(r) for r in rows}) == 1 and re.fullmatch(r"[.01/\s]+", t) is not None)


def read_rows(text: str) -> Binary:
    t = text.strip()
    m = _PREFIX.match(t)
    if m is None:
        rows = _split_rows(t)
        if not rows:
            raise ParseError("no rows in a Binary puzzle", "rows format")
        return Binary.from_rows(rows)
    width = parse_int(m.group(1), "width", "WxH: prefix", hi=MAX_SIDE)
    height = parse_int(m.group(2), "height", "WxH: prefix", hi=MAX_SIDE)
    rows = _split_rows(m.group(3))
    if len(rows) == 1 and height > 1:
        flat = rows[0]
        if len(flat) != width * height:
            raise ValidationError(f"{width}x{height} needs {width * height} cells, got {len(flat)}")
        rows = [flat[i:i + width] for i in range(0, len(flat), width)]
    if len(rows) != height:
        raise ValidationError(f"{width}x{height} needs {height} rows, got {len(rows)}")
    return Binary(width, height, tuple(rows))


def write_rows(puzzle: Binary) -> str:
    return f"{puzzle.width}x{puzzle.height}:" + "".join(puzzle.givens)


def tsv_puzzle(fields: Sequence[str]) -> str | None:
    """The corpus TSV row (``id``, ``WxH``, ``puzzle``, ...) as a ``rows`` text, else None."""
    if len(fields) >= 3 and _SIZE.match(fields[1]) and _CELLS.match(fields[2]):
        return f"{fields[1]}:{fields[2]}"
    return None


# ----- solutions
def parse_grid(puzzle: Binary, text: str) -> list[list[int]]:
    """A complete grid of 0/1 for ``puzzle``: rows joined by ``/`` or newlines, a flat string,
    or a ``WxH:`` string."""
    t = text.strip()
    m = _PREFIX.match(t)
    if m:
        t = m.group(3)
    rows = _split_rows(t)
    w, h = puzzle.width, puzzle.height
    if len(rows) == 1 and h > 1 and len(rows[0]) == w * h:
        rows = [rows[0][i:i + w] for i in range(0, w * h, w)]
    if len(rows) != h:
        raise ParseError(f"solution has {len(rows)} rows, the puzzle {h}", "solution")
    out = []
    for r, row in enumerate(rows):
        if len(row) != w:
            raise ParseError(f"solution row {r + 1} has {len(row)} cells, expected {w}", "solution")
        bad = next((c for c, ch in enumerate(row) if ch not in "01"), None)
        if bad is not None:
            raise ParseError(f"{row[bad]!r} is not 0 or 1", f"solution row {r + 1}, column {bad + 1}")
        out.append([int(ch) for ch in row])
    return out


# ----- LEGUP XML
def sniff_legup(text: str) -> bool:
    return "<board" in text and _LEGUP_NAME.search(text) is not None


def read_legup(text: str) -> Binary:
    root = parse_xml(text, "malformed LEGUP XML", "LEGUP file")
    puzzle = root if root.tag == "puzzle" else root.find("puzzle")
    if puzzle is None or puzzle.get("name") != "Binary":
        raise ParseError("no <puzzle name=\"Binary\"> element", "LEGUP file")
    board = puzzle.find("board")
    if board is None:
        raise ParseError("no <board> element", "LEGUP file")
    width, height = _int_attr(board, "width"), _int_attr(board, "height")
    if not (0 < width <= 100 and 0 < height <= 100):
        raise ValidationError(f"LEGUP board size {width}x{height} is not a usable size")
    grid = [["."] * width for _ in range(height)]
    for cell in (c for part in board if part.tag != "goal" for c in part.iter("cell")):  # goal cells are no givens
        x, y, v = _int_attr(cell, "x"), _int_attr(cell, "y"), _int_attr(cell, "value")
        if not (0 <= x < width and 0 <= y < height):
            raise ValidationError(f"LEGUP cell x={x} y={y} is outside the {width}x{height} board")
        if v not in (0, 1, 2):
            raise ParseError(f"cell value {v} is not 0, 1 or 2 (unknown)", f"LEGUP cell x={x} y={y}")
        grid[y][x] = "." if v == 2 else str(v)
    return Binary(width, height, tuple("".join(r) for r in grid), True, puzzle.get("tag", ""))


def _int_attr(el: ET.Element, name: str) -> int:
    raw = el.get(name)
    if raw is None:
        raise ParseError(f"<{el.tag}> has no attribute {name}", "LEGUP file")
    where = "LEGUP file, <" + el.tag + "".join(f" {k}={v!r}" for k, v in el.attrib.items() if k in "xy") + ">"
    return parse_int(raw, f"attribute {name}", where, lo=-9999, hi=9999)


def write_legup(puzzle: Binary) -> str:
    cells = [f'                <cell value="{ch}" x="{c}" y="{r}"/>'
             for r, row in enumerate(puzzle.givens) for c, ch in enumerate(row) if ch != "."]
    tag = puzzle.name or write_rows(puzzle)
    return "\n".join([
        '<Legup version="2.0.0">',
        f'    <puzzle name="Binary" tag="{_escape(tag)}">',
        f'        <board height="{puzzle.height}" width="{puzzle.width}">',
        "            <cells>", *cells, "            </cells>",
        "        </board>", "    </puzzle>", "</Legup>"])


def _escape(s: str) -> str:
    return s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


FORMATS = (
    Format("rows", sniff_rows, read_rows, write_rows,
           "WxH: + row-major .01 (or rows joined by / or newlines); . unknown"),
    Format("legup", sniff_legup, read_legup, write_legup,
           'LEGUP XML: <puzzle name="Binary"><board width height><cells><cell value="0|1|2" x y/>'),
)
