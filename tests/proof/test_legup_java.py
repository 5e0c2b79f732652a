"""The hand-written LEGUP files, declared under the ``legup`` rule set, judged by LEGUP's own Java
rule classes (``benchmarks/legup/Replay.java`` against LEGUP's classes built as
docs/proofs-legup-replay.md says, named by ``$LEGUP_HOME``): LEGUP's verdict on every transition is
gridlogic's. Skipped without ``$LEGUP_HOME`` (LEGUP's code is not part of this repository)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from legup_files import bin_board, chain, legup
from test_legup_binary_forms import E6, OPPOSITE, REMAINING, REMAINING_COL, UNIQUE, WASTED
from test_legup_files import BIN_DIRECT, SB_DIRECT

from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml

HOME = os.environ.get("LEGUP_HOME")
pytestmark = pytest.mark.skipif(not HOME or shutil.which("java") is None,
                                reason="LEGUP's classes not built ($LEGUP_HOME unset; docs/proofs-legup-replay.md)")

# Rules the stored LEGUP revision never accepts (docs/proofs-legup-replay.md): Columns Within Rows'
# closure grows to the whole board. Rules outside the legup set (no LEGUP id) are not LEGUP's to judge.
NOT_COMPARED = {"Columns Within Rows", "Save Blocker"}


def files() -> list[tuple[str, str]]:
    out = []
    for rule, rid, rows, spec, _ in BIN_DIRECT:
        if rid and rule not in NOT_COMPARED:
            out.append((f"bin-{rule}-{spec}", legup("Binary", bin_board(rows), chain((rule, rid, spec)))))
    for rule, rid, board, spec, _ in SB_DIRECT:
        if rid and rule not in NOT_COMPARED:
            out.append((f"sb-{rule}-{spec}", legup("StarBattle", board, chain((rule, rid, spec)))))
    for rows, spec in [(REMAINING, "3,1=1"), (REMAINING, "3,1=0"), (REMAINING, "4,1=0"),
                       (REMAINING_COL, "1,3=1"), (REMAINING_COL, "1,3=0"), (OPPOSITE, "2,1=1"),
                       (OPPOSITE, "2,1=0"), (["001011", "10101.", *E6], "5,1=0"),
                       (["001011", "10101.", *E6], "5,1=1")]:
        out.append((f"unique-{'-'.join(rows)}-{spec}", legup("Binary", bin_board(rows), chain((*UNIQUE, spec)))))
    out += [(f"wasted-{line}", legup("Binary", bin_board([line, *E6, "......"]), chain(close=WASTED)))
            for line in ("00...0", ".00.11", "0...1.")]
    return [(name, text.replace("<proof>", '<proof gridlogic_rules="legup">')) for name, text in out]


def test_legups_own_code_agrees_with_the_legup_rule_set(tmp_path: Path) -> None:
    paths = {}
    for k, (name, text) in enumerate(files()):
        p = tmp_path / f"{k:03d}.xml"
        p.write_text(text)
        paths[str(p)] = (name, check(from_legup_xml(text), partial=True).valid)
    res = subprocess.run(["java", "-cp", str(HOME), "gridlogic.legupreplay.Replay", *paths],
                         capture_output=True, text=True, check=True, timeout=120)
    lines = [ln.split("\t") for ln in res.stdout.splitlines()]
    legup_ok = {ln[1]: ln[6] == "0" and ln[4] != "0" for ln in lines if ln[0] == "FILE"}
    assert set(legup_ok) == set(paths)
    disagree = [(paths[p][0], ours, legup_ok[p]) for p, (_, ours) in paths.items() if legup_ok[p] != ours]
    assert not disagree
    assert sum(legup_ok.values()) >= 10 and not all(legup_ok.values())
