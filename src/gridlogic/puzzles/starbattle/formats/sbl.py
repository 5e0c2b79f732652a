"""StarBattleLab SBN (read only): ``<size code><stars><flag><regions>``.

Size code: two equal characters, ``55``..``99`` or ``AA`` (10) .. ``PP`` (25). Flag ``W`` (plain) or
``e`` (annotations follow the region data, ignored). Regions: base-64 (``0-9A-Za-z-_``, 6 bits per
character) of ``2n(n-1)`` border bits, left-padded with zeros: vertical borders row-major, then
horizontal borders column by column."""

from __future__ import annotations

import re

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import parse_int
from gridlogic.puzzles.starbattle.formats.borders import regions_from_borders
from gridlogic.puzzles.starbattle.model import StarBattle

B64 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_SHAPE = re.compile(r"^([5-9A-Z])\1[0-9][We][0-9A-Za-z_-]+$")


def size_of(code: str) -> int:
    return int(code) if code in "56789" else 10 + ord(code) - ord("A")


def sniff(text: str) -> bool:
    t = text.strip()
    if len(t) == 81 and set(t) <= set(".123456789#abcdefghi"):
        return False  # a Str8ts string that happens to start like an SBN
    return bool(_SHAPE.match(t))


def data_length(n: int) -> int:
    return -(-2 * n * (n - 1) // 6)


def read(text: str) -> StarBattle:
    t = text.strip()
    if len(t) < 5 or t[0] != t[1] or t[0] not in "56789ABCDEFGHIJKLMNOP":
        raise ParseError(f"bad size code {t[:2]!r} (55..99 or AA..PP)", "StarBattleLab SBN, characters 1-2")
    n = size_of(t[0])
    stars = parse_int(t[2], "stars", "StarBattleLab SBN, character 3", hi=9)
    if t[3] not in "We":
        raise ParseError(f"flag must be 'W' or 'e', got {t[3]!r}", "StarBattleLab SBN, character 4")
    need = data_length(n)
    data = t[4:4 + need] if t[3] == "e" else t[4:]
    if len(data) != need:
        raise ParseError(f"region data has {len(data)} characters, a {n}x{n} board needs {need}",
                         "StarBattleLab SBN")
    value = 0
    for k, ch in enumerate(data):
        v = B64.find(ch)
        if v < 0:
            raise ParseError(f"bad character {ch!r} in the region data", f"character {5 + k} of the SBN")
        value = value << 6 | v
    nbits = 2 * n * (n - 1)
    bits = [bool(value >> (nbits - 1 - i) & 1) for i in range(nbits)]
    half = n * (n - 1)
    right = bits[:half]
    by_col = bits[half:]  # (r,c)/(r+1,c), c outer
    down = [False] * half
    for c in range(n):
        for r in range(n - 1):
            down[r * n + c] = by_col[c * (n - 1) + r]
    return StarBattle(n, stars, regions_from_borders(n, right, down))
