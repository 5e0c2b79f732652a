"""Proofs over the dev corpus: ``proof make`` then ``proof check`` on every Star Battle and Binary
puzzle (or ``--limit`` per source, a fixed random sample), with the checker's rule caches cleared
before each check so its time is honest. Prints, per source: proved-and-valid / no proof (the human
solver is stuck, or the puzzle is not unique) / INVALID (a bug); then median, p95 and max of the
human solver's time, of what ``make`` adds to it, and of the check; and the median ratio of check
time to the exact solver's (first two solutions) on the same puzzles.

With ``--mutate``, every proof also goes through the mutation suite (``gridlogic.proof.mutate``) and
the survivors (mutants the checker wrongly accepts) are counted.

    .venv/bin/python -m benchmarks.bench_proofs [--limit N] [--sources starbattlelab,binary] [--mutate]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from gridlogic.kinds import detect, split_records
from gridlogic.proof.checker import check
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.kinds import ProofKind, proof_kind
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.model import Node, Proof
from gridlogic.proof.mutate import mutants
from gridlogic.puzzles.binary import legup as binary_legup
from gridlogic.puzzles.starbattle import legup as starbattle_legup

ROOT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path:
    for c in (ROOT.parent / "shared" / "corpus", ROOT / ".." / ".." / "shared" / "corpus"):
        if c.is_dir():
            return c
    sys.exit("corpus not found (../shared/corpus)")


def sources(corpus: Path) -> dict[str, list[Path]]:
    sb = corpus / "starbattle"
    return {
        "puzzlink": [sb / "puzzlink" / "urls.tsv"],
        "legup-starbattle": sorted(p for p in (sb / "legup").rglob("*") if p.is_file()),
        "masonomara": sorted((sb / "masonomara-packs").glob("*.json")),
        "starbattlelab": sorted((sb / "starbattlelab").glob("*.txt")),
        "norvig": [sb / "norvig" / "boards.tsv"],
        "binary": [corpus / "binary" / "binary.tsv"],
        "legup-binary": sorted(p for p in (corpus / "binary" / "legup").rglob("*") if p.is_file()),
    }


def texts(files: list[Path]) -> Iterator[str]:
    for f in files:
        body = f.read_text(encoding="utf-8")
        try:
            for rec in split_records(body):
                yield rec.text
        except Exception as e:  # noqa: BLE001 - a file no kind reads is reported, not fatal
            print(f"  skip {f.name}: {e}")


def clear_caches() -> None:
    for mod in (starbattle_legup, binary_legup):
        mod.justified.cache_clear()


def cell_counts(node: Node, pk: ProofKind) -> tuple[int, int]:
    """(cells set by LEGUP direct rules, cells set by production rules) in a proof tree."""
    legup = sum(len(s.set) for s in node.steps if s.rule in pk.direct)
    other = sum(len(s.set) for s in node.steps if s.rule not in pk.direct)
    for b in node.split.branches if node.split else ():
        bl, bo = cell_counts(b, pk)
        legup, other = legup + bl, other + bo
    return legup, other


def stats(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {xs[-1] * 1000:.0f} ms"


def run(name: str, files: list[Path], limit: int | None, mutate: bool = False) -> None:
    all_texts = list(texts(files))
    if limit is not None and len(all_texts) > limit:
        all_texts = random.Random(7).sample(all_texts, limit)
    made, stuck, invalid = 0, 0, []
    slowest = (0.0, "")
    tried = survived = 0
    legup_cells = production_cells = splits = 0
    t_explain: list[float] = []
    t_make: list[float] = []
    t_check: list[float] = []
    t_solve: list[float] = []
    for text in all_texts:
        k, fmt = detect(text)
        puzzle = fmt.read(text)
        te = time.perf_counter()
        ex = k.explain(puzzle)
        t0 = time.perf_counter()
        t_explain.append(t0 - te)
        try:
            proof = make(k, puzzle, puzzle_text(k, puzzle, text), ex)
        except NoProof:
            stuck += 1
            continue
        t1 = time.perf_counter()
        clear_caches()
        rep = check(Proof.from_text(proof.to_text()))
        t2 = time.perf_counter()
        list(islice(k.solutions(puzzle), 2))
        t3 = time.perf_counter()
        made += 1
        lc, pc = cell_counts(proof.root, proof_kind(proof.kind))
        legup_cells, production_cells, splits = legup_cells + lc, production_cells + pc, splits + rep.closed
        t_make.append(t1 - t0)
        slowest = max(slowest, (t1 - t0, text.strip()[:80]))
        t_check.append(t2 - t1)
        t_solve.append(t3 - t2)
        if not rep.valid:
            invalid.append((text[:60], rep.errors[0]))
        elif mutate:
            for what, mutant in mutants(proof):
                tried += 1
                if check(Proof.from_json(mutant)).valid:
                    survived += 1
                    print(f"  SURVIVOR {what}: {text[:60]}")
    ratio = statistics.median(c / max(s, 1e-6) for c, s in zip(t_check, t_solve, strict=True)) if t_check else 0
    print(f"{name}: {len(all_texts)} puzzles: {made} proved and checked, {stuck} no proof, "
          f"{len(invalid)} INVALID")
    share = legup_cells / max(1, legup_cells + production_cells)
    print(f"  {share:.1%} of proved cells by LEGUP rules, {production_cells} by production rules, "
          f"{splits} case splits with a closed branch")
    print(f"  human solver (explain) {stats(t_explain)}")
    print(f"  make, beyond explain   {stats(t_make)}")
    print(f"  check                  {stats(t_check)}  (median check/solve ratio {ratio:.1f})")
    print(f"  slowest make: {slowest[1]}")
    if mutate:
        print(f"  mutation suite: {tried} mutants, {tried - survived} rejected, {survived} survived")
    for text, err in invalid[:5]:
        print(f"  INVALID {text}: {err.path} {err.rule} {err.message[:100]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=None, help="at most N puzzles per source (random sample)")
    ap.add_argument("--sources", default=None, help="comma-separated source names")
    ap.add_argument("--mutate", action="store_true", help="also run the mutation suite on every proof")
    args = ap.parse_args()
    chosen = set(args.sources.split(",")) if args.sources else None
    for name, files in sources(corpus_dir()).items():
        if chosen is None or name in chosen:
            run(name, files, args.limit, args.mutate)


if __name__ == "__main__":
    main()
