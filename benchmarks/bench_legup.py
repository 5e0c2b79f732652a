"""LEGUP interop figures: grading speed per file, round trips, LEGUP-file mutants.

- ``grade``: proofs of a fixed sample of 10x10 Star Battle puzzles (2 stars, starbattlelab 10-2-hard)
  written as LEGUP files (``proof make --legup-only`` and plain), then graded file by file exactly
  as ``proof grade`` does (read, import, check, row), with the rule caches cleared before each file
  so no file profits from another's work. Prints median / p95 / max per file, wall and CPU.
- ``roundtrip``: ``make`` -> LEGUP XML -> import over a fixed sample of every dev-corpus source;
  counts proofs that come back equal.
- ``mutate``: the LEGUP-file mutation suite over the same sample; counts mutants rejected.
- ``costlimit``: the proof the cost limit is for: 100 one-cell production-rule steps on a 25x25
  board with one wrong star given (no solution, so each step is judged by propagation); times the
  check stopped by a 5 s limit, and with ``--full`` the whole check.

    nice -n 10 .venv/bin/python -m benchmarks.bench_legup [grade] [roundtrip] [mutate] [costlimit]
        [--limit N] [--full]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.bench_proofs import clear_caches, corpus_dir, sources, texts
from gridlogic.core.errors import ParseError
from gridlogic.kinds import detect
from gridlogic.proof import kinds
from gridlogic.proof.checker import Budget, CheckStopped, check
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.grade import grade_file
from gridlogic.proof.legup_xml import from_legup_xml, to_legup_xml
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.model import Proof
from gridlogic.proof.mutate import xml_mutants
from gridlogic.proof.translate import export_legup, to_legup_rules


def _proofs(puzzles: list[str], legup_only: bool) -> list[Proof]:
    out = []
    for text in puzzles:
        k, fmt = detect(text)
        p = fmt.read(text)
        try:
            out.append(make(k, p, puzzle_text(k, p, text), legup_only=legup_only))
        except NoProof:
            continue
    return out


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {xs[-1] * 1000:.1f} ms"


def bench_grade(limit: int) -> None:
    path = corpus_dir() / "starbattle" / "starbattlelab" / "10-2-hard.txt"
    puzzles = random.Random(15).sample(list(texts([path])), limit)
    for legup_only in (True, False):
        proofs = _proofs(puzzles, legup_only)
        with tempfile.TemporaryDirectory() as tmp:
            files = []
            for n, pr in enumerate(proofs):
                f = Path(tmp) / f"student{n:03}.xml"
                f.write_text(export_legup(pr)[0], encoding="utf-8")  # plain: techniques translated
                files.append(f)
            wall, cpu, transitions, valid = [], [], 0, 0
            for f in files:
                clear_caches()
                kinds._board.cache_clear()
                w, c = time.perf_counter(), time.process_time()
                rows = grade_file(f)
                wall.append(time.perf_counter() - w)
                cpu.append(time.process_time() - c)
                transitions += int(rows[0].transitions or 0)
                valid += rows[0].valid == "yes"
        label = "--legup-only" if legup_only else "plain (production rules)"
        print(f"grade 10x10 2-star LEGUP files, {label}: {len(files)} files, {valid} valid, "
              f"{transitions / len(files):.0f} transitions per file")
        print(f"  per file wall {_ms(wall)}")
        print(f"  per file CPU  {_ms(cpu)}")


def _sample(limit: int) -> list[tuple[str, str]]:
    out = []
    for name, files in sources(corpus_dir()).items():
        if name in ("norvig", "masonomara"):
            continue
        all_texts = list(texts(files))
        out += [(name, t) for t in random.Random(15).sample(all_texts, min(limit, len(all_texts)))]
    return out


def bench_roundtrip(limit: int, mutate: bool) -> None:
    same = total = tried = rejected = unjustified = 0
    for legup_only in (False, True):
        for name, text in _sample(limit):
            proofs = _proofs([text], legup_only)
            for pr in proofs:
                total += 1
                pr = to_legup_rules(pr)[0]  # a LEGUP file holds LEGUP's rules only (translated)
                xml = to_legup_xml(pr)
                same += from_legup_xml(xml) == pr
                unjustified += xml.count("gridlogic_rule") if legup_only else 0
                if not mutate:
                    continue
                for what, m in xml_mutants(xml, per_proof=8):
                    tried += 1
                    try:
                        ok = not check(from_legup_xml(m)).valid
                    except ParseError:
                        ok = True
                    rejected += ok
                    if not ok:
                        print(f"  SURVIVOR {what} ({'--legup-only' if legup_only else 'plain'}): {name} {text[:70]}")
    print(f"round trips JSON -> LEGUP XML -> JSON: {same} of {total} proofs come back equal "
          f"(plain and --legup-only, up to {limit} puzzles per dev-corpus source); "
          f"{unjustified} unjustified transitions in the --legup-only files")
    if mutate:
        print(f"LEGUP-file mutants: {tried} tried, {rejected} rejected, {tried - rejected} survived")


def bench_costlimit(full: bool) -> None:
    text = next(texts([corpus_dir() / "starbattle" / "starbattlelab" / "25-6-unsorted.txt"]))
    k, fmt = detect(text)
    puzzle = fmt.read(text)
    solution = next(iter(k.solutions(puzzle)))
    stars = {(r, c) for r, row in enumerate(k.solution_rows(puzzle, solution)) for c, ch in enumerate(row)
             if ch == "*"}
    blacks = [(r, c) for r in range(puzzle.n) for c in range(puzzle.n) if (r, c) not in stars]
    wrong = blacks[len(blacks) // 2]
    steps = [{"rule": "R1.1", "set": [[r, c, "black"]]} for r, c in blacks if (r, c) != wrong][:100]
    proof = Proof.from_json({"kind": "starbattle", "puzzle": puzzle_text(k, puzzle, text),
                             "start": [[*wrong, "star"]], "root": {"steps": steps}})
    for limit in ([5.0, None] if full else [5.0]):
        clear_caches()
        w, c = time.perf_counter(), time.process_time()
        try:
            rep = check(proof, partial=True, budget=Budget(limit))
            outcome = f"finished: {len(rep.verdicts)} transitions, {len(rep.errors)} errors"
        except CheckStopped as e:
            outcome = str(e)
        print(f"cost limit {limit} s on a 25x25 board without solution, 100 production steps: "
              f"wall {time.perf_counter() - w:.1f} s, CPU {time.process_time() - c:.1f} s: {outcome}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", nargs="*", default=["grade", "roundtrip"])
    ap.add_argument("--limit", type=int, default=30)
    ap.add_argument("--full", action="store_true", help="costlimit: also the whole check, without limit")
    args = ap.parse_args()
    if "costlimit" in args.what:
        bench_costlimit(args.full)
    if "grade" in args.what:
        bench_grade(args.limit)
    if "roundtrip" in args.what or "mutate" in args.what:
        bench_roundtrip(args.limit, "mutate" in args.what)


if __name__ == "__main__":
    main()
