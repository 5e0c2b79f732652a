"""LEGUP's own Java rule code on gridlogic's exports (issue 30).

Exports the sample of :mod:`benchmarks.bench_legup_exact` (``proof make``, plain and
``--legup-only``, written with ``--legup-xml``'s path) to a folder, then replays every file with
``benchmarks/legup/Replay.java`` against LEGUP's own model and rule classes, built outside this
repository (docs/proofs-legup-replay.md says how) and named by ``$LEGUP_HOME`` (the classes folder).
Without ``$LEGUP_HOME`` it says so and exits 0 (nothing measured).

    LEGUP_HOME=/work/legup-build/classes nice -n 10 .venv/bin/python -m benchmarks.bench_legup_java \
        [--limit 20] [--out DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchmarks.bench_legup_exact import SOURCES, sample
from gridlogic.kinds import detect
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.translate import export_legup


def export(out: Path, limit: int) -> dict[tuple[str, str], list[Path]]:
    """Write the sample's exports; ``{(kind, mode): files}``."""
    files: dict[tuple[str, str], list[Path]] = {}
    for kind in SOURCES:
        for legup_only in (False, True):
            mode = "--legup-only" if legup_only else "plain"
            for n, text in enumerate(sample(kind, limit)):
                k, fmt = detect(text)
                p = fmt.read(text)
                try:
                    pr = make(k, p, puzzle_text(k, p, text), legup_only=legup_only)
                except NoProof:
                    continue
                path = out / f"{kind}-{'legup' if legup_only else 'plain'}-{n:02d}.xml"
                path.write_text(export_legup(pr)[0])
                files.setdefault((kind, mode), []).append(path)
    return files


def replay(home: str, paths: list[Path]) -> list[list[str]]:
    """The harness's report lines, split on tabs."""
    res = subprocess.run(["java", "-cp", home, "gridlogic.legupreplay.Replay", *map(str, paths)],
                         capture_output=True, text=True, check=True)
    return [line.split("\t") for line in res.stdout.splitlines() if line]


def report(kind: str, mode: str, lines: list[list[str]]) -> None:
    files = [ln for ln in lines if ln[0] == "FILE"]
    errors = [ln for ln in lines if ln[0] == "ERROR"]
    rejects = Counter((ln[2], ln[3], ln[4]) for ln in lines if ln[0] == "REJECT")
    tot = [sum(int(f[i]) for f in files) for i in range(3, 9)]
    print(f"{kind} {mode}: {len(files)} files replayed, {len(errors)} not loaded; {tot[0]} transitions, "
          f"{tot[1]} justified: {tot[2]} accepted by LEGUP's code, {tot[3]} rejected; {tot[4]} without a rule; "
          f"{tot[5]} resolved by name; tree valid in {sum(f[9] == 'true' for f in files)} files")
    for (rule, rid, msg), n in rejects.most_common():
        print(f"    {n:4d} x {rule} ({rid}): {msg}")
    for e in errors[:3]:
        print(f"    not loaded: {e[1]}: {e[2]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--out", type=Path, help="keep the exports in this folder")
    args = ap.parse_args()
    home = os.environ.get("LEGUP_HOME")
    if not home:
        print("LEGUP_HOME is not set: build LEGUP's classes as docs/proofs-legup-replay.md says; skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        t, c = time.perf_counter(), time.process_time()
        files = export(out, args.limit)
        print(f"exported {sum(map(len, files.values()))} files in {time.perf_counter() - t:.0f} s wall, "
              f"{time.process_time() - c:.0f} s CPU", file=sys.stderr)
        for (kind, mode), paths in files.items():
            t = time.perf_counter()
            report(kind, mode, replay(home, paths))
            print(f"    (replay {time.perf_counter() - t:.1f} s wall)")


if __name__ == "__main__":
    main()
