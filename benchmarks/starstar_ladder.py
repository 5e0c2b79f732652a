"""The *Star Elo ladder: round robin at a fixed CPU time per move, colours alternating, pie rule off.

    nice -n 10 python -m benchmarks.starstar_ladder --rings 6 --seconds 0.2 --games 20 --workers 2
    python -m benchmarks.starstar_ladder --rings 6 --seconds 0.2 --fit     # table only

Every game is appended as one JSON line to ``benchmarks/results/starstar-ladder.jsonl`` (players,
rings, seconds, winner, margin, moves, CPU seconds), so runs add up and a new player joins the ladder
by playing only its own games.  ``--fit`` (done after every run too) fits Elo with 95 % intervals
(``gridlogic.games.starstar.elo``, random anchored at 0) over the games of one board size and time, and writes
``benchmarks/results/starstar-ladder-<rings>r-<seconds>s.md``.

The time per move is CPU time of the game's process (``time.process_time``), so that the other
work on a shared machine changes the figures less; each game runs in its own process.

Players:
* ``random``  uniformly random empty node;
* ``flat``    flat Monte Carlo: round-robin random playouts over the empty nodes, best mean;
* ``rave``    the MCTS-RAVE player as it was before the ladder (random playouts, UCT + RAVE,
  tree reuse between moves, no bound on the tree);
* ``bridge``  the same search with bridge and edge-template defence in the playouts, and the tree
  bounded to 256 MB;
* ``bridge-c0`` ``bridge`` without the UCT exploration term (RAVE alone explores);
* ``bridge-prior`` ``bridge`` whose new nodes give 10 virtual wins to each answer to an intruded bridge:
  the default ``MCTSBot`` of the first ladder (its games were played before the faster scoring);
* ``default`` ``MCTSBot()`` with its defaults as they are in the code that plays the game: the
  player of the GTP engine and the web page (since the p29 round: bridge-prior, faster scoring);
* ``solver``  ``default`` with the MCTS-Solver (``solver=True``: proven wins and losses backed up, passing
  searched in the last 10 empty nodes).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from multiprocessing import get_context
from pathlib import Path

from gridlogic.games.starstar.elo import fit, wilson
from gridlogic.games.starstar.mcts import Bot, FlatMonteCarloBot, MCTSBot, RandomBot, RandomPlayoutEvaluator
from gridlogic.games.starstar.playout import warm_up
from gridlogic.games.starstar.state import StarState

RESULTS = Path(__file__).parent / "results"
GAMES_FILE = RESULTS / "starstar-ladder.jsonl"
CPU = time.process_time
Job = tuple[str, str, int, float, int]  # black, white, rings, CPU seconds per move, seed


def _mcts(policy: str, **kw: float) -> Callable[[int, float], Bot]:
    def make(seed: int, seconds: float) -> Bot:
        return MCTSBot(rng=random.Random(seed), seconds=seconds, playouts=None, clock=CPU,
                       evaluator=RandomPlayoutEvaluator(policy=policy), **kw)  # type: ignore[arg-type]
    return make


PLAYERS: dict[str, Callable[[int, float], Bot]] = {
    "random": lambda seed, _: RandomBot(rng=random.Random(seed)),
    "flat": lambda seed, s: FlatMonteCarloBot(rng=random.Random(seed), seconds=s, playouts=None, clock=CPU),
    "rave": _mcts("random", bridge_prior=0.0, memory_mb=1e9),
    "bridge": _mcts("bridge", bridge_prior=0.0),
    "bridge-c0": _mcts("bridge", bridge_prior=0.0, exploration=0.0),
    "bridge-prior": _mcts("bridge", bridge_prior=10.0),
    "default": lambda seed, s: MCTSBot(rng=random.Random(seed), seconds=s, playouts=None, clock=CPU),
    "solver": lambda seed, s: MCTSBot(rng=random.Random(seed), seconds=s, playouts=None, clock=CPU, solver=True),
}


def play(job: Job) -> dict[str, object]:
    """One game: ``black`` against ``white``; the record as a dict."""
    black, white, rings, seconds, seed = job
    warm_up()
    bots = (PLAYERS[black](2 * seed, seconds), PLAYERS[white](2 * seed + 1, seconds))
    state = StarState.new(rings)
    cpu = [0.0, 0.0]
    while not state.is_terminal():
        player = state.to_play
        start = CPU()
        state.apply_action(bots[player].step(state))
        cpu[player] += CPU() - start
    score = state.score()
    winner = score.winner
    return {"black": black, "white": white, "rings": rings, "seconds": seconds, "seed": seed,
            "winner": None if winner is None else ("b", "w")[winner], "margin": score.margin(),
            "moves": len(state.moves), "cpu": [round(c, 2) for c in cpu]}


def load(rings: int, seconds: float) -> list[dict[str, object]]:
    if not GAMES_FILE.exists():
        return []
    rows = [json.loads(line) for line in GAMES_FILE.read_text().splitlines() if line.strip()]
    return [r for r in rows if r["rings"] == rings and r["seconds"] == seconds]


def schedule(players: list[str], games: int, rings: int, seconds: float, pairs: list[str]) -> list[Job]:
    """Games still to play so that every pair has ``games`` (colours alternating, half each)."""
    done = Counter((str(r["black"]), str(r["white"])) for r in load(rings, seconds))
    wanted = [tuple(p.split(":")) for p in pairs] or [
        (a, b) for i, a in enumerate(players) for b in players[i + 1 :]
    ]
    jobs = []
    for a, b in wanted:
        for k in range(games):
            black, white = (a, b) if k % 2 == 0 else (b, a)
            if done[(black, white)] > k // 2:
                continue
            seed = _seed(a, b, k, rings, seconds)
            jobs.append((black, white, rings, seconds, seed))
    # interleave pairs so that a partial run covers every pair
    jobs.sort(key=lambda j: (j[4] % 97, j[0], j[1]))
    return jobs


def _seed(a: str, b: str, k: int, rings: int, seconds: float) -> int:
    text = f"{a}:{b}:{k}:{rings}:{seconds}"
    return sum((i + 1) * ord(c) for i, c in enumerate(text)) * 7919 + k


def table(rings: int, seconds: float) -> str:
    rows = load(rings, seconds)
    results = [(str(r["black"]), str(r["white"]), 1.0 if r["winner"] == "b" else 0.5 if r["winner"] is None else 0.0)
               for r in rows]
    if not results:
        return "no games\n"
    players = {p for b, w, _ in results for p in (b, w)}
    anchor = "random" if "random" in players else "rave" if "rave" in players else min(players)
    try:
        ratings = fit(results, anchor=anchor)
    except ValueError as exc:  # some players have not met the anchor's side of the ladder yet
        return f"no fit yet: {exc}\n"
    lines = [f"# *Star ladder: {rings} rings, {seconds} s CPU per move", "",
             f"{len(rows)} games, colours alternating, pie rule off; Elo by maximum likelihood "
             f"(one virtual draw per pair), {anchor} = 0, 95 % intervals.", "",
             "| player | Elo | 95 % interval | games | score |", "|---|---:|---|---:|---:|"]
    lines += [f"| {r.player} | {r.elo:.0f} | {r.low:.0f} .. {r.high:.0f} | {r.games} | {r.score:.1f} |"
              for r in ratings]
    if anchor != "rave" and "rave" in players:  # the same fit seen from today's baseline
        around = {r.player: r for r in fit(results, anchor="rave")}
        lines += ["", "Relative to rave (rave = 0, 95 % intervals of the difference):", "",
                  "| player | Elo - rave | 95 % interval |", "|---|---:|---|"]
        lines += [f"| {p} | {around[p].elo:+.0f} | {around[p].low:+.0f} .. {around[p].high:+.0f} |"
                  for p in (r.player for r in ratings) if p != "rave"]
    lines += ["", "| pair | games | wins of the first | win rate (95 % Wilson) | as Black | as White |",
              "|---|---:|---:|---|---:|---:|"]
    pair_rows: dict[tuple[str, str], list[tuple[float, bool]]] = {}
    order = [r.player for r in ratings]
    for b, w, s in results:
        first, second = sorted((b, w), key=order.index)
        s_first = s if first == b else 1 - s
        pair_rows.setdefault((first, second), []).append((s_first, first == b))
    for (a, b), games in sorted(pair_rows.items(), key=lambda kv: (order.index(kv[0][0]), order.index(kv[0][1]))):
        wins = sum(s for s, _ in games)
        low, high = wilson(wins, len(games))
        as_black = sum(s for s, black in games if black)
        as_white = sum(s for s, black in games if not black)
        n_black = sum(1 for _, black in games if black)
        lines.append(f"| {a} vs {b} | {len(games)} | {wins:g} | {wins / len(games):.0%} ({low:.0%} .. {high:.0%}) "
                     f"| {as_black:g}/{n_black} | {as_white:g}/{len(games) - n_black} |")
    cpu = [c for r in rows for c in r["cpu"]]  # type: ignore[attr-defined]
    moves = sum(int(r["moves"]) for r in rows)  # type: ignore[call-overload]
    lines += ["", f"CPU per game and player: median {sorted(cpu)[len(cpu) // 2]:.1f} s; {moves} moves in all.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rings", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds per move")
    parser.add_argument("--players", nargs="+", default=["random", "flat", "rave", "bridge"], choices=sorted(PLAYERS))
    parser.add_argument("--pairs", nargs="*", default=[], help="only these pairs, as a:b (default: round robin)")
    parser.add_argument("--games", type=int, default=10, help="games per pair (played to this total)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fit", action="store_true", help="only print and write the table")
    ns = parser.parse_args(argv)
    RESULTS.mkdir(exist_ok=True)
    if not ns.fit:
        jobs = schedule(ns.players, ns.games, ns.rings, ns.seconds, ns.pairs)
        print(f"{len(jobs)} games to play", flush=True)
        with get_context("spawn").Pool(ns.workers) as pool, GAMES_FILE.open("a") as out:
            for row in pool.imap_unordered(play, jobs):
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(row["black"], row["white"], row["winner"], row["margin"], row["cpu"], flush=True)
    text = table(ns.rings, ns.seconds)
    (RESULTS / f"starstar-ladder-{ns.rings}r-{ns.seconds}s.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
