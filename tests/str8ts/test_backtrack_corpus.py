"""The backtracking solver against the SAT solver on every corpus puzzle: the same count (up to two)
and, for a unique puzzle, the same solution, which is the corpus's. Skipped, with the reason, where
the corpus is absent; under CI=true its absence is a failure."""

from __future__ import annotations

import os
from itertools import islice

import pytest
from str8ts_data import Row

from gridlogic.core.errors import ValidationError
from gridlogic.puzzles.str8ts.exact import backtrack, sat
from gridlogic.puzzles.str8ts.formats import s81

COUNT = {"0": 0, "1": 1, "2+": 2}


@pytest.fixture(scope="module")
def every_row(request: pytest.FixtureRequest) -> list[Row]:
    try:
        found: list[Row] = request.getfixturevalue("rows")
    except pytest.skip.Exception as why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs the puzzle corpus: {why}")
        raise
    return found


def test_backtrack_agrees_with_sat_on_every_corpus_puzzle(every_row: list[Row]) -> None:
    checked = 0
    for rid, text, num, sol81 in every_row:
        try:
            p = s81.read(text)
        except ValidationError:
            assert num == "0", rid
            continue
        mine = list(islice(backtrack.solutions(p), 2))
        theirs = list(islice(sat.solutions(p), 2))
        assert len(mine) == len(theirs) == COUNT[num], rid
        if num == "1":
            assert mine == theirs == [tuple(0 if p.black[i] else int(sol81[i]) for i in range(p.size))], rid
        checked += 1
    assert checked == len(every_row) - 1  # one corpus row repeats a given in its line
