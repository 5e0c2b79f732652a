"""The web app checks a request's kind options against the kind's schema, as the CLI does: an option
the kind does not take is HTTP 400 naming it; a kind's option at its default is no option."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from gridlogic.web.app import create_app

SB = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BIN = "6x6:.1...01....1..0...1........0.0....1."
S8 = ".e...24#.#.#.......2.5..#.#.#....4a."


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(extra_hosts=("testserver",))) as c:
        yield c


@pytest.mark.parametrize(("path", "body", "named"), [
    ("/api/generate", {"kind": "binary", "size": "6", "stars": 3}, "binary generate does not take the option stars"),
    ("/api/generate", {"kind": "str8ts", "single_cells": True},
     "str8ts generate does not take the option single_cells"),
    ("/api/explain", {"puzzle": BIN, "allow_uniqueness": True}, "binary explain does not take the option "
                                                                "allow_uniqueness"),
    ("/api/solve", {"puzzle": SB, "unique_lines": False}, "starbattle solve does not take the option unique_lines"),
    ("/api/load", {"puzzle": SB, "stars": 2}, "starbattle load does not take the option stars"),
    ("/api/hint", {"puzzle": SB, "board": ["??????"] * 6, "unique_lines": False}, "unique_lines"),
    ("/api/proof/start", {"puzzle": SB, "unique_lines": False},
     "starbattle proof does not take the option unique_lines"),
    ("/api/solve", {"puzzle": SB, "bogus": 1}, "does not take the option"),
])
def test_an_option_the_kind_does_not_take_is_400(client: TestClient, path: str, body: dict[str, object],
                                                 named: str) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    assert named in r.json()["error"]


def test_a_bad_value_is_400_naming_the_option(client: TestClient) -> None:
    r = client.post("/api/generate", json={"kind": "starbattle", "size": "6", "stars": 0})
    assert r.status_code == 400 and "stars must be in 1..99" in r.json()["error"]
    r = client.post("/api/solve", json={"puzzle": BIN, "unique_lines": "no"})
    assert r.status_code == 400 and "unique_lines must be true or false" in r.json()["error"]


def test_the_kinds_that_take_an_option_still_do(client: TestClient) -> None:
    sb = client.post("/api/explain", json={"puzzle": SB, "allow_uniqueness": True})
    assert sb.status_code == 200 and sb.json()["status"] == "solved"
    assert client.post("/api/explain", json={"puzzle": S8, "allow_uniqueness": True}).status_code == 200
    free = client.post("/api/solve", json={"puzzle": BIN, "unique_lines": False}).json()
    assert "need not be distinct" in free["picture"]
    g = client.post("/api/generate", json={"kind": "starbattle", "size": "6", "stars": 1, "seed": 3})
    assert g.status_code == 200 and g.json()["kind"] == "starbattle"


def test_another_kinds_option_at_its_default_is_no_option(client: TestClient) -> None:
    """A page that always sends Binary's ``unique_lines: true`` (and ``allow_uniqueness: false``) may
    send them with any puzzle."""
    for path, extra in (("/api/solve", {}), ("/api/load", {}), ("/api/hint", {"board": ["??????"] * 6})):
        r = client.post(path, json={"puzzle": SB, "unique_lines": True, "allow_uniqueness": False, **extra})
        assert r.status_code == 200, (path, r.text)


def test_kinds_serve_their_options_schema(client: TestClient) -> None:
    kinds = {k["name"]: k for k in client.get("/api/kinds").json()}
    binary = {o["name"]: o for o in kinds["binary"]["options"]}
    assert binary["unique_lines"] == {"name": "unique_lines", "type": "bool", "help": binary["unique_lines"]["help"],
                                      "default": True, "flag": "--no-unique-lines", "min": None, "max": None,
                                      "choices": [], "commands": []}
    stars = next(o for o in kinds["starbattle"]["options"] if o["name"] == "stars")
    assert (stars["type"], stars["min"], stars["max"], stars["commands"]) == ("int", 1, 99, ["generate"])
