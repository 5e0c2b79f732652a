"""The backtracking solver over the Str8ts corpus (../shared/corpus/str8ts/str8ts.tsv): CPU time per
puzzle to the first solution and to the answer with uniqueness (up to two solutions, as ``solve``
counts them), each the fastest of R rounds; median, p95, max, how many puzzles take over the
target, the slowest ones; every answer checked against the SAT solver (count and solution).

    .venv/bin/python -m benchmarks.bench_str8ts_backtrack [--rounds R] [--target-ms 50] [--limit N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from contextlib import suppress
from itertools import islice
from typing import TypeVar

from benchmarks.bench_str8ts import corpus_rows
from gridlogic.core.errors import ValidationError
from gridlogic.puzzles.str8ts.exact import backtrack, sat
from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.model import Solution, Str8ts

T = TypeVar("T")


def cpu(fn: Callable[[Str8ts], T], p: Str8ts) -> tuple[float, T]:
    t = time.process_time()
    out = fn(p)
    return time.process_time() - t, out


def first_solution(p: Str8ts) -> Solution | None:
    return next(backtrack.solutions(p), None)


def up_to_two(p: Str8ts) -> list[Solution]:
    return list(islice(backtrack.solutions(p), 2))


def figures(name: str, times: list[tuple[float, str]], target: float) -> None:
    xs = sorted(t for t, _ in times)
    over = [(t, rid) for t, rid in times if t > target]
    print(f"{name:28s} n={len(xs)} median {1000 * statistics.median(xs):6.2f} ms  "
          f"p95 {1000 * xs[int(0.95 * (len(xs) - 1))]:6.2f} ms  max {1000 * xs[-1]:7.2f} ms  "
          f"over {1000 * target:.0f} ms: {len(over)}")
    print("   slowest: " + ", ".join(f"{rid} {1000 * t:.1f}" for t, rid in sorted(times, reverse=True)[:5]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--target-ms", type=float, default=50.0)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    puzzles: list[tuple[str, Str8ts]] = []
    for r in corpus_rows()[: args.limit or None]:
        with suppress(ValidationError):  # a given repeated in its line: refused before any solver runs
            puzzles.append((r[0], s81.read(r[1])))
    first: dict[str, float] = {}
    two: dict[str, float] = {}
    answers: dict[str, list[Solution]] = {}
    for _ in range(args.rounds):
        for rid, p in puzzles:
            dt, _ = cpu(first_solution, p)
            first[rid] = min(first.get(rid, dt), dt)
            dt, answers[rid] = cpu(up_to_two, p)
            two[rid] = min(two.get(rid, dt), dt)
    disagree = 0
    for rid, p in puzzles:
        expected = list(islice(sat.solutions(p), 2))
        got = answers[rid]
        if len(got) != len(expected) or (len(got) == 1 and got != expected):
            disagree += 1
            print(f"DISAGREES with SAT: {rid} ({len(got)} vs {len(expected)} solutions)")
    target = args.target_ms / 1000
    print(f"backtracking solver, {len(puzzles)} corpus puzzles, CPU time, fastest of {args.rounds} rounds")
    figures("first solution", [(t, rid) for rid, t in first.items()], target)
    figures("solve + uniqueness (2)", [(t, rid) for rid, t in two.items()], target)
    print(f"agrees with the SAT solver on {len(puzzles) - disagree} of {len(puzzles)}")


if __name__ == "__main__":
    main()
