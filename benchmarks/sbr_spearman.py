"""Star Battle grades against the corpus labels: Spearman's rank correlation (rho) of the grade (the
lowest --max-level that solves) with the StarBattleLab labels (ez / med / hard), per size, over all
labelled puzzles and over each half (odd and even puzzle numbers: tune on one, report the other).

    PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.sbr_spearman [--max-n 11] [--crosstab]

About 1,640 puzzles up to 11x11, under 10 s of CPU. The masonomara packs (labelled per pack, normal
and hard) are given as one more line.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from benchmarks.bench_starbattle_human import LABEL_RANK, masonomara, spearman, starbattlelab
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.levels import LEVELS


@dataclass(frozen=True)
class Graded:
    id: str
    source: str
    n: int
    stars: int
    label: str
    level: int
    solved: bool

    @property
    def odd(self) -> bool:
        """The half the puzzle is in: its number (after ``#``) odd or even."""
        return int(self.id.split("#")[1]) % 2 == 1


GROUPS: tuple[tuple[str, Callable[[Graded], bool]], ...] = (
    ("8x8/1", lambda g: g.n == 8),
    ("9x9/1", lambda g: g.n == 9 and g.stars == 1),
    ("9x9/2", lambda g: g.n == 9 and g.stars == 2),
    ("<= 9x9", lambda g: g.n <= 9),
    ("10x10/2", lambda g: g.n == 10),
    ("11x11/2", lambda g: g.n == 11),
    ("all", lambda g: True),
)


def rho(graded: Iterable[Graded]) -> tuple[float, int]:
    """Spearman's rho of grade against label rank over the solved puzzles, and how many there were."""
    pairs = [(LABEL_RANK[g.label], g.level) for g in graded if g.solved]
    return (spearman([a for a, _ in pairs], [b for _, b in pairs]) if len(pairs) > 2 else float("nan")), len(pairs)


def grade_all(max_n: int) -> list[Graded]:
    out = []
    items = [*starbattlelab(), *masonomara()]
    for it in items:
        if it.label in LABEL_RANK and it.puzzle.n <= max_n:
            ex = explain(it.puzzle)
            out.append(Graded(it.id, it.source, it.puzzle.n, it.puzzle.stars, it.label, ex.level,
                              ex.status == "solved"))
    return out


def report(graded: list[Graded], crosstab: bool) -> list[str]:
    lines = ["| StarBattleLab | puzzles | rho | rho odd numbers | rho even numbers |", "|---|---|---|---|---|"]
    lab = [g for g in graded if g.source == "starbattlelab"]
    for name, keep in GROUPS:
        group = [g for g in lab if keep(g)]
        (r, k), (ro, _), (re, _) = rho(group), rho(g for g in group if g.odd), rho(g for g in group if not g.odd)
        lines.append(f"| {name} | {k} | {r:.3f} | {ro:.3f} | {re:.3f} |")
    r, k = rho(g for g in graded if g.source == "masonomara")
    lines.append(f"\nmasonomara packs (normal / hard per pack): rho {r:.3f} over {k}")
    if crosstab:
        for name, keep in GROUPS:
            table: dict[str, Counter[str]] = defaultdict(Counter)
            for g in lab:
                if keep(g):
                    table[g.label][LEVELS[g.level] if g.solved else "unsolved"] += 1
            lines.append(f"{name}: " + "; ".join(f"{label} " + ", ".join(f"{v} {k}" for k, v in table[label].items())
                                                 for label in ("ez", "med", "hard") if table[label]))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-n", type=int, default=11, help="largest board side (labelled files go to 14x14)")
    ap.add_argument("--crosstab", action="store_true", help="also the grades of each label, per size")
    args = ap.parse_args()
    start = time.process_time()
    graded = grade_all(args.max_n)
    print("\n".join(report(graded, args.crosstab)))
    print(f"\n{len(graded)} labelled puzzles graded, CPU {time.process_time() - start:.1f} s")


if __name__ == "__main__":
    main()
