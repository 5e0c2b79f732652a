"""Generator benchmark: per kind x size x grade, over seeds 1..N (run with ``nice -n 10``).

For each cell of the matrix: success rate (a puzzle within the time limit), on-target rate (checked
here again, independently of the generator: unique by the exact solver, the rules capped at the
target solve it, capped one level below they are stuck, and ``grade`` says the target), CPU median /
max per puzzle (``time.process_time``) beside wall, distinct solutions and distinct puzzles (per row,
then over all the levels of a size: the same seed at another level must give another puzzle). For
Star Battle, region statistics beside the StarBattleLab corpus of the same size
(../shared/corpus/starbattle/starbattlelab): share of puzzles with a 1-cell region, median of the
largest region, median region size, share of straight regions (one row or column), median of the
longest one-cell-wide snake.

    nice -n 10 .venv/bin/python -m benchmarks.bench_generate --seeds 20 \\
        [--kinds starbattle,binary,str8ts] [--sb 10/2:100,14/3:30] [--levels Easy,Hard] [--time-limit 60] [--cpu-clock]

A size may carry its own number of seeds after a colon (``10/2:100``: seeds 1..100); the table
says how many were run in each row. Candidates per puzzle = unique puzzles judged / puzzles found.
The CPU per puzzle is the generation's alone; the re-check's CPU (an exact solve and three capped
solves per puzzle: at 25/6 Trial two trial searches, often longer than the generation) is its own
column. ``--recheck K`` re-checks only the first K puzzles of each row (default: all; the row then
says "on target hits/checked"), and every seed's figures go to standard error as they come, so a
run stopped early still tells what it measured.

    nice -n 10 .venv/bin/python -m benchmarks.bench_generate --sb 10/2,14/3 --spreads 0.4,0.9,1.5 --seeds 80

prints instead how the region-size spread moves the grades of fresh Star Battle candidates.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from itertools import islice
from pathlib import Path
from typing import Any

from gridlogic.core.errors import GenerationFailed
from gridlogic.core.generation import Tally
from gridlogic.core.registry import Kind
from gridlogic.kinds import kind
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.shapes import Shape, shape

ROOT = Path(__file__).resolve().parent.parent
NO_UNIQUE_LINES = False
CPU_CLOCK = False
RECHECK: int | None = None
"""Re-check only the first RECHECK puzzles of a row (None: all)."""
SIZES = {"starbattle": ["10/2", "14/3", "17/4", "21/5", "25/6"], "binary": ["6x6", "10x10", "14x14"],
         "str8ts": ["9"]}


def corpus_shapes(n: int, stars: int) -> list[Shape]:
    from gridlogic.puzzles.starbattle.formats import sbl

    for c in (ROOT.parent / "shared" / "corpus", ROOT / ".." / ".." / "shared" / "corpus"):
        folder = c / "starbattle" / "starbattlelab"
        if folder.is_dir():
            return [shape(sbl.read(line)) for f in sorted(folder.glob(f"{n}-{stars}-*.txt"))
                    for line in f.read_text(encoding="utf-8").split() if line.strip()]
    return []


def shape_row(shapes: list[Shape]) -> str:
    if not shapes:
        return "-"
    one = sum(s.smallest == 1 for s in shapes) / len(shapes)
    straight = sum(s.straight for s in shapes) / sum(s.regions for s in shapes)
    return (f"1-cell {100 * one:.0f}%, largest {statistics.median(s.largest for s in shapes):g}, "
            f"median {statistics.median(s.median for s in shapes):g}, straight {100 * straight:.1f}%, "
            f"snake {statistics.median(s.snake for s in shapes):g}")


def on_target(k: Kind, puzzle: Any, solution: Any, level: int, disagreements: list[str]) -> bool:
    """Unique, solved capped at ``level``, stuck capped one below, and graded ``level``; a puzzle on
    target by the capped solves but graded otherwise is also noted in ``disagreements``."""
    if list(islice(k.solutions(puzzle), 2)) != [solution]:
        return False
    if k.explain(puzzle, level).status != "solved":
        return False
    if level > 0 and k.explain(puzzle, level - 1).status == "solved":
        return False
    g = k.grade(puzzle)
    if g.level != level:
        disagreements.append(f"grade {g.name}, but solved at {k.levels[level]} and stuck below")
    return g.level == level


def run(k: Kind, size: str, level: str | None, seeds: int,
        limit: float) -> tuple[str, list[Shape], int, set[str], set[str]]:
    size_arg, stars = [*size.split("/"), None][:2] if k.name == "starbattle" else (size, None)
    cpu: list[float] = []
    wall: list[float] = []
    ok = hit = 0
    sols: set[str] = set()
    puzzles: set[str] = set()
    shapes: list[Shape] = []
    write = k.default_format().write
    assert write is not None
    tally = Tally()
    options = {"time_limit": limit, "unique_lines": not NO_UNIQUE_LINES, "tally": tally, "cpu_clock": CPU_CLOCK}
    blacks: list[tuple[int, int, bool]] = []
    disagreements: list[str] = []
    checked = 0
    recheck_cpu = 0.0
    for seed in range(1, seeds + 1):
        c0, w0 = time.process_time(), time.perf_counter()
        before = tally.candidates
        try:
            g = k.generate(size=size_arg, difficulty=level, seed=seed,
                           options={**options, "stars": int(stars)} if stars else options)
        except GenerationFailed:
            g = None
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        note = (f"{k.name} {size} {level or 'any'} seed {seed}: CPU {cpu[-1]:.2f} s, "
                f"{tally.candidates - before} candidates")
        if g is None:
            print(note + ", none found", file=sys.stderr, flush=True)
            continue
        ok += 1
        target = g.grade.level if level is None and g.grade else k.level_number(level) if level else None
        if RECHECK is None or checked < RECHECK:
            c1 = time.process_time()
            good = target is None or on_target(k, g.puzzle, g.solution, target, disagreements)
            spent = time.process_time() - c1
            recheck_cpu += spent
            checked += 1
            hit += good
            note += f", re-check {'on target' if good else 'OFF TARGET'} ({spent:.2f} s)"
        print(note, file=sys.stderr, flush=True)
        sols.add("/".join(k.solution_rows(g.puzzle, g.solution)))
        puzzles.add(write(g.puzzle))
        if isinstance(g.puzzle, StarBattle):
            shapes.append(shape(g.puzzle))
        if k.name == "str8ts":
            p = g.puzzle
            black = [i for i in range(p.size) if p.black[i]]
            blacks.append((len(black), sum(1 for i in black if p.givens[i]),
                           all(p.black[p.size - 1 - i] for i in black)))
    extra = ""
    if blacks:
        extra = (f" blacks {statistics.median(b[0] for b in blacks):g}, black clues "
                 f"{statistics.median(b[1] for b in blacks):g}, symmetric {sum(b[2] for b in blacks)}/{len(blacks)}")
    row = (f"| {k.name} | {size} | {level or 'any'} | {ok}/{seeds} | {hit}/{checked} | "
           f"{statistics.median(cpu):.3f} / {max(cpu):.3f} | {statistics.median(wall):.3f} | "
           f"{len(sols)} / {len(puzzles)} | {tally.candidates / max(ok, 1):.1f} | {len(disagreements)} | "
           f"{recheck_cpu / max(checked, 1):.2f} |{extra}")
    if disagreements:
        row += " " + "; ".join(f"{v}x {m}" for m, v in Counter(disagreements).most_common())
    return row, shapes, ok, sols, puzzles


def spreads(sizes: str, sigmas: str, count: int) -> None:
    """Star Battle: how the region-size spread (``generate.SIGMAS``) moves the grades of fresh
    candidates: ``count`` unique puzzles per spread, each judged by one solve capped at Expert+
    (``Trial``: stuck there), with the CPU per candidate (drawing and judging)."""
    from gridlogic.puzzles.starbattle.regions import unique_puzzle

    sb = kind("starbattle")
    top = sb.level_number("Expert+")
    names = [*sb.levels[:top + 1], "stuck at Expert+"]
    print("| n/S | spread | " + " | ".join(names) + " | CPU per candidate s |")
    print("|---|---|" + "---|" * (len(names) + 1))
    for size in sizes.split(","):
        n, stars = map(int, size.split("/"))
        for sigma in map(float, sigmas.split(",")):
            rng = random.Random(f"spread/{size}/{sigma}")
            got: Counter[int] = Counter()
            c0 = time.process_time()
            while sum(got.values()) < count:
                found = unique_puzzle(n, stars, rng, sigma=sigma)
                if found is not None:
                    ex = sb.explain(found[0], top)
                    got[ex.level if ex.status == "solved" else top + 1] += 1
            cpu = (time.process_time() - c0) / count
            print(f"| {size} | {sigma:g} | " + " | ".join(str(got[i]) for i in range(len(names))) + f" | {cpu:.3f} |",
                  flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--kinds", default="starbattle,binary,str8ts")
    ap.add_argument("--sb", default=None, help="Star Battle classes, e.g. 10/2,14/3")
    ap.add_argument("--binary", default=None, help="Binary sizes, e.g. 6x6,14x14")
    ap.add_argument("--levels", default=None,
                    help="level names, or 'any' for no difficulty (default: every level of the kind)")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--no-unique-lines", action="store_true")
    ap.add_argument("--cpu-clock", action="store_true", help="the time limit in CPU seconds (a loaded machine)")
    ap.add_argument("--recheck", type=int, default=None,
                    help="re-check only the first K puzzles of each row (default: every puzzle)")
    ap.add_argument("--spreads", default=None,
                    help="Star Battle: grades of fresh candidates per region-size spread, e.g. 0.4,0.9,1.5 "
                         "(for the --sb sizes; --seeds candidates each) instead of the matrix")
    a = ap.parse_args()
    if a.spreads:
        spreads(a.sb or "10/2", a.spreads, a.seeds)
        return
    global NO_UNIQUE_LINES, CPU_CLOCK, RECHECK  # noqa: PLW0603 - command-line switches
    NO_UNIQUE_LINES, CPU_CLOCK, RECHECK = a.no_unique_lines, a.cpu_clock, a.recheck
    print("| kind | size | grade | success | on target / checked | CPU median / max s | wall median s | "
          "distinct solutions / puzzles | candidates per puzzle | grade vs capped solves disagree | "
          "re-check CPU per puzzle s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    shapes: dict[str, dict[str, list[Shape]]] = defaultdict(dict)
    across: dict[tuple[str, str], tuple[int, set[str], set[str]]] = {}
    for name in a.kinds.split(","):
        k = kind(name)
        sizes = {"starbattle": a.sb, "binary": a.binary}.get(name) or ",".join(SIZES[name])
        levels = a.levels.split(",") if a.levels else [lv for lv in k.levels if lv not in ("Uniqueness", "given")]
        for item in sizes.split(","):
            size, _, count = item.partition(":")
            for level in levels:
                if level not in (*k.levels, "any"):
                    continue
                row, got, ok, sols, puzzles = run(k, size, None if level == "any" else level, int(count or a.seeds),
                                                  a.time_limit)
                print(row, flush=True)
                made, all_sols, all_puzzles = across.get((name, size), (0, set(), set()))
                across[name, size] = (made + ok, all_sols | sols, all_puzzles | puzzles)
                if name == "starbattle":
                    shapes[size][level] = got
    if any(len(by[1]) for by in across.values()):
        # the same seeds at every level asked: another level must give another puzzle
        print("\n| kind | size | puzzles over the levels | distinct solutions | distinct puzzles |")
        print("|---|---|---|---|---|")
        for (name, size), (made, all_sols, all_puzzles) in across.items():
            print(f"| {name} | {size} | {made} | {len(all_sols)} | {len(all_puzzles)} |")
    if shapes:
        # the region-size spread depends on the asked level: one row per level, then all of them
        print("\n| Star Battle | grade | regions |\n|---|---|---|")
        for size, by_level in shapes.items():
            n, s = map(int, size.split("/"))
            for level, got in by_level.items():
                print(f"| {size} | {level} | {shape_row(got)} |")
            print(f"| {size} | all generated | {shape_row([x for got in by_level.values() for x in got])} |")
            print(f"| {size} | StarBattleLab corpus | {shape_row(corpus_shapes(n, s))} |")


if __name__ == "__main__":
    main()
