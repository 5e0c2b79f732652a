"""A digest of every explained step of every kind, read through the service layer (the API the CLI
and the web app call), so it stays comparable across refactors of the kinds' insides.

    nice -n 10 .venv/bin/python -m benchmarks.steps_digest [--kind starbattle|binary|str8ts] [--limit N]

Each kind's line: the number of puzzles, CPU seconds, and the first 16 hex digits of a SHA-256 over
the JSON of each puzzle's explanation (steps, status, grade; timing fields dropped; level names in
lower case). Binary and Str8ts: the whole TSV files. Star Battle is digested twice: capped below
Trial and with every level.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

from gridlogic import service
from gridlogic.core.errors import GridlogicError
from gridlogic.kinds import kind, split_records

CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
SOURCES = {
    "starbattle": CORPUS / "starbattle" / "starbattlelab" / "10-2-unsorted.txt",
    "binary": CORPUS / "binary" / "binary.tsv",
    "str8ts": CORPUS / "str8ts" / "str8ts.tsv",
}
TIMING = {"ms", "cpu", "seconds", "time", "wall"}
NAMES = {"grade", "level"}


def scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: v.lower() if k in NAMES and isinstance(v, str) else scrub(v)
                for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def digest(name: str, limit: int | None, max_level: int | None) -> str:
    k = kind(name)
    if limit is None:
        limit = 200 if name == "starbattle" else None
    records = split_records(SOURCES[name].read_text(), k)[:limit]
    h = hashlib.sha256()
    cpu = time.process_time()
    refused = 0
    for rec in records:
        try:
            loaded = service.load(service.Spec(rec.text, kind=name))
        except GridlogicError as e:
            refused += 1
            h.update(f"refused {e}".encode())
            continue
        out = scrub(service.explain(loaded.kind, loaded.puzzle, max_level))
        h.update(json.dumps(out, sort_keys=True).encode())
    cpu = time.process_time() - cpu
    cap = "" if max_level is None else f" (up to {k.levels[max_level]})"
    return (f"{name}{cap}: {len(records)} puzzles ({refused} refused), CPU {cpu:.1f} s, "
            f"steps digest {h.hexdigest()[:16]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kind", choices=sorted(SOURCES), action="append")
    ap.add_argument("--limit", type=int, default=None,
                    help="the first N puzzles of each source (default: all of Binary and Str8ts, 200 Star Battles)")
    args = ap.parse_args()
    for name in args.kind or sorted(SOURCES):
        if name == "starbattle":
            below_trial = kind(name).level_number("Expert+")
            print(digest(name, args.limit, below_trial), flush=True)
        print(digest(name, args.limit, None), flush=True)


if __name__ == "__main__":
    main()
