"""The worker pool's promises, measured against a real ``gridlogic serve`` (its own process):

1. the quick lane: latency of a 6x6 Star Battle solve (p50, p95, max) while two 40x40 Binary solves keep
   both ordinary workers busy (target p95 <= 200 ms);
2. the time limit: when the answer to an AI move asked to think for the whole budget arrives, and when the
   503 of an overrunning solve arrives, against ``--time-limit`` (target: within 1 s);
3. memory: the workers' resident memory after ``--ai-calls`` AI moves (each may think up to the budget);
4. first answers: the first Hint and the first AI move on a fresh server against warm ones.

    nice -n 10 .venv/bin/python -m benchmarks.bench_pool [--time-limit 10] [--rounds 60] [--ai-calls 50]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

URL6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BLANK_40 = "40x40:" + "." * 1600
BOARD6 = ["?" * 6] * 6


def serve(time_limit: float) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    exe = Path(sys.executable).parent / "gridlogic"
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--time-limit", str(time_limit)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/kinds", timeout=5).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


def children(pid: int) -> list[int]:
    return [int(x) for task in Path(f"/proc/{pid}/task").iterdir() for x in (task / "children").read_text().split()]


def rss_mb(pid: int) -> float:
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def timed(client: httpx.Client, path: str, body: dict[str, object]) -> tuple[float, int]:
    t0 = time.perf_counter()
    r = client.post(path, json=body)
    return time.perf_counter() - t0, r.status_code


def first_answers(time_limit: float) -> None:
    proc, url = serve(time_limit)
    try:
        with httpx.Client(base_url=url, timeout=120) as c:
            c.get("/api/kinds")  # the connection is open before the first timed request
            boards = [["?" * k + "." + "?" * (5 - k)] + ["?" * 6] * 5 for k in (0, 2, 3, 4, 5)]  # a new board each
            hint = [timed(c, "/api/hint", {"puzzle": URL6, "board": board})[0] for board in boards]
            ai = [timed(c, "/api/starstar/ai", {"rings": 6, "moves": [], "playouts": 2000, "seed": k})[0]
                  for k in range(4)]
        print(f"first answers on a fresh server: hint first {hint[0] * 1000:.0f} ms, warm median "
              f"{statistics.median(hint[1:]) * 1000:.0f} ms (ratio {hint[0] / statistics.median(hint[1:]):.2f}); "
              f"AI move (2,000 playouts, 6 rings) first {ai[0] * 1000:.0f} ms, warm median "
              f"{statistics.median(ai[1:]) * 1000:.0f} ms (ratio {ai[0] / statistics.median(ai[1:]):.2f})")
    finally:
        proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--ai-calls", type=int, default=50)
    args = ap.parse_args()
    first_answers(args.time_limit)
    proc, url = serve(args.time_limit)
    try:
        with httpx.Client(base_url=url, timeout=120) as c:
            # 1. the quick lane
            heavy = [threading.Thread(target=lambda: httpx.post(f"{url}/api/solve", json={"puzzle": BLANK_40},
                                                               timeout=120)) for _ in range(2)]
            for t in heavy:
                t.start()
            time.sleep(1.0)
            lat = []
            while len(lat) < args.rounds and any(t.is_alive() for t in heavy):
                seconds, status = timed(c, "/api/solve", {"puzzle": URL6})
                assert status == 200, status
                lat.append(seconds)
            lat.sort()
            p95 = lat[max(0, int(0.95 * len(lat)) - 1)]
            print(f"quick lane: {len(lat)} 6x6 solves while two 40x40 solves ran: "
                  f"p50 {statistics.median(lat) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                  f"max {lat[-1] * 1000:.0f} ms (target p95 <= 200 ms)")
            for t in heavy:
                t.join()
            # 2. the time limit
            limit = c.get("/api/starstar/limits").json()["seconds"][1]
            seconds, status = timed(c, "/api/starstar/ai", {"rings": 10, "moves": [], "seconds": limit})
            over, status2 = timed(c, "/api/count", {"puzzle": BLANK_40, "limit": 1000})
            print(f"time limit {args.time_limit:g} s: AI asked for {limit:g} s answered {status} after {seconds:.2f} s "
                  f"(slack {seconds - args.time_limit:+.2f} s); an overrunning count answered {status2} after "
                  f"{over:.2f} s (slack {over - args.time_limit:+.2f} s)")
            # 3. memory after many AI calls
            before = {p: rss_mb(p) for p in children(proc.pid)}
            for k in range(args.ai_calls):
                timed(c, "/api/starstar/ai", {"rings": 10, "moves": [], "seconds": min(2.0, limit), "seed": k})
            after = {p: rss_mb(p) for p in children(proc.pid)}
            print(f"workers' resident memory: before {sorted(round(v) for v in before.values())} MB, after "
                  f"{args.ai_calls} AI calls (2 s each, 10 rings) {sorted(round(v) for v in after.values())} MB")
    finally:
        proc.kill()


if __name__ == "__main__":
    main()
