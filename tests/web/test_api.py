"""The web API answers as the CLI does (same service layer), and bad input is a 400 with a message."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from gridlogic.web.app import create_app

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SOL = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_index_and_kinds(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'id="puzzle"' in page.text
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
