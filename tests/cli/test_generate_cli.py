"""``gridlogic generate`` end to end: JSON fields, --count distinct, bad levels exit 2, a missed
target exits 1 with one line saying what was tried."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", "generate", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def test_count_gives_distinct_puzzles_with_every_field() -> None:
    out = run("starbattle", "--size", "8", "--difficulty", "Easy", "--seed", "4", "--count", "3", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) == 3 and len({r["puzzle"] for r in rows}) == 3 and len({tuple(r["solution"]) for r in rows}) == 3
    for r in rows:
        assert set(r) == {"kind", "id", "puzzle", "seed", "grade", "level", "solution"}
        assert (r["grade"], r["level"]) == ("easy", 0)


@pytest.mark.parametrize(("kind", "level"), [("starbattle", "99"), ("starbattle", "6"), ("starbattle", "Uniqueness"),
                                             ("str8ts", "99"), ("str8ts", "5"), ("binary", "0"), ("binary", "given")])
def test_bad_levels_exit_2(kind: str, level: str) -> None:
    out = run(kind, "--difficulty", level, "--seed", "1")
    assert out.returncode == 2
    assert out.stderr.startswith("error: difficulty") and len(out.stderr.splitlines()) == 1 and out.stdout == ""


def test_a_missed_target_exits_1() -> None:
    out = run("starbattle", "--size", "5", "--difficulty", "Expert", "--seed", "1", "--attempts", "5")
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == [
        "none found: no 5x5 1-star expert puzzle found in 5 attempts (seed 1): 4 unique puzzles tried "
        "(graded <expert 4)"]


@pytest.mark.parametrize(("kind", "size"), [("starbattle", "6"), ("binary", "6"), ("str8ts", "9")])
def test_text_output_is_a_puzzle_file(kind: str, size: str, tmp_path: Path) -> None:
    """``generate > p.txt; grade p.txt`` reads each puzzle back: the picture and the grade are comments."""
    out = run(kind, "--size", size, "--seed", "5", "--count", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    puzzles = [line for line in lines if not line.startswith("# ")]  # a Str8ts puzzle may start with "#"
    assert len(puzzles) == 2 and len(lines) > 4
    grades = [line.removeprefix("# grade ") for line in lines if line.startswith("# grade ")]
    saved = tmp_path / "p.txt"
    saved.write_text(out.stdout)
    back = subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", "grade", str(saved),
                           "--json"], capture_output=True, text=True, timeout=300, check=False)
    assert back.returncode == 0 and back.stderr == ""
    assert [json.loads(row)["grade"] for row in back.stdout.splitlines()] == grades


def test_a_size_without_placements_exits_1() -> None:
    out = run("starbattle", "--size", "7", "--stars", "2", "--seed", "1")
    assert (out.returncode, out.stdout) == (1, "")
    assert out.stderr.splitlines() == [
        "none found: no 7x7 board holds 2 stars in every row and column without two touching"]


def test_same_seed_other_level_other_puzzle() -> None:
    a = run("binary", "--size", "8", "--difficulty", "easy", "--seed", "2", "--json")
    b = run("binary", "--size", "8", "--difficulty", "medium", "--seed", "2", "--json")
    assert json.loads(a.stdout)["solution"] != json.loads(b.stdout)["solution"]


def test_batch_rows_carry_the_generate_fields() -> None:
    from gridlogic.batch.tasks import Task, run_task

    row = run_task(Task("generate", "starbattle", "1", "starbattle", options={"size": "6", "difficulty": "Easy"},
                        seed=1))
    assert set(row) >= {"kind", "id", "puzzle", "seed", "grade", "level", "solution", "source"}
    assert (row["grade"], row["level"], row["seed"]) == ("easy", 0, 1)
    out = run("starbattle", "--size", "6", "--difficulty", "Easy", "--seed", "1", "--json")
    fields = json.loads(out.stdout)
    assert {k: v for k, v in fields.items() if k != "id"} == {k: row[k] for k in fields if k != "id"}
