"""A digest of what `gridlogic generate` prints for fixed seeds, through the command line (the
contract of record), so refactors of the generators can be checked to keep every puzzle.

    nice -n 10 .venv/bin/python -m benchmarks.generate_digest

Prints one line per request and a digest of all of them; run it on both checkouts.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

REQUESTS = [
    ["starbattle", "--size", "8", "--stars", "1", "--difficulty", "Hard"],
    ["starbattle", "--size", "10", "--stars", "2", "--difficulty", "Medium"],
    ["starbattle", "--size", "6", "--stars", "1"],
    ["binary", "--size", "8", "--difficulty", "hard"],
    ["binary", "--size", "10", "--difficulty", "expert"],
    ["binary", "--size", "6"],
    ["str8ts", "--size", "6", "--difficulty", "tough"],
    ["str8ts", "--size", "9", "--difficulty", "diabolical"],
]
SEEDS = ["--seed", "1", "--count", "3", "--attempts", "400", "--json"]


def main() -> None:
    total = hashlib.sha256()
    for req in REQUESTS:
        done = subprocess.run([str(Path(sys.executable).with_name("gridlogic")), "generate", *req, *SEEDS],
                              capture_output=True, text=True, check=False)
        rows = []
        for line in done.stdout.splitlines():
            row = json.loads(line)
            rows.append({k: v.lower() if k in {"grade", "level"} and isinstance(v, str) else v
                         for k, v in row.items() if k not in {"ms", "cpu", "seconds"}})
        text = json.dumps([done.returncode, rows, done.stderr.strip()[-200:]], sort_keys=True)
        total.update(text.encode())
        print(" ".join(req), f"exit {done.returncode}, {len(rows)} puzzles,",
              hashlib.sha256(text.encode()).hexdigest()[:12], flush=True)
    print("generate digest", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
