"""A/B check for work on the Binary rules: the CPU time of explaining the corpus
(../shared/corpus/binary/binary.tsv) and a digest of every step (rule, level, reason, marks), status
and grade. A change that keeps the steps leaves the digest unchanged; run it on both checkouts.

    nice -n 10 .venv/bin/python -m benchmarks.binary_steps_digest [--limit N] [--every K]
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections import Counter

from benchmarks.bench_binary import corpus_rows, puzzle
from gridlogic.puzzles.binary import human


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=None, help="the first N puzzles only")
    ap.add_argument("--every", type=int, default=1, help="every K-th puzzle only")
    args = ap.parse_args()
    rows = corpus_rows()[:: args.every][: args.limit]
    digest = hashlib.sha256()
    grades: Counter[str] = Counter()
    cpu, wall = time.process_time(), time.perf_counter()
    for row in rows:
        ex = human.explain(puzzle(row))
        digest.update((repr([(s.rule, s.level, s.reason, s.marks) for s in ex.steps]) + ex.status + ex.grade).encode())
        grades[ex.grade] += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{len(rows)} puzzles: CPU {cpu:.2f} s, wall {wall:.2f} s, grades "
          + ", ".join(f"{g} {n}" for g, n in sorted(grades.items())) + f", steps digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
