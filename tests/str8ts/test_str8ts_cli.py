"""The generic CLI on Str8ts input: solve both methods, TSV, checks, and bad input as one error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from str8ts_data import DATA, SEED, SEED_SOLUTION

from gridlogic.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out = capsys.readouterr()
    code = e.value.code
    assert isinstance(code, int)
    return code, out.out, out.err


@pytest.mark.parametrize("method", ["sat", "backtrack"])
def test_solve_seed(capsys: pytest.CaptureFixture[str], method: str) -> None:
    code, out, _ = run(capsys, "solve", SEED, "--method", method, "--json")
    obj = json.loads(out)
    assert code == 0
    assert obj["kind"] == "str8ts" and obj["id"] == "1" and obj["unique"] is True
    assert obj["solution"] == SEED_SOLUTION


def test_solve_text_picture_and_bundled_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", str(DATA / "str8ts-seed-example.txt"))
    assert code == 0 and "unique" in out and "▓" in out
    assert out.splitlines()[0] == "▓▓▓▓ 2 4 3▓▓ 9 8 7"


def test_convert_count_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "convert", SEED, "--to", "s81")[1].strip() == SEED
    code, out, _ = run(capsys, "count", SEED, "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    code, out, _ = run(capsys, "check", SEED, "/".join(SEED_SOLUTION), "--json")
    assert code == 0 and json.loads(out)["valid"] is True
    bad = "/".join(["##342#987", *SEED_SOLUTION[1:]])
    code, out, _ = run(capsys, "check", SEED, bad, "--json")
    rules = {v["rule"] for v in json.loads(out)["violations"]}
    assert code == 1 and rules == {"RepeatedDigit", "GivenChanged", "NotStraight"}


def test_tsv_odd_puzzles_reported(capsys: pytest.CaptureFixture[str], corpus: Path) -> None:
    code, out, err = run(capsys, "solve", str(corpus / "str8ts" / "str8ts.tsv"), "--json")
    objs = {o["id"]: o for o in map(json.loads, out.splitlines())}
    assert len(objs) == 256 and code == 2  # one row repeats a given: error line, the others answer
    assert objs["str8tsrevive/example_board_003_no_solution"]["solution"] is None
    assert objs["str8tsrevive/example_board_002_multi_solutions"]["unique"] is False
    assert "error" in objs["str8tsrevive/example_board_004_initial_wiederspruch"]
    assert err.count("error:") == 1 and "r1c4" in err


@pytest.mark.parametrize(("text", "where"), [
    (SEED[:80], "r9c9"),
    (SEED[:10] + "z" + SEED[11:], "r2c2"),
    ("1..a" + "." * 77, "r1c4"),
    ("\n".join(SEED[k:k + 9] for k in range(0, 81, 9))[:-1], "row 9"),
])
def test_bad_input_one_error_line(capsys: pytest.CaptureFixture[str], text: str, where: str) -> None:
    code, out, err = run(capsys, "solve", text)
    assert code == 2 and not out
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and where in err


def test_explain_grade_generate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", SEED, "--json")
    ex = json.loads(out)
    assert code == 0 and ex["status"] == "solved" and ex["final"] == SEED_SOLUTION
    assert all(set(s) >= {"rule", "level", "reason", "uses", "marks"} for s in ex["steps"])
    code, out, _ = run(capsys, "grade", SEED, "--json")
    assert json.loads(out)["grade"] == ex["grade"]
    code, out, _ = run(capsys, "explain", SEED, "--max-level", "easy", "--json")
    assert code == 1 and json.loads(out)["status"] == "stuck"
    code, out, _ = run(capsys, "generate", "str8ts", "--size", "6", "--difficulty", "easy", "--seed", "3", "--json")
    g = json.loads(out)
    assert code == 0 and g["grade"] == "easy" and len(g["puzzle"]) == 36 and len(g["solution"]) == 6
