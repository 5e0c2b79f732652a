"""Translating a gridlogic proof into LEGUP's rules (issue 30): ``proof make`` (plain) then
:func:`gridlogic.proof.translate.to_legup_rules`, CPU time per proof over the sample of
:mod:`benchmarks.bench_legup_exact` (20 puzzles per kind).

    nice -n 10 .venv/bin/python -m benchmarks.bench_translate [--limit 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.bench_legup_exact import SOURCES, sample
from gridlogic.kinds import detect
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.translate import to_legup_rules


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=20)
    args = ap.parse_args()
    for kind in SOURCES:
        made: list[float] = []
        took: list[float] = []
        steps = 0
        for text in sample(kind, args.limit):
            k, fmt = detect(text)
            p = fmt.read(text)
            c = time.process_time()
            try:
                proof = make(k, p, puzzle_text(k, p, text))
            except NoProof:
                continue
            made.append(time.process_time() - c)
            c = time.process_time()
            steps += to_legup_rules(proof)[1]
            took.append(time.process_time() - c)
        print(f"{kind}: {len(took)} proofs, {steps} steps translated; translation CPU median "
              f"{statistics.median(took) * 1000:.0f} ms, max {max(took) * 1000:.0f} ms, total {sum(took):.1f} s "
              f"(proof make: median {statistics.median(made) * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
