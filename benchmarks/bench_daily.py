"""The daily puzzle's generation time: every kind's daily grades over ``--days`` consecutive dates, each made
as ``GET /api/daily`` makes it (:func:`gridlogic.web.daily.make`, in this process, one at a time), with its
CPU (``time.process_time``) and wall time, and the seed it took (0: the date's own, 1..: the next ones).
Prints a Markdown table per kind and grade: median and max CPU and wall, and the most seeds tried.

    PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.bench_daily [--days 14] [--start 2026-11-01]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import time

from gridlogic.kinds import kinds
from gridlogic.web import daily


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--start", default="2026-11-01")
    ap.add_argument("--limit", type=float, default=8.0, help="seconds per puzzle (the server's: 80%% of 10 s)")
    args = ap.parse_args()
    start = dt.date.fromisoformat(args.start)
    print(f"{args.days} dates from {start}; load {os.getloadavg()[0]:.1f} at the start")
    print("| kind | grade | size | median CPU s | max CPU s | median wall s | max wall s | most extra seeds | failed |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k in kinds().values():
        for d in k.client().daily:
            cpu, wall, extra, failed = [], [], 0, 0
            for i in range(args.days):
                day = (start + dt.timedelta(days=i)).isoformat()
                c0, w0 = time.process_time(), time.monotonic()
                try:
                    out = daily.make(k.name, day, d.level, args.limit)
                    extra = max(extra, out["seed"] - daily.seed(dt.date.fromisoformat(day), k.name, d.level))
                except Exception:  # noqa: BLE001 - counted: a benchmark row, not a crash
                    failed += 1
                cpu.append(time.process_time() - c0)
                wall.append(time.monotonic() - w0)
            print(f"| {k.name} | {d.level} | {d.size} | {statistics.median(cpu):.3f} | {max(cpu):.3f} | "
                  f"{statistics.median(wall):.3f} | {max(wall):.3f} | {extra} | {failed} |", flush=True)
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
