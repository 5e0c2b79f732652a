"""puzz.link URLs: ``https://puzz.link/p?starbattle/<cols>/<rows>/<stars>/<borders>``.

Borders are base-32 digits (``0-9a-v``), 5 bits each, most significant first: first the
``(cols-1)*rows`` vertical borders row by row, then the ``cols*(rows-1)`` horizontal ones, each
block zero-padded to a multiple of 5 bits. The pzprxs host and bare ``starbattle/...`` bodies are
read the same way."""

from __future__ import annotations

import re

from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.core.numbers import parse_int
from gridlogic.puzzles.starbattle.formats.borders import borders_from_regions, regions_from_borders
from gridlogic.puzzles.starbattle.model import MAX_SIZE, StarBattle

DIGITS = "0123456789abcdefghijklmnopqrstuv"
HOST = "https://puzz.link/p?"
_HEAD = re.compile(r"^(?:[a-z][a-z0-9+.-]*://[^?\s]*\?)?starbattle/", re.IGNORECASE)


def sniff(text: str) -> bool:
    t = text.strip()
    return bool(_HEAD.match(t)) and not any(ch.isspace() for ch in t)  # one URL, not a file of them


def body_of(text: str) -> str:
    """The part after ``starbattle/``."""
    t = text.strip()
    m = _HEAD.match(t)
    if not m:
        raise ParseError("not a puzz.link Star Battle URL (no '?starbattle/')", t[:40])
    return t[m.end():]


def read(text: str) -> StarBattle:
    parts = body_of(text).split("/")
    if parts and parts[-1] == "" and len(parts) == 5:
        parts.pop()
    if len(parts) != 4:
        raise ParseError(f"expected <cols>/<rows>/<stars>/<borders> after 'starbattle/', got {len(parts)} parts",
                         "puzz.link URL")
    cols, rows, stars = (_number(p, name) for p, name in zip(parts, ("cols", "rows", "stars"), strict=False))
    if cols != rows:
        raise ValidationError(f"Star Battle needs a square grid, got {cols} columns x {rows} rows")
    n = cols
    if not 2 <= n <= MAX_SIZE:
        raise ValidationError(f"size {n} is outside 2..{MAX_SIZE}")
    right, down = decode_borders(parts[3], n)
    return StarBattle(n, stars, regions_from_borders(n, right, down))


def _number(s: str, name: str) -> int:
    return parse_int(s, name, "puzz.link URL", hi=999)


def _bits(chars: str, count: int, offset: int) -> list[bool]:
    out: list[bool] = []
    for k, ch in enumerate(chars):
        v = DIGITS.find(ch)
        if v < 0 or not ch:
            raise ParseError(f"bad character {ch!r} in the border data", f"position {offset + k + 1} of the body")
        out.extend(bool(v >> (4 - b) & 1) for b in range(5))
    return out[:count]


def decode_borders(body: str, n: int) -> tuple[list[bool], list[bool]]:
    nv = (n - 1) * n
    nh = n * (n - 1)
    lv, lh = -(-nv // 5), -(-nh // 5)
    if len(body) != lv + lh:
        raise ParseError(f"border data has {len(body)} characters, a {n}x{n} board needs {lv + lh}",
                         "puzz.link URL")
    return _bits(body[:lv], nv, 0), _bits(body[lv:], nh, lv)


def _encode(bits: list[bool]) -> str:
    padded = bits + [False] * (-len(bits) % 5)
    return "".join(DIGITS[int("".join("1" if b else "0" for b in padded[i:i + 5]), 2)]
                   for i in range(0, len(padded), 5))


def body(p: StarBattle) -> str:
    right, down = borders_from_regions(p.regions)
    return f"{p.n}/{p.n}/{p.stars}/{_encode(right)}{_encode(down)}"


def write(p: StarBattle) -> str:
    return f"{HOST}starbattle/{body(p)}"
