"""The checker names every violation with its cells, independently of the SAT solver."""

from __future__ import annotations

import pytest

from gridlogic.core.errors import ParseError
from gridlogic.puzzles.starbattle.check import check, parse_solution, solution_rows
from gridlogic.puzzles.starbattle.formats import puzzlink

P = puzzlink.read("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
SOL = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]


def test_valid_solution_and_formats_of_solutions() -> None:
    stars = parse_solution(P, "/".join(SOL))
    assert check(P, stars) == []
    assert solution_rows(P, stars) == SOL
    assert parse_solution(P, "# answer\n" + "\n".join(SOL) + "\n") == stars
    assert parse_solution(P, "/".join(r.replace(".", "x") for r in SOL) + "/") == stars


def test_every_violation_is_named() -> None:
    stars = parse_solution(P, "/".join(["**....", *SOL[1:]]))
    got = {(v.rule, v.cells, v.message) for v in check(P, stars)}
    assert ("ClashingOrbit", ((0, 0), (0, 1)), "stars r1c1 and r1c2 touch") in got
    assert ("TooManyStars", ((0, 0), (0, 1)), "row 1 has 2 stars, needs 1") in got
    assert ("TooManyStars", ((0, 0), (5, 0)), "column 1 has 2 stars, needs 1") in got
    assert ("TooManyStars", ((0, 0), (0, 1)), "region A has 2 stars, needs 1") in got
    assert len(got) == 4


def test_missing_stars() -> None:
    stars = parse_solution(P, "/".join(["......", *SOL[1:]]))
    got = {(v.rule, v.message) for v in check(P, stars)}
    assert got == {("TooFewStars", "row 1 has 0 stars, needs 1"), ("TooFewStars", "column 2 has 0 stars, needs 1"),
                   ("TooFewStars", "region A has 0 stars, needs 1")}
    (row,) = [v for v in check(P, stars) if v.message.startswith("row")]
    assert row.cells == tuple((0, c) for c in range(6))


def test_givens_are_checked() -> None:
    p = type(P)(P.n, P.stars, P.regions, (((0, 0), True),))
    (v,) = check(p, parse_solution(p, "/".join(SOL)))
    assert (v.rule, v.cells) == ("GivenCell", ((0, 0),))


@pytest.mark.parametrize("text", ["/".join(SOL[:5]), "/".join([*SOL[:5], "*"]), "", "/".join([*SOL, "......"])])
def test_wrong_shape(text: str) -> None:
    with pytest.raises(ParseError):
        parse_solution(P, text)
