"""Issue 30: proofs a teacher can assign and trust. ``proof make --legup-xml`` never writes a step
LEGUP cannot check; Binary exports in LEGUP's exact forms; assignments and class grading."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gridlogic.cli import main
from gridlogic.proof.assign import Assignment, grade_against
from gridlogic.proof.checker import check
from gridlogic.proof.kinds import kind_for
from gridlogic.proof.legup_xml import from_legup_xml, java_hash, solved_flag, solved_hash, to_legup_xml
from gridlogic.proof.model import Proof
from gridlogic.puzzles.binary import legup as bn
from gridlogic.puzzles.binary import legup_forms as bf

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
HELD_OUT = [("starbattle/starbattlelab/8-1-hard.txt", "line:66"), ("starbattle/starbattlelab/10-2-hard.txt", "line:80"),
            ("starbattle/starbattlelab/10-2-hard.txt", "line:7"), ("binary/binary.tsv", "id:takuzu-vue/10x14/d5/104")]


def sample_text(corpus: Path, path: str, pick: str) -> str:
    """A record of a corpus file: ``line:N`` (1-based) or ``id:X`` (binary.tsv)."""
    lines = (corpus / path).read_text(encoding="utf-8").splitlines()
    how, _, what = pick.partition(":")
    if how == "line":
        line = lines[int(what) - 1]
        return line.split("\t")[1] if "\t" in line else line.strip()
    row = next(ln.split("\t") for ln in lines if ln.startswith(what + "\t"))
    return f"{row[1]}:{row[2]}"


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out = capsys.readouterr()
    return int(e.value.code or 0), out.out, out.err


@pytest.mark.parametrize(("path", "pick"), HELD_OUT)
def test_make_legup_xml_then_check_is_valid(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path, corpus: Path, path: str, pick: str) -> None:
    xml = tmp_path / "p.xml"
    code, out, _ = run(capsys, monkeypatch, "proof", "make", "-", "--json", "--legup-xml", str(xml),
                       stdin=sample_text(corpus, path, pick))
    assert code == 0 and json.loads(out)["rules"] == "gridlogic"
    text = xml.read_text()
    assert "gridlogic_rule=" not in text and "Save Blocker" not in text
    code, out, _ = run(capsys, monkeypatch, "proof", "check", str(xml), "--json")
    res = json.loads(out)
    assert (code, res["valid"], res["goal_met"]) == (0, True, True), res["errors"][:2]
    assert solved_flag_of(text) is True


def solved_flag_of(text: str) -> bool | None:
    import xml.etree.ElementTree as ET
    return solved_flag(ET.fromstring(text.split("?>", 1)[-1]).find("solved"))


def test_solved_flag_is_legups_hash() -> None:
    assert java_hash("hello") == 99162322 and java_hash("") == 0
    saved = "2026-01-01 12:00:00"
    stamp = int(datetime(2026, 1, 1, 12, tzinfo=UTC).timestamp())
    assert solved_hash(True, saved) == java_hash(f"true:{stamp};")
    assert solved_hash(False, saved) != solved_hash(True, saved)
    empty = to_legup_xml(Proof.from_json({"kind": "starbattle", "puzzle": URL, "root": {"steps": []}}))
    assert solved_flag_of(empty) is False and 'lastSaved="2026-01-01 12:00:00"' in empty


def test_binary_unique_row_column_in_legups_form() -> None:
    # row 0 full; row 1 equals it but for two empty cells that must differ from it -> LEGUP's check holds
    near = bn.LegupBoard.from_rows(["0110", "01..", "....", "...."])
    assert bf.unique_row_column_legup(near) == {(6, "0"), (7, "1")} <= bn.unique_row_column(near)
    # three empty cells: gridlogic's broad rule may still decide, LEGUP's never does
    wide = bn.LegupBoard.from_rows(["001011", "0.1...", "......", "......", "......", "......"])
    assert not bf.unique_row_column_legup(wide)
    legup = kind_for("binary", "legup")
    assert "SaveBlocker" not in legup.direct and "UniqueRowColumn" in legup.direct


def test_binary_goal_cells_are_no_givens() -> None:
    text = ('<Legup version="6.1.0"><puzzle name="Binary"><board width="2" height="2"><cells>'
            '<cell value="0" x="0" y="0"/></cells><goal type="PROVE_VALUES_ARE_POSSIBLE">'
            '<cell value="1" x="1" y="1"/></goal></board></puzzle></Legup>')
    board = bn.board_from_legup(text)
    assert board.cells == ("0", None, None, None)
    proof = from_legup_xml(text)
    assert proof.goal is not None and proof.goal.cells == ((1, 1, "1"),)
    from gridlogic.puzzles.binary.formats import legup as legup_format
    assert legup_format.read(text).givens == ("0.", "..")


def test_a_step_legup_cannot_check_is_never_written_silently() -> None:
    proof = Proof.from_json({"kind": "binary", "puzzle": "4x4:00..........1.", "root": {"steps": [
        {"rule": "SaveBlocker", "set": [[0, 2, "1"]]}]}})
    with pytest.raises(Exception, match=r"root.steps\[0\] \(SaveBlocker\)"):
        to_legup_xml(proof)


def test_assignment_round_trip_and_grading(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    a_file = tmp_path / "a.json"
    code, _, err = run(capsys, monkeypatch, "assign", "make", URL, "--rules", "legup", "--max-transitions", "200",
                       "--out", str(a_file))
    assert code == 0 and "link: /proof?puzzle=" in err and "&assignment=" in err
    a = Assignment.from_text(a_file.read_text())
    assert a.to_json() == json.loads(a_file.read_text()) and a.rules == "legup"
    edited = {**json.loads(a_file.read_text()), "max_transitions": 999}
    with pytest.raises(Exception, match="was edited"):
        Assignment.from_json(edited)
    cls = tmp_path / "class" / "group1"
    cls.mkdir(parents=True)
    code, good, _ = run(capsys, monkeypatch, "proof", "make", URL, "--legup-only")
    (cls / "ann.json").write_text(json.dumps({**json.loads(good), "assignment": a.id}))
    (cls / "ann.xml").write_text(to_legup_xml(Proof.from_json(json.loads(good))))
    solution = [[r, c, "star" if (r, c) in [(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)] else "black"]
                for r in range(6) for c in range(6)]
    (cls / "bob.json").write_text(json.dumps({"kind": "starbattle", "puzzle": URL,
                                              "root": {"steps": [{"rule": "R9.9", "set": solution}]}}))
    (cls / "cid.json").write_text(json.dumps({"kind": "starbattle", "puzzle": URL,
                                              "root": {"steps": [{"rule": "R1.1", "set": solution}]}}))
    out = tmp_path / "grades.csv"
    code, _, err = run(capsys, monkeypatch, "proof", "grade", "--assignment", str(a_file), str(tmp_path / "class"),
                       "--out", str(out))
    assert code == 0
    rows = {Path(r["file"]).name: r for r in csv.DictReader(out.open())}
    assert list(next(csv.reader(out.open()))) == ["file", "puzzle", "complete", "solved", "goal", "goal_met",
                                                  "transitions", "rules_used", "disallowed_rules", "first_error",
                                                  "accepted", "valid", "kind", "errors"]
    assert rows["ann.json"]["accepted"] == rows["ann.xml"]["accepted"] == "yes"
    assert rows["ann.json"]["puzzle"] == "1" and rows["ann.json"]["solved"] == "yes"
    assert rows["bob.json"]["accepted"] == "no" and rows["bob.json"]["disallowed_rules"] == "R9.9"
    assert rows["bob.json"]["first_error"].startswith("root.steps[0]: R9.9: ")
    assert rows["cid.json"]["disallowed_rules"] == "R1.1" and "not in the declared rule set legup" in rows["cid.json"][
        "first_error"]
    assert "1 of 4 accepted" not in err and "2 of 4 accepted" in err


def test_assignment_rule_list_and_cap() -> None:
    from gridlogic.kinds import detect
    from gridlogic.proof.make import make
    k, fmt = detect(URL)
    proof = make(k, fmt.read(URL), URL)
    used = {s.rule for s in proof.root.steps}
    a = Assignment("starbattle", (URL,), tuple(sorted(used - {"SurroundStar"}) or ["TooFewStars"]), None, 3)
    v = grade_against(a, proof)
    assert v.report.valid and "SurroundStar" in v.disallowed and v.over_limit and not v.accepted
    assert any(p.startswith("transitions: ") for p in v.problems)
    assert check(proof).valid
