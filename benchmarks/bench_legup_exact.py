"""LEGUP exactness of exports (issue 30): over a fixed sample of puzzles per kind, ``proof make``
(plain and ``--legup-only``) exported with ``--legup-xml``'s path (techniques translated), then
every transition of the file counted by rule and re-judged under the ``legup`` rule set (LEGUP's
rules in LEGUP's forms: Binary Unique Row/Column by LEGUP's narrower check); Save Blocker and
unjustified transitions counted (both must be 0), and the ``<solved>`` flag read back.

    nice -n 10 .venv/bin/python -m benchmarks.bench_legup_exact [--limit N]
"""

from __future__ import annotations

import argparse
import random
import time
import xml.etree.ElementTree as ET
from collections import Counter

from benchmarks.bench_proofs import corpus_dir, texts
from gridlogic.kinds import detect
from gridlogic.proof.checker import check
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.legup_xml import file_solved_flag, from_legup_xml
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.translate import export_legup

SOURCES = {"starbattle": ["starbattle/starbattlelab/8-1-hard.txt", "starbattle/starbattlelab/10-2-hard.txt"],
           "binary": ["binary/binary.tsv"]}


def sample(kind: str, limit: int) -> list[str]:
    out: list[str] = []
    for rel in SOURCES[kind]:
        items = list(texts([corpus_dir() / rel]))
        out += random.Random(30).sample(items, min(limit // len(SOURCES[kind]), len(items)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=20)
    args = ap.parse_args()
    for kind in SOURCES:
        for legup_only in (False, True):
            rules: Counter[str] = Counter()
            files = valid = flagged = rejected = unjustified = translated = 0
            t = time.perf_counter()
            for text in sample(kind, args.limit):
                k, fmt = detect(text)
                p = fmt.read(text)
                try:
                    pr = make(k, p, puzzle_text(k, p, text), legup_only=legup_only)
                except NoProof:
                    continue
                xml, n = export_legup(pr)
                translated += n
                files += 1
                doc = ET.fromstring(xml.split("?>", 1)[-1])
                for tr in doc.iter("transition"):
                    if tr.get("gridlogic_rule") == "start":
                        continue
                    rules[tr.get("rule") or "(unjustified)"] += 1
                    unjustified += not tr.get("rule")
                rep = check(from_legup_xml(xml))
                valid += rep.valid and rep.goal_met
                rejected += sum(not v for v in rep.verdicts.values())
                flagged += file_solved_flag(xml) is True
            label = "--legup-only" if legup_only else "plain"
            print(f"{kind} {label}: {files} files, {sum(rules.values())} transitions, {rejected} rejected under the "
                  f"legup rule set, {unjustified} unjustified, Save Blocker {rules['Save Blocker']}, "
                  f"{translated} technique steps translated, {valid} valid, {flagged} <solved> true; "
                  f"{time.perf_counter() - t:.0f} s")
            print("   ", dict(rules.most_common()))


if __name__ == "__main__":
    main()
