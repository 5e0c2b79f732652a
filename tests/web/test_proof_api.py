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


def small_proof() -> dict[str, Any]:
    """Split r2c2: a star there empties region A (closed by TooFewStars); black: the solution."""
    rest = [[r, c, "star" if ch == "*" else "black"] for r, row in enumerate(SB6_SOLUTION)
            for c, ch in enumerate(row) if (r, c) != (1, 1)]
    around = [[0, 0, "black"], [0, 1, "black"], [0, 2, "black"], [1, 0, "black"], [2, 0, "black"]]
    return {"kind": "starbattle", "puzzle": SB6, "root": {"steps": [], "split": {
        "rule": "StarOrEmpty", "cell": [1, 1], "branches": [
            {"value": "star", "steps": [{"rule": "SurroundStar", "set": around}], "close": "TooFewStars"},
            {"value": "black", "steps": [{"rule": "Trial", "set": rest}]}]}}}




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
    # forced, but by no LEGUP rule in one step: the human solver's rule, or the production check
    deep = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY, "set": [[0, 1, "star"]]}).json()
    assert deep["ok"] is True and deep["rule"] not in (None, "SurroundStar")
    none = client.post("/api/proof/transition", json={"puzzle": SB6, "board": EMPTY, "set": [[0, 0, "star"]]}).json()
    assert (none["ok"], none["rule"]) == (False, None) and none["message"].startswith("no rule justifies")
    bn = client.post("/api/proof/transition", json={
        "puzzle": BINARY6, "kind": "binary", "board": BINARY6_BOARD, "set": [[4, 4, "1"]]}).json()
    assert (bn["ok"], bn["rule"]) == (True, "PreventTrio")


def test_whole_proof_checked_with_verdicts(client: TestClient) -> None:
    d = client.post("/api/proof/check", json={"proof": small_proof()}).json()
    assert d["valid"] and d["complete"] and d["closed"] == 1 and d["open_leaves"] == []
    assert d["verdicts"] == {"root.split": True, "root.split.branches[0].steps[0]": True,
                             "root.split.branches[0].close": True, "root.split.branches[1].steps[0]": True}
    p = small_proof()
    p["root"]["split"]["branches"][0]["close"] = "ClashingOrbit"
    del p["root"]["split"]["branches"][1]["steps"][0]
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
