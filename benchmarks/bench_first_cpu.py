"""The first Hint on a fresh server against warm ones, in CPU time (robust on a loaded machine, where the
wall-clock ``bench_pool.first_answers`` takes one sample of a few milliseconds and is mostly noise).

Two parts, each ``--runs`` times in fresh processes (a new board each hint, as ``first_answers``):

- server: the app in this process (its lifespan run: the worker pool started and warmed, and the routes
  warmed where the tree has ``web/warmup.py``), hints sent through ``httpx.ASGITransport``; CPU of this
  process only (the route, validation, the pool's dispatch, the answer), not the worker's;
- worker: what a worker does before it takes work (the app's ``PRELOAD`` and ``WARM``, then
  ``workerproc.settle`` where the tree has it), then the hint job itself, CPU.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/bench_first_cpu.py [--runs 5]

(Run as a file, it measures whichever tree ``PYTHONPATH`` names: the same script for an A/B.)
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import statistics
import subprocess
import sys
import time
from pathlib import Path

URL6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BOARDS = [["?" * k + "." + "?" * (5 - k)] + ["?" * 6] * 5 for k in (0, 2, 3, 4, 5)]


async def _server() -> list[float]:
    import httpx

    from gridlogic.web.app import create_app

    app = create_app()
    out = []
    async with app.router.lifespan_context(app), \
            httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
        await c.get("/api/kinds")
        for board in BOARDS:
            t = time.process_time()
            r = await c.post("/api/hint", json={"puzzle": URL6, "board": board})
            out.append(time.process_time() - t)
            assert r.status_code == 200, r.text
    return out


def _worker() -> list[float]:
    from gridlogic import service
    from gridlogic.web import app, workerproc

    for module in app.PRELOAD:
        importlib.import_module(module)
    for name in app.WARM:
        module, _, function = name.partition(":")
        getattr(importlib.import_module(module), function)()
    settle = getattr(workerproc, "settle", None)
    if settle is not None:
        settle()
    from gridlogic.web.routes_play import hint_job

    out = []
    for board in BOARDS:
        t = time.process_time()
        hint_job(service.Spec(URL6, None, None, {}, 0, "hint"), board, None)
        out.append(time.process_time() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--part", choices=("server", "worker"))
    args = ap.parse_args()
    if args.part:  # one fresh process: print the CPU of each hint
        times = asyncio.run(_server()) if args.part == "server" else _worker()
        print(" ".join(f"{t:.6f}" for t in times))
        return
    for part in ("server", "worker"):
        firsts, warms = [], []
        for _ in range(args.runs):
            out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--part", part],
                                 capture_output=True, text=True, check=True).stdout.split()
            times = [float(x) for x in out]
            firsts.append(times[0])
            warms.append(statistics.median(times[1:]))
        ratios = [f / w for f, w in zip(firsts, warms, strict=True)]
        print(f"{part}: first hint {1000 * statistics.median(firsts):.2f} ms CPU, "
              f"warm {1000 * statistics.median(warms):.2f} ms (medians of {args.runs} fresh processes); "
              "ratio per process "
              f"{', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f})")


if __name__ == "__main__":
    main()
