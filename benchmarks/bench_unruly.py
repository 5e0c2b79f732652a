"""Binary generation against Tatham's Unruly (Debian ``sgt-puzzles``) at equal grade, CPU per puzzle.

Unruly's generator runs headless: ``/usr/games/sgt-unruly --generate N WxHdL`` prints N game ids
(L: t trivial, e easy, n normal). Its CPU is the child's user + system time divided by N (one process
makes the N puzzles, so its start-up is shared). Its ids are decoded here (``decode``: ``a``..``y`` are
0..24 blank cells then a 0, ``A``..``Y`` the same then a 1, ``z`` 25 blank cells, the last letter only
the trailing blanks; every decoded puzzle has one solution) and graded by gridlogic's own grader
under Unruly's rules (no distinct-lines rule). Each Unruly level is then paired with the gridlogic
grades its puzzles get, and gridlogic generates puzzles at those grades at the same size, under the
same rules (seeds 1..S, CPU of each puzzle by ``time.process_time``; gridlogic's default rules with
the distinct rule beside). Rounds alternate Unruly and gridlogic so both see the same load; the
figures are medians over rounds (Unruly) and over every puzzle of every round (gridlogic); wall times
beside (Unruly's: the run's elapsed time over N, so its start-up is shared the same way).

    nice -n 10 .venv/bin/python -m benchmarks.bench_unruly [--sizes 14x14,10x10] [--count 60] [--seeds 20]
        [--rounds 3]

Without sgt-puzzles installed it says so and stops (``apt-get install -y sgt-puzzles``).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict

from gridlogic.kinds import kind
from gridlogic.puzzles.binary.formats import rows as rows_format
from gridlogic.puzzles.binary.levels import LEVELS

UNRULY = "/usr/games/sgt-unruly"
UNRULY_LEVELS = {"t": "trivial", "e": "easy", "n": "normal"}


def decode(game_id: str) -> str:
    """An Unruly game id (``14x14:BAcK...``) as gridlogic's ``rows`` text (``14x14:..1.0...``)."""
    size, body = game_id.strip().split(":")
    width, height = (int(x) for x in size.split("x"))
    cells: list[str] = []
    for i, ch in enumerate(body):
        cells += ["."] * (ord(ch.lower()) - ord("a"))
        if i < len(body) - 1 and ch not in "zZ":  # z: 25 blank cells, the run goes on
            cells.append("1" if ch.isupper() else "0")
    if len(cells) != width * height:
        raise ValueError(f"cannot decode Unruly id {game_id!r}: {len(cells)} cells for {size}")
    return f"{width}x{height}:" + "".join(cells)


def unruly(size: str, level: str, count: int) -> tuple[float, float, list[str]]:
    """(CPU seconds per puzzle, wall seconds per puzzle, the puzzles as gridlogic texts) of one Unruly run of
    ``count`` puzzles."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([UNRULY, "--generate", str(count), f"{size}d{level}"], capture_output=True, text=True,
                         check=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    ids = [ln for ln in out.splitlines() if ":" in ln]
    return cpu / len(ids), wall / len(ids), [decode(i) for i in ids]


def grade_of(text: str) -> str:
    binary = kind("binary")
    return binary.grade(rows_format.read(text).with_unique_lines(False)).name


def ours(size: str, grade: str, seeds: range, unique_lines: bool) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of each gridlogic puzzle at ``grade`` (one per seed)."""
    binary = kind("binary")
    cpu, wall = [], []
    for seed in seeds:
        t, w = time.process_time(), time.perf_counter()
        binary.generate(size=size, difficulty=grade, seed=seed,
                        options={"unique_lines": unique_lines, "time_limit": 60.0})
        cpu.append(time.process_time() - t)
        wall.append(time.perf_counter() - w)
    return cpu, wall


def ms(x: float) -> str:
    return f"{1000 * x:6.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="14x14,10x10")
    ap.add_argument("--count", type=int, default=60, help="Unruly puzzles per size, level and round.")
    ap.add_argument("--seeds", type=int, default=20, help="gridlogic puzzles per size, grade and round.")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if not shutil.which(UNRULY) and not os.path.exists(UNRULY):
        sys.exit(f"{UNRULY} not found: apt-get install -y sgt-puzzles")
    for size in args.sizes.split(","):
        unruly_cpu: dict[str, list[float]] = defaultdict(list)
        unruly_wall: dict[str, list[float]] = defaultdict(list)
        grades: dict[str, Counter[str]] = defaultdict(Counter)
        mine: dict[tuple[str, bool], list[float]] = defaultdict(list)
        mine_wall: dict[tuple[str, bool], list[float]] = defaultdict(list)
        for r in range(args.rounds):
            for level in UNRULY_LEVELS:
                cpu, wall, texts = unruly(size, level, args.count)
                unruly_cpu[level].append(cpu)
                unruly_wall[level].append(wall)
                if r == 0:
                    grades[level].update(grade_of(t) for t in texts)
            wanted = sorted({g for c in grades.values() for g in c} | {"expert"}, key=LEVELS.index)
            seeds = range(1 + r * args.seeds, 1 + (r + 1) * args.seeds)
            for grade in wanted:
                for unique_lines in (False, True):
                    cpu_s, wall_s = ours(size, grade, seeds, unique_lines)
                    mine[(grade, unique_lines)] += cpu_s
                    mine_wall[(grade, unique_lines)] += wall_s
        print(f"\n{size}: Unruly {args.rounds} rounds x {args.count} puzzles per level; gridlogic {args.rounds} x "
              f"{args.seeds} seeds per grade; load average {os.getloadavg()[0]:.1f}; CPU per puzzle")
        print("gridlogic per grade (median / max), Unruly's rules (no distinct rule) | with the distinct rule:")
        for grade in sorted({g for g, _ in mine}, key=LEVELS.index):
            a, b = mine[(grade, False)], mine[(grade, True)]
            print(f"  {grade:9s} {ms(statistics.median(a))} / {ms(max(a))} | {ms(statistics.median(b))} / {ms(max(b))}")
        for level, name in UNRULY_LEVELS.items():
            theirs = statistics.median(unruly_cpu[level])
            shares = grades[level]
            total = sum(shares.values())
            mix = sum(n * statistics.median(mine[(g, False)]) for g, n in shares.items()) / total
            print(f"Unruly {name:7s} {ms(theirs)} per puzzle (rounds: "
                  f"{', '.join(f'{1000 * c:.1f}' for c in unruly_cpu[level])} ms); graded by gridlogic: "
                  + ", ".join(f"{g} {n}" for g, n in sorted(shares.items(), key=lambda kv: LEVELS.index(kv[0]))))
            their_wall = statistics.median(unruly_wall[level])
            for g, n in sorted(shares.items(), key=lambda kv: LEVELS.index(kv[0])):
                med = statistics.median(mine[(g, False)])
                med_wall = statistics.median(mine_wall[(g, False)])
                print(f"    at {g:9s} ({100 * n / total:3.0f}%): gridlogic {ms(med)}  ratio {med / theirs:5.2f}x"
                      f"  {'faster' if med < theirs else 'SLOWER'}; wall {ms(med_wall)} vs {ms(their_wall)}, "
                      f"ratio {med_wall / their_wall:5.2f}x")
            print(f"    Unruly's mix of grades: gridlogic {ms(mix)}  ratio {mix / theirs:5.2f}x")
        expert = statistics.median(mine[("expert", True)])
        print(f"gridlogic expert {size} (distinct rule): median {ms(expert)} (target <= 50 ms: "
              f"{'met' if expert <= 0.050 else 'MISSED'})")


if __name__ == "__main__":
    main()
