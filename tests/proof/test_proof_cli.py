"""``gridlogic proof make`` / ``proof check`` through the real entry point: outputs and exit codes."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gridlogic.cli import main

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
CONTRACT_LINE = json.dumps({"kind": "starbattle", "puzzle": URL, "root": {"steps": []}})


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out = capsys.readouterr()
    return int(e.value.code or 0), out.out, out.err


def test_contract_check_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "proof", "check", "-", "--json", stdin=CONTRACT_LINE)
    assert code == 1
    res = json.loads(out)
    assert res["valid"] is False
    assert res["errors"] and {"path", "rule", "message"} <= set(res["errors"][0])
    assert (res["kind"], res["id"]) == ("starbattle", "1")
    code, out, _ = run(capsys, monkeypatch, "proof", "check", "-", "--partial", "--json", stdin=CONTRACT_LINE)
    assert (code, json.loads(out)["valid"]) == (0, True)


def test_make_then_check(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                         tmp_path: Path) -> None:
    code, out, _ = run(capsys, monkeypatch, "proof", "make", URL, "--json")
    assert code == 0
    proof = json.loads(out)
    assert (proof["kind"], proof["id"], proof["puzzle"]) == ("starbattle", "1", URL)
    assert all(s["rule"] for s in proof["root"]["steps"])
    path = tmp_path / "p.json"
    path.write_text(out)
    code, out, _ = run(capsys, monkeypatch, "proof", "check", str(path))
    assert code == 0
    assert "✓ SurroundStar" in out
    assert "valid: " in out and "✗" not in out
    code, text, _ = run(capsys, monkeypatch, "proof", "make", URL)  # text: the proof, indented JSON
    assert code == 0
    assert json.loads(text)["root"] == proof["root"]
    two = CONTRACT_LINE + "\n" + path.read_text()
    code, out, _ = run(capsys, monkeypatch, "proof", "check", "-", "--json", stdin=two)
    assert code == 1
    assert [json.loads(ln)["valid"] for ln in out.splitlines()] == [False, True]


def test_make_legup_xml(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                        tmp_path: Path) -> None:
    xml_path = tmp_path / "proof.xml"
    code, _, _ = run(capsys, monkeypatch, "proof", "make", URL, "--legup-xml", str(xml_path))
    assert code == 0
    root = ET.fromstring(xml_path.read_text())
    assert root.tag == "Legup"
    puzzle = root.find("puzzle")
    assert puzzle is not None and puzzle.get("name") == "StarBattle"
    nodes = puzzle.findall("proof/tree/node")
    transitions = puzzle.findall("proof/tree/node/transition")
    assert len(nodes) == len(transitions) + 1
    assert nodes[0].get("root") == "true"
    assert {t.get("rule_id", "")[:9] for t in transitions} == {"STBL-BASC"}
    assert all(c.get("value") in ("-1", "-2") for t in transitions for c in t.findall("cell"))


def test_binary_make_and_export(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                tmp_path: Path) -> None:
    puzzle = "6x6:.1...0..0...0........00..11.0......."  # gridlogic generate binary --size 6x6 --seed 3
    code, out, _ = run(capsys, monkeypatch, "proof", "make", puzzle, "--json", "--legup-xml",
                       str(tmp_path / "b.xml"))
    assert code == 0
    assert json.loads(out)["kind"] == "binary"
    code, _, _ = run(capsys, monkeypatch, "proof", "check", "-", stdin=out)
    assert code == 0
    doc = ET.fromstring((tmp_path / "b.xml").read_text())
    rules = {t.get("rule_id", "")[:9] for t in doc.findall("puzzle/proof/tree/node/transition")}
    assert rules == {"BINA-BASC"}


@pytest.mark.parametrize(("args", "stdin"), [
    (["proof", "check", "-"], "nonsense"),
    (["proof", "check", "-"], '{"kind": "nokind", "puzzle": "x", "root": {}}'),
    (["proof", "check", "-"], '{"kind": "starbattle", "puzzle": "not a puzzle", "root": {}}'),
    (["proof", "check", "-"], ""),
    (["proof", "make", "-"], "nonsense"),
])
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                           args: list[str], stdin: str) -> None:
    code, _, err = run(capsys, monkeypatch, *args, stdin=stdin)
    assert code == 2
    assert err.startswith("error: ")
    assert len(err.strip().splitlines()) == 1


def test_no_proof_exits_1(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, "proof", "make", "AAAA/BBBB/CCCC/DDDD", "--json")  # 2 solutions
    assert code == 1
    assert "no proof found" in json.loads(out)["error"]
    assert err.startswith("error: no proof found")
