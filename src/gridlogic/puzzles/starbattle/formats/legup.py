"""LEGUP XML: ``<Legup><puzzle name="StarBattle"><board size="N" puzzle_num="S">`` holding
``<region>`` elements (region index = order in the file), each ``<cells><cell value x y/>`` with
``x`` the column and ``y`` the row. Values: 0 unknown, -2 star, -1 black (no star); decided cells
become the puzzle's ``givens``."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from gridlogic.core import legupfile
from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.core.grid import Cell
from gridlogic.puzzles.starbattle.model import MAX_SIZE, StarBattle

STAR, BLACK, UNKNOWN = -2, -1, 0


def sniff(text: str) -> bool:
    """XML that is LEGUP's Star Battle, or XML that is not LEGUP at all (read says why it is refused);
    other LEGUP puzzles are left to their kinds."""
    t = text.lstrip()
    if not t.startswith("<"):
        return False
    return bool(re.search(r"<puzzle\s+name\s*=\s*[\"']StarBattle[\"']", t)) or "<Legup" not in t


def _int(el: ET.Element, attr: str, where: str) -> int:
    return legupfile.int_attr(el, attr, where, limit=9999)


def read(text: str) -> StarBattle:
    _, board = legupfile.puzzle_board(legupfile.parse(text), "StarBattle")
    n, stars = _int(board, "size", "<board>"), _int(board, "puzzle_num", "<board>")
    if not 2 <= n <= MAX_SIZE:
        raise ValidationError(f"size {n} is outside 2..{MAX_SIZE}")
    regions: list[list[int]] = [[-1] * n for _ in range(n)]
    givens: list[tuple[Cell, bool]] = []
    for g, region in enumerate(board.findall("region")):
        for cell in region.iter("cell"):
            where = f"region {g + 1}, cell x={cell.get('x')} y={cell.get('y')}"
            x, y, v = _int(cell, "x", where), _int(cell, "y", where), _int(cell, "value", where)
            if not (0 <= x < n and 0 <= y < n):
                raise ValidationError(f"cell x={x} y={y} is outside the {n}x{n} board ({where})")
            if regions[y][x] >= 0:
                raise ValidationError(f"cell x={x} y={y} is in two regions ({regions[y][x] + 1} and {g + 1})")
            if v not in (STAR, BLACK, UNKNOWN):
                raise ParseError(f"cell value {v} is not 0, -1 or -2", where)
            regions[y][x] = g
            if v != UNKNOWN:
                givens.append(((y, x), v == STAR))
    missing = [(r, c) for r in range(n) for c in range(n) if regions[r][c] < 0]
    if missing:
        r, c = missing[0]
        raise ValidationError(f"{len(missing)} cells are in no region, first x={c} y={r}")
    return StarBattle.from_rows(stars, regions, givens)


def write(p: StarBattle) -> str:
    given = dict(p.givens)
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no" ?>', '<Legup version="2.0.0">',
           '    <puzzle name="StarBattle">', f'        <board size="{p.n}" puzzle_num="{p.stars}">']
    for unit in p.units:
        out += ["            <region>", "                <cells>"]
        for i in unit:
            r, c = divmod(i, p.n)
            v = UNKNOWN if (r, c) not in given else STAR if given[(r, c)] else BLACK
            out.append(f'                    <cell value="{v}" x="{c}" y="{r}"/>')
        out += ["                </cells>", "            </region>"]
    out += ["        </board>", "    </puzzle>", '    <solved isSolved="false" lastSaved="--"/>', "</Legup>"]
    return "\n".join(out) + "\n"
