"""The input layer: numbers only in ASCII digits and bounded, each bad input one ``error:`` line with
what and where (exit 2), never a catch-all ``ValueError:`` message."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from gridlogic.cli import main
from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import decode, parse_float, parse_int, parse_size
from gridlogic.kinds import split_records, strip_comment

SBN = "5x1.AABCDABBCDABBCDEBBCDEBCCD"


def run(capsys: pytest.CaptureFixture[str], *args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with pytest.raises(SystemExit) as exc:
            main(list(args))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def one_error(capsys: pytest.CaptureFixture[str], *args: str, stdin: bytes | None = None) -> str:
    code, _, err = run(capsys, *args, stdin=stdin)
    assert code == 2, err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    assert "Error:" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("text", ["²", "①", "٦", "6.0", "", " ", "0x10", "1_000", "+", "١٢"])
def test_parse_int_refuses_what_is_not_ascii_digits(text: str) -> None:
    with pytest.raises(ParseError, match="must be a number"):
        parse_int(text, "stars", "here")


def test_parse_int_bounds_and_size() -> None:
    assert parse_int(" 12 ", "n") == 12
    assert parse_int("-3", "x", lo=-5) == -3
    with pytest.raises(ParseError, match=r"n 30 is outside 2\.\.25 \(URL\)"):
        parse_int("30", "n", "URL", lo=2, hi=25)
    with pytest.raises(ParseError, match=r"too large \(5000 digits"):
        parse_int("9" * 5000, "n")
    assert parse_size("8x10") == (8, 10)
    assert parse_size("7") == (7, 7)
    with pytest.raises(ParseError, match="--size"):
        parse_size("abc", "--size")


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "Infinity", "1e999", "-1", "٣", "abc"])
def test_parse_float_is_finite_and_bounded(text: str) -> None:
    with pytest.raises(ParseError, match="seconds"):
        parse_float(text, "seconds")
    assert parse_float("2.5", "seconds") == 2.5


def test_decode_names_the_byte() -> None:
    with pytest.raises(ParseError, match=r"byte 0xff at offset 3 \(line 2\) \(f\.txt\)"):
        decode(b"a\nb\xff", "f.txt")
    assert decode("\ufeffé".encode(), "x") == "é"


@pytest.mark.parametrize(("args", "says"), [
    (["solve", "A://?STARBATTLE/²///"], "cols must be a number"),
    (["solve", "starbattle/٦/٦/١/4ilbhgdnmhou"], "'٦'"),
    (["solve", "٦x١.AABCDABBCDABBCDEBBCDEBCCD"], "not a puzzle"),
    (["solve", "pzprv3/starbattle/²/5/1/5/0 0 1 2 3"], "rows must be a number"),
    (["solve", "pzprv3/starbattle/2/2/1/1/0 ①/0 0"], "region id must be a number (whole, in digits 0-9), got '①'"),
    (["solve", "55²W7kxqe40"], "not a puzzle"),
    (["solve", "55²W7kxqe40", "--format", "sbl"], "stars must be a number"),
    (["solve", "²x2:0101"], "not a puzzle"),
    (["solve", "<Legup><puzzle name='Binary'><board width='²' height='2'/></puzzle></Legup>"], "width must be"),
    (["solve", "https://puzz.link/p?starbattle/" + "9" * 5000 + "/6/1/x"], "too large"),
    (["explain", SBN, "--max-level", "²"], "unknown level"),
    (["explain", SBN, "--max-level", "99"], "level 99 is outside"),
    (["generate", "starbattle", "--difficulty", "①"], "unknown level"),
    (["generate", "str8ts", "--size", "abc"], "--size must be a number"),
    (["generate", "binary", "--size", "٦"], "--size must be a number"),
    (["generate", "starbattle", "--stars", "٢"], "--stars"),
    (["count", SBN, "--limit", "٣"], "--limit"),
    (["generate", "starbattle", "--seed", "9" * 5000], "too large"),
])
def test_bad_numbers_are_one_clean_error(capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    assert says in one_error(capsys, *args)


def test_non_utf8_input_has_its_own_message(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"5x1.AABCD\xff\n")
    assert f"byte 0xff at offset 9 (line 1) ({bad})" in one_error(capsys, "solve", str(bad))
    assert "(stdin)" in one_error(capsys, "solve", "-", stdin=b"\xfe\xff")
    assert "not UTF-8" in one_error(capsys, "solve", "ab\udcff")  # how a non-UTF-8 argv byte arrives
    assert "not UTF-8" in one_error(capsys, "proof", "check", "-", stdin=b"{\xff}")
    assert "not UTF-8" in one_error(capsys, "starstar", "score", "-", stdin=b"(;\xff)")


def test_deep_nesting_has_its_own_message(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    n = 400
    node = '{"steps":[],"split":{"rule":"StarOrEmpty","cell":[0,0],"branches":[{"steps":[],"close":"TooManyStars"},'
    deep = tmp_path / "deep.json"
    deep.write_text(f'{{"kind":"starbattle","puzzle":"{SBN}","root":' + node * n + '{"steps":[]}' + "]}}" * n + "}")
    said = one_error(capsys, "proof", "check", str(deep))
    assert "nested too deeply" in said and str(deep) in said
    sgf = tmp_path / "deep.sgf"
    sgf.write_text("(;" * 5000)
    assert "nested too deeply" in one_error(capsys, "starstar", "score", str(sgf))


def test_broken_legup_file_is_one_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "convert", SBN, "--to", "legup")
    assert code == 0
    whole = out.strip().splitlines()
    assert len(whole) > 20
    broken = tmp_path / "broken.xml"
    broken.write_text("\n".join(whole[:-1]) + "\n")  # the last line lost
    assert "malformed XML" in one_error(capsys, "solve", str(broken))
    assert len(split_records(broken.read_text())) == 1


def test_trailing_comment_after_a_puzzle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert strip_comment(f"{SBN}   # puzzle 669: stuck") == SBN
    assert strip_comment("#.3..#") == "#.3..#"  # Str8ts black cells are not comments
    f = tmp_path / "list.txt"
    f.write_text(f"# a list\n{SBN} # puzzle 1: easy\n{SBN}\t# tab, then a note\n")
    assert [r.text for r in split_records(f.read_text())] == [SBN, SBN]
    code, out, err = run(capsys, "solve", f"{SBN} # note", "--json")
    assert code == 0, err
    assert '"unique":true' in out
