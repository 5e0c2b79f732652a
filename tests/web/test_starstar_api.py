"""The *Star routes: stateless positions, the AI's move in the worker pool, SGF, 400 on every bad input."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridlogic.games.starstar.examples import EXAMPLE_1_BLUE, EXAMPLE_1_RED, game_of
from gridlogic.games.starstar.graph import node_count
from gridlogic.games.starstar.scoring import Score
from gridlogic.games.starstar.sgf import GameRecord, to_sgf
from gridlogic.games.starstar.state import StarState
from gridlogic.web.routes_starstar import score_json

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE_1 = game_of(EXAMPLE_1_BLUE, EXAMPLE_1_RED)




def post(client: TestClient, path: str, body: Any, status: int = 200) -> dict[str, Any]:
    r = client.post(path, json=body)
    assert r.status_code == status, r.text
    out: dict[str, Any] = r.json()
    return out


def node_labels(svg: str) -> list[str]:
    return [e.get("data-label", "") for e in ET.fromstring(svg).iter(SVG + "g")
            if "node" in e.get("class", "").split()]


def test_page_and_script(client: TestClient) -> None:
    page = client.get("/starstar")
    assert page.status_code == 200 and "/starstar/starstar.js" in page.text
    assert client.get("/starstar?rings=12").status_code == 200
    js = client.get("/starstar/starstar.js")
    assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    for rings, message in (("1", "between 2 and 12"), ("13", "between 2 and 12"), ("six", "whole number")):
        r = client.get(f"/starstar?rings={rings}")
        assert r.status_code == 400 and message in r.json()["error"]


@pytest.mark.parametrize("rings", [2, 6, 12])
def test_empty_board(client: TestClient, rings: int) -> None:
    d = post(client, "/api/starstar/state", {"rings": rings, "moves": []})
    assert len(node_labels(d["svg"])) == node_count(rings)
    assert d["to_play"] == "b" and not d["terminal"] and d["moves"] == []
    assert len(d["legal"]) == node_count(rings) + 1 and d["legal"][-1] == "pass"
    assert d["score"]["b"]["conventional"] == d["score"]["w"]["conventional"] == 0
    assert d["sgf"].startswith("(;FF[4]") and f"SZ[{rings}]" in d["sgf"]


def test_the_seeds_example_1_played_out(client: TestClient) -> None:
    d = post(client, "/api/starstar/state", {"rings": 4, "moves": EXAMPLE_1})
    assert d["terminal"] and d["to_play"] is None and d["legal"] == []
    s = d["score"]
    assert (s["b"]["peries"], s["b"]["stars"], s["b"]["quarks"], s["b"]["adjustment"]) == (7, 1, 2, 4)
    assert (s["w"]["peries"], s["w"]["stars"], s["w"]["quarks"], s["w"]["quark_peri"]) == (13, 3, 3, 1)
    assert (s["b"]["conventional"], s["w"]["conventional"]) == (11, 10)
    assert (s["b"]["simplified"], s["w"]["simplified"]) == (3, 2)
    assert (s["b"]["schmittberger"], s["w"]["schmittberger"]) == (1, -1)
    assert s["winner"] == "b" and s["result"] == "B+1" and s["decided"] and not s["tiebreak"]
    assert s["b"]["conventional"] + s["w"]["conventional"] == 5 * 4 + 1
    assert d["svg"].count('class="star-outline"') == 4 and d["svg"].count('class="owned"') == 20


def test_labels_on_request(client: TestClient) -> None:
    d = post(client, "/api/starstar/state", {"rings": 3, "moves": ["T32"], "labels": True})
    assert d["svg"].count('<text class="label"') == node_count(3) - 1 and ">T32</text>" not in d["svg"]
    assert '<text class="label"' not in post(client, "/api/starstar/state", {"rings": 3})["svg"]
    assert "labels must be true or false" in post(client, "/api/starstar/state", {"labels": "yes"}, 400)["error"]


def test_pie_rule_and_pass(client: TestClient) -> None:
    d = post(client, "/api/starstar/state", {"rings": 4, "moves": ["T43"], "swap": True})
    assert "swap" in d["legal"]
    d = post(client, "/api/starstar/state", {"rings": 4, "moves": ["T43", "swap"], "swap": True})
    assert d["to_play"] == "b" and 'data-label="T43" data-stone="w"' in d["svg"]
    d = post(client, "/api/starstar/state", {"rings": 4, "moves": ["pass", "pass"]})
    assert d["terminal"] and d["score"]["winner"] is None and d["score"]["result"] == "0"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"rings": 4, "moves": ["T43", "T43"]}, "move 2 ('…')"),  # named by its place, never quoted
        ({"rings": 4, "moves": ["Q99"]}, "move 1 ('…'): '…' is not a node of the 4-ring board"),
        ({"rings": 4, "moves": ["T43", "swap"]}, "move 2 ('…')"),
        ({"rings": 4, "moves": ["pass", "pass", "T43"]}, "move 3"),
        ({"rings": 4, "moves": "T43"}, "moves must be a list"),
        ({"rings": 4, "moves": [1]}, "moves must be a list"),
        ({"rings": 4, "moves": ["pass"] * 200}, "too many moves"),
        ({"rings": 13, "moves": []}, "rings must be between 2 and 12"),
        ({"rings": "4", "moves": []}, "rings must be a whole number"),
        ({"rings": True, "moves": []}, "rings must be a whole number"),
        ({"rings": 4, "swap": "yes"}, "swap must be true or false"),
        ([4], "must be a JSON object"),
    ],
)
def test_bad_positions(client: TestClient, body: Any, message: str) -> None:
    assert message in post(client, "/api/starstar/state", body, 400)["error"]


def test_not_json(client: TestClient) -> None:
    r = client.post("/api/starstar/state", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json() == {"error": "the request body is not JSON"}


def test_ai_answers_in_the_worker_pool(client: TestClient) -> None:
    body = {"rings": 4, "moves": ["T43"], "playouts": 200, "seed": 3}
    d = post(client, "/api/starstar/ai", body)
    assert d["moves"][0] == "T43" and len(d["moves"]) == 2 and d["ai_move"] == d["moves"][1]
    assert d["to_play"] == "b" and f'data-label="{d["ai_move"]}" data-stone="w"' in d["svg"]
    assert d["ai"]["simulations"] == 200
    assert post(client, "/api/starstar/ai", body)["ai_move"] == d["ai_move"]  # same seed and playouts
    d = post(client, "/api/starstar/ai", {"rings": 3, "moves": [], "seconds": 0.2})
    assert d["ai_move"] in d["moves"] and d["ai"]["simulations"] > 0


def test_ai_answer_carries_the_estimate_of_the_end(client: TestClient) -> None:
    d = post(client, "/api/starstar/ai", {"rings": 4, "moves": ["T43"], "playouts": 200, "seed": 3})
    est = d["estimate"]
    assert est["playouts"] == 1000 and 0.0 <= est["black_wins"] <= 1.0
    assert est["points"]["b"] - est["points"]["w"] == pytest.approx(est["margin"], abs=0.1)
    own = est["ownership"]
    assert len(own) == 20 and all(-1.0 <= v <= 1.0 for v in own.values())
    assert own["T43"] > 0.5  # Black's stone on that peri: Black's in most playouts
    dots = {e.get("data-label"): float(e.get("data-own", "nan")) for e in ET.fromstring(d["svg"]).iter(SVG + "circle")
            if e.get("class") == "own"}
    assert dots == pytest.approx(own, abs=0.006)
    assert 'class="estimate"' not in post(client, "/api/starstar/state", {"rings": 4, "moves": d["moves"]})["svg"]
    state = StarState.new(2)
    rng = random.Random(0)
    while len(state.empty_nodes()) > 1:
        state.apply_action(rng.choice(state.empty_nodes()))
    moves = [state.action_to_string(m.action) for m in state.moves]
    d = post(client, "/api/starstar/ai", {"rings": 2, "moves": moves, "playouts": 20})
    assert d["terminal"] and d["estimate"] is None and 'class="estimate"' not in d["svg"]  # the real score is final


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"rings": 4, "moves": []}, "either seconds or playouts"),
        ({"rings": 4, "moves": [], "seconds": 1, "playouts": 100}, "either seconds or playouts"),
        ({"rings": 4, "moves": [], "seconds": 0}, "seconds must be between"),
        ({"rings": 4, "moves": [], "seconds": "1"}, "seconds must be a number"),
        ({"rings": 4, "moves": [], "playouts": 10**9}, "playouts must be between"),
        ({"rings": 4, "moves": [], "playouts": 2.5}, "playouts must be a whole number"),
        ({"rings": 4, "moves": [], "playouts": 100, "seed": -1}, "seed must be between"),
        ({"rings": 4, "moves": EXAMPLE_1, "playouts": 100}, "the game is over"),
    ],
)
def test_bad_ai_requests(client: TestClient, body: Any, message: str) -> None:
    assert message in post(client, "/api/starstar/ai", body, 400)["error"]


def test_open_sgf(client: TestClient) -> None:
    record = GameRecord(4, [(i % 2, m) for i, m in enumerate(EXAMPLE_1)], black="Blue", white="Red", result="B+1")
    d = post(client, "/api/starstar/open", {"sgf": to_sgf(record)})
    assert d["moves"] == EXAMPLE_1 and d["rings"] == 4 and d["terminal"]
    assert (d["black"], d["white"], d["recorded_result"]) == ("Blue", "Red", "B+1")
    assert post(client, "/api/starstar/open", {"sgf": d["sgf"]})["moves"] == EXAMPLE_1  # the download reads back


@pytest.mark.parametrize(
    ("sgf", "message"),
    [
        ("", "sgf must be the text"),
        (None, "sgf must be the text"),
        ("hello", "SGF: not a game record"),
        ("(;FF[4]SZ[13];B[T43])", "SGF: the page plays 2 to 12 rings"),
        ("(;FF[4]SZ[4];B[T43];W[T43])", "SGF: move 2 ('…'): illegal move T43 for white"),
        ("(;FF[4]SZ[4];B[T43];B[T42])", "SGF: move 2 (T42) is not W's turn"),
        ("(;FF[4]SZ[4];B[T43", "SGF"),
    ],
)
def test_bad_sgf(client: TestClient, sgf: Any, message: str) -> None:
    assert message in post(client, "/api/starstar/open", {"sgf": sgf}, 400)["error"]


def test_score_json_tie_broken_by_quarks() -> None:
    s = score_json(Score(peries=(10, 9), quarks=(2, 3), stars=(1, 1)))
    assert s["b"]["conventional"] == s["w"]["conventional"] == 10
    assert s["winner"] == "w" and s["tiebreak"] and s["result"] == "W+0"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)
FIELDS = st.fixed_dictionaries({}, optional={
    "rings": JSON | st.integers(2, 5), "swap": JSON, "labels": JSON, "sgf": JSON | st.text(max_size=40),
    "moves": JSON | st.lists(st.sampled_from(["T43", "*10", "pass", "swap", "S21", "", "t43 ", "Q9"]), max_size=6)})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON | FIELDS)
def test_any_json_is_an_answer_or_a_400_with_a_message(client: TestClient, body: Any) -> None:
    for path in ("/api/starstar/state", "/api/starstar/open", "/api/starstar/ai"):  # no budget: no search
        r = client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})
        assert r.status_code in (200, 400), (path, body, r.text)
        if r.status_code == 400:
            message = r.json()["error"]
            assert isinstance(message, str) and message and "Traceback" not in message
