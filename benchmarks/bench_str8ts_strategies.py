"""Str8ts human strategies over the corpus: solve rates per source and label, strategy usage.

For every unique corpus puzzle, one uncapped ``explain`` run (the engine tries the cheapest rule
first, so the run's hardest step says the lowest tier that finishes the puzzle):

- *logic*: solved without chains or search (rules up to the diabolical level, chains excluded);
- *chains*: solved with the chain rules (AlternatingChain, CompartmentAIC, AnyCellCompartmentAIC,
  ForcingChain, StraightChain) but no search step;
- *search*: solved with the bounded contradiction search as well;
- *≤diab.*: graded diabolical or below (the logic levels; AlternatingChain and CompartmentAIC from
  cells of at most three candidates count as diabolical);
- *no net*: solved with no net (ForcingChain, StraightChain) and no search: chains, each link from
  one candidate, are the most it needs (AnyCellCompartmentAIC is the first extreme rule).

Every mark is checked against ``solution81``; explain wall and CPU times (median, p95, max).
Grades against the corpus's own labels (easy < medium/moderate < hard/tough < devilish/diabolic/
expert/extreme): the mean level per label and the share of label pairs ordered the same way.

    nice -n 10 .venv/bin/python -m benchmarks.bench_str8ts_strategies [--limit N] [--allow-uniqueness]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from itertools import combinations

from benchmarks.bench_str8ts import corpus_rows, wrong_marks
from gridlogic.puzzles.str8ts.explain import explain
from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.levels import DIABOLICAL, LEVELS
from gridlogic.puzzles.str8ts.rules import CHAINS, NETS, SEARCH

LABELS = {"easy": 0, "gentle": 0, "medium": 1, "moderate": 1, "hard": 2, "tough": 2, "devilish": 3,
          "diabolic": 3, "diabolical": 3, "expert": 3, "extreme": 4}


def source(rid: str) -> str:
    """The corpus source of an id: the repository, and jamesaustin's series (weekly, klaus, ...)."""
    repo, _, name = rid.partition("/")
    if repo == "jamesaustin":
        series = name.rstrip("0123456789abcde_").split("_")[0]
        return f"jamesaustin/{series if series in ('weekly', 'klaus', 'ulrich') else 'other'}"
    return repo


def label(row: list[str]) -> str | None:
    """The difficulty the source gives the puzzle (id or note), if any."""
    text = f"{row[0]} {row[-1]}".lower()
    found = [w for w in LABELS if w in text]
    return max(found, key=len) if found else None


def tier(rules: set[str], level: int, solved: bool) -> str:
    if not solved:
        return "unsolved"
    if rules & SEARCH:
        return "search"
    if rules & CHAINS:
        return "chains"
    return "logic"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--allow-uniqueness", action="store_true")
    a = ap.parse_args()
    rows = [r for r in corpus_rows() if r[2] == "1"]
    if a.limit:
        rows = rows[: a.limit]
    table: dict[str, Counter[str]] = defaultdict(Counter)
    usage: Counter[str] = Counter()
    puzzles_using: Counter[str] = Counter()
    wall: list[float] = []
    cpu: list[float] = []
    labelled: list[tuple[int, int]] = []
    per_label: dict[str, list[int]] = defaultdict(list)
    wrong = 0
    slow: list[tuple[float, str]] = []
    for r in rows:
        p = s81.read(r[1])
        t0, c0 = time.perf_counter(), time.process_time()
        ex = explain(p, allow_uniqueness=a.allow_uniqueness)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        slow.append((wall[-1], r[0]))
        used = {st.rule for st in ex.steps}
        usage.update(st.rule for st in ex.steps)
        puzzles_using.update(used)
        solved = ex.status == "solved"
        kind = tier(used, ex.level, solved)
        lab = label(r)
        for key in (source(r[0]), f"label: {lab or '(none)'}", "all"):
            table[key][kind] += 1
            table[key]["n"] += 1
            table[key]["diab"] += solved and ex.level <= DIABOLICAL
            table[key]["nonet"] += solved and not used & (NETS | SEARCH)
        bad = wrong_marks(ex, p, r[3])
        if bad:
            print(f"WRONG: {r[0]}: {bad} marks contradict solution81")
        wrong += bad
        if lab is not None:
            level = ex.level if solved else len(LEVELS)
            labelled.append((LABELS[lab], level))
            per_label[lab].append(level)
    print(f"{'source':22} {'n':>4} {'logic':>6} {'+chains':>8} {'+search':>8} {'unsolved':>8} {'<=diab.':>8}"
          f" {'no net':>7}")
    for key in sorted(table, key=lambda k: (k == "all", k.startswith("label"),
                                            LABELS.get(k.removeprefix("label: "), 9), k)):
        c = table[key]
        n = c["n"]
        lo = c["logic"]
        ch = lo + c["chains"]
        se = ch + c["search"]
        print(f"{key:22} {n:4d} {lo:6d} {ch:8d} {se:8d} {c['unsolved']:8d} {c['diab']:8d} {c['nonet']:7d}"
              f"   ({100 * lo / n:.0f}% / {100 * ch / n:.0f}% / {100 * se / n:.0f}%,"
              f" <=diab. {100 * c['diab'] / n:.0f}%, no net {100 * c['nonet'] / n:.0f}%)")
    print("strategy usage (steps, puzzles): " + ", ".join(
        f"{k} {v}/{puzzles_using[k]}" for k, v in usage.most_common()))
    print(f"marks contradicting solution81: {wrong}")
    ws, cs = sorted(wall), sorted(cpu)
    p95 = ws[int(0.95 * (len(ws) - 1))]
    print(f"explain wall median {1000 * statistics.median(ws):.1f} ms, p95 {1000 * p95:.0f} ms,"
          f" max {1000 * ws[-1]:.0f} ms; CPU median {1000 * statistics.median(cs):.1f} ms, max {1000 * cs[-1]:.0f} ms")
    print("slowest: " + ", ".join(f"{name} {1000 * t:.0f} ms" for t, name in sorted(slow)[-4:]))
    if labelled:
        pairs = [(x, y) for x, y in combinations(labelled, 2) if x[0] != y[0]]
        agree = sum((x[0] - y[0]) * (x[1] - y[1]) > 0 for x, y in pairs)
        ties = sum(x[1] == y[1] for x, y in pairs)
        means = ", ".join(f"{k} {statistics.mean(v):.2f} (n={len(v)})"
                          for k, v in sorted(per_label.items(), key=lambda kv: LABELS[kv[0]]))
        print(f"grades vs corpus labels: mean level per label: {means}; label pairs ordered the same "
              f"{agree}/{len(pairs)}, tied {ties}, reversed {len(pairs) - agree - ties}")


if __name__ == "__main__":
    main()
