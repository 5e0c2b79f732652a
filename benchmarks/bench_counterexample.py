"""Counterexample time (issue 30: a ✗ step shows a counterexample board within 1 s).

Over real 10x10 puzzles (StarBattleLab 10x10/2 hard, Binary 10x10 from the corpus), a proof made by
``proof make`` is cut after a step chosen at random (fixed seed) whose first cell is set to the
other value: one step not implied, as a student would write it. Timed: the whole ``/api/proof/check``
work (:func:`gridlogic.proof.interactive.check_proof`: check, verdicts and the counterexample) and
the counterexample alone; wall and CPU, median and max.

    nice -n 10 .venv/bin/python -m benchmarks.bench_counterexample [--count 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from typing import Any

from benchmarks.bench_proofs import corpus_dir, texts
from gridlogic.kinds import detect
from gridlogic.proof.assist import counterexamples
from gridlogic.proof.checker import check
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.interactive import check_proof
from gridlogic.proof.kinds import kind_for
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.model import Node, Proof, ProofStep

SOURCES = {"starbattle": "starbattle/starbattlelab/10-2-hard.txt", "binary": "binary/binary.tsv"}


def puzzles(kind: str, count: int) -> list[str]:
    out = []
    for text in texts([corpus_dir() / SOURCES[kind]]):
        _, fmt = detect(text)
        p = fmt.read(text)
        if kind == "binary" and (p.width, p.height) != (10, 10):
            continue
        out.append(text)
    return random.Random(30).sample(out, min(count, len(out)))


def wrong_step(proof: Proof, rng: random.Random) -> Proof | None:
    """``proof`` cut after a root step whose first cell now holds the other value."""
    steps = proof.root.steps
    if not steps:
        return None
    k = rng.randrange(len(steps))
    step = steps[k]
    r, c, v = step.set[0]
    pk = kind_for(proof.kind, proof.rules)
    bad = ProofStep(step.rule, ((r, c, pk.opposite(v)), *step.set[1:]))
    return replace(proof, root=Node(steps=(*steps[:k], bad)))


def timed(fn: Any) -> tuple[Any, float, float]:
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(30)
    for kind in SOURCES:
        whole: list[tuple[float, float]] = []
        alone: list[tuple[float, float]] = []
        shown = 0
        for text in puzzles(kind, args.count):
            k, fmt = detect(text)
            p = fmt.read(text)
            try:
                proof = make(k, p, puzzle_text(k, p, text))
            except NoProof:
                continue
            bad = wrong_step(proof, rng)
            if bad is None:
                continue
            obj = bad.to_json()
            res, w, c = timed(lambda obj=obj: check_proof(obj, partial=True))
            whole.append((w, c))
            shown += bool(res["counterexamples"])
            errors = check(bad, partial=True).to_json()["errors"]
            _, w, c = timed(lambda bad=bad, errors=errors: counterexamples(bad, errors))
            alone.append((w, c))
        for label, xs in (("check + counterexample", whole), ("counterexample alone", alone)):
            walls, cpus = [x[0] for x in xs], [x[1] for x in xs]
            print(f"{kind} 10x10, {len(xs)} proofs with one wrong step, {label}: wall median "
                  f"{statistics.median(walls) * 1000:.0f} ms, max {max(walls) * 1000:.0f} ms; CPU median "
                  f"{statistics.median(cpus) * 1000:.0f} ms, max {max(cpus) * 1000:.0f} ms")
        print(f"    counterexample board shown for {shown} of {len(whole)}")


if __name__ == "__main__":
    main()
