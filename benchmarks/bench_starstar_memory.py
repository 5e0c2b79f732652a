"""Memory of one *Star AI call: peak resident memory of a fresh process after one search.

    nice -n 10 python -m benchmarks.bench_starstar_memory --rings 10 --playouts 40000

Each configuration runs in its own process (``ru_maxrss`` is a process's peak).  ``unbounded`` is
the tree as it was (no bound: one node of 4 x 277 numbers per simulation on 10 rings, so a 30 s
search at ~10k simulations/s held ~3 GB); the others are today's ``MCTSBot`` with ``memory_mb``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time

from gridlogic.games.starstar.mcts import MCTSBot, warm_up
from gridlogic.games.starstar.state import StarState


def one(rings: int, playouts: int, memory_mb: float) -> dict[str, float]:
    warm_up()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    bot = MCTSBot(rng=random.Random(0), playouts=playouts, memory_mb=memory_mb)
    cpu = time.process_time()
    result = bot.search(StarState.new(rings))
    cpu = time.process_time() - cpu
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"memory_mb": memory_mb, "nodes": bot.nodes, "simulations": result.simulations,
            "peak_mb": round(after), "before_mb": round(before), "cpu_s": round(cpu, 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rings", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=40_000)
    parser.add_argument("--limits", type=float, nargs="+", default=[1e9, 256, 64])
    parser.add_argument("--child", type=float, help=argparse.SUPPRESS)
    ns = parser.parse_args(argv)
    if ns.child is not None:
        print(json.dumps(one(ns.rings, ns.playouts, ns.child)))
        return
    for limit in ns.limits:
        out = subprocess.run([sys.executable, "-m", "benchmarks.bench_starstar_memory", "--rings", str(ns.rings),
                              "--playouts", str(ns.playouts), "--child", str(limit)],
                             capture_output=True, text=True, check=True)
        row = json.loads(out.stdout)
        name = "unbounded" if limit >= 1e9 else f"memory_mb={limit:g}"
        print(f"{name:15s} {row['simulations']:7d} simulations  {row['nodes']:7d} nodes  "
              f"peak {row['peak_mb']:5d} MB (before the search {row['before_mb']} MB)  {row['cpu_s']} s CPU")


if __name__ == "__main__":
    main()
