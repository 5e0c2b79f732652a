"""The front end is built once: every kind difference reaches the pages through the kind's client
descriptor (``/api/kinds``, :mod:`gridlogic.core.client`), so no script names a kind, and the
descriptor agrees with the kind's own drawing."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridlogic import kinds as kinds_registry
from gridlogic.core.client import Client, Tally, Value
from gridlogic.kinds import kinds

STATIC = resources.files("gridlogic.web").joinpath("static")
KIND_WORDS = re.compile(r"star ?battle|binary|str8ts", re.IGNORECASE)
SAMPLES = {
    "starbattle": "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
    "binary": "6x6:" + "." * 36,
    "str8ts": "##2..#9..#....h6.#52..f...#..........#a5..##.........6#...e..3.h..i....#...#.2.d#",
}
OPTION_FIELDS = {"name", "type", "help", "default", "flag", "min", "max", "choices", "commands"}


def scripts() -> dict[str, str]:
    return {f.name: f.read_text(encoding="utf-8") for f in STATIC.iterdir() if f.name.endswith(".js")}


def test_no_script_names_a_puzzle_kind() -> None:
    found = {name: KIND_WORDS.findall(text) for name, text in scripts().items()}
    assert {"board.js", "play.js", "proof.js", "tools.js", "ui.js"} <= set(found)
    assert {name: words for name, words in found.items() if words} == {}


def test_every_script_is_a_small_module() -> None:
    lines = {name: text.count("\n") for name, text in scripts().items()}
    assert {"play.js", "proof.js", "starstar.js"} <= set(lines)
    assert {name: n for name, n in lines.items() if n >= 400} == {}


def test_the_check_would_see_a_kind_name() -> None:
    assert KIND_WORDS.findall('if (kind === "starbattle") x = "Star Battle"; // Str8ts, BINARY') == [
        "starbattle", "Star Battle", "Str8ts", "BINARY"]


def test_pages_share_one_header_one_fetch_and_no_inline_script() -> None:
    pages = [f for f in STATIC.iterdir() if f.name.endswith(".html")]
    assert sorted(f.name for f in pages) == ["play.html", "proof.html", "starstar.html", "tools.html"]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert '<link rel="stylesheet" href="/static/ui.css">' in html, page.name
        assert "<style" not in html and "style=" not in html, page.name  # page styles live in their sheets
        assert re.findall(r"<script[^>]*>", html) == [m for m in re.findall(r"<script[^>]*>", html) if "src=" in m]
        assert "<nav" not in html, page.name  # ui.js draws the links
    fetching = [name for name, text in scripts().items() if "fetch(" in text]
    assert fetching == ["ui.js"]
    for name, text in scripts().items():
        if name not in ("ui.js", "board.js", "automarks.js", "ringcursor.js"):  # boards' own modules: no plumbing
            assert re.search(r'from "(/static|\.)/ui\.js"', text), name


def test_kinds_serve_their_descriptor(client: TestClient) -> None:
    served = client.get("/api/kinds").json()
    assert [k["name"] for k in served] == list(kinds())
    for k in served:
        names = [v["name"] for v in k["values"]]
        assert k["title"] and k["rules"] and k["help"], k["name"]
        assert all(set(v) == {"name", "char", "symbol"} and len(v["char"]) == 1 for v in k["values"]), k["name"]
        assert len(set(names)) == len(names) and len({v["char"] for v in k["values"]}) == len(names)
        assert "?" in {v["char"] for v in k["values"]}, k["name"]  # the undecided cell
        assert set(k["cycle"]) <= set(names) and set(k["keys"].values()) <= set(names)
        assert all(isinstance(k[f], bool) for f in ("keypad", "pencil", "provable"))
        for option in k["generate"]:
            assert set(option) == OPTION_FIELDS and option["type"] in ("int", "bool", "str")
            assert not option["commands"] or "generate" in option["commands"]
        if k["tally"]:
            assert k["tally"]["value"] in names and "{n}" in k["tally"]["text"]
    by_name = {k["name"]: k for k in served}
    assert [n for n, k in by_name.items() if k["provable"]] == ["starbattle", "binary"]
    assert [n for n, k in by_name.items() if k["keypad"]] == ["str8ts"]
    assert [o["name"] for o in by_name["binary"]["generate"]] == ["unique_lines"]
    assert "stars" in [o["name"] for o in by_name["starbattle"]["generate"]]
    assert [o["name"] for o in by_name["str8ts"]["generate"]] == []


def svg_facts(svg: str) -> tuple[dict[str, str], list[str]]:
    chars = re.search(r'data-chars="([^"]*)"', svg)
    cycle = re.search(r'data-cycle="([^"]*)"', svg)
    assert chars and cycle
    pairs = dict(p.rsplit(":", 1) for p in chars.group(1).split(","))
    return pairs, cycle.group(1).split()


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_descriptor_agrees_with_the_drawing(client: TestClient, name: str) -> None:
    k: dict[str, Any] = next(k for k in client.get("/api/kinds").json() if k["name"] == name)
    loaded = client.post("/api/load", json={"puzzle": SAMPLES[name], "kind": name}).json()
    chars, cycle = svg_facts(loaded["svg"])
    described = {v["name"]: v["char"] for v in k["values"]}
    assert chars.items() <= described.items()  # every value the drawing writes, written the same way
    assert cycle == k["cycle"]


def test_a_descriptor_names_only_its_own_values() -> None:
    values = (Value("empty", "?", " "), Value("x", "x", "×"))
    assert Client("K", values, ("empty", "x"), "rules", "help", keys={"x": "x"}).to_json()["cycle"] == ["empty", "x"]
    with pytest.raises(ValueError, match="no value 'y'"):
        Client("K", values, ("empty", "y"), "rules", "help")
    with pytest.raises(ValueError, match="no value 'z'"):
        Client("K", values, (), "rules", "help", keys={"z": "z"})
    with pytest.raises(ValueError, match="tally of no value"):
        Client("K", values, (), "rules", "help", tally=Tally("star", "stars", "{n}"))


def test_every_kind_has_a_client() -> None:
    for k in kinds().values():
        assert isinstance(k.client(), Client), k.name


KIND_PY = '''
from gridlogic.core.client import Client
from gridlogic.puzzles.starbattle.kind import StarBattleKind


class ToyKind(StarBattleKind):  # every part of the contract, borrowed; its own name, levels and client
    name = "toy"
    levels = ("easy",)
    options = ()

    def client(self) -> Client:
        from toykind.client import CLIENT

        return CLIENT

    def legup_part(self) -> None:
        return None


KIND = ToyKind()
'''
CLIENT_PY = '''
from gridlogic.core.client import Client, Value

CLIENT = Client("Toy", (Value("empty", "?", " "), Value("x", "x", "×")), ("empty", "x"), "Mark cells.", "Click.")
'''


def test_a_new_kind_is_a_folder_and_a_registry_line(client: TestClient, tmp_path: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "toykind"
    folder.mkdir()
    (folder / "__init__.py").write_text("from toykind.kind import KIND\n")
    (folder / "kind.py").write_text(KIND_PY)
    (folder / "client.py").write_text(CLIENT_PY)
    monkeypatch.syspath_prepend(str(tmp_path))
    import toykind  # type: ignore[import-not-found]

    monkeypatch.setitem(kinds_registry.REGISTRY, "toy", lambda: toykind.KIND)
    toy = client.get("/api/kinds").json()[-1]
    assert toy["name"] == "toy" and toy["title"] == "Toy" and toy["cycle"] == ["empty", "x"]
    assert toy["levels"] == ["easy"] and toy["generate"] == [] and not toy["provable"]
