"""POST /api/progress names the wrong marks: exactly the marked cells that differ from the solution, on
the shipped library's puzzles of every kind, and never more than ``jobs.MAX_WRONG_CELLS`` of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridlogic.service import Spec
from gridlogic.web import jobs
from gridlogic.web.app import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(extra_hosts=("testserver",))) as c:
        yield c


def first_of_each_kind(client: TestClient) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for item in client.get("/api/library").json():
        seen.setdefault(item["kind"], item)
    assert len(seen) >= 3
    return list(seen.values())


def other(solution: list[str], right: str) -> str:
    """A mark the player could place that is not ``right`` (another character of the solution)."""
    return sorted(ch for ch in set("".join(solution)) if ch not in (right, "#", "?"))[0]


def test_wrong_cells_are_exactly_the_marks_that_differ(client: TestClient) -> None:
    for item in first_of_each_kind(client):
        body = {"puzzle": item["puzzle"], "kind": item["kind"]}
        start = client.post("/api/load", json=body).json()["board"]
        solution = client.post("/api/solve", json=body).json()["solution"]
        free = [(r, c) for r, row in enumerate(start) for c, ch in enumerate(row) if ch == "?"]
        assert len(free) >= 6, item
        wrong_at = {free[0], free[3], free[-1]}
        right_at = {free[1], free[2]}  # right marks are never named
        board = [list(row) for row in start]
        for r, c in wrong_at:
            board[r][c] = other(solution, solution[r][c])
        for r, c in right_at:
            board[r][c] = solution[r][c]
        rows = ["".join(row) for row in board]
        expected = sorted(
            [r, c] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "?" and ch != solution[r][c])
        assert expected == sorted([r, c] for r, c in wrong_at)
        got = client.post("/api/progress", json={**body, "board": rows}).json()
        assert got["status"] == "wrong", item
        assert got["wrong"] == 3
        assert got["cells"] == expected  # reading order, [row, col]
        assert got["message"].startswith("3 marks are wrong")

        fixed = [list(row) for row in rows]
        for r, c in wrong_at:
            fixed[r][c] = "?"
        ok = client.post("/api/progress", json={**body, "board": ["".join(row) for row in fixed]}).json()
        assert ok["status"] == "ok" and ok["wrong"] == 0 and ok["cells"] == []
        done = client.post("/api/progress", json={**body, "board": solution}).json()
        assert done["status"] == "solved" and done["cells"] == []


def test_the_named_cells_are_bounded(monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    item = next(i for i in client.get("/api/library").json() if i["size"] == "10" or i["size"] == "10x10")
    spec = Spec(item["puzzle"], item["kind"])
    body = {"puzzle": item["puzzle"], "kind": item["kind"]}
    start = client.post("/api/load", json=body).json()["board"]
    solution = client.post("/api/solve", json=body).json()["solution"]
    everything_wrong = ["".join(other(solution, s) if ch == "?" else ch for ch, s in zip(row, srow, strict=True))
                        for row, srow in zip(start, solution, strict=True)]
    total = sum(ch != s for row, srow in zip(everything_wrong, solution, strict=True)
                for ch, s in zip(row, srow, strict=True))
    assert total > 20
    monkeypatch.setattr(jobs, "MAX_WRONG_CELLS", 7)
    got = jobs.progress(spec, everything_wrong)
    assert got["wrong"] == total
    assert len(got["cells"]) == 7
    assert got["cells"] == sorted(got["cells"])
    assert all(everything_wrong[r][c] != solution[r][c] for r, c in got["cells"])
    monkeypatch.undo()
    assert len(client.post("/api/progress", json={**body, "board": everything_wrong}).json()["cells"]) == min(
        total, jobs.MAX_WRONG_CELLS)
