"""Where the Star Battle human solver spends its CPU time, per rule: each production rule is timed
(``time.process_time``) around its ``find`` while a sample is explained without Trial. Unlike
cProfile this adds almost nothing per call, so the shares are those of a plain run.

    nice -n 10 .venv/bin/python -m benchmarks.sbr_rule_times [--file 10-2-unsorted.txt] [--limit 200] [--top 15]

``--file all`` takes every 10x10 puzzle of the benchmark (masonomara packs and StarBattleLab files).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable

from benchmarks.bench_starbattle_human import CORPUS, masonomara, starbattlelab
from gridlogic.core.engine import Rule
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle import rules as table
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import TRIAL
from gridlogic.puzzles.starbattle.rules.state import State


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", default="10-2-unsorted.txt", help="a StarBattleLab file of the corpus, or 'all'")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    if args.file == "all":
        puzzles = [it.puzzle for it in [*masonomara(), *starbattlelab()] if it.puzzle.n == 10]
    else:
        lines = [ln.strip() for ln in (CORPUS / "starbattlelab" / args.file).read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")][: args.limit]
        puzzles = [sbl.read(ln) for ln in lines]
    spent: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)

    def timed(rule: Rule[State]) -> Rule[State]:
        fn = rule.fn
        name = f"{rule.id} {getattr(fn, '__name__', '')}".replace("<lambda>", "completing")

        def run(st: State, fn: Callable[[State], Step | None] = fn, name: str = name) -> Step | None:
            t = time.process_time()
            try:
                return fn(st)
            finally:
                spent[name] += time.process_time() - t
                calls[name] += 1

        return Rule(rule.id, rule.level, run)

    production = table.PRODUCTION
    table.PRODUCTION = tuple(timed(r) for r in production)
    try:
        cpu = time.process_time()
        for p in puzzles:
            explain(p, TRIAL - 1)
        cpu = time.process_time() - cpu
    finally:
        table.PRODUCTION = production
    print(f"{len(puzzles)} puzzles: CPU {cpu:.2f} s; in the rules {sum(spent.values()):.2f} s")
    for name, s in sorted(spent.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"  {name:28s} {s:6.2f} s {100 * s / cpu:5.1f} %  {calls[name]:6d} calls "
              f"{1000 * s / calls[name]:.3f} ms each")


if __name__ == "__main__":
    main()
