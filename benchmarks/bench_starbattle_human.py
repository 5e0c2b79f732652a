"""Star Battle human-style solver: coverage, soundness, rule firing counts, timing and grades vs
corpus labels, over the dev corpus (masonomara packs + StarBattleLab files).

    .venv/bin/python -m benchmarks.bench_starbattle_human [--limit N] [--min-n N] [--max-n N] [--only ID,ID]

The coverage sweep (every puzzle checked for uniqueness by the exact solver first, each solve under
a CPU cap, one JSON line per puzzle, resumable; ``--report`` turns the lines into tables):

    nice -n 10 .venv/bin/python -m benchmarks.bench_starbattle_human --out R.jsonl --cpu-cap 300 \
        [--only 14-3-unsorted,17-4-unsorted#4] [--shard 1/2] [--notes unsolved.txt]
    .venv/bin/python -m benchmarks.bench_starbattle_human --report R.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from gridlogic.core import engine
from gridlogic.core.grid import Cell
from gridlogic.core.step import Step
from gridlogic.kinds import detect, split_records
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbl, sbn
from gridlogic.puzzles.starbattle.levels import HARD, TRIAL
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import LEVELS, rules
from gridlogic.puzzles.starbattle.rules.state import State


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


def others(root: Path = CORPUS) -> Iterator[Item]:
    """The small folders (LEGUP files, Norvig's boards, puzz.link URLs), read through the input
    pipeline; ids are ``<folder>/<file>#<record>``."""
    for sub in ("legup", "norvig", "puzzlink"):
        for path in sorted(p for p in (root / sub).rglob("*") if p.is_file() and "README" not in p.name):
            for k, rec in enumerate(split_records(path.read_text(encoding="utf-8")), 1):
                _, fmt = detect(rec.text)
                yield Item(f"{sub}/{path.name}#{k}", "other", "unsorted", fmt.read(rec.text), None)


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


class CpuCapReached(Exception):  # noqa: N818 - a signal, not an error
    """Raised by the SIGPROF handler when a solve has used its CPU cap."""


def _cap_reached(signum: int, frame: object) -> None:
    raise CpuCapReached


def solve_capped(puzzle: StarBattle, max_level: int | None, cap: float,
                 when: list[float] | None = None) -> tuple[str, list[Step], int]:
    """``explain``'s run (the same rules, the same steps) under a CPU cap of ``cap`` seconds
    (0: none): status ("solved", "stuck", "contradiction" or "unfinished"), the steps made so far
    and the cells still open. ``when`` receives each step's CPU time from the start."""
    state = State.start(puzzle)
    made: list[Step] = []
    t0 = time.process_time()

    def on_step(step: Step) -> None:
        made.append(step)
        if when is not None:
            when.append(time.process_time() - t0)

    if cap:
        signal.signal(signal.SIGPROF, _cap_reached)
        signal.setitimer(signal.ITIMER_PROF, cap)
    try:
        out = engine.run(state, rules(max_level), max_steps=10_000, on_step=on_step)
        status, steps = out.status, out.steps
    except CpuCapReached:
        status, steps = "unfinished", made
    finally:
        if cap:
            signal.setitimer(signal.ITIMER_PROF, 0)
    return status, steps, state.unknown.bit_count()


def _exact(item: Item) -> tuple[int, frozenset[Cell] | None]:
    """How many solutions (0, 1 or 2 meaning "several") the exact solver finds, and the unique one."""
    sols = list(islice(solutions(item.puzzle), 2))
    return len(sols), (sols[0] if len(sols) == 1 else None)


def _chain(step: Step) -> int:
    got = re.search(r"a chain of (\d+) step", step.reason)
    return int(got.group(1)) if got else 0


def _nested(step: Step) -> int | None:
    """A nested trial step's number of inner trials, else None."""
    got = re.search(r"steps, (\d+) of them inner trial", step.reason) if "(a nested trial)" in step.reason else None
    return int(got.group(1)) if got else None


def _revision() -> str:
    """The last git commit that changed the gridlogic package actually imported (it may come from
    PYTHONPATH), "+dirty" if it has uncommitted changes."""
    import gridlogic  # noqa: PLC0415 - only its path is wanted

    src = Path(gridlogic.__file__).resolve().parent
    try:
        rev = subprocess.run(["git", "-C", str(src), "log", "-1", "--format=%h", "--", "."], capture_output=True,
                             text=True, check=False).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(src), "status", "--porcelain", "--", "."], capture_output=True,
                               text=True, check=False).stdout.strip()
    except OSError:
        return "?"
    return f"{rev}{'+dirty' if dirty else ''}" if rev else "?"


