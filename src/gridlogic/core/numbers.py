"""Numbers and text from the user: the one way every format, option and protocol reads them.

Only ASCII digits count (``str.isdigit`` accepts ``²`` and ``①``, ``int`` accepts ``٦``: neither is
a number a user typed on purpose); numbers are bounded before they are converted; floats must be
finite; bytes must be UTF-8. Every refusal is a :class:`ParseError` saying what and where."""

from __future__ import annotations

import json
import math
import re
from typing import TYPE_CHECKING, Any

from gridlogic.core.errors import ParseError

if TYPE_CHECKING:  # imported by parse_xml when an XML file is read, not by every command's start
    import xml.etree.ElementTree as ET

MAX_DIGITS = 12
"""No count, size, id or level in gridlogic needs more digits; longer is refused before ``int``."""

INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?", re.ASCII)


def shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def is_int(text: str) -> bool:
    """Is ``text`` a whole number in ASCII digits (an optional sign, nothing else)?"""
    return INT.fullmatch(text) is not None


def parse_int(text: str, what: str, where: str | None = None, *, lo: int | None = 0,
              hi: int | None = None) -> int:
    """``text`` (surrounding blanks ignored) as an int in ``lo..hi`` (None: unbounded that side)."""
    s = text.strip()
    if not is_int(s):
        raise ParseError(f"{what} must be a number (whole, in digits 0-9), got {shown(s)}", where)
    digits = s.lstrip("+-").lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise ParseError(f"{what} is too large ({len(digits)} digits)", where)
    value = int(s)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ParseError(f"{what} {value} is outside {_range(lo, hi)}", where)
    return value


def parse_float(text: str, what: str, where: str | None = None, *, lo: float | None = 0.0,
                hi: float | None = None) -> float:
    """``text`` as a finite float in ``lo..hi``: no ``nan``, no ``inf``, ASCII digits only."""
    s = text.strip()
    if FLOAT.fullmatch(s) is None:
        kind = "a finite number" if s.lower().lstrip("+-") in ("nan", "inf", "infinity") else "a number"
        raise ParseError(f"{what} must be {kind} in digits 0-9, got {shown(s)}", where)
    value = float(s)
    if not math.isfinite(value):
        raise ParseError(f"{what} is too large ({shown(s)})", where)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ParseError(f"{what} {value:g} is outside {_range(lo, hi)}", where)
    return value


def check_number(value: float, what: str, where: str | None = None, *, lo: float | None = 0.0,
                 hi: float | None = None) -> float:
    """A number given by a program (not text): finite and in ``lo..hi``, else :class:`ParseError`."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ParseError(f"{what} must be a finite number, got {value!r}", where)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ParseError(f"{what} {value:g} is outside {_range(lo, hi)}", where)
    return value


def parse_size(text: str, what: str = "size", where: str | None = None, *, hi: int = 999) -> tuple[int, int]:
    """A board size ``N`` or ``WxH`` (``W x H``, ``WXH``) as ``(width, height)``."""
    parts = re.split(r"\s*[xX×]\s*", text.strip())
    if len(parts) > 2:
        raise ParseError(f"{what} must be N or WxH, got {shown(text)}", where)
    w = parse_int(parts[0], f"{what} width" if len(parts) == 2 else what, where, lo=1, hi=hi)
    h = parse_int(parts[1], f"{what} height", where, lo=1, hi=hi) if len(parts) == 2 else w
    return w, h


def _range(lo: float | None, hi: float | None) -> str:
    low = "" if lo is None else str(lo) if isinstance(lo, int) else f"{lo:g}"
    high = "" if hi is None else str(hi) if isinstance(hi, int) else f"{hi:g}"
    return f"{low}..{high}"


def decode(data: bytes, where: str) -> str:
    """UTF-8 bytes as text (a leading BOM dropped); otherwise say which byte, where."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        bad = data[e.start:e.start + 1].hex()
        line = data.count(b"\n", 0, e.start) + 1
        raise ParseError(f"not UTF-8 text: byte 0x{bad} at offset {e.start} (line {line})", where) from None


class NotJSONError(ParseError):
    """Text that is not JSON at all (as opposed to JSON with a number or a depth refused)."""


def load_json(text: str, where: str | None = None) -> Any:
    """JSON from the user: integers of at most :data:`MAX_DIGITS` digits, no ``NaN``/``Infinity``,
    nesting within the recursion limit; else :class:`ParseError` (:class:`NotJSONError` if not JSON)."""

    def number(s: str) -> int:
        if len(s.lstrip("-")) > MAX_DIGITS:
            raise ParseError(f"number too large in JSON ({len(s.lstrip('-'))} digits)", where)
        return int(s)

    def constant(s: str) -> Any:
        raise ParseError(f"{s} is not a number JSON allows", where)

    try:
        return json.loads(text, parse_int=number, parse_constant=constant)
    except json.JSONDecodeError as e:
        at = f"line {e.lineno}, column {e.colno}"
        raise NotJSONError(f"not JSON: {e.msg}", f"{where}, {at}" if where else at) from None
    except RecursionError:
        raise ParseError("JSON nested too deeply (Python's recursion limit)", where) from None


def parse_xml(text: str, what: str, where: str) -> ET.Element:
    """An XML document's root, or :class:`ParseError` (malformed, or not valid Unicode)."""
    import xml.etree.ElementTree as ET

    try:
        return ET.fromstring(check_text(text, where).strip())
    except ET.ParseError as e:
        raise ParseError(f"{what}: {e}", where) from None
    except RecursionError:
        raise ParseError(f"{what}: nested too deeply", where) from None


def check_text(text: str, where: str) -> str:
    """A string that came from the command line: it must be valid Unicode (a byte that was not
    UTF-8 arrives as a lone surrogate)."""
    for i, ch in enumerate(text):
        if 0xD800 <= ord(ch) <= 0xDFFF:
            byte = f"0x{ord(ch) - 0xDC00:02x}" if ord(ch) >= 0xDC80 else "a lone surrogate"
            raise ParseError(f"not UTF-8 text: {byte} at character {i + 1}", where)
    return text
