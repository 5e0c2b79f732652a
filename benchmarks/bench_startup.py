"""Start-up benchmark: CPU (user + system) of whole ``gridlogic`` processes, medians of repeated runs.

Each command runs ``--runs`` times as a child process; its CPU is read from ``resource.getrusage``
of the children (user + system), beside wall. Two bytecode modes:

- ``source``: ``PYTHONDONTWRITEBYTECODE=1`` and no ``__pycache__`` under ``src/`` (removed first),
  so gridlogic's own modules compile from source every run, as on machines that never write
  bytecode (the standard library and the installed packages keep their installed ``.pyc``);
- ``cached``: bytecode cached in a private ``PYTHONPYCACHEPREFIX`` warmed by one run first.

``python -c pass`` runs beside as the floor. The modules a command imports are listed with
``--modules`` (numba, llvmlite, rich, numpy, pysat, fastapi: which of them each command loaded).

    nice -n 10 .venv/bin/python -m benchmarks.bench_startup [--runs 15] [--modules]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
GRIDLOGIC = str(BIN / "gridlogic")
STARBATTLE_10 = str(ROOT / "examples" / "starbattle-10x2.txt")
BINARY_14 = ("14x14:.............1...00......1.....0..1.....0.0....0....0...0.0.0..........1.....1.11.0......"
             "....1.........0........1.....1.11.........0.00...0....1.......00...........1..........0.....0..0"
             ".......0..0")
COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "gridlogic --help": [GRIDLOGIC, "--help"],
    "gridlogic solve (Star Battle 10x10)": [GRIDLOGIC, "solve", STARBATTLE_10],
    "gridlogic solve --json (Star Battle 10x10)": [GRIDLOGIC, "solve", STARBATTLE_10, "--json"],
    "gridlogic solve (Binary 14x14)": [GRIDLOGIC, "solve", BINARY_14],
    "gridlogic generate binary 14x14 hard (1 puzzle)": [GRIDLOGIC, "generate", "binary", "--size", "14x14",
                                                        "--difficulty", "hard", "--seed", "1"],
    "gridlogic starstar --help": [GRIDLOGIC, "starstar", "--help"],
}
HEAVY = ("numba", "llvmlite", "rich", "numpy", "pysat", "fastapi", "starlette")
TARGETS = {"gridlogic --help": 0.100, "gridlogic solve (Star Battle 10x10)": 0.200}


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def drop_src_bytecode() -> None:
    for cache in (ROOT / "src").rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)


def modes(prefix: str) -> dict[str, dict[str, str]]:
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")}
    return {"source": {**base, "PYTHONDONTWRITEBYTECODE": "1"},
            "cached": {**base, "PYTHONPYCACHEPREFIX": prefix}}


def loaded_modules(argv: list[str], env: dict[str, str]) -> list[str]:
    """The heavy top-level packages the command imports (from ``-X importtime``)."""
    cmd = [sys.executable, "-X", "importtime", *argv] if argv[0] == GRIDLOGIC else argv
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False).stderr
    names = {line.split("|")[-1].strip().split(".")[0] for line in out.splitlines() if line.startswith("import time:")}
    return [h for h in HEAVY if h in names]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--modules", action="store_true", help="Also list the heavy packages each command imports.")
    ap.add_argument("--only", default=None, help="Comma-separated substrings of command labels to run.")
    args = ap.parse_args()
    chosen = {k: v for k, v in COMMANDS.items()
              if args.only is None or k == "python -c pass" or any(s in k for s in args.only.split(","))}
    with tempfile.TemporaryDirectory(prefix="gridlogic-pyc-") as prefix:
        envs = modes(prefix)
        drop_src_bytecode()
        for argv in chosen.values():  # warm the cache of the 'cached' mode (and the OS file cache)
            run_once(argv, envs["cached"])
        cpu: dict[tuple[str, str], list[float]] = {}
        wall: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.runs):  # interleaved, so the machine's load falls on every command alike
            for mode, env in envs.items():
                for label, argv in chosen.items():
                    c, w = run_once(argv, env)
                    cpu.setdefault((label, mode), []).append(c)
                    wall.setdefault((label, mode), []).append(w)
        floor = {mode: statistics.median(cpu[("python -c pass", mode)]) for mode in envs}
        load = os.getloadavg()[0]
        print(f"runs {args.runs} per command and mode; load average {load:.1f}; CPU = user + system")
        print(f"{'command':48s} {'mode':7s} {'CPU median':>10s} {'min':>6s} {'max':>6s} {'wall med':>9s}"
              f" {'x pass':>7s}  target")
        for label in chosen:
            for mode in envs:
                xs = cpu[(label, mode)]
                med = statistics.median(xs)
                target = TARGETS.get(label)
                verdict = "" if target is None else f"<= {1000 * target:.0f} ms: {'met' if med <= target else 'MISSED'}"
                print(f"{label:48s} {mode:7s} {1000 * med:8.0f} ms {1000 * min(xs):6.0f} {1000 * max(xs):6.0f}"
                      f" {1000 * statistics.median(wall[(label, mode)]):6.0f} ms {med / floor[mode]:6.1f}x  {verdict}")
        if args.modules:
            for label, argv in chosen.items():
                heavy = loaded_modules(argv, envs["cached"])
                print(f"{label}: imports {', '.join(heavy) or 'none of ' + '/'.join(HEAVY)}")


if __name__ == "__main__":
    main()
