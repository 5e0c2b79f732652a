"""``gridlogic batch``: one JSON line per puzzle, resumable, errors kept as lines, never lost."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gridlogic.batch import Task, done_keys, run_task
from gridlogic.cli import cli

URLS = ["https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"]


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_solve_is_resumable_and_keeps_order(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(URLS) + "\nnot a puzzle\n")
    out = tmp_path / "out.jsonl"
    out.write_text('{"source": "x", "id": "9", "unrelated": true}\n')  # what was there stays
    r = CliRunner().invoke(cli, ["batch", "solve", str(src), "--out", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    rows = lines(out)
    assert rows[0] == {"source": "x", "id": "9", "unrelated": True}
    assert [row["id"] for row in rows[1:]] == ["1", "2", "3"]
    assert rows[1]["solution"] == [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
    assert rows[2]["unique"] is True
    assert "error" in rows[3]
    again = CliRunner().invoke(cli, ["batch", "solve", str(src), "--out", str(out), "--workers", "2"])
    assert again.exit_code == 0
    assert len(lines(out)) == 5  # only the failed puzzle was tried again
    assert done_keys(str(out)) == {("x", "9"), (str(src), "1"), (str(src), "2")}


def test_grade_and_count_tasks() -> None:
    g = run_task(Task("grade", "s", "1", URLS[0]))
    assert isinstance(g["level"], int)
    assert g["kind"] == "starbattle"
    assert run_task(Task("count", "s", "1", URLS[0], options={"limit": 3}))["count"] == 1
    assert "error" in run_task(Task("check", "s", "1", URLS[0]))  # no solution carried


def test_generate_by_seed(tmp_path: Path) -> None:
    out = tmp_path / "gen.jsonl"
    args = ["batch", "generate", "starbattle", "--count", "2", "--size", "6", "--stars", "1",
            "--out", str(out), "--workers", "1"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    rows = lines(out)
    assert [row["seed"] for row in rows] == [1, 2]
    assert all(row["puzzle"] and len(row["solution"]) == 6 for row in rows)  # type: ignore[arg-type]


def test_check_pack_solutions(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "check.jsonl"
    pack = corpus / "starbattle" / "masonomara-packs" / "1star-5x5.json"
    r = CliRunner().invoke(cli, ["batch", "check", str(pack), "--out", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    rows = lines(out)
    assert rows
    assert all(row["valid"] is True for row in rows)
