"""The seed's string format (``s81``): n*n characters, row-major from the top left.

``.`` white empty, ``1``-``9`` white given, ``#`` black empty, ``a``-``i`` black holding 1-9;
whitespace is ignored, so a grid of n lines of n characters is the same format.
"""

from __future__ import annotations

from math import isqrt

from gridlogic.core.errors import ParseError
from gridlogic.core.grid import cell_name
from gridlogic.puzzles.str8ts.model import MAX_SIZE, Str8ts

WHITE_DIGITS = "123456789"
BLACK_DIGITS = "abcdefghi"
ALPHABET = frozenset(".#" + WHITE_DIGITS + BLACK_DIGITS)
_FOREIGN = frozenset("/:\t=,;<>{}[]")


def _compact(text: str) -> str:
    return "".join(text.split())


def sniff(text: str) -> bool:
    """Looks like a Str8ts string or grid: mostly Str8ts characters, no separators other formats use.
    Lenient on purpose (Str8ts is sniffed last), so that a near miss gets a precise error from
    :func:`read` instead of "unknown format"."""
    body = text.strip()
    if not body or any(ch in _FOREIGN for ch in body) or any(ch.isupper() for ch in body):
        return False
    lines = [ln for ln in body.splitlines() if ln.strip()]
    if len(lines) > 1 and not (len(lines) <= MAX_SIZE and all(len(_compact(ln)) <= MAX_SIZE for ln in lines)):
        return False
    flat = _compact(body)
    if not 16 <= len(flat) <= 2 * MAX_SIZE * MAX_SIZE:
        return False
    good = sum(ch in ALPHABET for ch in flat)
    return good >= 0.85 * len(flat) and ("#" in flat or "." in flat)


def _expected_size(length: int) -> int:
    n = isqrt(length)
    return n if n * n == length else min(n + 1, MAX_SIZE)


def read(text: str, name: str = "") -> Str8ts:
    """Parse the seed's string (or the same characters as a grid of lines)."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) > 1:
        widths = [len(_compact(ln)) for ln in lines]
        n = len(lines)
        for k, w in enumerate(widths):
            if w != n:
                raise ParseError(f"ragged str8ts grid: line {k + 1} has {w} cells, expected {n}",
                                 f"row {k + 1}")
    flat = _compact(text)
    n = _expected_size(len(flat))
    for pos, ch in enumerate(flat[: n * n]):
        if ch not in ALPHABET:
            raise ParseError(f"bad str8ts character {ch!r} at position {pos + 1}",
                             f"{cell_name(divmod(pos, n))}; allowed . # 1-9 a-i")
    if len(flat) != n * n:
        if len(flat) < n * n:
            where = f"{len(flat)} cells, expected {n * n}: {cell_name(divmod(len(flat), n))} is missing"
        else:
            where = f"{len(flat)} cells, expected {n * n}: extra character at position {n * n + 1}"
        raise ParseError("str8ts string has the wrong length", where)
    black = tuple(ch == "#" or ch in BLACK_DIGITS for ch in flat)
    givens = tuple(_digit(ch) for ch in flat)
    for pos, g in enumerate(givens):
        if g > n:
            raise ParseError(f"digit {g} at position {pos + 1} is larger than the size {n}",
                             cell_name(divmod(pos, n)))
    return Str8ts(n, black, givens, name)


def _digit(ch: str) -> int:
    if ch in WHITE_DIGITS:
        return WHITE_DIGITS.index(ch) + 1
    if ch in BLACK_DIGITS:
        return BLACK_DIGITS.index(ch) + 1
    return 0


def write(p: Str8ts) -> str:
    out = []
    for i in range(p.size):
        g = p.givens[i]
        if p.black[i]:
            out.append(BLACK_DIGITS[g - 1] if g else "#")
        else:
            out.append(WHITE_DIGITS[g - 1] if g else ".")
    return "".join(out)


def to_grid(p: Str8ts) -> str:
    """The same characters, one line per row."""
    s = write(p)
    return "\n".join(s[r * p.n:(r + 1) * p.n] for r in range(p.n))
