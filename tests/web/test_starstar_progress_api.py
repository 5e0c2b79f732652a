"""The *Star AI's progress while it thinks (a token, the worker's count, the poll route) and the rules'
worked examples (drawn and scored by the server)."""

from __future__ import annotations

import os
import stat
import threading
import time
import xml.etree.ElementTree as ET
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridlogic.games.starstar.mcts import MCTSBot
from gridlogic.games.starstar.state import StarState
from gridlogic.web import routes_starstar as rs

TOKEN = "0123456789abcdef0123456789abcdef"


def test_the_search_reports_its_simulations_as_it_goes() -> None:
    seen: list[tuple[int, float]] = []
    bot = MCTSBot(playouts=3000, progress=lambda sims, spent: seen.append((sims, spent)), progress_every=0.0)
    result = bot.search(StarState.new(4))
    assert len(seen) >= 100  # every 8 simulations when asked every 0 s
    counts = [s for s, _ in seen]
    assert counts == sorted(counts) and counts[0] >= 0 and counts[-1] < result.simulations == 3000
    assert all(b >= a for (_, a), (_, b) in pairwise(seen))
    quiet = MCTSBot(playouts=200)
    assert quiet.search(StarState.new(4)).simulations == 200  # no callback: nothing told, same search


def test_progress_is_written_read_and_cleared() -> None:
    token = "feed" * 8
    assert rs.read_progress(token) == {"simulations": 0, "seconds": 0.0, "running": False}
    rs.write_progress(token, 1234, 0.5)
    assert rs.read_progress(token) == {"simulations": 1234, "seconds": 0.5, "running": True}
    rs.write_progress(token, 2345, 0.75)
    assert rs.read_progress(token)["simulations"] == 2345
    folder = rs.progress_dir()
    assert folder is not None and stat.S_IMODE(folder.stat().st_mode) == 0o700 and folder.stat().st_uid == os.getuid()
    rs.clear_progress(token)
    assert not (folder / token).exists() and not (folder / f"{token}.part").exists()
    assert rs.read_progress(token)["running"] is False


def test_a_foreign_progress_folder_is_not_used(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rs.tempfile, "gettempdir", lambda: str(tmp_path))
    open_folder = tmp_path / f"gridlogic-starstar-{os.getuid()}"
    open_folder.mkdir(mode=0o777)
    open_folder.chmod(0o777)
    assert rs.progress_dir() is None  # open to others: someone else could plant or read files
    rs.write_progress(TOKEN, 5, 0.1)  # no folder: the AI plays the same, unseen
    assert list(open_folder.iterdir()) == [] and rs.read_progress(TOKEN)["running"] is False
    open_folder.rmdir()
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    open_folder.symlink_to(tmp_path / "elsewhere")
    assert rs.progress_dir() is None  # a link, not a folder


def test_the_worker_side_writes_progress_while_it_searches() -> None:
    token = "beef" * 8
    counts: list[int] = []
    job = threading.Thread(target=rs.ai_reply, args=(6, [], False, 1.5, None, 0, False, None, token))
    job.start()
    while job.is_alive():
        counts.append(int(rs.read_progress(token)["simulations"]))
        time.sleep(0.05)
    job.join()
    assert max(counts) > 0 and counts == sorted(counts)  # a count that only grows, seen while it ran
    rs.clear_progress(token)


@pytest.mark.parametrize("token", ["", "short", "0123456789ABCDEF", "../../etc/passwd0000", "g" * 16, "a" * 65])
def test_bad_tokens_are_400(client: TestClient, token: str) -> None:
    r = client.get("/api/starstar/progress", params={"token": token})
    assert r.status_code == 400 and r.json()["error"].startswith("progress must be a token of 16 to 64 hex digits")
    body = {"rings": 4, "moves": [], "playouts": 50, "progress": token}
    r = client.post("/api/starstar/ai", json=body)
    assert r.status_code == 400 and "progress must be a token" in r.json()["error"]
    r = client.post("/api/starstar/ai", json=body | {"progress": 12345})
    assert r.status_code == 400


def test_an_ai_move_with_a_token_leaves_no_file(client: TestClient) -> None:
    r = client.post("/api/starstar/ai", json={"rings": 4, "moves": [], "seconds": 0.3, "progress": TOKEN})
    assert r.status_code == 200 and r.json()["ai"]["simulations"] > 0
    folder = rs.progress_dir()
    assert folder is not None and not (folder / TOKEN).exists() and not (folder / f"{TOKEN}.part").exists()
    poll = client.get("/api/starstar/progress", params={"token": TOKEN})
    assert poll.status_code == 200 and poll.json() == {"simulations": 0, "seconds": 0.0, "running": False}


def test_the_worked_examples_are_drawn_and_scored_as_the_seed_says(client: TestClient) -> None:
    r = client.get("/api/starstar/examples")
    assert r.status_code == 200
    one, two = r.json()
    assert [one["title"], two["title"]] == ["Example 1", "Example 2"]
    for ex in (one, two):
        svg = ET.fromstring(ex["svg"])
        assert svg.get("data-rings") == "4" and svg.get("data-nodes") == "50"
        nodes = [e for e in svg.iter("{http://www.w3.org/2000/svg}g") if "node" in e.get("class", "").split()]
        assert len(nodes) == 50 and all(e.get("data-stone") in {"b", "w"} for e in nodes)  # full boards
        assert ex["score"]["winner"] == "b"
        assert (ex["score"]["b"]["conventional"], ex["score"]["w"]["conventional"]) == (11, 10)
        assert "11 to 10" in ex["text"]
    b, w = one["score"]["b"], one["score"]["w"]  # one Blue star of 7 peries against three Red ones
    assert (b["peries"], b["stars"], b["adjustment"], w["peries"], w["stars"], w["adjustment"]) == (7, 1, 4, 13, 3, -4)
    assert w["quark_peri"] == 1 and "13 peries" in one["text"] and "+4" in one["text"]
    b, w = two["score"]["b"], two["score"]["w"]  # three stars each; Blue's third quark decides it
    assert (b["peries"], b["stars"], b["quarks"], b["quark_peri"]) == (10, 3, 3, 1)
    assert (w["peries"], w["stars"], w["quarks"], w["quark_peri"]) == (10, 3, 2, 0)
    assert "T43-A40" in two["text"] and "S43" in two["text"]
