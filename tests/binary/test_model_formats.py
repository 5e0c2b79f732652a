from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.core.errors import GridlogicError, ParseError, ValidationError
from gridlogic.kinds import detect
from gridlogic.puzzles.binary import KIND, Binary
from gridlogic.puzzles.binary.formats import legup, rows

EX = "6x6:.1...01....1..0...1........0.0....1."


def test_rows_forms_agree() -> None:
    p = rows.read(EX)
    assert (p.width, p.height, p.givens[0], p.given(0, 1), p.given(0, 0)) == (6, 6, ".1...0", 1, None)
    assert rows.read("/".join(p.givens)) == p == rows.read("\n".join(p.givens))
    assert rows.read("6x6:" + "/".join(p.givens)) == p
    assert rows.write(p) == EX and rows.read(rows.write(p)) == p
    assert eval(repr(p)) == p  # noqa: S307 - pasteable repr
    assert p.given_count() == 9


def test_rectangular_and_odd_sizes() -> None:
    p = rows.read("6x4:" + "." * 24)
    assert (p.width, p.height, p.odd) == (6, 4, False)
    q = rows.read("7x7:" + "." * 49)
    assert q.odd and "one more 1 than 0" in KIND.render(q)


@pytest.mark.parametrize(("text", "where"), [
    ("6x6:" + "." * 35, "needs 36 cells"),
    ("..../...", "row 2 has 3 cells"),
    ("6x6:" + "." * 6 * 5 + "..2...", "character '2' at row 6, column 3"),
    ("0000../......", "row 1 has 4 given 0s"),
    ("1...../1...../1...../1...../....../......", "column 1 has 4 given 1s"),
    ("7x5:" + "." * 35, "odd side needs a square board"),
    ("1x1:.", "outside"),
])
def test_bad_rows_say_where(text: str, where: str) -> None:
    with pytest.raises((ParseError, ValidationError), match=where):
        rows.read(text)


def test_odd_lines_hold_one_more_one() -> None:
    with pytest.raises(ValidationError, match=r"3 given 0s.*holds only 2.*takuzu-vue"):
        rows.read("5x5:000.." + "." * 20)
    assert rows.read("5x5:111.." + "." * 20).given(0, 2) == 1


def test_sniffers_are_strict() -> None:
    assert rows.sniff(EX) and rows.sniff("01/10") and rows.sniff("6x6:" + "." * 35)
    for text in ("01/100", "0", "abc/def", "10x2.AAAB", "0101", "6x6", "6x6:", "12/34", "01/10\n10/01",
                 "2x2:0110\n2x2:1001", "https://puzz.link/p?x"):
        assert not rows.sniff(text), text
    star = '<Legup><puzzle name="StarBattle"><board size="5" puzzle_num="1"></board></puzzle></Legup>'
    assert not legup.sniff(star)
    assert legup.sniff(legup.write(rows.read(EX)))


def test_tsv_line() -> None:
    assert rows.tsv_puzzle(["id", "4x4", ".1.0..0..0..11.0", "1", "1"]) == "4x4:.1.0..0..0..11.0"
    assert rows.tsv_puzzle(["id", "puzzle81", "1"]) is None
    assert rows.tsv_puzzle(["id", "4x4", "abc"]) is None


def test_legup_roundtrip_and_detection(corpus: Path) -> None:
    files = sorted(p for p in (corpus / "binary" / "legup").rglob("*") if p.is_file())
    assert len(files) == 40
    for f in files:
        text = f.read_text(encoding="utf-8")
        k, fmt = detect(text)
        assert (k.name, fmt.name) == ("binary", "legup")
        p = legup.read(text)
        assert legup.read(legup.write(p)) == p
    hard2 = legup.read((corpus / "binary/legup/8x8 Binary Hard/8x8 Binary Hard 2").read_text())
    assert (hard2.width, hard2.name) == (8, "8x8 Binary Hard 2")


