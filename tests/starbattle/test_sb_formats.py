"""Each format on small known examples (from the corpus README) and on bad input."""

from __future__ import annotations

import pytest

from gridlogic.core.errors import GridlogicError, ParseError, UnsupportedError, ValidationError
from gridlogic.kinds import detect, split_records
from gridlogic.puzzles.starbattle import StarBattle
from gridlogic.puzzles.starbattle.formats import legup, picture, puzzlink, pzprv3, sbl, sbn
from gridlogic.puzzles.starbattle.model import regions_from_labels

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
URL_ROWS = "000111/011122/033442/553342/544442/522222"
SBL = "551W7kxqe40"
SBL_ROWS = "AABCD/ABBCD/ABBCD/EBBCD/EBCCD"
PZPRV3 = ("pzprv3/starbattle/6/6/1/6/0 0 0 1 1 1 /0 1 1 1 2 2 /0 3 3 4 4 2 /5 5 3 3 4 2 /5 4 4 4 4 2 /"
          "5 2 2 2 2 2 /+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + /. + + + # + /# + + + + + /")


def rows_of(text: str) -> tuple[tuple[int, ...], ...]:
    return regions_from_labels(text.split("/"))


def test_puzzlink_reads_the_readme_example() -> None:
    p = puzzlink.read(URL)
    assert (p.n, p.stars, p.regions) == (6, 1, rows_of(URL_ROWS))
    assert puzzlink.write(p) == URL
    assert puzzlink.read(URL.replace("puzz.link", "pzprxs.vercel.app")) == p
    assert puzzlink.read("starbattle/6/6/1/4ilbhgdnmhou") == p


@pytest.mark.parametrize(("url", "says"), [
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoz", "bad character 'z'"),
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmho", "has 11 characters"),
    ("https://puzz.link/p?starbattle/7/7/1/4ilbhgdnmhou", "a 7x7 board needs"),
    ("https://puzz.link/p?starbattle/6/5/1/4ilbhgdnmhou", "square"),
    ("https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou", "parts"),
    ("https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou", "stars must be a number"),
    ("https://puzz.link/p?starbattle/6/6/3/4ilbhgdnmhou", "cannot fit"),
    ("https://puzz.link/p?starbattle/6/6/1/000000000000", "1 regions"),
])
def test_puzzlink_bad(url: str, says: str) -> None:
    with pytest.raises(GridlogicError, match=says):
        puzzlink.read(url)


def test_puzzlink_refuses_disconnected_regions() -> None:
    p = StarBattle.from_rows(1, rows_of("AABCD/ABBCD/ABBCD/EBBCD/EBCCA"))
    with pytest.raises(UnsupportedError, match="not connected"):
        puzzlink.write(p)


def test_sbl_reads_the_readme_example() -> None:
    p = sbl.read(SBL)
    assert (p.n, p.stars, p.regions) == (5, 1, rows_of(SBL_ROWS))
    assert sbl.sniff(SBL)
    assert not sbl.sniff("551e" + "123456789" * 8 + "#")  # an 81-character Str8ts string


@pytest.mark.parametrize(("text", "says"), [
    ("561W7kxqe40", "not a puzzle|bad size code"), ("551W7kxqe4", "7"), ("551W7kxqe4!", "bad character"),
    ("551X7kxqe40", "flag"), ("55xW7kxqe40", "stars must be a number")])
def test_sbl_bad(text: str, says: str) -> None:
    with pytest.raises(ParseError, match=says):
        sbl.read(text)


def test_sbl_annotations_are_ignored() -> None:
    assert sbl.read("551e7kxqe40" + "anything-after") == sbl.read(SBL)


def test_sbn_reads_writes_and_keeps_meta() -> None:
    text = "5x1.AABCDABBCDABBCDEBBCDEBCCD.s-12d3l4c5v1"
    p = sbn.read(text)
    assert p.regions == rows_of(SBL_ROWS)
    assert p.name == "s-12d3l4c5v1"
    assert sbn.write(p) == text
    assert sbn.read("5x1.AABCDABBCDABBCDEBBCDEBCCD") == p.without_givens().__class__(5, 1, p.regions)


@pytest.mark.parametrize(("text", "says"), [
    ("6x1.AABCDABBCDABBCDEBBCDEBCCD", "25 region letters for a 6x6"),
    ("5x1.AABCDABBCDABBCDEBBCDEBCC", "24 region letters"),
    ("5x3.AABCDABBCDABBCDEBBCDEBCCD", "cannot fit"),
    ("5x1.AABCDABBCDABBCDEBBCDEBCCF", "regions"),
    ("5x1.AABCD!BBCDABBCDEBBCDEBCCD", "character 10"),
])
def test_sbn_bad(text: str, says: str) -> None:
    with pytest.raises(GridlogicError, match=says):
        sbn.read(text)


def test_pzprv3_reads_one_line_and_multi_line_files() -> None:
    p = pzprv3.read(PZPRV3)
    assert p == puzzlink.read(URL)
    multi = "# a comment\n" + PZPRV3.replace("/", "\n")
    assert pzprv3.sniff(multi)
    assert pzprv3.read(multi) == p
    assert pzprv3.read_answer(PZPRV3) == {(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)}
    assert pzprv3.read(pzprv3.write(p)) == p
    assert pzprv3.read_answer(pzprv3.write(p)) == frozenset()


