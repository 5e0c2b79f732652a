"""Binary (Takuzu) benchmark over the corpus (../shared/corpus/binary/binary.tsv).

1. counts: every puzzle's solution count (limit 2) with and without the distinct-lines rule
   against the TSV's columns;
2. human: explain time per size (median/p95/max), every step checked against the unique solution,
   puzzles per level, and the rank (Spearman) correlation of our grades with binarypuzzle.com
   levels 1-4 (taken from the ids ``binarypuzzle.com/s<size>l<level>/...``);
3. exact: our SAT solve (first solution) vs puzzlekit's ``binairo`` (OR-Tools CP-SAT) on the same
   puzzles in the same run (even sizes only: puzzlekit has no odd-size convention, and it has no
   distinct-lines rule, so ours runs without it too; ours with the rule, with the uniqueness
   check, and SAT alone without the line rules first (``sat-plain``) are shown beside);
4. generator: 14x14 at the hardest level (5, expert) and at level 4.

    .venv/bin/python -m benchmarks.bench_binary [--peers N] [--gen N] [--skip-counts]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from itertools import islice
from pathlib import Path

from gridlogic.puzzles.binary import Binary, explain
from gridlogic.puzzles.binary.exact import plain, solve_iter
from gridlogic.puzzles.binary.formats import rows as rows_format
from gridlogic.puzzles.binary.generate import generate
from gridlogic.puzzles.binary.grids import GenerationError
from gridlogic.puzzles.binary.levels import LEVELS

ROOT = Path(__file__).resolve().parent.parent
Row = list[str]


def corpus_rows() -> list[Row]:
    for c in (ROOT.parent / "shared" / "corpus", ROOT / ".." / ".." / "shared" / "corpus"):
        tsv = c / "binary" / "binary.tsv"
        if tsv.is_file():
            return [ln.split("\t") for ln in tsv.read_text(encoding="utf-8").splitlines()
                    if ln and not ln.startswith("#")]
    sys.exit("corpus not found (../shared/corpus/binary/binary.tsv)")


def puzzle(row: Row) -> Binary:
    return rows_format.read(f"{row[1]}:{row[2]}")


def stats(xs: list[float]) -> str:
    s = sorted(xs)
    return (f"n={len(s):4d} median {1000 * statistics.median(s):8.2f} ms  p95 {1000 * s[int(0.95 * (len(s) - 1))]:8.2f}"
            f" ms  max {1000 * s[-1]:8.2f} ms")


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def count_label(p: Binary) -> str:
    n = sum(1 for _ in islice(solve_iter(p), 2))
    return "2+" if n == 2 else str(n)


def bench_counts(rows: list[Row]) -> None:
    bad = [r[0] for r in rows
           if (count_label(puzzle(r)), count_label(puzzle(r).with_unique_lines(False))) != (r[3], r[4])]
    print(f"counts: {len(rows) - len(bad)}/{len(rows)} agree with the TSV (with and without the distinct rule)"
          + (f"; DISAGREE: {bad[:10]}" if bad else ""))


def spearman(xs: list[int], ys: list[int]) -> float:
    def ranks(v: list[int]) -> list[float]:
        order = sorted(range(len(v)), key=v.__getitem__)
        out = [0.0] * len(v)
        i = 0
        while i < len(v):
            j = i
            while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return out
    return statistics.correlation(ranks(xs), ranks(ys))


def bench_human(rows: list[Row]) -> None:
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    levels: Counter[str] = Counter()
    wrong = steps = 0
    site: list[tuple[int, int]] = []
    for r in rows:
        if r[3] != "1":
            continue
        p = puzzle(r)
        t, c = time.perf_counter(), time.process_time()
        ex = explain.explain(p)
        times[r[1]].append(time.perf_counter() - t)
        cpu[r[1]].append(time.process_time() - c)
        levels[ex.grade] += 1
        for s in ex.steps:
            steps += 1
            wrong += any(r[5][m.cell[0] * p.width + m.cell[1]] != m.value for m in s.marks)
        m = re.match(r"binarypuzzle\.com/s\d+l(\d)/", r[0])
        if m:
            site.append((int(m.group(1)), ex.level))
    print(f"human: {steps} steps, {wrong} contradict the unique solution")
    print("  by level: " + ", ".join(f"{name} {levels[name]}" for name in [*LEVELS, explain.UNSOLVED]
                                      if levels[name]))
    for size in sorted(times, key=lambda s: tuple(int(x) for x in s.split("x"))):
        print(f"  {size:6s} wall {stats(times[size])}   cpu median {1000 * statistics.median(cpu[size]):6.2f} ms")
    if site:
        rho = spearman([a for a, _ in site], [b for _, b in site])
        table = Counter(site)
        print(f"  Spearman rank correlation with binarypuzzle.com levels 1-4: {rho:.3f} over {len(site)} puzzles")
        for lv in range(1, 5):
            print(f"    site level {lv}: " + ", ".join(f"{LEVELS[g]} {table[(lv, g)]}" for g in range(7)
                                                      if table[(lv, g)]))


def puzzlekit_solver() -> Callable[[Binary], object] | None:
    try:
        from puzzlekit.solvers.binairo import BinairoSolver
    except ImportError:
        return None

    def solve(p: Binary) -> object:
        grid = [["-" if ch == "." else str(int(ch) + 1) for ch in row] for row in p.givens]
        return BinairoSolver(p.height, p.width, grid).solve()
    return solve


def bench_exact(rows: list[Row], peers: int) -> None:
    even = [r for r in rows if all(int(x) % 2 == 0 for x in r[1].split("x"))]
    step = max(1, len(even) // peers) if peers else 1
    sample = even[::step][:peers] if peers else even
    pk = puzzlekit_solver()
    ours_plain, ours_rule, ours_unique, sat_only, theirs = [], [], [], [], []
    for r in sample:
        p = puzzle(r)
        q = p.with_unique_lines(False)
        ours_plain.append(timed(lambda q=q: next(solve_iter(q), None)))
        ours_rule.append(timed(lambda p=p: next(solve_iter(p), None)))
        ours_unique.append(timed(lambda p=p: list(islice(solve_iter(p), 2))))
        sat_only.append(timed(lambda p=p: list(islice(plain(p), 2))))
        if pk is not None:
            theirs.append(timed(lambda p=p: pk(p)))
    print(f"exact ({len(sample)} even-size puzzles, same run):")
    print(f"  ours, no distinct rule, 1st solution   {stats(ours_plain)}")
    print(f"  ours, distinct rule, 1st solution      {stats(ours_rule)}")
    print(f"  ours, distinct rule, solve + unique    {stats(ours_unique)}")
    print(f"  ours sat-plain (no line rules first)   {stats(sat_only)}  (solve + unique, distinct rule)")
    if theirs:
        print(f"  puzzlekit binairo (CP-SAT), 1 solution {stats(theirs)}")
        ratio = statistics.median(theirs) / statistics.median(ours_plain)
        total = sum(theirs) / sum(ours_plain)
        vs_unique = statistics.median(theirs) / statistics.median(ours_unique)
        print(f"  puzzlekit / ours (same rules): median ratio {ratio:.1f}x, total time ratio {total:.1f}x;"
              f" vs ours solve+unique with the distinct rule: {vs_unique:.1f}x")
    else:
        print("  puzzlekit not installed: no peer figures")


def bench_generate(count: int, level: int, size: tuple[int, int] = (14, 14)) -> None:
    wall, cpu, failed = [], [], 0
    for seed in range(count):
        t, c = time.perf_counter(), time.process_time()
        try:
            g = generate(size[0], size[1], level, seed)
        except GenerationError:
            failed += 1
            continue
        finally:
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        assert g.grade is not None
        assert g.grade.level == level
    print(f"generate {size[0]}x{size[1]} at level {level} ({LEVELS[level]}), seeds 0..{count - 1}"
          f"{f', {failed} gave up' if failed else ''}:")
    print(f"  wall {stats(wall)}")
    print(f"  cpu  {stats(cpu)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--peers", type=int, default=300, help="puzzles for the exact comparison (0: all even)")
    ap.add_argument("--gen", type=int, default=9, help="14x14 puzzles to generate at levels 5 and 4")
    ap.add_argument("--skip-counts", action="store_true")
    args = ap.parse_args()
    rows = corpus_rows()
    if not args.skip_counts:
        bench_counts(rows)
    bench_human(rows)
    bench_exact(rows, args.peers)
    if args.gen:
        bench_generate(args.gen, 5)
        bench_generate(args.gen, 4)


if __name__ == "__main__":
    main()
