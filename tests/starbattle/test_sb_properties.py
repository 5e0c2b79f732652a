"""Random and mutated strings never crash a parser with anything but a typed error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gridlogic.core.errors import GridlogicError
from gridlogic.kinds import detect, split_records
from gridlogic.puzzles.starbattle import StarBattle
from gridlogic.puzzles.starbattle.check import parse_solution
from gridlogic.puzzles.starbattle.formats import FORMATS, legup, puzzlink, pzprv3, sbn
from gridlogic.puzzles.starbattle.model import regions_from_labels

SEEDS = ["https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "551W7kxqe40", "5x1.AABCDABBCDABBCDEBBCDEBCCD.s1d2",
         "1:AABCD/ABBCD/ABBCD/EBBCD/EBCCD",
         pzprv3.write(puzzlink.read("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")),
         legup.write(sbn.read("5x1.AABCDABBCDABBCDEBBCDEBCCD"))]
READERS: list[tuple[str, Callable[[str], Any]]] = [(f.name, f.read) for f in FORMATS]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def attempt(read: Callable[[str], Any], text: str) -> None:
    try:
        result = read(text)
    except GridlogicError:
        return
    assert isinstance(result, StarBattle)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    s = list(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(len(s) - 1, 0)))
        op = draw(st.sampled_from(["del", "ins", "set", "dup"]))
        ch = draw(st.characters(codec="utf-8"))
        if op == "del" and s:
            del s[i]
        elif op == "ins":
            s.insert(i, ch)
        elif op == "set" and s:
            s[i] = ch
        else:
            s[i:i] = s[i:i + draw(st.integers(1, 8))]
    return "".join(s)


@pytest.mark.parametrize(("name", "read"), READERS, ids=[n for n, _ in READERS])
@FAST
@given(text=st.one_of(st.text(max_size=80), mutated()))
def test_readers_raise_only_typed_errors(name: str, read: Callable[[str], Any], text: str) -> None:
    attempt(read, text)


@FAST
@given(text=st.one_of(st.text(max_size=80), mutated()))
@example(text="A://?STARBATTLE/²///")  # once falsified at random: str.isdigit took '²' for a number
@example(text="starbattle/٦/٦/١/4ilbhgdnmhou")  # Arabic-Indic digits are not read as numbers
def test_detection_and_splitting_raise_only_typed_errors(text: str) -> None:
    try:
        for rec in split_records(text):
            kind, fmt = detect(rec.text)
            if kind.name == "starbattle":
                attempt(fmt.read, rec.text)
    except GridlogicError:
        pass


@FAST
@given(text=st.text(alphabet="*./x\n ", max_size=60))
def test_solution_parser(text: str) -> None:
    p = sbn.read("5x1.AABCDABBCDABBCDEBBCDEBCCD")
    try:
        stars = parse_solution(p, text)
    except GridlogicError:
        return
    assert all(0 <= r < 5 and 0 <= c < 5 for r, c in stars)


@FAST
@given(rows=st.lists(st.text(alphabet="ABCDEFG", min_size=1, max_size=8), min_size=1, max_size=8),
       stars=st.integers(0, 4))
def test_model_validation_is_typed(rows: list[str], stars: int) -> None:
    try:
        p = StarBattle.from_rows(stars, regions_from_labels(rows))
    except GridlogicError:
        return
    assert sorted({g for r in p.regions for g in r}) == list(range(p.n))
