"""Str8ts text formats, each registered as a :class:`~gridlogic.core.registry.Format`.
Order = sniffing priority."""

from __future__ import annotations

from gridlogic.core.registry import Format
from gridlogic.puzzles.str8ts.formats import s81

S81 = Format("s81", s81.sniff, s81.read, s81.write,
             "the seed's string: . white, 1-9 white given, # black, a-i black given; or n lines of n")

FORMATS: tuple[Format, ...] = (S81,)

__all__ = ["FORMATS", "S81"]
