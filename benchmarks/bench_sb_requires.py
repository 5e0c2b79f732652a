"""``generate starbattle --requires T`` for every technique of Kris's guide (issue 26, "Teach me T"):
per technique and board, the seeds that give a puzzle within a CPU budget, and the median and the
largest CPU time per seed (``time.process_time``: the machine is shared, so wall time says little).

    nice -n 15 .venv/bin/python -m benchmarks.bench_sb_requires [--sizes 10/2,8/1] [--seeds 20]
        [--techniques R6.1,R6.2] [--cap 60] [--give-up 3] [--out benchmarks/results/starbattle-requires.md]

``--cap`` is each seed's CPU budget (``cpu_clock``), ``--give-up K`` stops a technique after K
failures in a row with none found (the table says how many seeds were run). A technique that
cannot exist at a board (``error:`` from the CLI) is reported as such.

``--walks K`` measures instead whether T can be reached at all, planting the state by hand: K random
unique puzzles (spread ``--sigma``), each solved by the rules up to T's level while cells of its
solution are revealed one at a time in random order (as givens would be) until it is solved or the
engine takes a step of T. Per technique: the walks with a state closed under the rules before T on
which T fires ("before" states), and those where the engine's capped solve takes a step of T (what
every sense needs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from gridlogic.core.engine import run
from gridlogic.core.errors import GenerationFailed, ValidationError
from gridlogic.core.generation import Tally
from gridlogic.puzzles.starbattle.generate import generate
from gridlogic.puzzles.starbattle.layouts import seed_layout
from gridlogic.puzzles.starbattle.regions import unique_puzzle
from gridlogic.puzzles.starbattle.requires import fires, impossible, needs, reference
from gridlogic.puzzles.starbattle.rules.state import State

TECHNIQUES: tuple[str, ...] = (
    "R1.1", "R1.2", "R1.3", "R1.4", "R2.1", "R2.2", "R2.3",
    "R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6",
    "R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6", "R4.7", "R4.8",
    "R5.1", "R5.2", "R5.3", "R5.4", "R5.5", "R5.6",
    "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "Entanglement",
    "R7.1", "R7.2", "R7.3",
)
"""The guide's techniques as the catalog names them (sections 1-4; R7.x need ``allow_uniqueness``)."""


@dataclass
class Row:
    technique: str
    board: str
    found: int = 0
    runs: int = 0
    cpu: list[float] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)
    senses: Counter[str] = field(default_factory=Counter)
    note: str = ""

    def line(self) -> str:
        if self.note:
            return f"| {self.technique} | {self.board} | {self.note} | | | | |"
        med = statistics.median(self.cpu) if self.cpu else 0.0
        cands = statistics.median(self.candidates) if self.candidates else 0
        senses = ", ".join(f"{k} {v}" for k, v in self.senses.most_common() if k and v)
        return (f"| {self.technique} | {self.board} | {self.found}/{self.runs} | {med:.2f} | "
                f"{max(self.cpu, default=0.0):.2f} | {cands:g} | {senses} |")


def one(technique: str, n: int, s: int, seed: int, cap: float) -> tuple[str, float, int]:
    """The sense in which seed ``seed``'s puzzle needs ``technique`` ("" when none is found within ``cap``
    s CPU), the CPU spent and the candidates tried."""
    tally = Tally()
    opts = {"requires": technique, "time_limit": cap, "cpu_clock": True, "tally": tally,
            "allow_uniqueness": technique.startswith("R7.")}
    t = time.process_time()
    try:
        g = generate(size=str(n), stars=s, difficulty=None, seed=seed, options=opts)
    except GenerationFailed:
        return "", time.process_time() - t, tally.candidates
    cpu = time.process_time() - t
    got = needs(g.puzzle, technique, Tally(), technique.startswith("R7."))
    return (got[0] if got else "not needed?"), cpu, tally.candidates


