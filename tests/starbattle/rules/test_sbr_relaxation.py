"""The relaxation asked mark by mark (relaxation.Scan, weighted.Pending) gives the proofs of the whole
scan (weighted.find), whatever the order the marks are asked in, and solves only the marks reached."""

from __future__ import annotations

import pytest
from sbr_helpers import board, state

from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import relaxation, weighted
from gridlogic.puzzles.starbattle.rules.state import State

# as in test_sbr_weighted: rows 3-4 and regions A, F against columns 1-4 empty r3c5, r3c6, r4c5, r4c6
M_BOARD = board(1, "AAAABB/AAAABB/CCDDEE/CCDDEE/FFFFEE/FFFFEE")
EIGHT = board(1, "AAABBBCC/AAABBBCC/DDEEEFFC/DDEEEFFC/DGGHHFFC/GGGHHHFF/GGGHHHFF/GGGHHHFF")
ONE = board(1, "ABBBCC/BBBBCC/DDEECC/DDEEFF/DDEEFF/DDEEFF")  # region A is r1c1 alone: a star


@pytest.fixture(autouse=True)
def any_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(weighted, "MIN_SIZE", 0)


@pytest.mark.parametrize("puzzle", [M_BOARD, EIGHT, ONE])
def test_a_scan_answers_each_mark_alike_in_any_order(puzzle: StarBattle) -> None:
    cells, rows, rhs, n_eq = weighted.relaxation(state(puzzle))
    asks = [(k, star) for star in (False, True) for k in range(len(cells))]
    forward, backward = relaxation.Scan(cells, rows, rhs, n_eq), relaxation.Scan(cells, rows, rhs, n_eq)
    ahead = {ask: forward.decide(*ask) for ask in asks}
    behind = {ask: backward.decide(*ask) for ask in reversed(asks)}
    assert ahead == behind
    assert any(w is not None for w in ahead.values())
    assert [(k, star, w) for (k, star), w in ahead.items() if w is not None] == relaxation.probe(cells, rows, rhs, n_eq)


@pytest.mark.parametrize("puzzle", [M_BOARD, ONE])
def test_the_marks_asked_one_by_one_are_the_whole_scans_proofs_in_its_order(puzzle: StarBattle) -> None:
    st = state(puzzle)
    found = sorted(weighted.find(st), key=lambda p: not p.star)
    asked = [p for p in (entry.proof(st) for entry in weighted.pending(st)) if p is not None]
    assert found and asked == found
    assert found[0].star == (puzzle is ONE) and all(not p.star for p in found[1:])


def test_only_the_marks_reached_are_solved() -> None:
    st = state(M_BOARD)
    step = weighted.r_weighted(st)
    assert step is not None
    kept = st.geo.facts[(weighted.KEY,)]
    assert isinstance(kept, list) and all(isinstance(p, weighted.Pending) for p in kept)
    empties = [p for p in kept if not p.star]
    first = next(i for i, p in enumerate(empties) if p.asked and p.proof(st) is not None)
    assert not any(p.asked for p in empties[first + 1:])  # the first proof that holds ends the search
    assert all(p.asked for p in kept if p.star)  # stars come first: every one was asked


def test_at_most_one_scan_is_held(monkeypatch: pytest.MonkeyPatch) -> None:
    st = state(EIGHT)
    scans: list[relaxation.Scan] = []
    pending = weighted.pending

    def spy(s: State) -> list[weighted.Pending]:
        got = pending(s)
        scans.extend({id(p.scan): p.scan for p in got if p.scan is not None}.values())
        return got

    monkeypatch.setattr(weighted, "pending", spy)
    while (step := weighted.r_weighted(st)) is not None:
        st.apply(step)
        kept = st.geo.facts[(weighted.KEY,)]
        assert isinstance(kept, list)
        assert len({id(p.scan) for p in kept if p.scan is not None}) <= 1
    assert len(scans) >= 2  # the rule scanned more than one board
