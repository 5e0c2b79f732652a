"""The command line on Star Battle: contract fields, many puzzles per file, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridlogic.cli import main

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SOL = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "starbattle-10x2.txt"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out, err = capsys.readouterr()
    return int(e.value.code or 0), out, err


def jsonl(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_solve_count_check_convert(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "solve", URL, "--json")
    (row,) = jsonl(out)
    assert rc == 0
    assert (row["kind"], row["id"], row["solution"], row["unique"]) == ("starbattle", "1", SOL, True)
    rc, out, _ = run(capsys, "count", URL, "--json", "--limit", "5")
    assert (rc, jsonl(out)[0]["count"]) == (0, 1)
    rc, out, _ = run(capsys, "check", URL, "/".join(SOL), "--json")
    assert (rc, jsonl(out)[0]["valid"]) == (0, True)
    rc, out, _ = run(capsys, "check", URL, "/".join(["**....", *SOL[1:]]), "--json")
    (row,) = jsonl(out)
    assert rc == 1
    assert {v["rule"] for v in row["violations"]} == {"ClashingOrbit", "TooManyStars"}  # type: ignore[attr-defined]
    for fmt in ("puzzlink", "pzprv3", "legup", "sbn", "picture"):
        rc, out, _ = run(capsys, "convert", URL, "--to", fmt, "--json")
        converted = str(jsonl(out)[0]["puzzle"])
        rc2, _out2, _ = run(capsys, "solve", converted, "--json") if "\n" not in converted else (0, out, "")
        assert rc == 0
        assert rc2 == 0


def test_text_output_and_bundled_example(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "solve", str(EXAMPLE))
    assert rc == 0
    assert "unique" in out
    assert out.count("*") == 20 + 0


def test_many_puzzles_one_line_each(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "many.txt"
    f.write_text(f"# three\n{URL}\nAABCD/ABBCD/ABBCD/EBBCD/EBCCD\nAACCC/BBCCC/DDDDD/EEEEE/CCCCC\n")
    rc, out, _ = run(capsys, "solve", str(f), "--json")
    rows = jsonl(out)
    assert rc == 1  # the last one has no solution: A and B must touch
    assert [r["id"] for r in rows] == ["2", "3", "4"]
    assert [r["unique"] for r in rows] == [True, True, False]
    assert rows[2]["solution"] is None


def test_files_of_one_line_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [URL, "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk", "5x1.AABCDABBCDABBCDEBBCDEBCCD",
             "5x1.AABCDABBCDABBCDEBBCDEBCCD.s1", "551W7kxqe40", "551W7kxqe40", "1:AABCD/ABBCD/ABBCD/EBBCD/EBCCD"]
    for group in (lines[:2], lines[2:4], lines[4:6], lines):
        f = tmp_path / "many.txt"
        f.write_text("\n".join(group) + "\n")
        rc, out, _ = run(capsys, "count", str(f), "--json")
        assert rc == 0
        assert [r["count"] for r in jsonl(out)] == [1] * len(group)


def test_multi_line_files_are_one_puzzle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name, text in (("p.txt", "# picture\nstars=1\nAABCD\nABBCD\nABBCD\nEBBCD\nEBCCD\n"),
                       ("q", "pzprv3\nstarbattle\n5\n5\n1\n5\n0 0 1 2 3\n0 1 1 2 3\n0 1 1 2 3\n4 1 1 2 3\n"
                             "4 1 2 2 3\n")):
        f = tmp_path / name
        f.write_text(text)
        rc, out, _ = run(capsys, "solve", str(f), "--json")
        assert rc == 0
        assert len(jsonl(out)) == 1


BAD_URLS = ["https://puzz.link/p?starbattle/6/6/1/zz!", "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmh",
            "https://puzz.link/p?starbattle/8/8/1/4ilbhgdnmhou", "https://puzz.link/p?starbattle/6/6/1/000000000000"]
BAD_TEXTS = ["6x1.AABCDABBCDABBCDEBBCDEBCCD", "AAB/ABB/AB", "AAAAA/AAAAA/AAAAA/AAAAA/AAAAB",
             "ABCDEF/ABCDEF/ABCDEF/ABCDEF/ABCDEF/ABCDEG", "5x1.", "nonsense"]


@pytest.mark.parametrize("arg", BAD_URLS + BAD_TEXTS)
def test_bad_input_is_one_error_line(capsys: pytest.CaptureFixture[str], arg: str) -> None:
    rc, out, err = run(capsys, "solve", arg)
    assert rc == 2
    assert err.startswith("error: ")
    assert len(err.strip().splitlines()) == 1
    assert out == ""


@pytest.mark.parametrize("xml", ["<html><body/></html>", "<Legup><puzzle name='StarBattle'><board size='5'",
                                 "<?xml version='1.0'?><Legup><puzzle name='Nurikabe'/></Legup>"])
def test_bad_xml_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, xml: str) -> None:
    f = tmp_path / "bad.xml"
    f.write_text(xml)
    rc, _, err = run(capsys, "solve", str(f), "--kind", "starbattle")
    assert rc == 2
    assert err.startswith("error: ")
    assert len(err.strip().splitlines()) == 1


def test_bad_solution_shape(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(capsys, "check", URL, "/".join(SOL[:5]))
    assert rc == 2
    assert err.startswith("error: the solution has 5 rows")


def test_pack_and_tsv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = {"id": "t", "puzzles": [{"sbn": "5x1.AABCDABBCDABBCDEBBCDEBCCD", "solution": [[0, 0]]}]}
    f = tmp_path / "pack.json"
    f.write_text(json.dumps(pack))
    rc, out, _ = run(capsys, "count", str(f), "--json")
    assert (rc, jsonl(out)[0]["count"]) == (0, 1)
    t = tmp_path / "boards.tsv"
    t.write_text("# name\tS\tN\tpicture\nsmall\t1\t5\tAABCD/ABBCD/ABBCD/EBBCD/EBCCD\t\n")
    rc, out, _ = run(capsys, "solve", str(t), "--json")
    assert (rc, jsonl(out)[0]["id"]) == (0, "small")
