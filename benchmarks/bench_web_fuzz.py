"""Fuzz the web app with hostile requests and count what breaks the house rule.

    nice -n 10 .venv/bin/python -m benchmarks.bench_web_fuzz [--requests 5000] [--seed 1]

Starts a real server (uvicorn, 2 workers plus the quick one, 10 s limit) on loopback, sends
``--requests`` requests made by :func:`gridlogic.web.fuzz.mutated`, and prints per problem (5xx, errors
quoting the request, catch-all messages, live markup, oversized answers) the count and first examples,
the status codes seen, and the slowest answer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

import httpx

from gridlogic.web import fuzz
from gridlogic.web.app import MAX_ANSWER_BYTES


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sys.path.insert(0, "tests/web")
    from conftest import start_server  # the tests' own real-server helper

    srv, thread, url = start_server(workers=2, time_limit=10.0)
    rng = random.Random(args.seed)
    problems: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    examples: dict[str, list[str]] = {}
    slowest = 0.0
    started = time.perf_counter()
    with httpx.Client(base_url=url, timeout=60) as client:
        for k in range(args.requests):
            request = fuzz.mutated(rng)
            t0 = time.perf_counter()
            if request.method == "GET":
                r = client.get(request.path)
            else:
                r = client.post(request.path, content=request.body, headers={"content-type": "application/json"})
            slowest = max(slowest, time.perf_counter() - t0)
            statuses[r.status_code] += 1
            for p in fuzz.problems(request, r.status_code, r.headers.get("content-type", ""), r.text, MAX_ANSWER_BYTES):
                problems[p] += 1
                examples.setdefault(p, [])
                if len(examples[p]) < 3:
                    examples[p].append(f"{request!r} -> {r.status_code} {r.text[:200]}")
            if (k + 1) % 500 == 0:
                print(f"{k + 1} requests, {sum(problems.values())} problems", file=sys.stderr)
    srv.should_exit = True
    thread.join(timeout=10)
    print(f"requests {args.requests} (seed {args.seed}) in {time.perf_counter() - started:.1f} s wall, "
          f"slowest {slowest:.2f} s")
    print("statuses", dict(sorted(statuses.items())))
    print("problems", dict(problems) or "none")
    for p, xs in examples.items():
        for x in xs:
            print(f"  {p}: {x}")


if __name__ == "__main__":
    main()
