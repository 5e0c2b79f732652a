"""Binary without the distinct-lines rule (the CLI's --no-unique-lines) through every route the pages use:
load says which rule is in force, proof mode's start and transition honour it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from gridlogic.web.app import create_app

TINY = "4x4:0110............"
BOARD = ["0110", "1001", "????", "01??"]
"""Row 4 can end 10 (0110 repeats row 1, so only with distinct lines is 01 forced) or 01."""
SET = [[3, 2, "0"], [3, 3, "1"]]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(extra_hosts=("testserver",))) as c:
        yield c


def test_load_says_whether_lines_must_be_distinct(client: TestClient) -> None:
    on = client.post("/api/load", json={"puzzle": TINY, "kind": "binary"}).json()
    off = client.post("/api/load", json={"puzzle": TINY, "kind": "binary", "unique_lines": False}).json()
    assert on["unique_lines"] is True and off["unique_lines"] is False
    sb = client.post("/api/load", json={"puzzle": "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"}).json()
    assert "unique_lines" not in sb  # no such rule: the page shows no switch


def test_proof_start_and_transition_honour_the_switch(client: TestClient) -> None:
    assert client.post("/api/proof/start", json={"puzzle": TINY, "kind": "binary"}).json()["unique_lines"] is True
    off = client.post("/api/proof/start", json={"puzzle": TINY, "kind": "binary", "unique_lines": False}).json()
    assert off["unique_lines"] is False
    body = {"puzzle": TINY, "kind": "binary", "board": BOARD, "set": SET, "rule": "UniqueRowColumn"}
    assert client.post("/api/proof/transition", json=body).json()["ok"] is True
    refused = client.post("/api/proof/transition", json={**body, "unique_lines": False}).json()
    assert refused["ok"] is False and "UniqueRowColumn" in refused["message"]
    found = client.post("/api/proof/transition", json={**body, "rule": None}).json()
    assert found["ok"] is True and found["rule"] == "UniqueRowColumn"
    none = client.post("/api/proof/transition", json={**body, "rule": None, "unique_lines": False}).json()
    assert none["rule"] is None and none["ok"] is False


def test_count_and_progress_honour_the_switch(client: TestClient) -> None:
    # the board as givens: unique with distinct lines (0101 / 1010), two solutions without (0110 / 1001 again)
    body = {"puzzle": "4x4:01101001....01..", "kind": "binary"}
    assert client.post("/api/count", json={**body, "limit": 2}).json()["count"] == 1
    assert client.post("/api/count", json={**body, "limit": 2, "unique_lines": False}).json()["count"] == 2
    prog = {**body, "board": ["0110", "1001", "????", "0110"]}  # a field /api/progress does not take is refused
    assert client.post("/api/progress", json=prog).json()["status"] == "wrong"
    loose = client.post("/api/progress", json={**prog, "unique_lines": False}).json()
    assert loose["status"] == "ok" and "more than one solution" in loose["message"]
    assert client.post("/api/progress", json={**prog, "limit": 2}).status_code == 400


def test_every_page_has_the_same_header(client: TestClient) -> None:
    # one header, drawn by ui.js from the page's name (test_pages_browser.py checks the drawn links)
    pages = {"/play": "play", "/proof": "proof", "/starstar": "starstar", "/tools": "tools", "/docs": "docs"}
    for path, name in pages.items():
        html = client.get(path).text
        assert "/static/ui.css" in html, path
        header = html[html.index("<header"):html.index("</header>")]
        assert "brand" in header and "gridlogic" in header, path
        assert f'data-page="{name}"' in header or f"data-page={name}" in header, path
        assert "<nav" not in header, path  # never a copy of the links
