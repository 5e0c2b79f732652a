"""pzprv3 files: ``pzprv3/starbattle/<rows>/<cols>/<stars>/<#regions>/<region rows>/<answer rows>``,
one item per line in real files, ``/``-joined in one line in test suites (both are read; ``#``
comment lines are skipped). Region rows are space-separated region ids. Answer rows (``#`` star,
``+`` crossed, ``.`` empty) are a player's progress: they are not part of the puzzle (see
:func:`read_answer`). Written one line, ``/``-joined, with an empty answer."""

from __future__ import annotations

from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.core.grid import Cell
from gridlogic.core.numbers import parse_int, shown
from gridlogic.puzzles.starbattle.model import MAX_SIZE, StarBattle, regions_from_labels


def _items(text: str) -> list[str]:
    lines = [ln for ln in text.strip().splitlines() if not ln.lstrip().startswith("#")]
    items = [it.strip() for it in "/".join(lines).split("/")]
    while items and not items[-1]:
        items.pop()
    return items


def sniff(text: str) -> bool:
    items = _items(text)
    return len(items) >= 2 and items[0] == "pzprv3" and items[1] == "starbattle" and items.count("pzprv3") == 1


def _int(s: str, name: str) -> int:
    return parse_int(s, name, "pzprv3 header", hi=999)


def _parse(text: str) -> tuple[StarBattle, list[str]]:
    items = _items(text)
    if len(items) < 6 or items[0] != "pzprv3" or items[1] != "starbattle":
        raise ParseError("not a pzprv3 Star Battle file (pzprv3/starbattle/<rows>/<cols>/<stars>/<regions>/...)",
                         "pzprv3 header")
    rows, cols, stars, count = (_int(s, nm) for s, nm in zip(items[2:6], ("rows", "cols", "stars", "regions"),
                                                               strict=True))
    if rows != cols:
        raise ValidationError(f"Star Battle needs a square grid, got {rows} rows x {cols} columns")
    if not 2 <= rows <= MAX_SIZE:
        raise ValidationError(f"size {rows} is outside 2..{MAX_SIZE}")
    body = items[6:]
    if len(body) < rows:
        raise ParseError(f"{len(body)} region rows, expected {rows}", "pzprv3 region rows")
    grid = []
    for r, line in enumerate(body[:rows]):
        ids = line.split()
        if len(ids) != cols:
            raise ParseError(f"expected {cols} region numbers, got {len(ids)}: {shown(line, 40)}",
                             f"pzprv3 region row {r + 1}")
        grid.append([parse_int(x, "region id", f"pzprv3 region row {r + 1}, column {c + 1}", hi=MAX_SIZE * MAX_SIZE)
                     for c, x in enumerate(ids)])
    distinct = len({x for row in grid for x in row})
    if distinct != count:
        raise ValidationError(f"the header says {count} regions, the rows hold {distinct}")
    return StarBattle.from_rows(stars, regions_from_labels(grid)), body[rows:]


def read(text: str) -> StarBattle:
    return _parse(text)[0]


def read_answer(text: str) -> frozenset[Cell] | None:
    """The stars (``#``) of the file's answer rows, or None if it has no answer rows."""
    p, rest = _parse(text)
    rows = [r.split() for r in rest if r.strip()][:p.n]
    if len(rows) < p.n:
        return None
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def write(p: StarBattle) -> str:
    regions = ["".join(f"{g} " for g in row) for row in p.regions]
    answer = [". " * p.n] * p.n
    return "/".join(["pzprv3", "starbattle", str(p.n), str(p.n), str(p.stars), str(p.n), *regions, *answer]) + "/"
