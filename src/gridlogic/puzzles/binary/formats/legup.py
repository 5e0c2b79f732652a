"""LEGUP's Binary XML, read and written: ``<puzzle name="Binary"><board width height><cells>`` with
``<cell value="0|1|2" x y/>`` (2: unknown; goal cells are not givens)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.core.numbers import parse_int, parse_xml
from gridlogic.puzzles.binary.formats.rows import write as write_rows
from gridlogic.puzzles.binary.model import Binary

_LEGUP_NAME = re.compile(r"<puzzle\b[^>]*\bname\s*=\s*[\"']Binary[\"']")


def sniff(text: str) -> bool:
    return "<board" in text and _LEGUP_NAME.search(text) is not None


def read(text: str) -> Binary:
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


def write(puzzle: Binary) -> str:
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
