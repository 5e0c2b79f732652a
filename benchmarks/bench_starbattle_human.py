"""Star Battle human-style solver: coverage, soundness, rule firing counts, timing and grades vs
corpus labels, over the dev corpus (masonomara packs + StarBattleLab files).

    .venv/bin/python -m benchmarks.bench_starbattle_human [--limit N] [--min-n N] [--max-n N] [--only ID,ID]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from gridlogic.core.grid import Cell
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.formats import sbl, sbn
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import LEVELS, explain, rules
from gridlogic.puzzles.starbattle.rules.base import HARD, TRIAL


def _corpus() -> Path:
    """$GRIDLOGIC_CORPUS, else ../shared/corpus from the main checkout or ../../shared/corpus from a
    worktree."""
    env = os.environ.get("GRIDLOGIC_CORPUS")
    here = Path(__file__).resolve().parent.parent
    roots = [here.parent / "shared" / "corpus", here.parent.parent / "shared" / "corpus"]
    for root in ([Path(env)] if env else []) + roots:
        if (root / "starbattle").is_dir():
            return root / "starbattle"
    return here.parent / "shared" / "corpus" / "starbattle"


CORPUS = _corpus()
LABEL_RANK = {"ez": 0, "normal": 1, "med": 1, "hard": 2, "expert": 3}


@dataclass
class Item:
    id: str
    source: str
    label: str
    puzzle: StarBattle
    solution: frozenset[Cell] | None


def masonomara(root: Path = CORPUS) -> Iterator[Item]:
    for f in sorted((root / "masonomara-packs").glob("*.json")):
        data = json.loads(f.read_text())
        label = f.stem.split("-")[-1] if f.stem.split("-")[-1] in ("normal", "hard") else "unsorted"
        for k, p in enumerate(data.get("puzzles", [])):
            puzzle = sbn.read(p["sbn"])
            sol = frozenset((r, c) for r, c in p["solution"]) if p.get("solution") else None
            yield Item(f"{f.stem}#{k + 1}", "masonomara", label, puzzle, sol)


def starbattlelab(root: Path = CORPUS) -> Iterator[Item]:
    for f in sorted((root / "starbattlelab").glob("*.txt")):
        label = f.stem.split("-")[-1]
        for k, line in enumerate(f.read_text().splitlines()):
            if line.strip() and not line.startswith("#"):
                yield Item(f"{f.stem}#{k + 1}", "starbattlelab", label, sbl.read(line.strip()), None)


def unique_solution(item: Item) -> frozenset[Cell] | None:
    if item.solution is not None:
        return item.solution
    sols = list(islice(solutions(item.puzzle), 2))
    return sols[0] if len(sols) == 1 else None


def unsound_steps(item: Item, ex_steps: list, solution: frozenset[Cell]) -> list[str]:  # type: ignore[type-arg]
    bad = []
    for k, s in enumerate(ex_steps, 1):
        for m in s.marks:
            if (m.value == "star") != (m.cell in solution):
                bad.append(f"{item.id} step {k} [{s.rule}] marks {m.cell} {m.value}: {s.reason}")
                break
    return bad


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        out = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    den = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return num / den if den else 0.0


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles per source file group")
    ap.add_argument("--max-n", type=int, default=30)
    ap.add_argument("--min-n", type=int, default=0)
    ap.add_argument("--source", choices=["masonomara", "starbattlelab"], default=None)
    ap.add_argument("--no-soundness", action="store_true")
    ap.add_argument("--no-trial", action="store_true", help="cap the solve below Trial (CPU without it)")
    ap.add_argument("--only", default="", help="puzzle ids, comma-separated (17-4-unsorted#1,...)")
    args = ap.parse_args()
    items = [*masonomara(), *starbattlelab()]
    items = [it for it in items if args.min_n <= it.puzzle.n <= args.max_n
             and (args.source is None or it.source == args.source)]
    if args.only:
        items = [it for it in items if it.id in set(args.only.split(","))]
    if args.limit:
        per: Counter[str] = Counter()
        kept = []
        for it in items:
            key = it.id.split("#")[0]
            if per[key] < args.limit:
                per[key] += 1
                kept.append(it)
        items = kept
    fired: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    cover: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    unsound: list[str] = []
    need_trial: list[str] = []
    unsolved: list[str] = []
    graded: list[tuple[str, int, int]] = []
    checked = 0
    chains: Counter[int] = Counter()
    no_trial = rules(TRIAL - 1)
    assert no_trial
    for done, it in enumerate(items):
        if done % 100 == 0:
            print(f"... {done}/{len(items)}", file=sys.stderr, flush=True)
        size = f"{it.puzzle.n}x{it.puzzle.n}/{it.puzzle.stars}"
        t0 = time.process_time()
        ex = explain(it.puzzle, TRIAL - 1 if args.no_trial else None)
        dt = time.process_time() - t0
        times[size].append(dt)
        if args.only:
            print(f"  {it.id}: {ex.status}, {sum(s.rule == 'Trial' for s in ex.steps)} Trial steps, "
                  f"{dt:.1f} s CPU", flush=True)
        for s in ex.steps:
            fired[s.rule] += 1
            if s.rule == "Trial":
                got = re.search(r"a chain of (\d+) step", s.reason)
                chains[int(got.group(1)) if got else 0] += 1
        key = (size, it.label)
        cover[key]["all"] += 1
        if ex.status == "solved":
            cover[key]["solved"] += 1
            if ex.level < TRIAL:
                cover[key]["no_trial"] += 1
            else:
                need_trial.append(it.id)
        else:
            unsolved.append(f"{it.id} ({ex.status})")
        if ex.status == "solved" and it.label in LABEL_RANK:
            graded.append((it.source, LABEL_RANK[it.label], ex.level))
        if not args.no_soundness:
            sol = unique_solution(it)
            if sol is not None:
                checked += 1
                unsound += unsound_steps(it, ex.steps, sol)
    print(f"puzzles: {len(items)}; soundness-checked: {checked}; unsound steps: {len(unsound)}")
    for line in unsound[:20]:
        print("  UNSOUND", line)
    print("\ncoverage (size, label): solved without trial / solved with trial / all")
    for (size, label), c in sorted(cover.items()):
        print(f"  {size:9} {label:8} {c['no_trial']:4}/{c['solved']:4}/{c['all']:4}  "
              f"{100 * c['no_trial'] / c['all']:.1f}% without trial, {100 * c['solved'] / c['all']:.1f}% with")
    print(f"\nneed the trial search ({len(need_trial)}): " + ", ".join(need_trial[:40]))
    print(f"unsolved ({len(unsolved)}): " + ", ".join(unsolved[:40]))
    print("\nrule firing counts:")
    for rule, k in sorted(fired.items(), key=lambda kv: (kv[0][0] != "R", kv[0])):
        print(f"  {rule:6} {k}")
    print("\nTrial chain lengths (steps to the contradiction: count): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(chains.items())))
    print(f"total CPU {sum(sum(ts) for ts in times.values()):.1f} s over {len(items)} puzzles")
    print("\nCPU time per full explained solve (ms, time.process_time): median / p95 / max / total s")
    for size, ts in sorted(times.items()):
        print(f"  {size:9} n={len(ts):4}  {1000 * statistics.median(ts):7.1f} / {1000 * pct(ts, 0.95):7.1f} / "
              f"{1000 * max(ts):7.1f} / {sum(ts):6.1f}")
    print("\ngrades vs labels (Spearman rank correlation):")
    for src in ("starbattlelab", "masonomara"):
        pairs = [(a, b) for s, a, b in graded if s == src]
        if len(pairs) > 2:
            print(f"  {src}: rho = {spearman([a for a, _ in pairs], [b for _, b in pairs]):.3f} over {len(pairs)}")
            table: dict[int, Counter[str]] = defaultdict(Counter)
            for a, b in pairs:
                table[a][LEVELS[b]] += 1
            for a in sorted(table):
                print(f"    label rank {a}: " + ", ".join(f"{k} {v}" for k, v in sorted(table[a].items())))
    assert HARD


if __name__ == "__main__":
    main()