@pytest.mark.parametrize(("text", "says"), [
    (PZPRV3.replace("/6/0 0 0", "/5/0 0 0"), "header says 5 regions"),
    (PZPRV3.replace("0 0 0 1 1 1 ", "0 0 0 1 1 "), "expected 6 region numbers"),
    ("pzprv3/starbattle/6/7/1/6/", "square"),
    ("pzprv3/starbattle/6/6/1/6/0 0 0 1 1 1 /", "1 region rows"),
])
def test_pzprv3_bad(text: str, says: str) -> None:
    with pytest.raises(GridlogicError, match=says):
        pzprv3.read(text)


def test_legup_keeps_givens_and_round_trips() -> None:
    p = StarBattle.from_rows(1, rows_of(SBL_ROWS), [((0, 1), True), ((2, 2), False)])
    text = legup.write(p)
    assert legup.sniff(text)
    assert '<cell value="-2" x="1" y="0"/>' in text
    assert '<cell value="-1" x="2" y="2"/>' in text
    assert legup.read(text).canonical() == p.canonical()


@pytest.mark.parametrize(("text", "says"), [
    ("<Legup><puzzle name='Binary'><board/></puzzle></Legup>", None),
    ("<html><body/></html>", "not <Legup>"),
    ("<Legup><puzzle name='StarBattle'><board size='5' puzzle_num='1'>", "malformed XML"),
    ("<Legup><puzzle name='StarBattle'><board size='5' puzzle_num='1'></board></puzzle></Legup>", "in no region"),
    ("<Legup><puzzle name='StarBattle'><board size='x' puzzle_num='1'></board></puzzle></Legup>", "size must be"),
    ("<Legup><puzzle name='StarBattle'><board size='2' puzzle_num='1'><region><cells>"
     "<cell value='0' x='5' y='0'/></cells></region></board></puzzle></Legup>", "outside"),
    ("<Legup><puzzle name='StarBattle'><board size='2' puzzle_num='1'><region><cells>"
     "<cell value='7' x='0' y='0'/></cells></region></board></puzzle></Legup>", "not 0, -1 or -2"),
])
def test_legup_bad(text: str, says: str | None) -> None:
    if says is None:
        assert not legup.sniff(text)  # another kind's LEGUP file is left to that kind
        return
    assert legup.sniff(text)
    with pytest.raises(GridlogicError, match=says):
        legup.read(text)


def test_picture_prefixes_and_conventions() -> None:
    assert picture.read(SBL_ROWS).stars == 1
    assert picture.read("1:" + SBL_ROWS).regions == rows_of(SBL_ROWS)
    assert picture.read("stars=1\n" + SBL_ROWS.replace("/", "\n")).regions == rows_of(SBL_ROWS)
    assert [picture.default_stars(n) for n in (5, 9, 10, 13, 14, 16, 17, 20, 21, 24, 25)] == \
        [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    p = picture.read(SBL_ROWS)
    assert picture.write(p) == "1:" + SBL_ROWS
    assert picture.read(picture.write(p)) == p


@pytest.mark.parametrize("text", ["01../10../..../....", "0.1/1.0/...", "6x6:.1.../..."])
def test_picture_leaves_binary_rows_alone(text: str) -> None:
    assert not picture.sniff(text)


@pytest.mark.parametrize(("text", "says"), [
    ("AAB/ABB/AB", "row 3 has 2 cells"), ("AABCD/ABBCD/ABBCD/EBBCD/EBCCDD", "row 5 has 6"),
    ("AAAAA/AAAAA/AAAAA/AAAAA/AAAAB", "2 regions"), ("ABCDEF/ABCDEF/ABCDEF/ABCDEF/ABCDEF/ABCDEG", "7 regions"),
])
def test_picture_bad(text: str, says: str) -> None:
    with pytest.raises(GridlogicError, match=says):
        picture.read(text)


def test_detection_and_records() -> None:
    assert [detect(t)[1].name for t in (URL, PZPRV3, SBL, "5x1.AABCDABBCDABBCDEBBCDEBCCD", SBL_ROWS)] == \
        ["puzzlink", "pzprv3", "sbl", "sbn", "picture"]
    multi_line_picture = "# a picture\n" + SBL_ROWS.replace("/", "\n") + "\n"
    (rec,) = split_records(multi_line_picture)
    assert detect(rec.text)[1].name == "picture"
    two_pictures = SBL_ROWS + "\n" + SBL_ROWS.lower() + "\n"
    assert len(split_records(two_pictures)) == 2


def test_model_validation_messages() -> None:
    with pytest.raises(ValidationError, match="fewer than 2 stars"):
        StarBattle.from_rows(2, regions_from_labels(["AAAAAAAAAB"] + ["AAAAAAAAAA"] * 0 + [
            "ACDEFGHIJJ", "ACDEFGHIJJ", "ACDEFGHIJJ", "ACDEFGHIJJ", "ACDEFGHIJJ", "ACDEFGHIJJ",
            "ACDEFGHIJJ", "ACDEFGHIJJ", "ACDEFGHIJJ"]))
