"""The SAT model: givens, encodings that agree, counts on tiny boards checked by brute force."""

from __future__ import annotations

from itertools import combinations, islice, pairwise, product

import pytest

from gridlogic.puzzles.starbattle import StarBattle
from gridlogic.puzzles.starbattle.check import check
from gridlogic.puzzles.starbattle.exact import Encoding, solutions
from gridlogic.puzzles.starbattle.formats import picture, puzzlink

URL = "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u"
ENCODINGS = [Encoding(), Encoding(tilings=()), Encoding(tilings=(0,), exact_windows=False),
             Encoding(card="seqcounter", solver="cadical195"), Encoding(card="totalizer", solver="glucose4"),
             Encoding(card="cardnetwrk", solver="cadical195", tilings=()), Encoding(solver="gluecard4")]


@pytest.mark.parametrize("enc", ENCODINGS, ids=repr)
def test_encodings_agree(enc: Encoding) -> None:
    p = puzzlink.read(URL)
    found = list(islice(solutions(p, enc), 3))
    assert len(found) == 1
    assert found == list(islice(solutions(p), 3))


def brute(p: StarBattle) -> set[frozenset[tuple[int, int]]]:
    n, s = p.n, p.stars
    rows = [c for c in combinations(range(n), s) if all(b - a > 1 for a, b in pairwise(c))]
    out = set()
    for choice in product(rows, repeat=n):
        stars = frozenset((r, c) for r, cols in enumerate(choice) for c in cols)
        if not check(p, stars):
            out.add(stars)
    return out


@pytest.mark.parametrize("text", ["AABCD/ABBCD/ABBCD/EBBCD/EBCCD", "AAAAA/BBBBB/CCCCC/DDDDD/EEEEE",
                                  "ABCDE/ABCDE/ABCDE/ABCDE/ABCDE", "AABBB/AABBB/CCDDD/CCDDD/EEEEE",
                                  "AABBBB/AABBBB/CCDDEE/CCDDEE/FFFFFF/FFFFFF"])
def test_all_solutions_match_brute_force(text: str) -> None:
    p = picture.read(text)
    assert set(solutions(p)) == brute(p)


def test_givens_are_respected() -> None:
    p = picture.read("AAAAA/BBBBB/CCCCC/DDDDD/EEEEE")
    every = set(solutions(p))
    assert len(every) > 2
    with_star = StarBattle(p.n, p.stars, p.regions, (((0, 0), True), ((1, 2), False)))
    assert set(solutions(with_star)) == {s for s in every if (0, 0) in s and (1, 2) not in s}
    clash = StarBattle(p.n, p.stars, p.regions, (((0, 0), True), ((1, 1), True)))
    assert list(solutions(clash)) == []
