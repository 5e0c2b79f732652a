"""The ``rows`` format of Binary: ``WxH:`` + row-major ``.01``, or rows joined by ``/`` or by
newlines; the corpus TSV line (``id``, ``WxH``, ``puzzle``, ...); and a claimed solution's grid."""

from __future__ import annotations

import re
from collections.abc import Sequence

from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.core.numbers import parse_int
from gridlogic.puzzles.binary.model import Binary

_PREFIX = re.compile(r"^([0-9]+)x([0-9]+):(.*)$", re.DOTALL)
_SIZE = re.compile(r"^([0-9]+)x([0-9]+)$")
_CELLS = re.compile(r"^[.01]+$")
MAX_SIDE = 999


def _split_rows(body: str) -> list[str]:
    return [r.strip() for r in re.split(r"[/\n]", body.strip()) if r.strip()]


def sniff(text: str) -> bool:
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


def read(text: str) -> Binary:
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


def write(puzzle: Binary) -> str:
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
