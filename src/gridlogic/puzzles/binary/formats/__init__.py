"""Binary text formats, each registered as a :class:`~gridlogic.core.registry.Format`.
Order = sniffing priority."""

from __future__ import annotations

from gridlogic.core.registry import Format
from gridlogic.puzzles.binary.formats import legup, rows

FORMATS: tuple[Format, ...] = (
    Format("rows", rows.sniff, rows.read, rows.write,
           "WxH: + row-major .01 (or rows joined by / or newlines); . unknown"),
    Format("legup", legup.sniff, legup.read, legup.write,
           'LEGUP XML: <puzzle name="Binary"><board width height><cells><cell value="0|1|2" x y/>'),
)

__all__ = ["FORMATS"]
