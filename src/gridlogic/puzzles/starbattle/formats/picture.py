"""Region pictures: rows of characters, joined by ``/`` or newlines; each distinct character is one
region. A picture alone does not say how many stars go in each unit, so an optional prefix gives it
(``2:`` or ``stars=2``, before the rows, on the same line or a line of its own); without one, S
follows the usual convention by size: 5-9 -> 1, 10-13 -> 2, 14-16 -> 3, 17-20 -> 4, 21-24 -> 5,
25+ -> 6 (smaller boards: 1). Written as letters (``A`` = region 0), with the ``S:`` prefix."""

from __future__ import annotations

import re

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import parse_int
from gridlogic.puzzles.starbattle.model import MAX_SIZE, StarBattle, regions_from_labels

_PREFIX = re.compile(r"^\s*(?:stars\s*=\s*([0-9]+)\s*[:;,]?|([0-9]+)\s*:)\s*", re.IGNORECASE)
_BINARY_ONLY = frozenset(".01/ \t\r\n")


def default_stars(n: int) -> int:
    """The usual stars per row for an n x n board."""
    for limit, s in ((9, 1), (13, 2), (16, 3), (20, 4), (24, 5)):
        if n <= limit:
            return s
    return 6


def _strip_comments(text: str) -> str:
    return "\n".join(ln for ln in text.strip().splitlines() if not ln.lstrip().startswith("#"))


def split(text: str) -> tuple[int | None, list[str]]:
    """``(stars or None, rows)`` of a picture text (no validation of the rows' shape)."""
    t = _strip_comments(text)
    stars: int | None = None
    m = _PREFIX.match(t)
    if m:
        stars = parse_int(m[1] or m[2], "stars", "picture prefix", hi=99)
        t = t[m.end():]
    rows = [r.strip() for r in re.split(r"[/\n]", t.strip())]
    if rows and rows[-1] == "" and "/" in t:
        rows.pop()
    return stars, rows


def sniff(text: str) -> bool:
    t = _strip_comments(text)
    if not t or set(t) <= _BINARY_ONLY or "://" in t or t.startswith(("<", "pzprv3")) \
            or re.match(r"^[0-9]+x[0-9]+[:.]", t):
        return False
    _, rows = split(t)
    if len(rows) < 2 or any(not r or re.search(r"\s", r) for r in rows):
        return False
    if "\n" in t.strip():  # a multi-line text is a picture only if it is one, exactly
        return all("/" not in r and len(r) == len(rows) for r in rows)
    return True


def read(text: str) -> StarBattle:
    stars, rows = split(text)
    n = len(rows)
    if n < 2:
        raise ParseError("a region picture needs rows joined by '/' or newlines", "picture")
    if n > MAX_SIZE:
        raise ParseError(f"{n} rows: larger than {MAX_SIZE}x{MAX_SIZE}", "picture")
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ParseError(f"row {r + 1} has {len(row)} cells, the picture has {n} rows (ragged or "
                             "not square)", f"picture row {r + 1}")
    return StarBattle.from_rows(stars if stars is not None else default_stars(n), regions_from_labels(rows))


def write(p: StarBattle) -> str:
    return f"{p.stars}:" + "/".join(p.region_rows())
