"""The web API answers as the CLI does (same service layer), and bad input is a 400 with a message."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SOL = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]




def test_index_and_kinds(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert str(page.url).endswith("/play")
    assert 'id="puzzle"' in page.text
    assert 'role="status"' in page.text
    assert 'role="alert"' in page.text
    assert client.get("/tools").status_code == 200
    assert client.get("/static/board.js").status_code == 200
    names = [k["name"] for k in client.get("/api/kinds").json()]
    assert "starbattle" in names


def test_solve_check_convert(client: TestClient) -> None:
    d = client.post("/api/solve", json={"puzzle": URL}).json()
    assert d["kind"] == "starbattle"
    assert d["solution"] == SOL
    assert d["unique"] is True
    assert "*" in d["picture"] or "★" in d["picture"]
    ok = client.post("/api/check", json={"puzzle": URL, "solution": "/".join(SOL)}).json()
    assert ok["valid"] is True
    bad = client.post("/api/check", json={"puzzle": URL, "solution": "/".join(["**....", *SOL[1:]])}).json()
    assert bad["valid"] is False
    assert {v["rule"] for v in bad["violations"]} >= {"ClashingOrbit"}
    conv = client.post("/api/convert", json={"puzzle": URL, "to": "pzprv3"}).json()
    assert conv["puzzle"].startswith("pzprv3")
    assert client.post("/api/count", json={"puzzle": URL, "limit": 5}).json()["count"] == 1


def test_explain_steps_replay_to_the_solution(client: TestClient) -> None:
    d = client.post("/api/explain", json={"puzzle": URL}).json()
    assert d["status"] == "solved"
    assert d["final"] == SOL
    stars = {(r, c) for s in d["steps"] for r, c, v in s["marks"] if v == "star"}
    assert stars == {(r, c) for r, row in enumerate(SOL) for c, ch in enumerate(row) if ch == "*"}


@pytest.mark.parametrize("body", [{"puzzle": "nonsense"}, {"puzzle": "https://puzz.link/p?starbattle/6/6/1/zz!"},
                                  {"puzzle": URL, "kind": "nokind"}])
def test_bad_input_is_400_with_message(client: TestClient, body: dict[str, str]) -> None:
    r = client.post("/api/solve", json=body)
    assert r.status_code == 400
    assert r.json()["error"]


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_load_reads_what_the_cli_reads(client: TestClient) -> None:
    whole = (EXAMPLES / "starbattle-10x2.txt").read_text()
    assert whole.lstrip().startswith("#")  # a comment line first, as the file ships
    d = client.post("/api/load", json={"puzzle": whole}).json()
    assert d["kind"] == "starbattle"
    assert d["board"] == ["?" * 10] * 10
    assert d["share"].startswith("https://puzz.link/p?starbattle/10/10/2/")
    assert d["svg"].startswith("<svg")
    xml = client.post("/api/load", json={"puzzle": (EXAMPLES / "starbattle-8x1.xml").read_text()}).json()
    assert xml["kind"] == "starbattle"
    assert len(xml["board"]) == 8
    two = client.post("/api/load", json={"puzzle": URL + "\n" + xml["share"], "index": 1}).json()
    assert two["records"] == 2
    assert len(two["board"]) == 8


def test_live_board_check_and_progress(client: TestClient) -> None:
    empty = ["?" * 6] * 6
    ok = client.post("/api/board", json={"puzzle": URL, "board": empty}).json()
    assert ok == {"violations": [], "solved": False, "status": "ok"}
    clash = client.post("/api/board", json={"puzzle": URL, "board": ["**????", *empty[1:]]}).json()
    rules = {v["rule"] for v in clash["violations"]}
    assert rules == {"ClashingOrbit", "TooManyStars"}
    assert [[0, 0], [0, 1]] in [v["cells"] for v in clash["violations"]]
    stars_only = [row.replace(".", "?") for row in SOL]  # unmarked cells count as empty
    assert client.post("/api/board", json={"puzzle": URL, "board": stars_only}).json()["solved"] is True
    few = client.post("/api/board", json={"puzzle": URL, "board": ["......", *empty[1:]]}).json()
    assert {v["rule"] for v in few["violations"]} == {"TooFewStars"}
    wrong = client.post("/api/progress", json={"puzzle": URL, "board": ["*?????", *empty[1:]]}).json()
    assert wrong["status"] == "wrong"
    assert wrong["wrong"] == 1
    assert "*" not in wrong["message"]
    good = client.post("/api/progress", json={"puzzle": URL, "board": [SOL[0].replace(".", "?"), *empty[1:]]}).json()
    assert good["status"] == "ok"
    done = client.post("/api/progress", json={"puzzle": URL, "board": SOL}).json()
    assert done["status"] == "solved"


def test_binary_and_str8ts_live_checks(client: TestClient) -> None:
    b = "6x6:0..0.......10...1....0.1.11..1......"
    start = client.post("/api/load", json={"puzzle": b}).json()["board"]
    trio = [*start[:5], "000???"]
    assert {v["rule"] for v in client.post("/api/board", json={"puzzle": b, "board": trio}).json()["violations"]} \
        == {"Trio"}
    s = ".e...24#.#.#.......2.5..#.#.#....4a."
    start = client.post("/api/load", json={"puzzle": s}).json()["board"]
    assert start[0] == "?#???2"
    rep = ["2" + start[0][1:], *start[1:]]
    got = client.post("/api/board", json={"puzzle": s, "board": rep}).json()["violations"]
    assert {v["rule"] for v in got} == {"RepeatedDigit"}
    far = [start[0], start[1], "16????", *start[3:]]
    assert {v["rule"] for v in client.post("/api/board", json={"puzzle": s, "board": far}).json()["violations"]} \
        == {"NotStraight"}


def test_draw_route_and_openapi(client: TestClient) -> None:
    r = client.post("/api/draw", json={"puzzle": URL, "board": ["*?????"] + ["?" * 6] * 5,
                                       "highlight": {"uses": [[0, 0]]}})
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert 'data-value="star"' in r.text
    assert "hl-uses" in r.text
    docs = client.get("/docs")
    assert "/api/board" in docs.text
    assert "cdn" not in docs.text.lower()  # works offline
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/solve", "/api/load", "/api/board", "/api/progress", "/api/draw", "/api/library", "/api/hint"):
        assert path in paths


def test_library_has_every_kind_in_sizes_and_grades_all_unique(client: TestClient) -> None:
    lib = client.get("/api/library").json()
    by_kind: dict[str, list[dict[str, str]]] = {}
    for item in lib:
        by_kind.setdefault(item["kind"], []).append(item)
    assert set(by_kind) == {"starbattle", "binary", "str8ts"}
    for items in by_kind.values():
        assert len({i["size"] for i in items}) >= 2
        assert len({i["grade"] for i in items}) >= 2
    for item in lib:
        d = client.post("/api/solve", json={"puzzle": item["puzzle"], "kind": item["kind"]}).json()
        assert d["unique"] is True, item["title"]
