"""Partial boards for hint tests: corpus puzzles, and boards taken from their explanations' prefixes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridlogic.core.registry import Kind
from gridlogic.core.step import Step
from gridlogic.kinds import detect, split_records

MARK_CHAR = {"star": "*", "black": "."}


@dataclass(frozen=True)
class Case:
    kind: Kind
    puzzle: Any
    solution: list[str]
    steps: list[Step]

    def start(self) -> list[list[str]]:
        """The board before any step: givens only."""
        p = self.puzzle
        if self.kind.name == "starbattle":
            rows = [["?"] * p.n for _ in range(p.n)]
            for (r, c), star in p.givens:
                rows[r][c] = "*" if star else "."
            return rows
        if self.kind.name == "binary":
            return [list(row.replace(".", "?")) for row in p.givens]
        return [["#" if p.black[r * p.n + c] else str(p.givens[r * p.n + c] or "?") for c in range(p.n)]
                for r in range(p.n)]

    def after(self, k: int) -> list[str]:
        """The board after the first ``k`` steps of the explanation."""
        rows = self.start()
        for step in self.steps[:k]:
            for m in step.marks:
                if not m.value.startswith("-"):
                    rows[m.cell[0]][m.cell[1]] = MARK_CHAR.get(m.value, m.value)
        return ["".join(r) for r in rows]


def case(kind_name: str, text: str) -> Case:
    k, fmt = detect(text, kind_name)
    p = fmt.read(text)
    sols = list(k.solutions(p))
    assert len(sols) == 1, text
    return Case(k, p, k.solution_rows(p, sols[0]), k.explain(p).steps)


def starbattle_10x2(corpus: Path, count: int) -> list[Case]:
    """The first ``count`` puzzles of each StarBattleLab 10x10/2-star file."""
    out = []
    for name in ("10-2-ez.txt", "10-2-med.txt", "10-2-hard.txt"):
        recs = split_records((corpus / "starbattle" / "starbattlelab" / name).read_text(encoding="utf-8"))
        out += [case("starbattle", r.text) for r in recs[:count]]
    return out


def binary_unique(corpus: Path, count: int, every: int = 40) -> list[Case]:
    lines = (corpus / "binary" / "binary.tsv").read_text(encoding="utf-8").splitlines()
    rows = [ln.split("\t") for ln in lines if ln and not ln.startswith("#")]
    picked = [r for r in rows if r[3] == "1"][::every][:count]
    return [case("binary", f"{r[1]}:{r[2]}") for r in picked]


def str8ts_unique(corpus: Path, count: int, every: int = 25) -> list[Case]:
    lines = (corpus / "str8ts" / "str8ts.tsv").read_text(encoding="utf-8").splitlines()
    rows = [ln.split("\t") for ln in lines if ln and not ln.startswith("#")]
    picked = [r for r in rows if r[2] == "1"][::every][:count]
    return [case("str8ts", r[1]) for r in picked]