def test_star_battle_legup_files_are_not_binary(corpus: Path) -> None:
    files = [p for p in (corpus / "starbattle" / "legup").rglob("*") if p.is_file()]
    assert files
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert not legup.sniff(text) and not rows.sniff(text), f


def test_render_notes() -> None:
    p = rows.read("7x7:" + "." * 49).with_unique_lines(False)
    text = KIND.render(p)
    assert "one more 1 than 0" in text and "need not be distinct" in text
    ex = KIND.explain(rows.read(EX))
    shown = KIND.render_explanation(rows.read(EX), ex, verbose=True)
    assert shown.splitlines()[0].startswith("1. [PreventTrio] row 5:") and "grade hard" in shown


@pytest.mark.parametrize("text", [
    "<Legup><puzzle name=\"Binary\"><board width=\"4\" height=\"4\"><cells>"
    "<cell value=\"3\" x=\"0\" y=\"0\"/></cells></board></puzzle></Legup>",
    "<Legup><puzzle name=\"Binary\"><board width=\"4\" height=\"4\"><cells>"
    "<cell value=\"1\" x=\"9\" y=\"0\"/></cells></board></puzzle></Legup>",
    "<Legup><puzzle name=\"Binary\"><board width=\"x\"></board></puzzle></Legup>",
    "<Legup><puzzle name=\"Binary\"><board",
])
def test_bad_legup(text: str) -> None:
    with pytest.raises(GridlogicError):
        legup.read(text)


def test_parse_solution() -> None:
    p = rows.read("2x2:....")
    grid = [[0, 1], [1, 0]]
    assert rows.parse_grid(p, "01/10") == grid == rows.parse_grid(p, "0110") == rows.parse_grid(p, "2x2:0110")
    with pytest.raises(ParseError, match="column 2"):
        rows.parse_grid(p, "0./10")
    with pytest.raises(ParseError, match="rows"):
        rows.parse_grid(p, "01")


@st.composite
def puzzles(draw: st.DrawFn) -> Binary:
    w = draw(st.sampled_from([2, 4, 6, 8]))
    h = draw(st.sampled_from([2, 4, 6, 8]))
    givens = ["".join(draw(st.lists(st.sampled_from("...01"), min_size=w, max_size=w))) for _ in range(h)]
    try:
        return Binary.from_rows(givens)
    except ValidationError:
        return Binary.empty(w, h)


@given(puzzles())
@settings(max_examples=60, deadline=None)
def test_formats_roundtrip(p: Binary) -> None:
    assert rows.read(rows.write(p)) == p
    assert legup.read(legup.write(p)).givens == p.givens
    assert rows.sniff(rows.write(p)) and legup.sniff(legup.write(p))


@given(st.text(alphabet=".01/x:\n 9<>=\"", max_size=40))
@settings(max_examples=200, deadline=None)
def test_rows_reader_fails_only_cleanly(text: str) -> None:
    with contextlib.suppress(GridlogicError):
        rows.read(text)
    rows.sniff(text)


@given(st.lists(st.tuples(st.integers(-2, 9), st.integers(-1, 9), st.integers(-1, 4)), max_size=12),
       st.integers(0, 9), st.integers(0, 9))
@settings(max_examples=150, deadline=None)
def test_legup_reader_fails_only_cleanly(cells: list[tuple[int, int, int]], w: int, h: int) -> None:
    body = "".join(f'<cell value="{v}" x="{x}" y="{y}"/>' for x, y, v in cells)
    board = f'<board width="{w}" height="{h}"><cells>{body}</cells></board>'
    text = f'<Legup><puzzle name="Binary">{board}</puzzle></Legup>'
    assert legup.sniff(text)
    try:
        p = legup.read(text)
    except GridlogicError:
        return
    assert (p.width, p.height) == (w, h)
    assert legup.read(legup.write(p)).givens == p.givens
