"""CPU of the Star Battle human solver over every masonomara pack puzzle (693), per 1,000 puzzles:
the figure compared with main's in the same minutes (run main's tree at the same time, e.g. from an
extracted copy: ``PYTHONPATH=/tmp/main/src``).

    nice -n 10 .venv/bin/python -m benchmarks.sbr_masonomara_cpu [--no-trial]
"""

from __future__ import annotations

import argparse
import json
import time

from benchmarks.bench_starbattle_human import CORPUS
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbn
from gridlogic.puzzles.starbattle.levels import TRIAL


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-trial", action="store_true", help="cap the solve below Trial")
    args = ap.parse_args()
    puzzles = [sbn.read(p["sbn"]) for f in sorted((CORPUS / "masonomara-packs").glob("*.json"))
               for p in json.loads(f.read_text())["puzzles"]]
    cpu, solved = 0.0, 0
    for p in puzzles:
        start = time.process_time()
        ex = explain(p, TRIAL - 1 if args.no_trial else None)
        cpu += time.process_time() - start
        solved += ex.status == "solved"
    print(f"{len(puzzles)} masonomara puzzles{' without Trial' if args.no_trial else ''}: {solved} solved, "
          f"CPU {cpu:.2f} s, {1000 * cpu / len(puzzles):.2f} s per 1,000")


if __name__ == "__main__":
    main()
