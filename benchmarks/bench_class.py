"""Class grading (issue 30): a class folder of 720 proof files of 10x10 2-star Star Battle puzzles
graded against one assignment by the real command, every transition re-checked.

The folder: for ``--puzzles`` puzzles of starbattlelab ``10-2-hard.txt`` (a fixed random sample),
the gridlogic proof (named techniques), the ``--legup-only`` proof as JSON and as a LEGUP file, and
wrong proofs made from them (the proof mutants of ``proof/mutate.py``, JSON and LEGUP files) until
``--files`` files, spread over nested student folders. The assignment lists the puzzles with the
``gridlogic`` rule set (so technique steps are judged by their own rule, the costly case). Then

    gridlogic proof grade --assignment A.json FOLDER --out grades.csv

runs as a subprocess (its default: up to 2 worker processes); wall time and the CPU time of the
command and its children are printed, with the rows' counts.

    nice -n 10 .venv/bin/python -m benchmarks.bench_class [--files 720] [--puzzles 24] [--jobs N]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_proofs import corpus_dir, texts
from gridlogic.kinds import detect
from gridlogic.proof.assign import Assignment
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.legup_xml import to_legup_xml
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.mutate import mutants, xml_mutants


def build(folder: Path, files: int, puzzles: int) -> Assignment:
    path = corpus_dir() / "starbattle" / "starbattlelab" / "10-2-hard.txt"
    chosen = random.Random(30).sample(list(texts([path])), puzzles * 2)
    valid: list[tuple[str, str]] = []
    wrong: list[tuple[str, str]] = []
    used: list[str] = []
    for text in chosen:
        if len(used) == puzzles:
            break
        k, fmt = detect(text)
        p = fmt.read(text)
        line = puzzle_text(k, p, text)
        try:
            plain, legup = make(k, p, line), make(k, p, line, legup_only=True)
        except NoProof:
            continue
        used.append(line)
        xml = to_legup_xml(legup)
        valid += [("json", plain.to_text()), ("json", legup.to_text()), ("xml", xml)]
        wrong += [("json", json.dumps(m)) for _, m in mutants(plain, per_category=4)]
        wrong += [("xml", m) for _, m in xml_mutants(xml, per_proof=6)]
    random.Random(31).shuffle(wrong)
    chosen_files = (valid + wrong)[:files]
    for n, (ext, body) in enumerate(chosen_files):
        d = folder / f"section{n % 4}" / f"student{n // 8:03}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"proof{n:04}.{ext}").write_text(body, encoding="utf-8")
    return Assignment("starbattle", tuple(used), "gridlogic")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=720)
    ap.add_argument("--puzzles", type=int, default=24)
    ap.add_argument("--jobs", type=int, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "class"
        t = time.perf_counter()
        a = build(folder, args.files, args.puzzles)
        n = sum(1 for _ in folder.rglob("*.*"))
        print(f"class folder: {n} files over {len(a.puzzles)} puzzles, built in {time.perf_counter() - t:.1f} s")
        a_file = Path(tmp) / "a.json"
        a_file.write_text(json.dumps(a.to_json()))
        out = Path(tmp) / "grades.csv"
        cmd = [str(Path(sys.executable).parent / "gridlogic"), "proof", "grade", "--assignment", str(a_file),
               str(folder), "--out", str(out), *(["--jobs", str(args.jobs)] if args.jobs else [])]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        w = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, env={**os.environ, "COLUMNS": "100"})
        wall = time.perf_counter() - w
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rows = list(csv.DictReader(out.open()))
        transitions = sum(int(r["transitions"] or 0) for r in rows)
        print(done.stderr.strip().splitlines()[-4:] if done.stderr else "")
        print(f"graded {len(rows)} files ({transitions} transitions re-checked): wall {wall:.1f} s, "
              f"CPU {cpu:.1f} s (command and workers), exit {done.returncode}; "
              f"{sum(r['accepted'] == 'yes' for r in rows)} accepted, {sum(r['valid'] == 'no' for r in rows)} invalid, "
              f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
