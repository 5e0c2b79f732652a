"""Batch throughput: the local process pool against Ray (``--ray local``), same rows.

    nice -n 10 .venv/bin/python -m benchmarks.bench_batch [--command solve] [--workers 2] [--limit 600]

Runs ``gridlogic batch`` as a subprocess over the first ``--limit`` puzzles of the Binary corpus
(``$GRIDLOGIC_CORPUS`` or ../shared/corpus), locally then on a Ray instance it starts, and prints wall
and CPU seconds (the child processes' user+sys), puzzles per second, and whether the rows are equal
(timing fields aside). Ray is skipped, with the reason, when it is not installed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VOLATILE = {"ms"}


def corpus() -> Path:
    env = os.environ.get("GRIDLOGIC_CORPUS")
    root = Path(env) if env else Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    if not root.is_dir():
        root = Path(__file__).resolve().parents[3] / "shared" / "corpus"
    return root


def run(args: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return time.perf_counter() - start, cpu


def rows(path: Path) -> list[dict[str, object]]:
    got = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted(({k: v for k, v in r.items() if k not in VOLATILE} for r in got), key=lambda r: int(str(r["index"])))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--command", default="solve")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=int, default=600)
    a = ap.parse_args()
    lines = (corpus() / "binary" / "binary.tsv").read_text().splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.tsv"
        src.write_text("\n".join(lines[:a.limit + 1]) + "\n")
        results = {}
        for name, extra in (("local", []), ("ray", ["--ray", "local"])):
            if name == "ray":
                try:
                    import ray  # noqa: F401
                except ImportError:
                    print(json.dumps({"mode": "ray", "skipped": "ray is not installed (pip install 'gridlogic[ray]')"}))
                    continue
            out = Path(tmp) / f"{name}.jsonl"
            wall, cpu = run(["batch", a.command, str(src), "--out", str(out), "--workers", str(a.workers), *extra])
            results[name] = rows(out)
            print(json.dumps({"mode": name, "puzzles": len(results[name]), "wall_s": round(wall, 2),
                              "cpu_s": round(cpu, 2), "per_s": round(len(results[name]) / wall, 1)}), flush=True)
        if len(results) == 2:
            print(json.dumps({"rows_equal": results["local"] == results["ray"]}))


if __name__ == "__main__":
    main()
