"""``make bench``: a short, useful set of figures, and the long benchmarks behind ``--long``.

Short set (a few minutes on the 2-core development machine):

1. start-up: CPU of whole ``gridlogic`` processes (``benchmarks.bench_startup --runs 5``);
2. one solve and one explain per kind through the command line (median CPU of 3 runs each);
3. the step digests of every kind (``benchmarks.steps_digest``), the A/B check of refactors:
   compare its lines with the baselines before merging.

``--long`` adds the generate digest and bounded runs of the corpus, generator, web and *Star
benchmarks and the mutation check (an hour or more). Every step runs as its own niced process; its
command, wall and CPU time are printed, and with ``--write`` also saved to
``benchmarks/results/run_all.md``.

    PYTHONPATH=src python -m benchmarks.run_all [--long] [--only NAME] [--write]
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRIDLOGIC = str(Path(sys.executable).with_name("gridlogic"))
RESULTS = ROOT / "benchmarks" / "results" / "run_all.md"
BINARY_14 = ("14x14:.............1...00......1.....0..1.....0.0....0....0...0.0.0..........1.....1.11.0......"
             "....1.........0........1.....1.11.........0.00...0....1.......00...........1..........0.....0..0"
             ".......0..0")
EXAMPLES = {
    "Star Battle 10x10/2": str(ROOT / "examples" / "starbattle-10x2.txt"),
    "Binary 14x14": BINARY_14,
    "Str8ts 9x9": str(ROOT / "tests" / "data" / "str8ts-seed-example.txt"),
}


@dataclass(frozen=True)
class Bench:
    name: str
    argv: tuple[str, ...]  # after ``python -m``
    long: bool = False


BENCHES = (
    Bench("start-up", ("benchmarks.bench_startup", "--runs", "5")),
    Bench("solve-explain", ()),  # measured here: see solve_explain()
    Bench("steps-digest", ("benchmarks.steps_digest",)),
    Bench("generate-digest", ("benchmarks.generate_digest",), long=True),
    Bench("binary", ("benchmarks.bench_binary", "--peers", "50", "--gen", "3"), long=True),
    Bench("str8ts", ("benchmarks.bench_str8ts", "--rounds", "1"), long=True),
    Bench("starbattle-human", ("benchmarks.bench_starbattle_human", "--limit", "5"), long=True),
    Bench("starbattle-exact", ("benchmarks.bench_starbattle_exact", "--per-class", "5", "--peers", "0"),
          long=True),
    Bench("generate", ("benchmarks.bench_generate", "--seeds", "3"), long=True),
    Bench("hint", ("benchmarks.bench_hint", "--limit", "5"), long=True),
    Bench("web", ("benchmarks.bench_web", "--rounds", "50", "--concurrent", "100"), long=True),
    Bench("starstar", ("benchmarks.bench_starstar", "--games", "0"), long=True),
    Bench("mutation", ("benchmarks.mutation", "--no-write"), long=True),
)


def env() -> dict[str, str]:
    path = os.environ.get("PYTHONPATH", "")
    return dict(os.environ, PYTHONPATH=str(ROOT / "src") + (os.pathsep + path if path else ""))


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(argv: Sequence[str]) -> tuple[str, int, float, float]:
    """(output, exit code, wall s, CPU s) of one niced child process."""
    cpu, t = children_cpu(), time.perf_counter()
    done = subprocess.run(["nice", "-n", "10", *argv], cwd=ROOT, env=env(), capture_output=True, text=True,
                          check=False)
    return done.stdout + done.stderr, done.returncode, time.perf_counter() - t, children_cpu() - cpu


def solve_explain() -> tuple[str, int]:
    """Median CPU (and wall) of 3 runs of ``gridlogic solve`` and ``explain`` per kind's example:
    the table, and 0 (or the first failing exit code, with its output)."""
    lines = ["| puzzle | command | CPU s (median of 3) | wall s |", "|---|---|---:|---:|"]
    for label, puzzle in EXAMPLES.items():
        for command in ("solve", "explain"):
            runs = [run([GRIDLOGIC, command, puzzle]) for _ in range(3)]
            bad = [r for r in runs if r[1] != 0]
            if bad:
                return f"gridlogic {command} {label}: exit {bad[0][1]}\n{bad[0][0][-400:]}", bad[0][1]
            lines.append(f"| {label} | {command} | {statistics.median(r[3] for r in runs):.2f} "
                         f"| {statistics.median(r[2] for r in runs):.2f} |")
    return "\n".join(lines), 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--long", action="store_true", help="also the long benchmarks (an hour or more)")
    ap.add_argument("--only", action="append", choices=[b.name for b in BENCHES], help="only these (repeatable)")
    ap.add_argument("--write", action="store_true", help=f"save to {RESULTS.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    chosen = [b for b in BENCHES if (b.name in args.only if args.only else args.long or not b.long)]
    report = [f"# make bench, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC", ""]
    failed = 0
    for b in chosen:
        command = ("gridlogic solve|explain <example> per kind" if not b.argv
                   else "python -m " + " ".join(b.argv))
        print(f"== {b.name}: {command}", flush=True)
        if not b.argv:
            t = time.perf_counter()
            (text, code), cpu = solve_explain(), 0.0
            wall = time.perf_counter() - t
        else:
            text, code, wall, cpu = run([sys.executable, "-m", *b.argv])
        failed += code != 0
        summary = f"exit {code}, {wall:.0f} s wall" + (f", {cpu:.0f} s CPU" if cpu else "")
        print(text.rstrip(), f"\n-- {b.name}: {summary}\n", flush=True)
        report += [f"## {b.name}", "", f"`{command}`: {summary}", "", "```", text.rstrip(), "```", ""]
    if args.write:
        RESULTS.write_text("\n".join(report), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
