"""Model and the s81 format: compartments, round trips, and bad input naming the cell."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from str8ts_data import SEED

from gridlogic.core.errors import ParseError, ValidationError
from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.model import Str8ts


def test_seed_parses_and_round_trips(seed: Str8ts) -> None:
    assert seed.n == 9
    assert s81.write(seed) == SEED
    assert s81.read(s81.to_grid(seed)) == seed
    assert s81.read("  ".join(SEED[k:k + 9] for k in range(0, 81, 9))) == seed
    assert seed.black[0] and seed.givens[14] == 8 and seed.black[14]
    assert s81.sniff(SEED) and s81.sniff(s81.to_grid(seed))


def test_compartments(seed: Str8ts) -> None:
    row1 = [c for c in seed.compartments if c.axis == "row" and c.line == 0]
    assert [c.cells for c in row1] == [(2, 3, 4), (6, 7, 8)]
    assert row1[0].name == "row 1 c3-c5"
    col1 = [c for c in seed.compartments if c.axis == "column" and c.line == 0]
    assert [c.name for c in col1] == ["column 1 r3-r6", "column 1 r9"]
    assert all(len(seed.comps_of[i]) == 2 for i in seed.white)
    assert seed.peers(0) == tuple(range(1, 9)) + tuple(range(9, 81, 9))


def test_small_size() -> None:
    p = s81.read("1..##..#.#..#..4")
    assert p.n == 4 and p.givens[0] == 1 and p.givens[15] == 4
    with pytest.raises(ParseError, match="larger than the size 4"):
        s81.read("5..##..#.#..#..4")


@pytest.mark.parametrize(("text", "where"), [
    (SEED[:80], "r9c9 is missing"),
    (SEED + ".", "extra character at position 82"),
    (SEED[:10] + "z" + SEED[11:], "r2c2"),
    (SEED[:10] + "j" + SEED[11:], "r2c2"),
    ("\n".join(SEED[k:k + 9] for k in range(0, 81, 9))[:-1], "row 9"),
])
def test_bad_strings_name_the_place(text: str, where: str) -> None:
    with pytest.raises(ParseError) as e:
        s81.read(text)
    assert where in str(e.value)


def test_repeated_given_names_the_cell() -> None:
    with pytest.raises(ValidationError, match=r"given 1 at r1c4 repeats r1c1 in row 1"):
        s81.read("1..a" + "." * 77)
    with pytest.raises(ValidationError, match=r"column 1"):
        s81.read("5" + "." * 8 + "e" + "." * 71)


cells = st.lists(st.sampled_from(".#123456789abcdefghi"), min_size=16, max_size=16)


@given(cells)
def test_round_trip_when_valid(chars: list[str]) -> None:
    text = "".join(c if c in ".#" or (c.isdigit() and int(c) <= 4) or c in "abcd" else "." for c in chars)
    try:
        p = s81.read(text)
    except ValidationError:
        return
    assert s81.write(p) == text
    assert s81.read(s81.to_grid(p)) == p
    assert Str8ts(p.n, p.black, p.givens) == p
