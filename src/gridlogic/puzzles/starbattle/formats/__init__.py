"""Star Battle text formats, each registered as a :class:`~gridlogic.core.registry.Format`.
Order = sniffing priority."""

from __future__ import annotations

from gridlogic.core.registry import Format
from gridlogic.puzzles.starbattle.formats import legup, picture, puzzlink, pzprv3, sbl, sbn

FORMATS: tuple[Format, ...] = (
    Format("puzzlink", puzzlink.sniff, puzzlink.read, puzzlink.write, "puzz.link / pzprxs URL"),
    Format("pzprv3", pzprv3.sniff, pzprv3.read, pzprv3.write, "pzprv3 file (answer rows ignored)"),
    Format("legup", legup.sniff, legup.read, legup.write, "LEGUP XML (decided cells become givens)"),
    Format("sbn", sbn.sniff, sbn.read, sbn.write, "masonomara SBN: 10x2.AAAB...[.meta]"),
    Format("sbl", sbl.sniff, sbl.read, None, "StarBattleLab SBN (read only)"),
    Format("picture", picture.sniff, picture.read, picture.write, "region picture, rows joined by '/'"),
)

__all__ = ["FORMATS"]
