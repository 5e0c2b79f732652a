"""Web server figures under load, against a real ``gridlogic serve`` on loopback (its own process).

1. ``GET /api/kinds`` latency (p50, p95) while 40x40 Binary solves keep both workers busy until the time
   limit stops them;
2. 500 concurrent mixed requests (kinds, parse, live board checks, draws, small solves, progress): errors
   and wall time;
3. live board-check latency (``POST /api/board``) on a 10x10 2-star board, the request a click makes.

    nice -n 10 .venv/bin/python -m benchmarks.bench_web [--time-limit 5] [--rounds 200]

Reports wall time and this client's CPU time (``time.process_time``); the server's CPU is its own.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

URL6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
URL10 = "https://puzz.link/p?starbattle/10/10/2/j8mjl1qbq09p0j18i280i0a0gkdfnn880m0u"
BLANK_40 = "40x40:" + "." * 1600


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def start(time_limit: float) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    exe = str(Path(sys.executable).parent / "gridlogic")
    proc = subprocess.Popen([exe, "serve", "--port", str(port), "--time-limit", str(time_limit)],  # noqa: S603
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{base}/api/kinds", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not start")


async def kinds_under_load(base: str, seconds: float) -> tuple[list[float], list[int]]:
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        slow = [asyncio.create_task(client.post("/api/solve", json={"puzzle": BLANK_40})) for _ in range(2)]
        lat: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            t = time.perf_counter()
            r = await client.get("/api/kinds")
            assert r.status_code == 200
            lat.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.02)
        codes = [(await s).status_code for s in slow]
    return lat, codes


async def mixed(base: str, n: int) -> tuple[dict[int, int], float]:
    board = ["?" * 6] * 6
    calls = [("GET", "/api/kinds", None), ("POST", "/api/parse", {"puzzle": URL6}),
             ("POST", "/api/board", {"puzzle": URL6, "board": board}), ("POST", "/api/solve", {"puzzle": URL6}),
             ("POST", "/api/draw", {"puzzle": URL6}), ("POST", "/api/progress", {"puzzle": URL6, "board": board}),
             ("POST", "/api/solve", {"puzzle": "6x6:0..0.......10...1....0.1.11..1......"}),
             ("POST", "/api/count", {"puzzle": ".e...24#.#.#.......2.5..#.#.#....4a.", "limit": 2})]
    limits = httpx.Limits(max_connections=n, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=300, limits=limits) as client:
        async def one(i: int) -> int:
            method, path, body = calls[i % len(calls)]
            try:
                return (await client.request(method, path, json=body)).status_code
            except httpx.HTTPError:
                return -1
        t = time.perf_counter()
        codes = await asyncio.gather(*(one(i) for i in range(n)))
        wall = time.perf_counter() - t
    return {c: codes.count(c) for c in set(codes)}, wall


def board_checks(base: str, rounds: int) -> list[float]:
    board = ["?" * 10] * 10
    lat = []
    with httpx.Client(base_url=base, timeout=60) as client:
        for i in range(rounds):
            b = list(board)
            b[i % 10] = "?" * (i % 10) + "*" + "?" * (9 - i % 10)
            t = time.perf_counter()
            r = client.post("/api/board", json={"puzzle": URL10, "board": b})
            assert r.status_code == 200
            lat.append((time.perf_counter() - t) * 1000)
    return lat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--concurrent", type=int, default=500)
    args = ap.parse_args()
    proc, base = start(args.time_limit)
    try:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        lat, codes = asyncio.run(kinds_under_load(base, args.time_limit + 1))
        print(f"GET /api/kinds during two 40x40 Binary solves: n={len(lat)} p50 {statistics.median(lat):.1f} ms, "
              f"p95 {pct(lat, 0.95):.1f} ms, max {max(lat):.1f} ms; the solves answered {codes}")
        counts, wall = asyncio.run(mixed(base, args.concurrent))
        errors = sum(v for k, v in counts.items() if k != 200)
        print(f"{args.concurrent} concurrent mixed requests: {counts} -> {errors} errors, {wall:.2f} s wall")
        lat = board_checks(base, args.rounds)
        print(f"POST /api/board (10x10, 2 stars) x{len(lat)}: p50 {statistics.median(lat):.1f} ms, "
              f"p95 {pct(lat, 0.95):.1f} ms")
        print(f"client: {time.perf_counter() - wall0:.1f} s wall, {time.process_time() - cpu0:.1f} s CPU; "
              f"machine load {os.getloadavg()[0]:.1f}")
    finally:
        proc.terminate()
        proc.wait(timeout=20)


if __name__ == "__main__":
    main()
