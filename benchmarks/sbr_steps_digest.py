"""A/B check for speed work on the Star Battle rules: the CPU time of explaining a sample and a digest
of every step (rule, level, reason, marks) and status. A pure speed-up leaves the digest unchanged.

    nice -n 10 .venv/bin/python -m benchmarks.sbr_steps_digest [--file 10-2-unsorted.txt] [--limit 200] [--no-trial]
"""

from __future__ import annotations

import argparse
import hashlib
import time

from benchmarks.bench_starbattle_human import CORPUS
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import TRIAL


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", default="10-2-unsorted.txt", help="a StarBattleLab file of the corpus")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--no-trial", action="store_true", help="cap the solve below Trial")
    args = ap.parse_args()
    lines = [ln.strip() for ln in (CORPUS / "starbattlelab" / args.file).read_text().splitlines()
             if ln.strip() and not ln.startswith("#")][: args.limit]
    puzzles = [sbl.read(ln) for ln in lines]
    digest = hashlib.sha256()
    cpu, wall = time.process_time(), time.perf_counter()
    for p in puzzles:
        ex = explain(p, TRIAL - 1 if args.no_trial else None)
        digest.update((repr([(s.rule, s.level, s.reason, s.marks) for s in ex.steps]) + ex.status).encode())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{len(puzzles)} puzzles of {args.file}: CPU {cpu:.2f} s ({1000 * cpu / len(puzzles):.1f} s per 1,000), "
          f"wall {wall:.2f} s, steps digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
