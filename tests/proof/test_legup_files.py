"""LEGUP proof files read by ``from_legup_xml`` and judged with LEGUP's semantics: a hand-written
file for every rule of both kinds, valid and invalid; LEGUP's own rule-test boards (some impossible
as puzzles) as proof files; rule names and ids as LEGUP's code has them; malformed files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from legup_files import bin_board, chain, legup, sb_board

from gridlogic.core.errors import ParseError
from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml, to_legup_xml

Q4 = ["AABB", "AABB", "CCDD", "CCDD"]
COL_A = ["ABBB", "ABBB", "CCDD", "CCDD"]
ROW_A = ["AABB", "CCBB", "CCDD", "CCDD"]
STAR_00 = ["*...", "....", "....", "...."]

# (rule, rule_id, board, transition cells, valid?) for every Star Battle direct rule
SB_DIRECT = [
    ("Surround Star", "STBL-BASC-0009", sb_board(1, Q4, STAR_00), "1,0=-1", True),
    ("Surround Star", "STBL-BASC-0009", sb_board(1, Q4, STAR_00), "2,0=-1", False),
    ("Finish With Empty", "STBL-BASC-0001", sb_board(1, Q4, STAR_00), "3,0=-1", True),
    ("Finish With Empty", "STBL-BASC-0001", sb_board(1, Q4, STAR_00), "3,3=-1", False),
    ("Finish With Stars", "STBL-BASC-0004", sb_board(1, Q4, ["###.", "....", "....", "...."]), "3,0=-2", True),
    ("Finish With Stars", "STBL-BASC-0004", sb_board(1, Q4, ["###.", "....", "....", "...."]), "2,1=-2", False),
    ("Finish Surround With Empty", "STBL-BASC-0010", sb_board(1, Q4, ["##.#", "....", "....", "...."]), "2,1=-1",
     True),
    ("Finish Surround With Empty", "STBL-BASC-0010", sb_board(1, Q4, ["##.#", "....", "....", "...."]), "0,3=-1",
     False),
    ("Columns Within Regions", "STBL-BASC-0002", sb_board(1, Q4, ["....", "....", "#...", "#..."]), "1,0=-1", True),
    ("Columns Within Regions", "STBL-BASC-0002", sb_board(1, Q4, ["....", "....", "#...", "#..."]), "1,2=-1",
     False),
    ("Columns Within Rows", "STBL-BASC-0003", sb_board(1, Q4, ["....", "#...", "#...", "#..."]), "1,0=-1", True),
    ("Columns Within Rows", "STBL-BASC-0003", sb_board(1, Q4, ["....", "#...", "#...", "#..."]), "1,1=-1", False),
    ("Rows Within Regions", "STBL-BASC-0008", sb_board(1, Q4, ["..##", "....", "....", "...."]), "0,1=-1", True),
    ("Rows Within Regions", "STBL-BASC-0008", sb_board(1, Q4, ["..##", "....", "....", "...."]), "2,1=-1", False),
    ("Rows Within Columns", "", sb_board(1, Q4, [".###", "....", "....", "...."]), "0,1=-1", True),
    ("Rows Within Columns", "", sb_board(1, Q4, [".###", "....", "....", "...."]), "1,1=-1", False),
    ("Regions Within Columns", "", sb_board(1, COL_A), "0,2=-1", True),
    ("Regions Within Columns", "", sb_board(1, COL_A), "1,2=-1", False),
    ("Regions Within Rows", "", sb_board(1, ROW_A), "2,0=-1", True),
    ("Regions Within Rows", "", sb_board(1, ROW_A), "2,1=-1", False),
]
SB_CONTRADICTIONS = [
    ("Too Many Stars", "STBL-CONT-0001", ["*.*.", "....", "....", "...."]),
    ("Too Few Stars", "STBL-CONT-0002", ["####", "....", "....", "...."]),
    ("Clashing Orbit", "STBL-CONT-0003", ["*...", ".*..", "....", "...."]),
]
B4 = ["....", "....", "....", "...."]
BIN_DIRECT = [
    ("Prevent Trio", "BINA-BASC-0001", ["00..", *B4[1:]], "2,0=1", True),
    ("Prevent Trio", "BINA-BASC-0001", ["00..", *B4[1:]], "3,0=1", False),
    ("Complete Row Column", "BINA-BASC-0003", ["0.0.", *B4[1:]], "3,0=1", True),
    ("Complete Row Column", "BINA-BASC-0003", ["0.0.", *B4[1:]], "1,1=1", False),
    ("Save Blocker", "BINA-BASC-0003", ["....00", *["......"] * 5], "0,0=1", True),
    ("Save Blocker", "BINA-BASC-0003", ["....00", *["......"] * 5], "0,1=1", False),
    ("Unique Row/Column", "BINA-BASC-0004", ["0101", "01..", "....", "...."], "2,1=1", True),
    ("Unique Row/Column", "BINA-BASC-0004", ["0101", "01..", "....", "...."], "2,1=0", False),
]
BIN_CONTRADICTIONS = [
    ("Trio", "BINA-CONT-0001", ["000.", *B4[1:]]),
    ("Unbalanced Row/Column", "BINA-CONT-0002", ["0.00", *B4[1:]]),
    ("Repeated Row/Column", "BINA-CONT-0003", ["0101", "0101", "....", "...."]),
    ("Wasted Blocker", "BINA-CONT-0004", [".00.11", *["......"] * 5]),
]


def _judge(text: str) -> bool:
    return check(from_legup_xml(text), partial=True).valid


@pytest.mark.parametrize(("rule", "rid", "board", "spec", "valid"), SB_DIRECT)
def test_star_battle_direct_rules(rule: str, rid: str, board: str, spec: str, valid: bool) -> None:
    assert _judge(legup("StarBattle", board, chain((rule, rid, spec)))) is valid


@pytest.mark.parametrize(("rule", "rid", "board", "spec", "valid"), BIN_DIRECT)
def test_binary_direct_rules(rule: str, rid: str, board: list[str], spec: str, valid: bool) -> None:
    assert _judge(legup("Binary", bin_board(board), chain((rule, rid, spec)))) is valid


@pytest.mark.parametrize(("rule", "rid", "rows"), SB_CONTRADICTIONS)
def test_star_battle_contradictions(rule: str, rid: str, rows: list[str]) -> None:
    assert _judge(legup("StarBattle", sb_board(1, Q4, rows), chain(close=(rule, rid))))
    assert not _judge(legup("StarBattle", sb_board(1, Q4, STAR_00), chain(close=(rule, rid))))


@pytest.mark.parametrize(("rule", "rid", "rows"), BIN_CONTRADICTIONS)
def test_binary_contradictions(rule: str, rid: str, rows: list[str]) -> None:
    assert _judge(legup("Binary", bin_board(rows), chain(close=(rule, rid))))
    empty = ["." * len(rows[0])] * len(rows)
    assert not _judge(legup("Binary", bin_board(empty), chain(close=(rule, rid))))


def _split(rule: str, rid: str, values: list[str], xy: str = "1,1") -> str:
    x, y = xy.split(",")
    trs = "".join(f'<transition id="t{k}" child="{k + 2}" rule="{rule}" rule_id="{rid}">'
                  f'<cell value="{v}" x="{x}" y="{y}"/></transition>' for k, v in enumerate(values))
    return f'<node id="1" root="true">{trs}</node>' + "".join(f'<node id="{k + 2}"/>' for k in range(len(values)))


def test_case_rules_valid_and_invalid() -> None:
    sb, bn = sb_board(1, Q4), bin_board(B4)
    assert _judge(legup("StarBattle", sb, _split("Star or Empty", "STBL-CASE-0002", ["-2", "-1"])))
    assert not _judge(legup("StarBattle", sb, _split("Star or Empty", "STBL-CASE-0002", ["-2"])))
    assert not _judge(legup("StarBattle", sb, _split("Star or Empty", "STBL-CASE-0002", ["-2", "-2"])))
    assert _judge(legup("Binary", bn, _split("Zero Or One", "BINA-CASE-0001", ["0", "1"])))
    assert not _judge(legup("Binary", bn, _split("Zero Or One", "BINA-CASE-0001", ["1"])))
    split = from_legup_xml(legup("StarBattle", sb, _split("Star or Empty", "STBL-CASE-0002", ["-2", "-1"]))).root.split
    assert split is not None
    assert (split.rule, split.cell, [b.value for b in split.branches]) == ("StarOrEmpty", (1, 1), ["star", "black"])


def test_rules_resolve_by_name_then_id() -> None:
    board = bin_board(["0.0.", *B4[1:]])
    for rule, rid in [("Complete Row Column", "BINA-BASC-0003"), ("", "BINA-BASC-0003"), ("", "BINA-BASC-0002"),
                      ("CompleteRowColumnDirectRule", "")]:
        pr = from_legup_xml(legup("Binary", board, chain((rule, rid, "3,0=1"))))
        assert pr.root.steps[0].rule == "CompleteRowColumn", (rule, rid)
    saved = from_legup_xml(legup("Binary", bin_board(["....00", *["......"] * 5]),
                                 chain(("Save Blocker", "BINA-BASC-0003", "0,0=1"))))
    assert saved.root.steps[0].rule == "SaveBlocker"  # the name wins over the shared id


def test_unjustified_transitions_are_reported_as_such() -> None:
    rep = check(from_legup_xml(legup("StarBattle", sb_board(1, Q4, STAR_00), chain(("", "", "1,0=-1")))),
                partial=True)
    assert [(e.path, e.message) for e in rep.errors] == [("root.steps[0]", "unjustified transition (no rule)")]
    rep = check(from_legup_xml(legup("StarBattle", sb_board(1, Q4, STAR_00),
                                     chain(("Made Up Rule", "STBL-XXXX-0000", "1,0=-1")))), partial=True)
    assert "not a direct rule" in rep.errors[0].message


def test_finish_surround_with_empty_judged_after_the_transition() -> None:
    """LEGUP reads the neighbours on the board after the transition: two cells that each need the
    other to be blackened by the hypothetical star are rejected together and accepted one by one."""
    board = sb_board(1, Q4, [".#..", "##..", "....", "...."])  # region A: only (0,0) open
    one = legup("StarBattle", board, chain(("Finish Surround With Empty", "STBL-BASC-0010", "2,0=-1")))
    assert _judge(one)
    two = legup("StarBattle", sb_board(1, Q4, ["....", "##..", "....", "...."]),
                chain(("Finish Surround With Empty", "STBL-BASC-0010", "0,0=-1 1,0=-1")))
    rep = check(from_legup_xml(two), partial=True)
    assert not rep.valid


def _conformance_files(corpus: Path) -> list[tuple[str, str, bool]]:
    """LEGUP's own Star Battle rule tests as proof files: (test, file text, LEGUP's verdict)."""
    folder = corpus / "legup-conformance"
    out = []
    for line in (folder / "starbattle_tests.jsonl").read_text().splitlines():
        t = json.loads(line)
        if t["kind"] == "case":
            continue
        board = (folder / "boards" / t["board"]).read_text()
        rule = t["rule"].replace("FinishWithEmptyDirectRule", "Finish With Empty")
        if t["kind"] == "direct":
            value = {"black": "-1", "star": "-2"}
            spec = " ".join(f'{c["x"]},{c["y"]}={value[c["value"]]}' for c in t["changes"])
            spec += "".join(f' {c["x"]},{c["y"]}=-1' for c in t.get("modified_unchanged", []))
            tree = chain((rule, t["rule_id"], spec))
        else:
            tree = chain(close=(rule, t["rule_id"]))
        out.append((t["test"], board.replace("</puzzle>", f"<proof><tree>{tree}</tree></proof></puzzle>"),
                    t["expect"] in ("valid", "contradiction")))
    return out


def test_legup_rule_tests_as_proof_files(corpus: Path) -> None:
    """Every direct and contradiction test of LEGUP's own suite, as a proof file through
    ``proof check``'s reader: the same verdict, including on boards no puzzle could have (a 4x4
    board with 2 stars, or 5, per row, column and region)."""
    files = _conformance_files(corpus)
    assert len(files) == 35
    impossible = 0
    for name, text, expect in files:
        pr = from_legup_xml(text)
        assert check(pr, partial=True).valid is expect, name
        impossible += 'size="4" puzzle_num="2"' in text or 'puzzle_num="5"' in text
    assert impossible >= 3


@pytest.mark.parametrize(("text", "message"), [
    ("<Legup><puzzle", "malformed XML"),
    ("<Legup/>", "no <puzzle>"),
    ('<Legup><puzzle name="Sudoku"><board/></puzzle></Legup>', "has no proofs here"),
    ('<Legup><puzzle name="Binary"><board width="x" height="4"/></puzzle></Legup>', "width must be a number"),
    (legup("Binary", bin_board(B4), '<node id="1" root="true"><transition id="t" child="9"/></node>'),
     "not in the tree"),
    (legup("Binary", bin_board(B4), '<node id="1" root="true"/><node id="1"/>'), "two nodes"),
    (legup("Binary", bin_board(B4), '<node id="1" root="true"><transition child="1"/></node>'), "reached twice"),
    (legup("StarBattle", sb_board(1, Q4).replace('x="0" y="0"', 'x="7" y="0"'), None), "outside the board"),
])
def test_malformed_files_are_one_parse_error(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        from_legup_xml(text)


def test_file_without_proof_is_an_empty_proof_and_round_trips() -> None:
    text = legup("StarBattle", sb_board(1, Q4, STAR_00), None)
    pr = from_legup_xml(text)
    assert pr.root.steps == () and pr.kind == "starbattle"
    assert check(pr, partial=True).valid and not check(pr).valid
    assert from_legup_xml(to_legup_xml(pr)) == pr


def test_errors_say_where_they_are_in_the_file() -> None:
    from gridlogic.proof.legup_xml import read_legup_xml
    from gridlogic.proof.render import render

    text = legup("StarBattle", sb_board(1, Q4, STAR_00),
                 chain(("Surround Star", "STBL-BASC-0009", "1,0=-1"), ("Surround Star", "STBL-BASC-0009", "3,3=-1")))
    pr, where = read_legup_xml(text)
    assert where == {"root.steps[0]": "transition t1", "root.steps[1]": "transition t2", "root": "node 3"}
    rep = check(pr)
    assert "  root.steps[1] (transition t2): SurroundStar: not forced" in render(pr, rep, where)
    split = legup("StarBattle", sb_board(1, Q4), _split("Star or Empty", "STBL-CASE-0002", ["-2", "-1"]))
    assert read_legup_xml(split)[1] == {"root.split": "transitions t0, t1", "root.split.branches[0]": "node 2",
                                        "root.split.branches[1]": "node 3"}
