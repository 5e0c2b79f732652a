"""Fuzz the command line with generated bad inputs and count what breaks the house rule.

    nice -n 10 .venv/bin/python -m benchmarks.bench_fuzz [--runs 10000] [--seed 1] [--subprocess 200]

Runs ``--runs`` generated bad inputs (:mod:`gridlogic.fuzz`) in process (``gridlogic.cli.main``), then
``--subprocess`` of them through the real ``gridlogic`` executable, and prints per counter
(tracebacks, catch-all messages, runs over 10 s, error output that is not one ``error:`` line per
puzzle, errors whose exit code is not 2) the count and the first examples. Random by seed: a new
seed explores new inputs; the tests replay a fixed few (tests/fuzz).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections import Counter

from gridlogic.fuzz import Run, bad_runs, run_in_process, run_subprocess

COUNTERS = ("traceback", "catch_all", "slow", "not_one_line", "exit_not_2")


def sweep(runs: list[Run], do: str, exe: list[str]) -> dict[str, object]:
    counts: Counter[str] = Counter()
    outcome: Counter[str] = Counter()
    examples: dict[str, list[dict[str, object]]] = {}
    wall, cpu = time.perf_counter(), time.process_time()
    slowest = 0.0
    for run in runs:
        run = run_in_process(run) if do == "in-process" else run_subprocess(run, exe)
        slowest = max(slowest, run.seconds)
        if run.not_run:
            outcome["not run (argument list too long for the OS)"] += 1
            continue
        outcome["error (exit 2)" if run.err.startswith("error:") and run.code == 2 else f"exit {run.code}"] += 1
        for p in run.problems():
            counts[p] += 1
            examples.setdefault(p, [])
            if len(examples[p]) < 3:
                examples[p].append({"argv": [a[:80] for a in run.argv],
                                    "stdin": run.stdin[:80].decode("utf-8", "replace"), "code": run.code,
                                    "err": run.err[-400:], "seconds": round(run.seconds, 2)})
    return {"mode": do, "runs": len(runs), **{c: counts[c] for c in COUNTERS}, "outcomes": dict(outcome),
            "slowest_s": round(slowest, 2), "wall_s": round(time.perf_counter() - wall, 1),
            "cpu_s_here": round(time.process_time() - cpu, 1), "examples": examples}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--subprocess", type=int, default=200, help="how many of the runs also go through a real process")
    args = ap.parse_args()
    runs = list(bad_runs(args.seed, args.runs))
    exe = [shutil.which("gridlogic") or os.path.join(os.path.dirname(sys.executable), "gridlogic")]
    report(sweep(runs, "in-process", exe))
    if args.subprocess:
        step = max(1, len(runs) // args.subprocess)
        sample = [Run(r.argv, r.stdin, r.files) for r in runs[::step][:args.subprocess]]
        report(sweep(sample, "subprocess", exe))


def report(result: dict[str, object]) -> None:
    print(json.dumps({k: v for k, v in result.items() if k != "examples"}), flush=True)
    for name, ex in result["examples"].items():  # type: ignore[attr-defined]
        print(f"  {name}: {json.dumps(ex, ensure_ascii=False)[:1500]}", flush=True)


if __name__ == "__main__":
    main()