def sweep(items: list[Item], args: argparse.Namespace) -> None:
    """One JSON line per puzzle to ``args.out`` (appended; ids already there are skipped unless they
    were left unfinished under a smaller cap). Puzzles the exact solver finds several (or no)
    solutions for are recorded and not solved. A unique puzzle left unsolved is appended to
    ``args.notes`` as soon as it is known."""
    out = Path(args.out)
    done: dict[str, dict[str, Any]] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                old = json.loads(line)
                done[old["id"]] = old
    todo = [it for it in items if it.id not in done
            or (done[it.id]["status"] == "unfinished" and float(done[it.id]["cap"]) < args.cpu_cap)]
    rev = _revision()
    print(f"sweep: {len(todo)} of {len(items)} to run (gridlogic {rev}), cap {args.cpu_cap or 'none'} s CPU",
          file=sys.stderr, flush=True)
    for k, it in enumerate(todo, 1):
        size = f"{it.puzzle.n}x{it.puzzle.n}/{it.puzzle.stars}"
        t0 = time.process_time()
        count, sol = _exact(it)
        rec: dict[str, Any] = {"id": it.id, "source": it.source, "label": it.label, "size": size,
                                  "solutions": count, "exact_cpu": round(time.process_time() - t0, 3),
                                  "cap": args.cpu_cap, "rev": rev}
        if it.solution is not None and sol is not None and sol != it.solution:
            rec["pack_solution_differs"] = True
        if count != 1:
            rec["status"] = "nonunique" if count > 1 else "no solution"
        else:
            assert sol is not None
            w0, c0 = time.perf_counter(), time.process_time()
            when: list[float] = []
            status, steps, left = solve_capped(it.puzzle, TRIAL - 1 if args.no_trial else None, args.cpu_cap, when)
            level = max((s.level for s in steps), default=0)
            rec["last_step_cpu"] = round(when[-1], 3) if when else 0.0
            rec.update(status=status, cpu=round(time.process_time() - c0, 3),
                       wall=round(time.perf_counter() - w0, 3), level=LEVELS[level],
                       no_trial=status == "solved" and level < TRIAL, steps=len(steps), open=left,
                       trial_chains=[_chain(s) for s in steps if s.rule == "Trial"],
                       nested_inner=[k for k in map(_nested, steps) if k is not None],
                       fired=dict(Counter(s.rule for s in steps)),
                       unsound=unsound_steps(it, steps, sol))
            if args.notes and (status in ("stuck", "contradiction")
                               or (status == "unfinished" and args.cpu_cap >= args.notes_cap)):
                with Path(args.notes).open("a") as f:
                    f.write(f"{it.id}\t{status} with Trial (gridlogic {rev}, bench_starbattle_human sweep): "
                            f"{len(rec['trial_chains'])} Trial steps (chains {rec['trial_chains']}), "
                            f"{rec['cpu']} s CPU (cap {args.cpu_cap}), {left} of {it.puzzle.n ** 2} cells "
                            f"still open after {len(steps)} steps (the last at {rec['last_step_cpu']} s CPU), "
                            f"{len(rec['unsound'])} unsound\n")
        with out.open("a") as f:
            f.write(json.dumps(rec) + "\n")
        print(f"  [{k}/{len(todo)}] {it.id} {size}: {rec['status']}"
              + (f", {len(rec['trial_chains'])} Trial steps, {rec['cpu']} s CPU, {rec['open']} open"
                 if "cpu" in rec else ""), file=sys.stderr, flush=True)


