"""Where the weighted count runs: CPU without Trial per puzzle, a digest of its steps, and every mark
checked against the unique solution. Two trees' lines compare puzzle by puzzle (same digest: the
same steps, reasons included).

    nice -n 10 .venv/bin/python -m benchmarks.sbr_weighted_sweep [--only 17-4-unsorted#1,...] [--no-soundness]

``--only`` takes StarBattleLab ids as ``bench_starbattle_human`` does (a file stem takes the whole
file); the default is every file of 11x11 and up. One line per puzzle, then a summary.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import time

from benchmarks.bench_starbattle_human import Item, starbattlelab, unique_solution, unsound_steps
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.levels import TRIAL


def chosen(only: str | None) -> list[Item]:
    items = [it for it in starbattlelab() if it.puzzle.n >= 11]
    if not only:
        return items
    by_id = {it.id: it for it in items}
    out: list[Item] = []
    for want in only.split(","):
        out += [by_id[want]] if "#" in want else [it for it in items if it.id.split("#")[0] == want]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default=None, help="ids or file stems, comma-separated (default: 11x11 and up)")
    ap.add_argument("--no-soundness", action="store_true", help="skip the exact solve and the mark check")
    args = ap.parse_args()
    total = hashlib.sha256()
    cpus: list[float] = []
    weighted = wrong = with_weighted = 0
    for it in chosen(args.only):
        load = os.getloadavg()[0]
        cpu, wall = time.process_time(), time.perf_counter()
        ex = explain(it.puzzle, TRIAL - 1)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        steps = repr([(s.rule, s.level, s.reason, s.marks) for s in ex.steps]) + ex.status
        digest = hashlib.sha256(steps.encode()).hexdigest()[:12]
        total.update(digest.encode())
        used = sum(s.rule == "Weighted" for s in ex.steps)
        bad: list[str] = []
        if not args.no_soundness:
            solution = unique_solution(it)
            bad = unsound_steps(it, ex.steps, solution) if solution is not None else ["not unique"]
        weighted += used
        with_weighted += used > 0
        wrong += len(bad)
        cpus.append(cpu)
        print(f"{it.id}: {ex.status}, {len(ex.steps)} steps ({used} Weighted), CPU {cpu:.2f} s, wall {wall:.2f} s, "
              f"load {load:.1f}, digest {digest}" + (f", WRONG {bad[0]}" if bad else ""), flush=True)
    print(f"{len(cpus)} puzzles, {with_weighted} with Weighted ({weighted} steps), wrong marks "
          f"{'not checked' if args.no_soundness else wrong}; CPU median {statistics.median(cpus):.2f} s, "
          f"max {max(cpus):.2f} s; digest {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
