"""Export to LEGUP and import back over proofs made from the dev corpus: the same proof comes back;
the files are shaped the way LEGUP accepts them; every mutant of a LEGUP file is rejected."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from gridlogic.core.errors import ParseError, UnsupportedError
from gridlogic.proof.checker import check
from gridlogic.proof.kinds import proof_kind
from gridlogic.proof.legup_names import legup_checkable
from gridlogic.proof.legup_xml import from_legup_xml, solved_flag, to_legup_xml
from gridlogic.proof.model import Node, Proof
from gridlogic.proof.mutate import xml_mutants
from gridlogic.proof.translate import export_legup, to_legup_rules

Sample = list[tuple[str, Proof]]


def _steps(node: Node) -> list[str]:
    out = [s.rule for s in node.steps]
    if node.split is not None:
        for b in node.split.branches:
            out += _steps(b)
    return out


def test_round_trip_json_legup_json(sample_proofs: Sample, legup_only_proofs: Sample) -> None:
    n = 0
    for name, proof in [*[(n, to_legup_rules(p)[0]) for n, p in sample_proofs], *legup_only_proofs]:
        xml = to_legup_xml(proof)
        back = from_legup_xml(xml)
        assert back == proof, name
        assert Proof.from_text(back.to_text()) == proof
        assert to_legup_xml(back) == xml
        n += 1
    assert n == 22


def test_legup_only_proofs_use_legup_rules_alone(sample_proofs: Sample, legup_only_proofs: Sample) -> None:
    production_before = sum(not proof_kind(p.kind).direct.get(r) and r not in proof_kind(p.kind).direct
                            for _, p in sample_proofs for r in _steps(p.root))
    assert production_before > 10  # the plain sample needs production rules ...
    for name, proof in legup_only_proofs:
        pk = proof_kind(proof.kind)
        assert set(_steps(proof.root)) <= set(pk.direct), name  # ... the --legup-only one none,
        assert set(_steps(proof.root)) <= legup_checkable(proof.kind), name  # nor one LEGUP cannot address
        rep = check(proof)
        assert rep.valid and rep.goal_met, (name, rep.errors[:2])
        assert "gridlogic_rule=" not in to_legup_xml(proof), name


def test_exports_of_gridlogic_proofs_are_translated_into_legup_rules(sample_proofs: Sample) -> None:
    translated = 0
    for name, proof in sample_proofs:
        if not set(_steps(proof.root)) <= legup_checkable(proof.kind):
            with pytest.raises(UnsupportedError, match="rules a LEGUP file cannot carry"):
                to_legup_xml(proof)  # never written silently
        xml, n = export_legup(proof)
        translated += n
        back = from_legup_xml(xml)
        assert back.rules == "legup" and set(_steps(back.root)) <= legup_checkable(proof.kind), name
        rep = check(back)
        assert rep.valid and rep.goal_met, (name, rep.errors[:2])
        assert solved_flag(ET.fromstring(xml.split("?>", 1)[-1]).find("solved")) is True, name
    assert translated > 10


def test_rules_legup_can_check() -> None:
    assert "SaveBlocker" not in legup_checkable("binary") and "CompleteRowColumn" in legup_checkable("binary")
    assert legup_checkable("starbattle") == {"FinishWithEmpty", "ColumnsWithinRegions", "ColumnsWithinRows",
                                            "FinishWithStars", "RowsWithinRegions", "SurroundStar",
                                            "FinishSurroundWithEmpty", "StarOrEmpty", "TooManyStars", "TooFewStars",
                                            "ClashingOrbit"}


def test_exported_files_have_the_shape_legup_accepts(legup_only_proofs: Sample, sample_proofs: Sample) -> None:
    seen: Counter[str] = Counter()
    for name, proof in [*sample_proofs, *legup_only_proofs]:
        doc = ET.fromstring(export_legup(proof)[0].split("?>", 1)[-1])
        nodes = {n.get("id"): n for n in doc.iter("node")}
        for node in nodes.values():
            for tr in node.findall("transition"):
                child = nodes[tr.get("child")]
                if tr.get("rule_id", "").split("-")[1:2] == ["CONT"]:
                    seen["contradiction"] += 1
                    assert not tr.findall("cell") and not child.findall("transition"), name  # empty child
                if tr.get("rule") == "Finish Surround With Empty":
                    seen["fswe"] += 1
                    assert len(tr.findall("cell")) == 1, name  # LEGUP judges it after the transition
                if tr.get("rule") == "Complete Row Column":
                    seen["crc"] += 1
                    assert tr.get("rule_id") == "BINA-BASC-0003"
                assert tr.get("rule") != "Save Blocker", name  # its id is Complete Row Column's in LEGUP
                assert tr.get("gridlogic_rule") is None, name
    assert seen["contradiction"] >= 10 and seen["fswe"] >= 1 and seen["crc"] >= 10, seen


def test_every_legup_file_mutant_is_rejected(legup_only_proofs: Sample) -> None:
    tried: Counter[str] = Counter()
    survivors = []
    for name, proof in legup_only_proofs:
        for what, text in xml_mutants(to_legup_xml(proof), per_proof=6):
            tried[what.split()[0]] += 1
            try:
                rejected = not check(from_legup_xml(text)).valid
            except ParseError:
                rejected = True
            if not rejected:
                survivors.append((name, what))
    print(f"\nLEGUP file mutation suite: {sum(tried.values())} mutants ({dict(tried)}), "
          f"{sum(tried.values()) - len(survivors)} rejected")
    assert not survivors, survivors[:10]
    assert set(tried) == {"flip", "move", "empty", "unjustify", "swap", "drop", "delete"}
    assert sum(tried.values()) > 400