def _set_of(rec_id: str) -> str:
    return rec_id.split("#", maxsplit=1)[0] if not rec_id.startswith(("legup/", "norvig/", "puzzlink/")) \
        else rec_id.split("/", maxsplit=1)[0]


def _id_key(rec_id: str) -> tuple[str, int, str]:
    """``file#12`` sorts by file, then by number."""
    head, _, tail = rec_id.rpartition("#")
    return head, int(tail) if tail.isdigit() else 0, rec_id


def report(paths: list[str]) -> None:
    """Markdown tables from sweep lines (a later line for an id replaces an earlier one)."""
    recs: dict[str, dict[str, Any]] = {}
    for p in paths:
        for line in Path(p).read_text().splitlines():
            if line.strip():
                rec = json.loads(line)
                recs[rec["id"]] = rec
    sets: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rec in recs.values():
        sets[_set_of(str(rec["id"]))].append(rec)

    def sort_key(name: str) -> tuple[int, str]:
        first = sets[name][0]
        return int(str(first["size"]).split("x")[0]), name

    revs = sorted({str(r["rev"]) for r in recs.values()})
    print(f"{len(recs)} puzzles; gridlogic {', '.join(revs)}\n")
    print("| set | size | puzzles | non-unique | unique | solved without Trial | solved with Trial | stuck |"
          " not finished | unsound steps | CPU median / max s | Trial steps: chains (median / max) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    tot: Counter[str] = Counter()
    for name in sorted(sets, key=sort_key):
        rs = sets[name]
        uniq = [r for r in rs if r["solutions"] == 1]
        ran = [r for r in uniq if "cpu" in r]
        solved = [r for r in ran if r["status"] == "solved"]
        no_trial = [r for r in solved if r["no_trial"]]
        stuck = [r for r in ran if r["status"] in ("stuck", "contradiction")]
        unfinished = [r for r in ran if r["status"] == "unfinished"]
        bad = sum(len(r["unsound"]) for r in ran)
        cpus = [float(r["cpu"]) for r in ran]
        chains = [c for r in ran for c in r["trial_chains"]]
        n_u = len(uniq)
        for key, v in (("all", len(rs)), ("nonunique", len(rs) - n_u), ("unique", n_u), ("no_trial", len(no_trial)),
                       ("solved", len(solved)), ("stuck", len(stuck)), ("unfinished", len(unfinished)), ("bad", bad)):
            tot[key] += v

        def share(k: int, n: int) -> str:
            return f"{k} ({100 * k / n:.1f} %)" if n else "–"

        sizes = sorted({str(r["size"]) for r in rs}, key=lambda z: int(z.split("x")[0]))
        print(f"| {name} | {', '.join(sizes)} | {len(rs)} | {len(rs) - n_u} | {n_u} | {share(len(no_trial), n_u)} | "
              f"{share(len(solved), n_u)} | {len(stuck)} | {len(unfinished)} | {bad} | "
              + (f"{statistics.median(cpus):.2f} / {max(cpus):.2f}" if cpus else "–") + " | "
              + (f"{len(chains)}: {statistics.median(chains):g} / {max(chains)}" if chains else "0") + " |")
    print(f"| **all** | | {tot['all']} | {tot['nonunique']} | {tot['unique']} | {tot['no_trial']} | {tot['solved']} | "
          f"{tot['stuck']} | {tot['unfinished']} | {tot['bad']} | | |")
    for title, want in (("stuck with Trial", ("stuck", "contradiction")), ("not finished", ("unfinished",)),
                        ("several solutions (not solved)", ("nonunique", "no solution"))):
        got = [r for r in recs.values() if r["status"] in want]
        print(f"\n{title} ({len(got)}):")
        for r in sorted(got, key=lambda r: _id_key(str(r["id"]))):
            extra = (f": {len(r['trial_chains'])} Trial steps, {r['cpu']} s CPU (cap {r['cap']}), "
                     f"{r['open']} cells open after {r['steps']} steps"
                     + (f" (the last at {r['last_step_cpu']} s)" if "last_step_cpu" in r else "") if "cpu" in r else "")
            print(f"  {r['id']} {r['size']}{extra}")
    nested = [r for r in recs.values() if r.get("nested_inner")]
    print(f"\nnested trial steps ({sum(len(r['nested_inner']) for r in nested)}, in {len(nested)} puzzles):")
    for r in sorted(nested, key=lambda r: _id_key(str(r["id"]))):
        print(f"  {r['id']} {r['size']}: {r['status']}, {len(r['trial_chains'])} Trial steps of which "
              f"{len(r['nested_inner'])} nested (inner trials {r['nested_inner']}), {r['cpu']} s CPU")
    for title, keep in (("10x10", lambda n: n == 10), ("all sizes", lambda n: True)):
        fired: Counter[str] = Counter()
        for r in recs.values():
            if keep(int(str(r["size"]).split("x")[0])):
                fired.update(r.get("fired", {}))
        print(f"\nrule firing counts, {title}: "
              + ", ".join(f"{k} {v}" for k, v in sorted(fired.items(), key=lambda kv: -kv[1])))
    print()
    for title, top in (("up to 11x11", 11), ("all sizes", 99)):
        pairs = [(LABEL_RANK[str(r["label"])], LEVELS.index(str(r["level"]))) for r in recs.values()
                 if r["source"] == "starbattlelab" and r.get("status") == "solved" and r["label"] in LABEL_RANK
                 and int(str(r["size"]).split("x")[0]) <= top]
        if len(pairs) > 2:
            print(f"grades vs labels, StarBattleLab {title}: Spearman rho = "
                  f"{spearman([a for a, _ in pairs], [b for _, b in pairs]):.3f} over {len(pairs)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles per source file group")
    ap.add_argument("--max-n", type=int, default=30)
    ap.add_argument("--min-n", type=int, default=0)
    ap.add_argument("--source", choices=["masonomara", "starbattlelab", "other"], default=None)
    ap.add_argument("--no-soundness", action="store_true")
    ap.add_argument("--no-trial", action="store_true", help="cap the solve below Trial (CPU without it)")
    ap.add_argument("--only", default="", help="puzzle ids, comma-separated (17-4-unsorted#1,...); an id "
                    "without '#' takes its whole file (14-3-unsorted), in the order given")
    ap.add_argument("--other", action="store_true", help="add the LEGUP, Norvig and puzz.link folders")
    ap.add_argument("--out", default="", help="sweep: one JSON line per puzzle appended to this file (resumable)")
    ap.add_argument("--cpu-cap", type=float, default=0.0, help="sweep: CPU seconds per solve, then 'unfinished'")
    ap.add_argument("--shard", default="", help="sweep: K/N runs every N-th puzzle from the K-th (1-based)")
    ap.add_argument("--notes", default="", help="sweep: append unique puzzles left unsolved to this file")
    ap.add_argument("--notes-cap", type=float, default=300.0,
                    help="sweep: note an unfinished puzzle only if its cap was at least this")
    ap.add_argument("--report", nargs="+", default=[], help="tables from sweep files, then exit")
    args = ap.parse_args()
    if args.report:
        report(args.report)
        return
    items = [*masonomara(), *starbattlelab(), *(others() if args.other or args.source == "other" else [])]
    items = [it for it in items if args.min_n <= it.puzzle.n <= args.max_n
             and (args.source is None or it.source == args.source)]
    if args.only:
        wanted = args.only.split(",")
        rank = {w: k for k, w in enumerate(wanted)}
        items = [it for it in items if it.id in rank or it.id.split("#")[0] in rank]
        items.sort(key=lambda it: rank.get(it.id, rank.get(it.id.split("#")[0], 0)))
    if args.limit:
        per: Counter[str] = Counter()
        kept = []
        for it in items:
            key = it.id.split("#")[0]
            if per[key] < args.limit:
                per[key] += 1
                kept.append(it)
        items = kept
    if args.shard:
        first, every = (int(x) for x in args.shard.split("/"))
        items = items[first - 1::every]
    if args.out:
        sweep(items, args)
        return
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
