"""The LEGUP side of the proof commands through the real entry point: ``proof make --legup-only``,
``proof check FILE.xml``, ``proof grade``, cost limits, Binary's ``unique_lines``."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from test_proof_cli import run

from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml, to_legup_xml
from gridlogic.proof.model import Proof

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BIN = "6x6:..0..1" + "1.00.." + ".1...." + "....1." + "..1..0" + "00.1.."

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "starbattle-10x2.txt")

def test_legup_only_then_check_the_file(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    xml = tmp_path / "p.xml"
    code, out, _ = run(capsys, monkeypatch, "proof", "make", URL, "--legup-only", "--legup-xml", str(xml), "--json")
    assert code == 0
    made = Proof.from_json(json.loads(out))
    assert from_legup_xml(xml.read_text()) == made
    code, out, _ = run(capsys, monkeypatch, "proof", "check", str(xml))
    assert code == 0
    assert "goal DEFAULT: goal met" in out and "✗" not in out
    code, _, err = run(capsys, monkeypatch, "proof", "make", URL, "--legup-xml", str(xml))
    assert code == 2 and "already exists" in err and "--force" in err
    assert run(capsys, monkeypatch, "proof", "make", URL, "--legup-xml", str(xml), "--force")[0] == 0


def test_check_legup_file_errors(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, "proof", "check", "-", stdin="<Legup><puzzle name=")
    assert (code, out) == (2, "")
    assert err.startswith("error: malformed XML") and err.count("\n") == 1 and "Traceback" not in err
    bad = to_legup_xml(Proof.from_json({"kind": "starbattle", "puzzle": URL, "root": {
        "steps": [{"rule": "SurroundStar", "set": [[0, 0, "black"]]}]}}))
    code, out, _ = run(capsys, monkeypatch, "proof", "check", "-", "--json", stdin=bad)
    res = json.loads(out)
    assert code == 1 and res["valid"] is False and res["errors"][0]["path"] == "root.steps[0]"
    assert res["errors"][0]["where"] == "transition 2"  # the ids our export writes


def test_check_stops_at_its_cost_limit(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, made, _ = run(capsys, monkeypatch, "proof", "make", EXAMPLE, "--json")
    steps = json.loads(made)["root"]["steps"]
    assert code == 0 and sum(s["rule"].startswith("R") for s in steps) > 3  # each technique step costs one
    proof = json.dumps({"kind": "starbattle", "puzzle": json.loads(made)["puzzle"], "root": {"steps": steps}})
    code, _, err = run(capsys, monkeypatch, "proof", "check", "-", "--partial", "--oracle-budget", "3", stdin=proof)
    assert code == 2
    assert err.startswith("error: proof check stopped: the budget of 3 oracle calls (SAT calls and "
                          "propagation rounds) is spent at root.steps[")
    code, _, _ = run(capsys, monkeypatch, "proof", "check", "-", "--partial", stdin=proof)
    assert code == 0
    code, _, err = run(capsys, monkeypatch, "proof", "check", "-", "--time-limit", "0", stdin=proof)
    assert code == 2 and "--time-limit': the value 0 is outside" in err


def _legup_proof() -> Proof:
    from gridlogic.kinds import detect
    from gridlogic.proof.make import make
    k, fmt = detect(URL)
    return make(k, fmt.read(URL), URL, legup_only=True)


def _class_folder(tmp: Path) -> Path:
    folder = tmp / "class"
    (folder / "ann").mkdir(parents=True)
    (folder / "ann" / "p1.xml").write_text(to_legup_xml(_legup_proof()))
    (folder / "bob.json").write_text(json.dumps({"kind": "starbattle", "puzzle": URL, "root": {"steps": [
        {"rule": "SurroundStar", "set": [[0, 0, "black"]]}]}}))
    (folder / "carl.xml").write_text("<Legup><puzzle")
    (folder / "dora.xml").write_bytes(b"\xff\xfe<Legup>")
    (folder / "eve.xml").write_text(to_legup_xml(Proof.from_json({"kind": "starbattle", "puzzle": URL, "root": {
        "steps": [{"rule": "FinishWithStars", "set": [[0, 0, "star"]]}]}})))
    (folder / ".hidden.xml").write_text("ignored")
    (folder / "notes.txt").write_text("ignored")
    return folder


def test_grade_a_class(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = _class_folder(tmp_path)
    out_csv = tmp_path / "grades.csv"
    code, _, err = run(capsys, monkeypatch, "proof", "grade", str(folder), "--out", str(out_csv))
    assert code == 0
    assert "graded 5 files (5 rows): 1 valid, 1 goal met, 2 skipped" in err
    rows = list(csv.DictReader(out_csv.open()))
    assert [Path(r["file"]).name for r in rows] == ["p1.xml", "bob.json", "carl.xml", "dora.xml", "eve.xml"]
    assert [(r["valid"], r["complete"], r["goal_met"], r["transitions"]) for r in rows[:2]] == [
        ("yes", "yes", "yes", str(len(check(_legup_proof()).verdicts))), ("no", "no", "no", "1")]
    assert rows[1]["errors"].startswith("root.steps[0]: SurroundStar: not forced") and "| root: " in rows[1]["errors"]
    assert "(transition" not in rows[1]["errors"]  # a JSON proof: paths only
    assert rows[2]["errors"].startswith("skipped: malformed XML")
    assert rows[3]["errors"] == "skipped: not UTF-8 text (byte 0)"
    assert rows[4]["errors"].startswith("root.steps[0] (transition 2): FinishWithStars: not forced")
    assert rows[4]["errors"].endswith("root (node 3): leaf is neither solved nor closed: the board has unknown cells")
    code, _, err = run(capsys, monkeypatch, "proof", "grade", str(folder), "--out", str(out_csv))
    assert code == 2 and "already exists: refusing to overwrite it (use --force)" in err
    assert run(capsys, monkeypatch, "proof", "grade", str(folder), "--out", str(out_csv), "--force")[0] == 0
    code, out, _ = run(capsys, monkeypatch, "proof", "grade", str(folder / "bob.json"))
    assert code == 0 and out.startswith("file,kind,puzzle,valid,complete,goal,goal_met,transitions,errors\n")
    code, _, err = run(capsys, monkeypatch, "proof", "grade", str(tmp_path / "nothing-here"))
    assert code == 2 and "nothing-here" in err


def test_binary_proofs_record_unique_lines(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    code, out, _ = run(capsys, monkeypatch, "proof", "make", BIN, "--json")
    assert code == 0 and json.loads(out)["unique_lines"] is True
    xml = tmp_path / "b.xml"
    code, out, _ = run(capsys, monkeypatch, "proof", "make", BIN, "--json", "--no-unique-lines",
                       "--legup-xml", str(xml))
    made = json.loads(out)
    assert code == 0 and made["unique_lines"] is False
    assert 'unique_lines="false"' in xml.read_text()
    back = from_legup_xml(xml.read_text())
    assert back.options == {"unique_lines": False} and check(back).valid
    # the same two equal full rows: a contradiction only where lines must be distinct
    rows = {"kind": "binary", "puzzle": "4x4:0101" + "0101" + "...." + "....", "root": {"close": "RepeatedRowColumn"}}
    assert check(Proof.from_json(rows)).valid
    assert not check(Proof.from_json({**rows, "unique_lines": False})).valid


def test_grade_survives_hostile_files(tmp_path: Path) -> None:
    from gridlogic.proof.grade import grade_file, to_csv

    deep = tmp_path / "deep.json"
    node = '{"steps": []}'
    for _ in range(3000):
        node = '{"split": {"rule": "StarOrEmpty", "cell": [0, 0], "branches": [' + node + "]}}"
    deep.write_text('{"kind": "starbattle", "puzzle": "' + URL + '", "root": ' + node + "}")
    formula = tmp_path / "formula.json"
    formula.write_text(json.dumps({"kind": "starbattle", "puzzle": "=HYPERLINK(1)", "root": {}}))
    rows = [*grade_file(deep), *grade_file(formula)]
    assert rows[0].errors.startswith("skipped: ") and "nested too deeply" in rows[0].errors
    text = to_csv(rows)
    assert ",'=HYPERLINK(1)," in text and ",=HYPERLINK" not in text
