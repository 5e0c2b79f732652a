"""The *Star AI's first move on a freshly started server against its later (warm) moves (issues 25, 28).

Each round starts a real ``gridlogic serve`` (its own process, workers warmed before it listens), then
asks for ``--moves`` AI moves of a fixed work (``--playouts`` simulations, so that the load of the
machine does not change the work), each from a new position. Reported per board size: the first
move's wall time and its workers' CPU time, the median of the later ones, and their ratio (target:
first <= 1.5 x warm). CPU is read from /proc for the server's worker processes.

    nice -n 10 .venv/bin/python -m benchmarks.starstar_first_move [--rounds 3] [--moves 5] [--playouts 2000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import httpx

from benchmarks.bench_pool import children, serve

TICK = os.sysconf("SC_CLK_TCK")
OPENINGS = ["*10", "S10", "T10", "A10", "R10", "*20", "S20", "T20"]


def cpu_of(pids: list[int]) -> float:
    """User + system CPU seconds of these processes so far (0 for one that is gone)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def one_round(rings: list[int], moves: int, playouts: int) -> dict[int, list[tuple[float, float]]]:
    """(wall, worker CPU) of each AI move, per board size, on one fresh server."""
    proc, url = serve(10.0)
    out: dict[int, list[tuple[float, float]]] = {r: [] for r in rings}
    try:
        workers = children(proc.pid)
        with httpx.Client(base_url=url, timeout=120) as c:
            c.get("/api/starstar/limits")  # the connection is open before the first timed request
            for k in range(moves):
                for r in rings:
                    body = {"rings": r, "moves": [OPENINGS[k % len(OPENINGS)]], "playouts": playouts, "seed": k}
                    cpu, wall = cpu_of(workers), time.perf_counter()
                    answer = c.post("/api/starstar/ai", json=body)
                    out[r].append((time.perf_counter() - wall, cpu_of(workers) - cpu))
                    assert answer.status_code == 200, answer.text
    finally:
        proc.kill()
        proc.wait()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="fresh servers")
    ap.add_argument("--moves", type=int, default=5, help="AI moves per board size and server")
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--rings", type=int, nargs="+", default=[6, 10])
    args = ap.parse_args()
    firsts: dict[int, list[tuple[float, float]]] = {r: [] for r in args.rings}
    warms: dict[int, list[tuple[float, float]]] = {r: [] for r in args.rings}
    for _ in range(args.rounds):
        for r, timings in one_round(args.rings, args.moves, args.playouts).items():
            firsts[r].append(timings[0])
            warms[r].extend(timings[1:])
    print(f"load average {os.getloadavg()[0]:.1f}; {args.rounds} fresh servers, {args.playouts} playouts a move")
    print("| rings | first move wall (median) | warm wall (median) | ratio | first CPU | warm CPU | ratio |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for r in args.rings:
        fw = statistics.median(w for w, _ in firsts[r])
        fc = statistics.median(c for _, c in firsts[r])
        ww = statistics.median(w for w, _ in warms[r])
        wc = statistics.median(c for _, c in warms[r])
        print(f"| {r} | {fw * 1000:.0f} ms | {ww * 1000:.0f} ms | {fw / ww:.2f} | {fc * 1000:.0f} ms "
              f"| {wc * 1000:.0f} ms | {fc / max(wc, 1e-9):.2f} |")


if __name__ == "__main__":
    main()
