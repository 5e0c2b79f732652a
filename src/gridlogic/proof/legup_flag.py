"""LEGUP's ``<solved isSolved=... lastSaved=...>`` flag, as its exporter writes it and its batch
grader reads it (``PuzzleExporter.obfHash`` / ``inverseHash``): Java's ``String.hashCode`` of
``"true:<epoch seconds>;"`` (or ``false``), the save time ``yyyy-MM-dd HH:mm:ss`` (New York time,
as LEGUP takes it) read as UTC."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, tzinfo

from gridlogic.core import legupfile
from gridlogic.core.errors import GridlogicError

LEGUP_TIME = "%Y-%m-%d %H:%M:%S"


def java_hash(text: str) -> int:
    """Java's ``String.hashCode`` (a signed 32-bit int), as LEGUP's exporter uses it."""
    h = 0
    for unit in text.encode("utf-16-be").hex(" ", 2).split():
        h = (31 * h + int(unit, 16)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def solved_hash(solved: bool, saved: str) -> int:
    """LEGUP's obfuscated solved flag: the hash of ``"true:<epoch seconds>;"``, the save time
    ``yyyy-MM-dd HH:mm:ss`` read as UTC (LEGUP's ``PuzzleExporter.obfHash``)."""
    stamp = int(datetime.strptime(saved, LEGUP_TIME).replace(tzinfo=UTC).timestamp())
    return java_hash(f"{'true' if solved else 'false'}:{stamp};")


def solved_flag(el: ET.Element | None) -> bool | None:
    """The solved state a ``<solved>`` element encodes (None: missing or not LEGUP's hash)."""
    if el is None:
        return None
    try:
        value, saved = int(el.get("isSolved", "")), el.get("lastSaved", "")
        return True if solved_hash(True, saved) == value else False if solved_hash(False, saved) == value else None
    except ValueError:
        return None


def solved_element(solved: bool, saved: datetime | None = None) -> ET.Element:
    when = saved if saved is not None else now()
    text = when.strftime(LEGUP_TIME)
    return ET.Element("solved", {"isSolved": str(solved_hash(solved, text)), "lastSaved": text})


def now() -> datetime:
    """The save time LEGUP writes: now, in New York (tests fix it)."""
    return datetime.now(_new_york())


def _new_york() -> tzinfo:
    try:
        from zoneinfo import ZoneInfo
        return ZoneInfo("America/New_York")
    except (ImportError, KeyError, OSError, ValueError):
        return UTC


def file_solved_flag(text: str) -> bool | None:
    """The solved state recorded in a LEGUP file's ``<solved>`` flag (None if absent or unreadable)."""
    try:
        return solved_flag(legupfile.parse(text).find("solved"))
    except GridlogicError:
        return None
