"""The generic CLI on Binary puzzles (in process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridlogic.cli import main

EX = "6x6:.1...01....1..0...1........0.0....1."
SOL = "110100/101001/010110/100101/011010/001011"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]], str]:
    with pytest.raises(SystemExit) as ex:
        main(list(args))
    out, err = capsys.readouterr()
    lines = [json.loads(ln) for ln in out.splitlines() if ln.startswith("{")]
    return int(ex.value.code or 0), lines, err


def test_solve_explain_grade_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", EX, "--json")
    assert code == 0 and out[0]["solution"] == SOL.split("/") and out[0]["unique"] is True
    assert out[0]["kind"] == "binary" and out[0]["id"] == "1"
    code, out, _ = run(capsys, "explain", EX, "--json")
    assert code == 0 and out[0]["status"] == "solved" and out[0]["final"] == SOL.split("/")
    step = out[0]["steps"][0]
    assert isinstance(step, dict) and step["marks"][0][2] in ("0", "1") and "row" in step["reason"] + "column"
    code, out, _ = run(capsys, "explain", EX, "--json", "--max-level", "easy")
    assert code == 1 and out[0]["status"] == "stuck" and "?" in "".join(out[0]["final"])
    code, out, _ = run(capsys, "grade", EX, "--json")
    assert out[0]["grade"] == "hard" and out[0]["hardest_rule"] == "SaveBlocker"
    code, out, _ = run(capsys, "check", EX, SOL, "--json")
    assert code == 0 and out[0]["valid"] is True
    code, out, _ = run(capsys, "check", EX, SOL.replace("001011", "001101"), "--json")
    assert code == 1 and {v["rule"] for v in out[0]["violations"]} >= {"UnbalancedRowColumn"}  # type: ignore[union-attr]


def test_corpus_file_and_no_unique_lines(capsys: pytest.CaptureFixture[str], corpus: Path) -> None:
    hard2 = str(corpus / "binary/legup/8x8 Binary Hard/8x8 Binary Hard 2")
    code, out, _ = run(capsys, "solve", hard2, "--json")
    assert code == 1 and out[0]["solution"] is None
    code, out, _ = run(capsys, "count", hard2, "--no-unique-lines", "--json")
    assert code == 0 and out[0]["count"] == 1
    code, out, _ = run(capsys, "convert", EX, "--to", "legup", "--json")
    assert code == 0 and 'name="Binary"' in str(out[0]["puzzle"])


def test_tsv_rows_are_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "few.tsv"
    f.write_text("# id\tWxH\tpuzzle\nA\t6x6\t.1...01....1..0...1........0.0....1.\nB\t4x4\t" + "." * 16 + "\n")
    code, out, _ = run(capsys, "count", str(f), "--json")
    assert code == 0
    assert [(o["id"], o["count"]) for o in out] == [("A", 1), ("B", 2)]


def test_files_of_one_line_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "two.txt"
    f.write_text("# two puzzles\n" + "/".join(["...."] * 4) + "\n01../..../..../....\n")
    code, out, _ = run(capsys, "count", str(f), "--json")
    assert code == 0 and [o["count"] for o in out] == [2, 2]
    f.write_text(EX + "\n" + EX + "\n")
    code, out, _ = run(capsys, "solve", str(f), "--json")
    assert code == 0 and len(out) == 2
    f.write_text("\n".join(SOL.split("/")) + "\n")
    code, out, _ = run(capsys, "solve", str(f), "--json")
    assert code == 0 and out[0]["solution"] == SOL.split("/")


def test_generate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "generate", "binary", "--size", "6x6", "--difficulty", "medium", "--seed", "2",
                       "--json")
    assert code == 0 and out[0]["grade"] == "medium" and str(out[0]["puzzle"]).startswith("6x6:")


@pytest.mark.parametrize(("args", "where"), [
    (["solve", "--format", "rows", "..../..."], "row 2 has 3 cells"),
    (["solve", "6x6:" + "." * 34 + "2."], "character '2'"),
    (["solve", "0000../......"], "row 1 has 4 given 0s"),
    (["solve", "01/100"], "not a puzzle"),
    (["solve", "--format", "rows", "0.00.0/....../....../....../....../......"], "row 1 has 4 given 0s"),
    (["explain", EX, "--max-level", "impossible"], "unknown level"),
])
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], args: list[str], where: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith("error:") and where in err and "Traceback" not in err
