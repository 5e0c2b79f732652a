"""*Star benchmarks: playouts/s by ring count, MCTS simulations/s, playing strength.

    python -m benchmarks.bench_starstar                      # full run (100 games per match)
    python -m benchmarks.bench_starstar --games 10 --playouts 300 --seconds 0.5   # quick look

Strength: MCTS (UCT + RAVE) against a uniformly random player and against flat Monte Carlo with
the same playouts per move, on 6 rings, colours alternating (half the games as Black).
Goals from issue 6: >= 50k playouts/s on 10 rings, >= 95 % against random, >= 70 % against flat.
"""

from __future__ import annotations

import argparse
import json
import platform

from gridlogic.games.starstar.bench import match, playout_rate, simulation_rate
from gridlogic.games.starstar.playout import BACKENDS, POLICIES


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rings", type=int, nargs="+", default=[4, 6, 8, 10])
    parser.add_argument("--seconds", type=float, default=2.0, help="per speed measurement (split in 3 runs)")
    parser.add_argument("--games", type=int, default=100, help="games per strength match (0: skip)")
    parser.add_argument("--playouts", type=int, default=500, help="playouts per move in the matches")
    parser.add_argument("--match-rings", type=int, default=6)
    parser.add_argument("--workers", type=int, default=1, help="processes for the matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-speed", action="store_true", help="only the strength matches")
    parser.add_argument("--opponents", nargs="+", choices=sorted(GOALS), default=["random", "flat"])
    parser.add_argument("--json", action="store_true", help="also print one JSON summary line")
    ns = parser.parse_args(argv)

    summary: dict[str, object] = {"python": platform.python_version(), "backends": sorted(BACKENDS)}
    print(f"Python {platform.python_version()}, playout back ends: {', '.join(sorted(BACKENDS))}")
    if not ns.no_speed:
        summary.update(speed(ns.rings, ns.seconds))
    if ns.games > 0:
        summary["strength"] = strength(ns)
    if ns.json:
        print(json.dumps(summary))


def speed(ring_counts: list[int], seconds: float) -> dict[str, object]:
    print("\nplayouts per CPU second (fill + score, median of 3 runs), by back end and policy")
    speeds: dict[str, dict[int, float]] = {}
    for backend in sorted(BACKENDS):
        for policy in POLICIES:
            key = f"{backend}/{policy}"
            speeds[key] = {}
            for rings in ring_counts:
                rate = playout_rate(rings, seconds, backend, policy=policy)
                speeds[key][rings] = rate
                print(f"  {key:14s} {rings:2d} rings: {rate:10,.0f}", flush=True)
    print("\nMCTS simulations per CPU second from the empty board (numba when installed, median of 3)")
    sims: dict[str, dict[int, float]] = {}
    for policy in ("bridge", "random"):
        sims[policy] = {}
        for rings in ring_counts:
            sims[policy][rings] = simulation_rate(rings, seconds, runs=3, policy=policy)
            print(f"  {policy:6s} playouts {rings:2d} rings: {sims[policy][rings]:10,.0f}", flush=True)
    return {"playouts_per_s": speeds, "simulations_per_s": sims}


GOALS = {"random": 0.95, "flat": 0.70}


def strength(ns: argparse.Namespace) -> dict[str, object]:
    print(f"\nstrength on {ns.match_rings} rings, {ns.games} games each, {ns.playouts} playouts per move")
    matches: dict[str, object] = {}
    for opponent in ns.opponents:
        result = match(
            "mcts",
            opponent,
            games=ns.games,
            rings=ns.match_rings,
            playouts=ns.playouts,
            seed=ns.seed,
            workers=ns.workers,
        )
        goal = GOALS[opponent]
        print(
            f"  mcts vs {opponent:6s}: {result.wins}/{result.games} = {result.rate:.0%} "
            f"(as Black {result.wins_as_black}, as White {result.wins_as_white}; "
            f"goal {goal:.0%}: {'met' if result.rate >= goal else 'not met'}) in {result.seconds:.0f} s",
            flush=True,
        )
        matches[opponent] = {"games": result.games, "wins": result.wins, "rate": result.rate}
    return matches


if __name__ == "__main__":
    main()
