"""What the automatic marks need from a kind, without a browser: the descriptor's ``auto`` (core/client.py
Auto), checked when the kind is built and served at /api/kinds, and the drawing attributes it reads
(a Star Battle cell's region and the stars per unit, a Str8ts black cell's clue)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from gridlogic.core.client import Auto, Client, Value

STARBATTLE = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
STR8TS = ".e...24#.#.#.......2.5..#.#.#....4a."


def test_each_kind_describes_its_automatic_marks(client: TestClient) -> None:
    kinds = {k["name"]: k for k in client.get("/api/kinds").json()}
    assert kinds["binary"]["auto"] is None
    star = kinds["starbattle"]["auto"]
    assert (star["mode"], star["cause"], star["mark"], star["around"], star["full"], star["default"]) == (
        "exclude", "star", "black", True, "stars", True)
    assert star["units"] == ["row", "col", "region"]
    digits = kinds["str8ts"]["auto"]
    assert (digits["mode"], digits["units"], digits["default"]) == ("candidates", ["row", "col"], False)
    assert kinds["str8ts"]["pencil"] is True


def test_the_drawings_carry_what_the_marks_read(client: TestClient) -> None:
    svg = client.post("/api/load", json={"puzzle": STARBATTLE}).json()["svg"]
    assert 'data-stars="1"' in svg
    regions = re.findall(r'data-col="\d+" data-value="\w+" data-region="(\d+)"', svg)
    assert len(regions) == 36 and set(regions) == {str(g) for g in range(6)}
    svg = client.post("/api/load", json={"puzzle": STR8TS}).json()["svg"]
    clues = re.findall(r'data-value="black" data-given="1" data-clue="(\d)"', svg)
    assert clues and all(1 <= int(d) <= 6 for d in clues)


def test_a_descriptor_with_bad_automatic_marks_is_refused() -> None:
    values = (Value("unknown", "?", " "), Value("star", "*", "*"), Value("black", ".", "."))
    with pytest.raises(ValueError, match="no mode 'guess'"):
        Auto("x", mode="guess", units=("row",))
    with pytest.raises(ValueError, match="needs a cause and a mark"):
        Auto("x", mode="exclude", units=("row",), cause="star")
    with pytest.raises(ValueError, match="automatic marks of no value"):
        Client("K", values, ("unknown",), "r", "h", auto=Auto("x", mode="exclude", units=("row",), cause="moon",
                                                               mark="black"))
    with pytest.raises(ValueError, match="without pencil marks"):
        Client("K", values, ("unknown",), "r", "h", auto=Auto("x", mode="candidates", units=("row",)))
