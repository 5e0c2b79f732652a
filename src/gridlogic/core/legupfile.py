"""The parts of a LEGUP file every kind reads the same way: the ``<Legup><puzzle name=...>`` element,
its ``<board>``, and integer attributes, each failure one :class:`ParseError` saying where."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import parse_int, parse_xml

LIMIT = 10**9
"""Node ids are Java hash codes; sizes, values and coordinates are far smaller."""


def parse(text: str) -> ET.Element:
    """The document's root element (``<Legup>``)."""
    root = parse_xml(text, "malformed XML", "LEGUP file")
    if root.tag != "Legup":
        raise ParseError(f"XML root is <{root.tag}>, not <Legup>", "LEGUP file")
    return root


def puzzle_board(root: ET.Element, name: str | None = None) -> tuple[ET.Element, ET.Element]:
    """The ``<puzzle>`` (named ``name`` if given) and its ``<board>``."""
    puzzle = root.find("puzzle")
    if puzzle is None:
        raise ParseError("no <puzzle> element", "LEGUP file")
    if name is not None and puzzle.get("name") != name:
        raise ParseError(f"LEGUP file of puzzle {puzzle.get('name')!r}, not {name}", "<puzzle name=...>")
    board = puzzle.find("board")
    if board is None:
        raise ParseError("no <board> element", "LEGUP file")
    return puzzle, board


def int_attr(el: ET.Element, attr: str, where: str, limit: int = LIMIT) -> int:
    """The integer attribute ``attr`` of ``el``, within ``-limit..limit``."""
    v = el.get(attr)
    if v is None:
        raise ParseError(f"<{el.tag}> has no attribute {attr}", where)
    return parse_int(v, f"<{el.tag}> attribute {attr}", where, lo=-limit, hi=limit)