def walk(technique: str, n: int, s: int, rng: random.Random, sigma: float) -> tuple[bool, bool] | None:
    """One walk (module docstring): (T fired on a state closed under the rules before it, the engine
    took a step of T); None when the draw gave no puzzle."""
    allowed, first = reference(technique)
    forms = [r for r in allowed if r.id == technique]
    found = unique_puzzle(n, s, rng, False, sigma, 2, seed_layout(n, s, rng.randrange(10**6), rng))
    if found is None:
        return None
    puzzle, solution = found
    ours = {r * n + c for r, c in solution}
    st = State.start(puzzle)
    before = False
    while True:
        run(st, allowed[:first], max_steps=500)
        before = before or (not st.is_solved() and fires(st, forms))
        out = run(st, allowed, max_steps=500)
        if any(step.rule == technique for step in out.steps):
            return before, True
        if out.status != "stuck":
            return before, False
        i = rng.choice([k for k in range(n * n) if st.unknown >> k & 1])
        st = State(st.geo, st.star | (1 << i if i in ours else 0), st.empty | (0 if i in ours else 1 << i))


def walks(techniques: list[str], boards: list[tuple[int, ...]], count: int, sigma: float) -> list[str]:
    table = ["| T | board | walks | with a \"before\" state | engine took T | CPU s |", "|---|---|---|---|---|---|"]
    for n, s in boards:
        for technique in techniques:
            if impossible(technique, n, s):
                continue
            rng = random.Random(f"walks {technique} {n} {s}")
            t = time.process_time()
            got = [w for w in (walk(technique, n, s, rng, sigma) for _ in range(count)) if w is not None]
            table.append(f"| {technique} | {n}x{n}/{s} | {len(got)} | {sum(b for b, _ in got)} | "
                         f"{sum(e for _, e in got)} | {time.process_time() - t:.1f} |")
            print(table[-1], flush=True)
    return table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10/2,8/1")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--techniques", default=",".join(TECHNIQUES))
    ap.add_argument("--cap", type=float, default=60.0, help="CPU seconds per seed")
    ap.add_argument("--give-up", type=int, default=3)
    ap.add_argument("--out", default="")
    ap.add_argument("--walks", type=int, default=0, help="walks per technique instead of seeds (docstring)")
    ap.add_argument("--sigma", type=float, default=0.4, help="the walks' region spread")
    args = ap.parse_args()
    boards = [tuple(int(x) for x in b.split("/")) for b in args.sizes.split(",")]
    techniques = args.techniques.split(",")
    if args.walks:
        print("\n".join(walks(techniques, boards, args.walks, args.sigma)))
        return
    rows: list[Row] = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn()) as bar:
        task = bar.add_task("requires", total=len(boards) * len(techniques) * args.seeds)
        for n, s in boards:
            for technique in techniques:
                row = Row(technique, f"{n}x{n}/{s}")
                rows.append(row)
                misses = 0
                for seed in range(args.first, args.first + args.seeds):
                    bar.update(task, description=f"{technique} {n}x{n}/{s} seed {seed} ({row.found}/{row.runs})")
                    try:
                        sense, cpu, cands = one(technique, n, s, seed, args.cap)
                    except ValidationError as e:
                        row.note = f"error: {e}"
                        bar.advance(task, args.seeds - row.runs)
                        break
                    row.runs += 1
                    ok = bool(sense)
                    row.found += ok
                    row.senses[sense] += ok
                    row.cpu.append(cpu)
                    row.candidates.append(cands)
                    misses = 0 if ok else misses + 1
                    bar.advance(task)
                    if row.found == 0 and misses >= args.give_up:
                        bar.advance(task, args.seeds - row.runs)
                        break
                bar.console.print(row.line())
    table = ["| T | board | found | median CPU s | max CPU s | median candidates | senses |",
             "|---|---|---|---|---|---|---|",
             *(r.line() for r in rows)]
    print("\n".join(table))
    if args.out:
        Path(args.out).write_text("\n".join(table) + "\n")


if __name__ == "__main__":
    main()
