"""``gridlogic hint`` and ``POST /api/hint``: the same answers as ``Kind.hint``, the contract's exit
codes, and bad input as one error line / a 400."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

SB6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SB6_SOLUTION = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
EMPTY = ["??????"] * 6
BINARY6 = "6x6:.1...01....1..0...1........0.0....1."


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", *args],
                          input=stdin, capture_output=True, text=True, timeout=120, check=False)


def board_file(tmp_path: Path, rows: list[str]) -> str:
    f = tmp_path / "board.txt"
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(f)


def test_cli_text_names_rule_sentence_cells(tmp_path: Path) -> None:
    p = run("hint", SB6, "--board", board_file(tmp_path, EMPTY))
    assert p.returncode == 0, p.stderr
    head, uses, sets = p.stdout.strip().splitlines()
    assert head.startswith("step [") and "]" in head and len(head.split("] ", 1)[1]) > 20
    assert uses.startswith("  uses: r")
    assert sets.startswith("  sets: r") and ("=black" in sets or "=star" in sets)


def test_cli_json_and_exit_codes(tmp_path: Path) -> None:
    p = run("hint", SB6, "--board", board_file(tmp_path, EMPTY), "--json")
    d = json.loads(p.stdout)
    assert (p.returncode, d["kind"], d["status"]) == (0, "starbattle", "step")
    assert set(d["step"]) == {"rule", "level", "reason", "uses", "marks"}
    wrong = ["*?????", *EMPTY[1:]]
    p = run("hint", SB6, "--board", board_file(tmp_path, wrong), "--json")
    assert (p.returncode, json.loads(p.stdout)["status"]) == (1, "wrong")
    p = run("hint", SB6, "--board", "-", stdin="\n".join(SB6_SOLUTION))
    assert (p.returncode, p.stdout.strip()) == (0, "solved: The board is the solution.")
    p = run("hint", SB6, "--board", board_file(tmp_path, EMPTY), "--max-level", "0")
    assert p.returncode == 1 and p.stdout.startswith("stuck: ")


def test_cli_binary_board_from_json(tmp_path: Path) -> None:
    f = tmp_path / "b.json"
    f.write_text(json.dumps(["?1???0", "1????1", "??0???", "1?????", "???0?0", "????1?"]), encoding="utf-8")
    p = run("hint", BINARY6, "--kind", "binary", "--board", str(f), "--json")
    d = json.loads(p.stdout)
    assert d["status"] == "step" and d["step"]["rule"] == "PreventTrio"


@pytest.mark.parametrize("rows", [EMPTY[:5], ["??x???", *EMPTY[1:]]])
def test_cli_bad_board_is_one_error_line(tmp_path: Path, rows: list[str]) -> None:
    p = run("hint", SB6, "--board", board_file(tmp_path, rows))
    assert p.returncode == 2 and p.stderr.startswith("error: ") and "board" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_cli_missing_board_file() -> None:
    p = run("hint", SB6, "--board", "/no/such/board.txt")
    assert p.returncode == 2 and p.stderr.startswith("error: no such file")




def test_api_hint_contract(client: TestClient) -> None:
    d = client.post("/api/hint", json={"puzzle": SB6, "board": EMPTY}).json()
    assert set(d) == {"status", "step", "message", "lead_in"}
    assert d["status"] == "step" and d["step"]["marks"] and d["message"] == d["step"]["reason"]
    assert d["lead_in"] == []  # every Star Battle step shows on the board: none made silently
    d = client.post("/api/hint", json={"puzzle": SB6, "board": ["*?????", *EMPTY[1:]]}).json()
    assert (d["status"], d["step"]) == ("wrong", None)
    d = client.post("/api/hint", json={"puzzle": SB6, "board": SB6_SOLUTION}).json()
    assert d["status"] == "solved"
    d = client.post("/api/hint", json={"puzzle": SB6, "board": EMPTY, "max_level": 0}).json()
    assert d["status"] == "stuck"
    d = client.post("/api/hint", json={"puzzle": BINARY6, "kind": "binary",
                                       "board": ["?1???0", "1????1", "??0???", "1?????", "???0?0", "????1?"]}).json()
    assert d["step"]["marks"] == [[4, 4, "1"]]


def test_api_hint_bad_input_is_400(client: TestClient) -> None:
    r = client.post("/api/hint", json={"puzzle": SB6, "board": EMPTY[:5]})
    assert r.status_code == 400 and "5 rows" in r.json()["error"]
    r = client.post("/api/hint", json={"puzzle": "nonsense", "board": EMPTY})
    assert r.status_code == 400 and "not a puzzle" in r.json()["error"]
    r = client.post("/api/hint", json={"puzzle": SB6, "board": EMPTY, "max_level": "no-such-level"})
    assert r.status_code == 400 and "unknown level" in r.json()["error"]
    assert client.post("/api/hint", json={"puzzle": SB6}).status_code == 422
