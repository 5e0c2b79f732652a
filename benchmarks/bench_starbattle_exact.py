"""Star Battle exact solving: solve + uniqueness (first two solutions) per size class.

Ours (``gridlogic.puzzles.starbattle.exact``) on every corpus puzzle of each class, and side by side
on the same puzzles, in the same run: (a) a plain OR-Tools CP-SAT model (sums + at most one star per
2x2 window) and (b) puzzlekit's ``starbattle`` solver (its CP-SAT model, solved twice: the second
time with the first solution excluded). Ratios are peer time / our time on the same puzzles.

    .venv/bin/python -m benchmarks.bench_starbattle_exact [--per-class N] [--peers N] [--classes 10/2,25/6]
                                                          [--encodings]

``--encodings`` also compares our encoding options (cardinality encodings, row-pair bounds).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from itertools import islice
from pathlib import Path

from gridlogic.kinds import detect, split_records
from gridlogic.puzzles.starbattle import StarBattle
from gridlogic.puzzles.starbattle.exact import DEFAULT, Encoding, solutions, template

ROOT = Path(__file__).resolve().parent.parent
Solver = Callable[[StarBattle], int]


def corpus_dir() -> Path:
    for c in (ROOT.parent / "shared" / "corpus", ROOT / ".." / ".." / "shared" / "corpus"):
        if c.is_dir():
            return c
    sys.exit("corpus not found (../shared/corpus)")


def load(classes: set[str] | None) -> dict[tuple[int, int], list[StarBattle]]:
    """Every corpus puzzle with a unique solution (masonomara packs, StarBattleLab, URLs...), by (n, S)."""
    by: dict[tuple[int, int], list[StarBattle]] = {}
    for path in sorted((corpus_dir() / "starbattle").rglob("*")):
        if not path.is_file() or "README" in path.name or "legup" in path.parts or "norvig" in path.parts:
            continue  # LEGUP/Norvig hold the multi-solution puzzles; too few to time anyway
        for rec in split_records(path.read_text(encoding="utf-8")):
            _, fmt = detect(rec.text)
            p = fmt.read(rec.text)
            if classes is None or f"{p.n}/{p.stars}" in classes:
                by.setdefault((p.n, p.stars), []).append(p)
    return by


CONFLICTS: list[int] = []


def ours(enc: Encoding = DEFAULT) -> Solver:
    def run(p: StarBattle) -> int:
        stats: dict[str, int] = {}
        found = sum(1 for _ in islice(solutions(p, enc, stats), 2))
        CONFLICTS.append(stats.get("conflicts", 0))
        return found
    return run


def conflicts(start: int) -> str:
    """Median and max SAT conflicts since ``start``: a measure of the model that load does not blur."""
    c = sorted(CONFLICTS[start:])
    return f"{statistics.median(c):7.0f} {c[-1]:7d}"


def cpsat_plain(p: StarBattle) -> int:
    from ortools.sat.python import cp_model

    n, s = p.n, p.stars
    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.Add(sum(x[i]) == s)
        m.Add(sum(x[r][i] for r in range(n)) == s)
    for unit in p.units:
        m.Add(sum(x[i // n][i % n] for i in unit) == s)
    for r in range(n - 1):
        for c in range(n - 1):
            m.Add(x[r][c] + x[r][c + 1] + x[r + 1][c] + x[r + 1][c + 1] <= 1)
    return _two_solutions(m, [v for row in x for v in row], n * s)


def _two_solutions(m: object, cells: list[object], total: int) -> int:
    from ortools.sat.python import cp_model

    assert isinstance(m, cp_model.CpModel)
    solver = cp_model.CpSolver()
    found = 0
    while found < 2 and solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found += 1
        stars = [v for v in cells if solver.Value(v)]  # type: ignore[arg-type]
        m.Add(sum(stars) <= total - 1)  # type: ignore[arg-type]
    return found


def puzzlekit_solver(p: StarBattle) -> int:
    """puzzlekit's solver; it has no uniqueness check, so its first solution is excluded from its
    own model and the model solved once more."""
    from ortools.sat.python import cp_model
    from puzzlekit.solvers.starbattle import StarbattleSolver

    ps = StarbattleSolver(p.n, p.n, p.stars, [[str(g + 1) for g in row] for row in p.regions])
    result = ps.solve()
    if result.solution_data["status"] not in ("Optimal", "Feasible"):
        return 0
    stars = [ps.x[r, c] for r in range(p.n) for c in range(p.n) if ps.solver.Value(ps.x[r, c])]
    ps.model.Add(sum(stars) <= p.n * p.stars - 1)
    return 1 + (ps.solver.Solve(ps.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE))


CLOCK = time.perf_counter


def timed(solver: Solver, puzzles: Iterable[StarBattle]) -> list[float]:
    out = []
    for p in puzzles:
        t = CLOCK()
        found = solver(p)
        out.append(CLOCK() - t)
        assert found == 1, f"{found} solutions for a corpus puzzle known to be unique"
    return out


def stats(ts: list[float]) -> tuple[float, float, float]:
    s = sorted(ts)
    return statistics.median(s) * 1e3, s[min(len(s) - 1, int(0.95 * len(s)))] * 1e3, s[-1] * 1e3


def fmt(ts: list[float]) -> str:
    med, p95, mx = stats(ts)
    return f"{med:8.2f} {p95:8.2f} {mx:8.2f}"


PLAIN = {"tilings": (), "region_tilings": (), "solver": "cadical195"}
ENCODINGS = {
    "default (see exact.py)": DEFAULT,
    "no region tilings": Encoding(region_tilings=()),
    "region tilings, 1 offset": Encoding(region_tilings=((0, 0),)),
    "row pairs, even tiling only": Encoding(tilings=(0,)),
    "no row pairs": Encoding(tilings=()),
    "neither (plain native)": Encoding(tilings=(), region_tilings=()),
    "windows as native atmost": Encoding(windows="native"),
    "windows native + clauses": Encoding(windows="both"),
    "at-least bounds only": Encoding(exact_windows=False),
    "adjacent region pairs too": Encoding(region_pairs=True),
    "gluecard4": Encoding(solver="gluecard4"),
    "seqcounter, all/cadical": Encoding(card="seqcounter", solver="cadical195"),
    "seqcounter plain/cadical": Encoding(card="seqcounter", **PLAIN),  # type: ignore[arg-type]
    "totalizer plain/cadical": Encoding(card="totalizer", **PLAIN),  # type: ignore[arg-type]
    "cardnetwrk plain/cadical": Encoding(card="cardnetwrk", **PLAIN),  # type: ignore[arg-type]
}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-class", type=int, default=0, help="at most N puzzles per class for ours (0: all)")
    ap.add_argument("--peers", type=int, default=10, help="puzzles per class for the CP-SAT peers (0: none)")
    ap.add_argument("--classes", default="", help="comma-separated n/S classes, e.g. 10/2,17/4")
    ap.add_argument("--encodings", action="store_true", help="compare our encoding options too")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall time, or this process's CPU time (steadier on a loaded machine; CP-SAT's "
                         "worker threads all count, so compare peers in wall time)")
    args = ap.parse_args(argv)
    global CLOCK  # noqa: PLW0603 - one switch for the whole run
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"clock: {args.clock}; load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    by = load(set(args.classes.split(",")) if args.classes else None)
    for (n, s) in by:
        template(n, s)  # warm the per-(n, S) cache, as a long-running process has it
    print("solve + uniqueness, ms: median p95 max (ratios: peer median / our median on the same puzzles);"
          " conflicts: median max")
    print(f"{'class':>6} {'count':>5} | {'ours (all)':>26} {'conflicts':>15} | {'peers on':>8} {'ours':>26} | "
          f"{'CP-SAT plain':>26} {'x':>6} | {'puzzlekit':>26} {'x':>6}")
    for (n, s), puzzles in sorted(by.items()):
        mine = puzzles[:args.per_class] if args.per_class else puzzles
        start = len(CONFLICTS)
        t_all = timed(ours(), mine)
        line = f"{n:>3}/{s:<2} {len(mine):>5} | {fmt(t_all)} {conflicts(start)} |"
        sub = puzzles[:args.peers]
        if args.peers and sub:
            t_ours = timed(ours(), sub)
            t_cp = timed(cpsat_plain, sub)
            t_pk = timed(puzzlekit_solver, sub)
            m_ours = statistics.median(t_ours)
            line += (f" {len(sub):>8} {fmt(t_ours)} | {fmt(t_cp)} {statistics.median(t_cp) / m_ours:6.1f} | "
                     f"{fmt(t_pk)} {statistics.median(t_pk) / m_ours:6.1f}")
        print(line, flush=True)
    if args.encodings:
        print("\nencoding options (ours), ms: median p95 max, then conflicts: median max, per class")
        keys = sorted(by)
        print(f"{'encoding':>28} | " + " | ".join(f"{n:>3}/{s:<2}{'':>38}" for n, s in keys))
        for name, enc in ENCODINGS.items():
            cells = []
            for key in keys:
                ps = by[key][:args.per_class] if args.per_class else by[key]
                for p in ps[:1]:
                    template(p.n, p.stars, enc)
                start = len(CONFLICTS)
                cells.append(fmt(timed(ours(enc), ps)) + " " + conflicts(start))
            print(f"{name:>28} | " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
