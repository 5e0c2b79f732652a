"""The Star Battle corpus read through the real input pipeline (files -> records -> format -> puzzle)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gridlogic.kinds import detect, split_records
from gridlogic.puzzles.starbattle import StarBattle

MULTI = {"6x6 Star Battle 1star Normal3.xml", "7x7 Star Battle 1star Hard1.xml", "7x7 Star Battle 1star Normal.xml",
         "7x7 Star Battle 1star Normal1.xml", "7x7 Star Battle 1star Normal2.xml",
         "8x8 Star Battle 1star Normal1.xml", "8x8 Star Battle 1star Normal2.xml",
         "8x8 Star Battle 1star Normal3.xml"}
SBL_EVERY = 5  # tests take every 5th StarBattleLab puzzle; the benchmark takes them all


@dataclass(frozen=True)
class Item:
    file: str
    id: str
    format: str
    text: str
    puzzle: StarBattle
    extra: Any

    @property
    def multi(self) -> bool:
        """Known to have several solutions (the 8 LEGUP files, Norvig's 5x5)."""
        return Path(self.file).name in MULTI or (self.file.endswith("boards.tsv") and self.id == "board5x5")


def files(root: Path) -> list[Path]:
    sb = root / "starbattle"
    return sorted(p for p in sb.rglob("*") if p.is_file() and "README" not in p.name)


@cache
def load(root: Path, sbl_every: int = SBL_EVERY) -> tuple[Item, ...]:
    out = []
    for path in files(root):
        recs = split_records(path.read_text(encoding="utf-8"))
        if "starbattlelab" in path.parts:
            recs = recs[::sbl_every]
        for rec in recs:
            kind, fmt = detect(rec.text)
            assert kind.name == "starbattle", (path, rec.id)
            out.append(Item(str(path.relative_to(root)), rec.id, fmt.name, rec.text, fmt.read(rec.text), rec.extra))
    return tuple(out)
