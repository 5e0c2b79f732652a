"""Hint latency on corpus 10x10 / 2-star Star Battle boards (issue 10's target: p95 <= 150 ms).

For each puzzle of the StarBattleLab 10-2 files (``--limit`` per file), the partial boards after
0, 1/4, 1/2, 3/4 and all-but-one of the human solver's steps are each given to ``Kind.hint`` (the
uniqueness check, the wrong-mark check and the next step, as ``/api/hint`` runs it in a worker).
With ``--api``, the same boards go through ``POST /api/hint`` of a live app (worker pool, JSON).
Prints median, p95 and max of wall and CPU time, and the answers by status.

    nice -n 10 .venv/bin/python -m benchmarks.bench_hint [--limit 20] [--api]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from gridlogic.kinds import detect, split_records

ROOT = Path(__file__).resolve().parent.parent
FILES = ("10-2-ez.txt", "10-2-med.txt", "10-2-hard.txt", "10-2-unsorted.txt")


def corpus_dir() -> Path:
    for c in (ROOT.parent / "shared" / "corpus", ROOT / ".." / ".." / "shared" / "corpus"):
        if c.is_dir():
            return c
    sys.exit("corpus not found (../shared/corpus)")


def boards(limit: int) -> list[tuple[str, list[str]]]:
    """``(puzzle text, board rows)`` for every sampled puzzle and prefix."""
    out = []
    for name in FILES:
        path = corpus_dir() / "starbattle" / "starbattlelab" / name
        for rec in split_records(path.read_text(encoding="utf-8"))[:limit]:
            k, fmt = detect(rec.text)
            p = fmt.read(rec.text)
            steps = k.explain(p).steps
            n = len(steps)
            for cut in sorted({0, n // 4, n // 2, 3 * n // 4, max(n - 1, 0)}):
                rows = [["?"] * p.n for _ in range(p.n)]
                for s in steps[:cut]:
                    for m in s.marks:
                        rows[m.cell[0]][m.cell[1]] = "*" if m.value == "star" else "."
                out.append((rec.text, ["".join(r) for r in rows]))
    return out


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def report(name: str, xs: list[float]) -> None:
    print(f"{name:>5}: median {statistics.median(xs):7.1f} ms   p95 {percentile(xs, 0.95):7.1f} ms"
          f"   max {max(xs):7.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=20, help="puzzles per file")
    ap.add_argument("--api", action="store_true", help="through POST /api/hint of a live app (worker pool)")
    args = ap.parse_args()
    cases = boards(args.limit)
    wall: list[float] = []
    cpu: list[float] = []
    statuses: Counter[str] = Counter()
    if args.api:
        from fastapi.testclient import TestClient

        from gridlogic.web.app import create_app

        app = create_app()
        with TestClient(app) as client:
            client.post("/api/hint", json={"puzzle": cases[0][0], "board": cases[0][1]})  # warm the workers
            for text, rows in cases:
                t0, c0 = time.perf_counter(), time.process_time()
                d = client.post("/api/hint", json={"puzzle": text, "board": rows}).json()
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                statuses[d.get("status", "error")] += 1
        app.state.pool.close()
    else:
        for text, rows in cases:
            t0, c0 = time.perf_counter(), time.process_time()
            k, fmt = detect(text)
            h = k.hint(fmt.read(text), rows)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            statuses[h.status] += 1
    print(f"{len(cases)} boards of {len(cases) // 5}+ puzzles (10x10, 2 stars); "
          f"{'POST /api/hint' if args.api else 'Kind.hint'}; statuses {dict(statuses)}")
    report("wall", wall)
    report("cpu", cpu)
    if args.api:
        print("(cpu is the client's and server's event loop; the hint itself runs in a worker process)")


if __name__ == "__main__":
    main()
