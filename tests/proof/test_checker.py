"""The proof checker on hand-made Star Battle and Binary proofs: every kind of error, with its path."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gridlogic.core.errors import ParseError
from gridlogic.proof.checker import check, forced
from gridlogic.proof.kinds import proof_kind
from gridlogic.proof.make import refute
from gridlogic.proof.model import Node, Proof, ProofStep, Split
from gridlogic.proof.render import render

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
STARS = [(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)]


def _proof(root: dict[str, Any], **extra: Any) -> Proof:
    return Proof.from_json({"kind": "starbattle", "puzzle": URL, "root": root, **extra})


def _errors(p: Proof, partial: bool = False) -> list[tuple[str, str]]:
    return [(e.path, e.rule) for e in check(p, partial).errors]


def _closed_star_branch() -> dict[str, Any]:
    pk = proof_kind("starbattle")
    found = refute(pk, pk.board(URL).with_changes([(0, "star")]))
    assert found is not None
    steps, close = found
    return {"value": "star", "steps": [s.to_json() for s in steps], "close": close}


def test_empty_proof_is_incomplete_at_root() -> None:
    rep = check(_proof({"steps": []}))
    assert not rep.valid
    assert rep.to_json()["errors"] == [{"path": "root", "rule": "",
                                        "message": "leaf is neither solved nor closed: the board has unknown cells"}]
    assert check(_proof({"steps": []}), partial=True).valid


def test_unknown_ids_and_whole_solution_steps_are_rejected() -> None:
    marks = [[r, c, "star" if (r, c) in STARS else "black"] for r in range(6) for c in range(6)]
    rep = check(_proof({"steps": [{"rule": "R9.9", "set": marks}]}))
    assert [(e.path, e.rule) for e in rep.errors] == [("root.steps[0]", "R9.9")]
    assert "not a direct rule" in rep.errors[0].message
    rep = check(_proof({"steps": [{"rule": "R1.1", "set": marks}]}))  # the solution, implied but not R1.1's
    assert [(e.path, e.rule) for e in rep.errors] == [("root.steps[0]", "R1.1")]
    assert rep.errors[0].message.startswith("not made by R1.1 on the parent board: ")
    assert check(_proof({"steps": []}, start=marks)).valid
    wrong = [[r, c, "star" if (r, c) == (0, 0) else v] for r, c, v in marks]
    assert _errors(_proof({"steps": [{"rule": "R1.1", "set": wrong}]})) == [("root.steps[0]", "R1.1"),
                                                                           ("root", "")]


def test_technique_steps_are_judged_by_their_own_rule() -> None:
    from gridlogic.kinds import detect
    k, fmt = detect(URL)
    step = k.explain(fmt.read(URL)).steps[0]
    marks = [[*m.cell, m.value] for m in step.marks]
    assert check(_proof({"steps": [{"rule": step.rule, "set": marks}]}), partial=True).valid
    assert check(_proof({"steps": [{"rule": step.rule, "set": marks[:1]}]}), partial=True).valid  # a subset
    other = next(r for r in ("R1.1", "R2.1", "R3.3", "R4.1") if r != step.rule)
    assert _errors(_proof({"steps": [{"rule": other, "set": marks}]}), partial=True) == [("root.steps[0]", other)]
    legup = _proof({"steps": [{"rule": step.rule, "set": marks}]}, rules="legup")
    rep = check(legup, partial=True)
    assert [(e.path, e.rule) for e in rep.errors] == [("root.steps[0]", step.rule)]
    assert "not in the declared rule set legup" in rep.errors[0].message


def test_direct_step_errors_name_the_cells() -> None:
    p = _proof({"steps": [{"rule": "SurroundStar", "set": [[0, 0, "black"]]}]})
    rep = check(p, partial=True)
    assert [(e.path, e.rule) for e in rep.errors] == [("root.steps[0]", "SurroundStar")]
    assert "r1c1=black" in rep.errors[0].message
    assert rep.verdicts == {"root.steps[0]": False}
    assert "✗ SurroundStar: r1c1=black" in render(p, rep)


@pytest.mark.parametrize(("step", "message"), [
    ({"rule": "NoSuchRule", "set": [[0, 0, "black"]]}, "not a direct rule"),
    ({"rule": "TooManyStars", "set": [[0, 0, "black"]]}, "not a direct rule"),
    ({"rule": "R1.1", "set": [[9, 0, "black"]]}, "outside the board"),
    ({"rule": "R1.1", "set": [[0, 0, "0"]]}, "not one of"),
    ({"rule": "R1.1", "set": [[0, 0, "black"], [0, 0, "black"]]}, "set twice"),
    ({"rule": "R1.1", "set": []}, "at least one cell"),
])
def test_malformed_steps(step: dict[str, Any], message: str) -> None:
    rep = check(_proof({"steps": [step]}), partial=True)
    assert rep.errors
    assert rep.errors[0].path == "root.steps[0]"
    assert message in rep.errors[0].message


def test_setting_a_known_cell_is_an_error() -> None:
    star = [0, 1, "star"]
    p = _proof({"steps": [{"rule": "FinishWithStars", "set": [star]}]}, start=[star])
    assert _errors(p, partial=True) == [("root.steps[0]", "FinishWithStars")]
    assert "already star" in check(p, partial=True).errors[0].message


def test_split_with_closed_branch() -> None:
    black = {"value": "black", "steps": []}
    split = {"rule": "StarOrEmpty", "cell": [0, 0], "branches": [_closed_star_branch(), black]}
    p = _proof({"steps": [], "split": split})
    rep = check(p, partial=True)
    assert rep.valid
    assert rep.closed == 1
    assert _errors(p) == [("root.split.branches[1]", "")]
    text = render(p, rep)
    assert "✓ split StarOrEmpty on r1c1" in text
    assert "✓ close: TooFewStars" in text


def test_split_must_partition() -> None:
    closed = _closed_star_branch()
    one = {"rule": "StarOrEmpty", "cell": [0, 0], "branches": [closed]}
    assert _errors(_proof({"steps": [], "split": one}), partial=True) == [("root.split", "StarOrEmpty")]
    twice = {"rule": "StarOrEmpty", "cell": [0, 0], "branches": [closed, closed]}
    assert _errors(_proof({"steps": [], "split": twice}), partial=True) == [("root.split", "StarOrEmpty")]
    wrong_rule = {"rule": "ZeroOrOne", "cell": [0, 0], "branches": [closed, {"value": "black", "steps": []}]}
    assert ("root.split", "ZeroOrOne") in _errors(_proof({"steps": [], "split": wrong_rule}), partial=True)
    unordered = {"rule": "StarOrEmpty", "cell": [0, 0], "branches": [{"steps": []}, {"steps": []}]}
    assert check(_proof({"steps": [], "split": unordered}), partial=True).valid  # star, black by default
    known = {"rule": "StarOrEmpty", "cell": [0, 1], "branches": [{"steps": []}, {"steps": []}]}
    p = _proof({"steps": [], "split": known}, start=[[0, 1, "star"]])
    assert _errors(p, partial=True) == [("root.split", "StarOrEmpty")]


def test_close_must_hold_and_be_a_contradiction_rule() -> None:
    assert _errors(_proof({"steps": [], "close": "TooManyStars"})) == [("root.close", "TooManyStars")]
    assert _errors(_proof({"steps": [], "close": "SurroundStar"})) == [("root.close", "SurroundStar")]
    branch = _closed_star_branch()
    branch["close"] = "ClashingOrbit"
    split = {"rule": "StarOrEmpty", "cell": [0, 0], "branches": [branch, {"value": "black", "steps": []}]}
    assert _errors(_proof({"steps": [], "split": split}), partial=True) == [
        ("root.split.branches[0].close", "ClashingOrbit")]
    both = {"steps": [], "close": "TooFewStars", "split": split}
    assert ("root", "TooFewStars") in _errors(_proof(both), partial=True)


def test_production_rules_are_forced_and_not_vacuous() -> None:
    pk = proof_kind("starbattle")
    b = pk.board(URL)
    assert forced(pk, b, 1, "star")
    assert not forced(pk, b, 0, "star")
    assert forced(pk, b, 0, "black")
    impossible = b.with_changes([(0, "star")])  # no solution: SAT says everything, so propagation decides
    assert not forced(pk, impossible, 35, "star")


def test_binary_proof() -> None:
    puzzle = "4x4:" + "".join(["0011", "1100", "0.01", "1.1."])
    step = {"rule": "CompleteRowColumn", "set": [[2, 1, "1"]]}
    p = Proof.from_json({"kind": "binary", "puzzle": puzzle, "root": {"steps": [step]}})
    assert check(p, partial=True).valid
    flipped = {"rule": "CompleteRowColumn", "set": [[2, 1, "0"]]}
    p = Proof.from_json({"kind": "binary", "puzzle": puzzle, "root": {"steps": [flipped]}})
    assert [e.path for e in check(p, partial=True).errors] == ["root.steps[0]"]
    full = {"rule": "LineCompletions", "set": [[2, 1, "1"], [3, 1, "0"], [3, 3, "0"]]}
    bad = {"rule": "LineCompletions", "set": [[2, 1, "0"], [3, 1, "0"], [3, 3, "0"]]}
    solved = Proof.from_json({"kind": "binary", "puzzle": puzzle, "root": {"steps": [full]}})
    assert check(solved).valid
    wrong = Proof.from_json({"kind": "binary", "puzzle": puzzle, "root": {"steps": [bad]}})
    assert [e.path for e in check(wrong).errors] == ["root.steps[0]", "root"]
    split = {"rule": "ZeroOrOne", "cell": [2, 1], "branches": [
        {"value": "0", "steps": [], "close": "UnbalancedRowColumn"}, {"value": "1", "steps": []}]}
    p = Proof.from_json({"kind": "binary", "puzzle": puzzle, "root": {"steps": [], "split": split}})
    assert check(p, partial=True).valid


def test_json_round_trip_and_parse_errors() -> None:
    split = Split("StarOrEmpty", (2, 2), (Node((), None, "TooManyStars", "star"),
                                         Node((ProofStep("FinishWithStars", ((4, 4, "star"),)),), value="black")))
    p = Proof("starbattle", URL, Node((ProofStep("SurroundStar", ((0, 0, "black"),)),), split), ((0, 1, "star"),))
    assert Proof.from_text(p.to_text()) == p
    assert Proof.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert p.to_json()["start"] == [[0, 1, "star"]]
    for bad, where in [('{"kind": "starbattle"}', "proof"), ("[1]", "proof"), ("{", "line 1"),
                       ('{"kind": "starbattle", "puzzle": "x", "root": {"steps": [{"rule": 3, "set": []}]}}',
                        "root.steps[0].rule"),
                       ('{"kind": "s", "puzzle": "x", "root": {"split": {"rule": "S", "cell": [1], "branches": []}}}',
                        "root.split.cell"),
                       ('{"kind": "s", "puzzle": "x", "root": {"steps": [{"rule": "R", "set": [[0, 0]]}]}}',
                        "root.steps[0].set[0]"),
                       ('{"kind": "s", "puzzle": "x", "root": {"stepz": []}}', "root")]:
        with pytest.raises(ParseError, match=None) as e:
            Proof.from_text(bad)
        assert where in str(e.value)
