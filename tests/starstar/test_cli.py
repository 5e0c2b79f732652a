"""The ``starstar`` click group: play, gtp, score, selfplay, bench; errors never traceback."""

import json
from pathlib import Path

from click.testing import CliRunner

from gridlogic.games.starstar.cli import starstar
from gridlogic.games.starstar.examples import EXAMPLE_1_BLUE, EXAMPLE_1_RED
from gridlogic.games.starstar.sgf import GameRecord, to_json, to_sgf


def example_1_record() -> GameRecord:
    """Example 1 as a game: Blue (Black) has 26 stones and Red (White) 24, so Black ends with two
    moves in a row (records keep each move's colour)."""
    blue, red = EXAMPLE_1_BLUE.split(), EXAMPLE_1_RED.split()
    moves: list[tuple[int, str]] = []
    for i in range(max(len(blue), len(red))):
        moves.append((0, blue[i] if i < len(blue) else "pass"))
        if i < len(red):
            moves.append((1, red[i]))
    return GameRecord(4, moves)


def test_score_json_and_sgf(tmp_path: Path) -> None:
    record = example_1_record()
    assert record.to_state().is_full()
    json_file, sgf_file = tmp_path / "ex1.json", tmp_path / "ex1.sgf"
    json_file.write_text(to_json(record))
    sgf_file.write_text(to_sgf(record))
    runner = CliRunner()
    res = runner.invoke(starstar, ["score", str(json_file), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["kind"] == "starstar" and data["id"] == "1"
    assert (data["black"], data["white"], data["result"], data["winner"]) == (11, 10, "B+1", "b")
    assert data["peries"] == [7, 13] and data["stars"] == [1, 3] and data["finished"] and data["decided"]
    res = runner.invoke(starstar, ["score", str(sgf_file), "--scoring", "schmittberger"])
    assert res.exit_code == 0 and res.output.startswith("B+1  (schmittberger: Black 1, White -1")
    res = runner.invoke(starstar, ["score", str(sgf_file), "--scoring", "simplified", "--json"])
    assert json.loads(res.output)["black"] == 3 and json.loads(res.output)["margin"] == 1
    res = runner.invoke(starstar, ["score", "-"], input=to_json(record))
    assert res.exit_code == 0 and res.output.startswith("B+1")


def test_score_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(starstar, ["score", str(tmp_path / "missing.sgf")])
    assert res.exit_code == 2 and res.output.startswith("error: cannot read")
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;SZ[4];B[Q99])")
    res = runner.invoke(starstar, ["score", str(bad)])
    assert res.exit_code == 2 and "move 1" in res.output and str(bad) in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    res = runner.invoke(starstar, ["score", str(bad), "--scoring", "nope"])
    assert res.exit_code == 2 and "Invalid value" in res.output


def test_gtp_command_via_runner() -> None:
    res = CliRunner().invoke(
        starstar, ["gtp", "--rings", "3", "--playouts", "20"], input="1 boardsize 3\n2 genmove w\nquit\n"
    )
    assert res.exit_code == 0
    parts = res.output.split("\n\n")
    assert parts[0] == "=1 " and parts[1].startswith("=2 ") and parts[2] == "= "


def test_play_interactive() -> None:
    script = "help\nQ99\nT32\nscore\nundo\nundo\n*30\nquit\n"
    res = CliRunner().invoke(starstar, ["play", "--rings", "3", "--ai", "random", "--seed", "1"], input=script)
    assert res.exit_code == 0, res.output
    assert "You are Black (X)" in res.output
    assert "not a node" in res.output  # Q99 is reported, the game goes on
    assert res.output.count("random plays") == 2
    assert "nothing to undo" in res.output


def test_play_to_the_end_and_save(tmp_path: Path) -> None:
    out = tmp_path / "game.sgf"
    moves = "\n".join(["pass"] * 40) + "\n"
    args = ["play", "--rings", "2", "--ai", "flat", "--playouts", "5", "--colour", "w", "--save", str(out)]
    res = CliRunner().invoke(starstar, args, input=moves)
    assert res.exit_code == 0, res.output
    assert "game over: " in res.output
    text = out.read_text()
    assert text.startswith("(;FF[4]") and "PW[human]" in text and "PB[flat]" in text and "RE[" in text


def test_selfplay_and_records(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["selfplay", "--games", "2", "--rings", "2", "--playouts", "10", "--json", "--out", str(out)]
    res = CliRunner().invoke(starstar, args)
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in res.output.splitlines()]
    assert [r["id"] for r in rows] == ["1", "2"] and all(len(r["moves"]) == 15 for r in rows)
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["result"] == rows[0]["result"]
    res = CliRunner().invoke(starstar, ["score", str(out), "--json"])  # JSON Lines: one score per game
    assert res.exit_code == 0, res.output
    scored = [json.loads(line) for line in res.output.splitlines()]
    assert [(r["id"], r["result"]) for r in scored] == [(r["id"], r["result"]) for r in rows]
    res = CliRunner().invoke(
        starstar, ["selfplay", "--games", "1", "--rings", "2", "--black", "random", "--white", "flat"]
    )
    assert res.exit_code == 0 and "random vs flat" in res.output and "of 1" in res.output


def test_bench_json() -> None:
    res = CliRunner().invoke(starstar, ["bench", "--rings", "2", "--seconds", "0.05", "--json", "--backend", "python"])
    assert res.exit_code == 0, res.output
    row = json.loads(res.output)
    assert row["kind"] == "starstar" and row["id"] == "2"
    assert row["rings"] == 2 and row["backend"] == "python"
    assert row["playouts_per_s"] > 0 and row["simulations_per_s"] > 0


def test_bad_options() -> None:
    runner = CliRunner()
    for args in (
        ["play", "--rings", "1"],
        ["gtp", "--rings", "30"],
        ["play", "--ai", "god"],
        ["selfplay", "--games", "0"],
    ):
        res = runner.invoke(starstar, args, input="")
        assert res.exit_code == 2, args
        assert "Traceback" not in res.output
