"""Proof mode's API: the palette, opening a puzzle, one transition judged (or its rule found) by the
checker, a whole proof checked with a verdict per path, LEGUP XML out and back in, bad input a 4xx."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

SB6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SB6_SOLUTION = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
EMPTY = ["??????"] * 6
BINARY6 = "6x6:.1...01....1..0...1........0.0....1."
BINARY6_BOARD = ["?1???0", "1????1", "??0???", "1?????", "???0?0", "????1?"]


def _rest() -> list[dict[str, Any]]:
    """Branch r2c2=black solved step by step, as Suggest proposes (no step may set the whole rest)."""
    from gridlogic.proof.assist import suggest
    marks: list[Any] = [(1, 1, "black")]
    steps: list[dict[str, Any]] = []
    for _ in range(80):
        s = suggest("starbattle", SB6, marks, None, None)
        if s["kind"] != "step":
            break
        steps.append({"rule": s["rule"], "set": s["set"]})
        marks += [tuple(m) for m in s["set"]]
    assert len(marks) == 36, marks
    return steps


REST = _rest()


def small_proof() -> dict[str, Any]:
    """Split r2c2: a star there empties region A (closed by TooFewStars); black: the solution."""
    around = [[0, 0, "black"], [0, 1, "black"], [0, 2, "black"], [1, 0, "black"], [2, 0, "black"]]
    return {"kind": "starbattle", "puzzle": SB6, "root": {"steps": [], "split": {
        "rule": "StarOrEmpty", "cell": [1, 1], "branches": [
            {"value": "star", "steps": [{"rule": "SurroundStar", "set": around}], "close": "TooFewStars"},
            {"value": "black", "steps": [dict(s) for s in REST]}]}}}




def test_palette_lists_legup_rules_and_production_ids(client: TestClient) -> None:
    sb = client.get("/api/proof/rules/starbattle").json()
    assert sb["cycle"] == ["?", "*", "."]
    direct = {r["id"]: r for r in sb["direct"]}
    assert direct["SurroundStar"]["legup_id"] == "STBL-BASC-0009" and direct["SurroundStar"]["help"]
    assert [r["id"] for r in sb["case"]] == ["StarOrEmpty"] and sb["case"][0]["values"] == ["star", "black"]
    assert {r["id"] for r in sb["contradiction"]} == {"TooManyStars", "TooFewStars", "ClashingOrbit"}
    assert "R1.1" in sb["production"] and "Trial" in sb["production"]
    bn = client.get("/api/proof/rules/binary").json()
    assert bn["cycle"] == ["?", "0", "1"] and "LineCompletions" in bn["production"]
    assert client.get("/api/proof/rules/str8ts").status_code == 400


def test_start_gives_the_drawing_and_the_board(client: TestClient) -> None:
    d = client.post("/api/proof/start", json={"puzzle": SB6}).json()
    assert (d["kind"], d["rows"], d["cols"], d["stars"]) == ("starbattle", 6, 6, 1)
    assert d["board"] == EMPTY and len(d["regions"]) == 6 and d["svg"].startswith("<svg")
    b = client.post("/api/proof/start", json={"puzzle": BINARY6, "kind": "binary"}).json()
    assert b["board"] == BINARY6_BOARD and b["unique_lines"] is True
    r = client.post("/api/proof/start", json={"puzzle": "9:.1#..#i.....8.7.4", "kind": "str8ts"})
    assert r.status_code == 400


def test_transition_judged_by_the_checker(client: TestClient) -> None:
    board = ["?*????", *EMPTY[1:]]
    ok = client.post("/api/proof/transition", json={
        "puzzle": SB6, "board": board, "set": [[0, 0, "black"], [1, 1, "black"]], "rule": "SurroundStar"}).json()
    assert (ok["ok"], ok["rule"], ok["errors"]) == (True, "SurroundStar", [])
    bad = client.post("/api/proof/transition", json={
        "puzzle": SB6, "board": board, "set": [[3, 3, "black"]], "rule": "SurroundStar"}).json()
    assert bad["ok"] is False and "not forced by SurroundStar" in bad["message"]
    assert bad["errors"][0]["path"] == "root.steps[0]"
    known = client.post("/api/proof/transition", json={
        "puzzle": SB6, "board": board, "set": [[0, 1, "black"]], "rule": "SurroundStar"}).json()
    assert known["ok"] is False and "already" in known["message"]


def test_transition_rule_found(client: TestClient) -> None:
    found = client.post("/api/proof/transition", json={
        "puzzle": SB6, "board": ["?*????", *EMPTY[1:]], "set": [[0, 0, "black"]]}).json()
    assert (found["ok"], found["rule"]) == (True, "SurroundStar")
    # the human solver's next step: found under its own rule (gridlogic set), by no rule under legup
    hint = client.post("/api/hint", json={"puzzle": SB6, "board": EMPTY}).json()["step"]
    marks = hint["marks"]
    deep = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY, "set": marks}).json()
    assert deep["ok"] is True and deep["rule"] in (hint["rule"], "FinishSurroundWithEmpty", "SurroundStar",
                                                    "FinishWithEmpty", "FinishWithStars")
    whole = [[r, c, "star" if ch == "*" else "black"] for r, row in enumerate(SB6_SOLUTION) for c, ch in enumerate(row)]
    for rules in ("gridlogic", "legup"):  # implied, but no rule makes the whole solution in one step
        one = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY, "set": whole,
                                                         "rules": rules}).json()
        assert (one["ok"], one["rule"]) == (False, None)
    none = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY, "set": [[0, 0, "star"]]}).json()
    assert (none["ok"], none["rule"]) == (False, None) and none["message"].startswith("no rule justifies")
    bn = client.post("/api/proof/transition", json={
        "puzzle": BINARY6, "kind": "binary", "board": BINARY6_BOARD, "set": [[4, 4, "1"]]}).json()
    assert (bn["ok"], bn["rule"]) == (True, "PreventTrio")


def test_whole_proof_checked_with_verdicts(client: TestClient) -> None:
    d = client.post("/api/proof/check", json={"proof": small_proof()}).json()
    assert d["valid"] and d["complete"] and d["closed"] == 1 and d["open_leaves"] == []
    assert d["verdicts"] == {"root.split": True, "root.split.branches[0].steps[0]": True,
                             "root.split.branches[0].close": True,
                             **{f"root.split.branches[1].steps[{k}]": True for k in range(len(REST))}}
    p = small_proof()
    p["root"]["split"]["branches"][0]["close"] = "ClashingOrbit"
    p["root"]["split"]["branches"][1]["steps"] = []
    d = client.post("/api/proof/check", json={"proof": p}).json()
    assert not d["valid"] and d["verdicts"]["root.split.branches[0].close"] is False
    assert {e["path"] for e in d["errors"]} == {"root.split.branches[0].close", "root.split.branches[1]"}
    assert d["open_leaves"] == ["root.split.branches[1]"]
    partial = client.post("/api/proof/check", json={"proof": p, "partial": True}).json()
    assert [e["path"] for e in partial["errors"]] == ["root.split.branches[0].close"]


def test_legup_xml_out_and_back_in(client: TestClient) -> None:
    r = client.post("/api/proof/legup-xml", json={"proof": small_proof()})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/xml")
    assert 'rule="Star or Empty"' in r.text and 'rule="Too Few Stars"' in r.text
    back = client.post("/api/proof/open", json={"text": r.text}).json()
    assert back["kind"] == "starbattle" and back["root"]["split"]["branches"][0]["close"] == "TooFewStars"
    assert client.post("/api/proof/check", json={"proof": back}).json()["valid"]
    import json
    again = client.post("/api/proof/open", json={"text": json.dumps(small_proof())}).json()
    assert again == small_proof()


def test_bad_proof_input_is_4xx(client: TestClient) -> None:
    r = client.post("/api/proof/open", json={"text": "{not json"})
    assert r.status_code == 400 and "not a proof file" in r.json()["error"]
    r = client.post("/api/proof/check", json={"proof": {"kind": "starbattle", "puzzle": SB6, "root": {"stpes": []}}})
    assert r.status_code == 400 and "unknown field '…' (fields: close, split, steps, value) (root)" in r.json()["error"]
    r = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY[:5], "set": [[0, 0, "star"]]})
    assert r.status_code == 400
    r = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY, "set": []})
    assert r.status_code == 400 and "at least one cell" in r.json()["error"]
    assert client.get("/proof").status_code == 200 and "proof.js" in client.get("/proof").text


def test_suggest_in_a_false_branch_leads_to_a_contradiction(client: TestClient) -> None:
    proof = {"kind": "starbattle", "puzzle": SB6, "root": {"steps": []}}
    star = ["?" * 6, "?*????", *["?" * 6] * 4]  # r2c2 star: no solution (its surround starves region A)
    s = client.post("/api/proof/suggest", json={"proof": proof, "board": star}).json()
    assert s["kind"] in ("step", "close") and "no solution" in s["message"]
    assert s["rule"] in ("SurroundStar", "FinishSurroundWithEmpty", "FinishWithEmpty", "FinishWithStars",
                         "TooFewStars", "TooManyStars", "ClashingOrbit", "ColumnsWithinRows", "ColumnsWithinRegions",
                         "RowsWithinRegions")
    assert "1 of your marks is wrong" not in s["message"]  # it helps close the branch, it does not give it away
    legup = client.post("/api/proof/suggest", json={"proof": {**proof, "rules": "legup"}, "board": EMPTY}).json()
    assert legup["kind"] in ("step", "split") and not legup.get("rule", "").startswith("R")


def test_counterexample_board_for_a_step_not_implied(client: TestClient) -> None:
    step = {"rule": "FinishWithStars", "set": [[0, 0, "star"]]}
    p = {"kind": "starbattle", "puzzle": SB6, "root": {"steps": [step]}}
    d = client.post("/api/proof/check", json={"proof": p, "partial": True}).json()
    ce = d["counterexamples"]["root.steps[0]"]
    assert ce["cell"] == [0, 0] and ce["value"] == "black"
    assert ce["board"] == [row.replace(".", "#") for row in SB6_SOLUTION]


def test_palette_by_rule_set_and_assignment(client: TestClient) -> None:
    legup = client.get("/api/proof/rules/starbattle", params={"rules": "legup"}).json()
    assert legup["rules"] == "legup" and legup["production"] == []
    assert "RegionsWithinRows" not in {r["id"] for r in legup["direct"]}
    few = client.get("/api/proof/rules/starbattle", params={"allowed": "SurroundStar,StarOrEmpty,TooFewStars"}).json()
    assert [r["id"] for r in few["direct"]] == ["SurroundStar"] and few["production"] == []
    assert [r["id"] for r in few["contradiction"]] == ["TooFewStars"]
