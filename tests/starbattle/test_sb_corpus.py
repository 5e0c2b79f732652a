"""Every corpus puzzle (StarBattleLab sampled) is read, solved, checked, counted; packs agree."""

from __future__ import annotations

from collections import Counter
from itertools import islice
from pathlib import Path

import pytest
import sb_corpus

from gridlogic.core.errors import UnsupportedError
from gridlogic.puzzles.starbattle import KIND, StarBattle
from gridlogic.puzzles.starbattle.check import check
from gridlogic.puzzles.starbattle.exact import solutions


@pytest.fixture(scope="module")
def items(corpus: Path) -> tuple[sb_corpus.Item, ...]:
    return sb_corpus.load(corpus)


def test_every_format_and_count_is_found(items: tuple[sb_corpus.Item, ...]) -> None:
    formats = Counter(i.format for i in items)
    assert set(formats) == {"puzzlink", "pzprv3", "legup", "sbn", "sbl", "picture"}
    assert formats["legup"] == 15
    assert formats["sbn"] == 693
    assert formats["puzzlink"] == 9
    assert formats["picture"] == 3
    assert sum(i.multi for i in items) == 9


def test_solve_check_and_uniqueness(items: tuple[sb_corpus.Item, ...]) -> None:
    for item in items:
        found = list(islice(solutions(item.puzzle), 2))
        assert found, item
        assert len(found) == (2 if item.multi else 1), item
        for sol in found:
            assert check(item.puzzle, sol) == [], item
            assert len(sol) == item.puzzle.n * item.puzzle.stars
        if "solution" in item.extra:
            assert found[0] == item.extra["solution"], item


def test_named_solutions_from_the_sources(items: tuple[sb_corpus.Item, ...]) -> None:
    by_text = {i.text: i for i in items}
    cspuz = by_text["https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"]
    (sol,) = list(solutions(cspuz.puzzle))
    assert KIND.solution_rows(cspuz.puzzle, sol) == [r.replace("0", ".").replace("1", "*") for r in
                                                     ["010000", "000010", "001000", "100000", "000001", "000100"]]
    norvig = {i.id: i for i in items if i.file.endswith("boards.tsv")}
    for name, cells in (("board1", "6,8,11,14,26,28,30,32,47,49,53,55,61,69,73,75,80,87,92,94"),
                        ("board24", "6,9,12,14,20,27,32,34,47,49,50,55,63,68,71,75,83,88,91,96")):
        (sol,) = list(solutions(norvig[name].puzzle))
        assert sol == {divmod(int(x), 10) for x in cells.split(",")}


WRITABLE = [f.name for f in KIND.formats if f.write is not None]


@pytest.mark.parametrize("fmt", WRITABLE)
def test_round_trip_every_puzzle(items: tuple[sb_corpus.Item, ...], fmt: str) -> None:
    f = KIND.format(fmt)
    assert f.write is not None
    for item in items:
        p: StarBattle = item.puzzle
        try:
            text = f.write(p)
        except UnsupportedError:  # a disconnected region cannot be written as borders
            assert fmt == "puzzlink"
            continue
        assert f.sniff(text), (fmt, text[:60])
        back = f.read(text)
        want = p.canonical() if fmt == "legup" else p.without_givens().canonical()
        assert back.canonical() == want, (fmt, item)
