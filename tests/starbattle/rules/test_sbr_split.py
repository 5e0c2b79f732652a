"""Case splits inside the Trial level ("either ... or ..."): on a real board where the one-cell
contradiction search finds nothing up to Hard, every deduced mark agrees with the unique solution;
branches that disagree deduce nothing; a lone surviving branch gives its assumption; the hint's
trial search stops at its work budget with a clear message."""

from __future__ import annotations

from itertools import combinations, islice
from pathlib import Path

import pytest
from sbr_helpers import board, state

from gridlogic.kinds import kind
from gridlogic.puzzles.starbattle import hint as sb_hint
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import EASY, HARD, MEDIUM
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import SEED_TIERS, hypothesis, weighted
from gridlogic.puzzles.starbattle.rules import split as split_mod
from gridlogic.puzzles.starbattle.rules import trial as trial_mod
from gridlogic.puzzles.starbattle.rules.split import Split, evaluate, split_step, splits, ways
from gridlogic.puzzles.starbattle.rules.state import STAR, State
from gridlogic.puzzles.starbattle.rules.witness import witness

BOARD_14_24 = ("??????????????/????.?????????/?.?.????...???/?.?.??.?.*.???/?..???.?...???/??????.?.?????/"
               "?...??????.?.?/?.*.????.?.?.?/?...??????.?.?/????????????.?/??????????????/??????????????/"
               "?????????.?.??/??????????????")
"""14-3-unsorted #24 (StarBattleLab) where the production rules and the one-cell trial passes stall
(157 cells open)."""


def _puzzle(corpus: Path, name: str, line: int) -> StarBattle:
    path = corpus / "starbattle" / "starbattlelab" / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"{path} is not in the corpus")
    return sbl.read(path.read_text().splitlines()[line - 1].strip())


def _mask(st: State, cells: frozenset[tuple[int, int]]) -> int:
    return sum(1 << (r * st.geo.n + c) for r, c in cells)


@pytest.fixture(scope="module")
def board_14_24(corpus: Path) -> tuple[State, int]:
    puzzle = _puzzle(corpus, "14-3-unsorted", 24)
    sols = list(islice(solutions(puzzle), 2))
    assert len(sols) == 1
    st = State.from_rows(puzzle, BOARD_14_24.split("/"))
    return st, _mask(st, sols[0])


def test_unit_splits_on_a_real_board_deduce_only_true_marks(board_14_24: tuple[State, int]) -> None:
    st, sol = board_14_24
    prop = hypothesis.propagator(st, SEED_TIERS)
    units = [s for s in splits(st, []) if s.unit is not None]
    assert units and all(2 <= len(s.branches) <= split_mod.MAX_WAYS for s in units)
    outcomes = {(s.unit.name if s.unit else "", cap): evaluate(st, prop, s, cap, hypothesis.MAX_STEPS, witness(st))
                for s in units for cap in (EASY, HARD)}
    fired = {k: o for k, o in outcomes.items() if o is not None}
    assert ("region J", HARD) in fired  # its 6 ways: 3 break, the other 3 all empty r11c8 and r13c6
    assert sum(not b for b in fired["region J", HARD].broken) >= 2
    assert any(o is None for o in outcomes.values())  # and some splits agree on nothing
    for o in fired.values():
        assert o.star & ~sol == 0 and o.empty & sol == 0  # every deduced mark is the solution's
        assert o.star | o.empty
        # the way the solution takes never breaks; every deduced mark lies in every surviving way's run
        agree = [b for b, (star, empty) in enumerate(o.split.branches) if star & ~sol == 0 and not empty & sol]
        assert len(agree) == 1 and not o.broken[agree[0]]
        step = split_step(st, o)
        assert step.rule == "Trial" and step.marks
        assert {m.cell for m in step.marks} == {st.geo.cell(i) for i in range(st.geo.n ** 2)
                                                if (o.star | o.empty) >> i & 1}


def test_the_witness_only_orders_the_branches(board_14_24: tuple[State, int]) -> None:
    st, _ = board_14_24
    prop = hypothesis.propagator(st, SEED_TIERS)
    for s in [s for s in splits(st, []) if s.unit is not None]:
        a = evaluate(st, prop, s, EASY, hypothesis.MAX_STEPS, witness(st))
        b = evaluate(st, prop, s, EASY, hypothesis.MAX_STEPS, None)
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert (a.star, a.empty, a.broken, a.lengths) == (b.star, b.empty, b.broken, b.lengths)


def test_trial_splits_where_the_one_cell_passes_break_nothing(
        board_14_24: tuple[State, int], monkeypatch: pytest.MonkeyPatch) -> None:
    st, sol = board_14_24
    monkeypatch.setattr(trial_mod, "_deep", lambda *_: pytest.fail("the deep pass must not be needed"))
    step = trial_mod.trial(State(st.geo, st.star, st.empty), SEED_TIERS)
    assert step is not None and step.rule == "Trial" and step.marks
    for m in step.marks:
        assert (m.value == STAR) == bool(sol >> (m.cell[0] * st.geo.n + m.cell[1]) & 1), step.reason
    assert "ways" in step.reason or "Either" in step.reason or "a chain of" in step.reason


def _by_hand(st: State, split: Split, cap: int) -> tuple[int, int, list[bool]]:
    """Every branch run to the end of its budget: the marks all surviving branches share."""
    prop = hypothesis.propagator(st, SEED_TIERS)
    star = empty = -1
    broken = []
    for b_star, b_empty in split.branches:
        hyp = State(st.geo, st.star | b_star, st.empty | b_empty)
        status, _ = prop.run(hyp, cap, hypothesis.MAX_STEPS)
        broken.append(status == "contradiction")
        if status != "contradiction":
            star &= hyp.star & ~st.star
            empty &= hyp.empty & ~st.empty
    return max(star, 0), max(empty, 0), broken


def test_a_split_deduces_what_its_surviving_branches_share_and_nothing_when_they_disagree(
        board_14_24: tuple[State, int]) -> None:
    st, sol = board_14_24
    prop = hypothesis.propagator(st, SEED_TIERS)
    cells = [*hypothesis.tightest_first(st)[:30], 9 * 14 + 9, 10 * 14 + 11]  # r10c10, r11c12: a star breaks
    disagree = lone = 0
    for s in splits(st, cells):
        got = evaluate(st, prop, s, MEDIUM, hypothesis.MAX_STEPS, witness(st))
        star, empty, broken = _by_hand(st, s, MEDIUM)
        if broken.count(False) == 1:  # a lone survivor: its assumption holds
            lone += 1
            assert got is not None and (got.star, got.empty) == s.branches[broken.index(False)]
        elif not star | empty:
            disagree += 1
            assert got is None
        else:
            assert got is not None and (got.star, got.empty) == (star, empty)
        if got is not None:
            assert got.star & ~sol == 0 and got.empty & sol == 0
    assert disagree and lone


def test_splits_on_a_board_with_several_solutions_deduce_only_what_all_share() -> None:
    p = board(1, "AABBB/AABBB/CCDDD/CCDEE/CCDEE")
    sols = list(islice(solutions(p), 100))
    assert len(sols) > 1
    st = state(p)
    always_star = _mask(st, frozenset.intersection(*sols))
    ever_star = _mask(st, frozenset.union(*sols))
    prop = hypothesis.propagator(st, SEED_TIERS)
    fired = 0
    for s in splits(st, list(range(25))):
        got = evaluate(st, prop, s, HARD, 80, witness(st))
        if got is not None:
            fired += 1
            assert got.star & ~always_star == 0 and got.empty & ever_star == 0
    assert fired


def test_ways_are_the_non_touching_placements_within_the_line_counts(board_14_24: tuple[State, int]) -> None:
    st, _ = board_14_24
    g = st.geo
    room = [g.S - (st.star & m).bit_count() for m in (*g.rows, *g.cols)]
    checked = 0
    for u in g.all_units():
        cand = [i for i in range(g.n ** 2) if (u.mask & st.unknown) >> i & 1]
        need = st.need(u)
        if len(cand) > 12 or need <= 0:
            continue
        want = set()
        for combo in combinations(cand, need):
            m = sum(1 << i for i in combo)
            if g.touching(m):
                continue
            if u.kind == "region" and any((m & lm).bit_count() > room[k] for k, lm in enumerate((*g.rows, *g.cols))):
                continue
            want.add(m)
        got = ways(st, u, limit=10**6)
        assert got is not None and set(got) == want and len(got) == len(want)
        assert ways(st, u, limit=len(want) - 1) is None or len(want) == 0
        checked += 1
    assert checked >= 3


def test_hint_stops_at_its_budget_with_a_clear_message(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = _puzzle(corpus, "17-4-unsorted", 4)  # no rule below Trial but the weighted count moves on the empty
    monkeypatch.setattr(weighted, "MIN_SIZE", 18)  # board: kept off here, the board is the trial search's
    monkeypatch.setattr(sb_hint, "HINT_BUDGET", 200)
    got = sb_hint.hint(kind("starbattle"), puzzle, ["?" * 17] * 17)
    assert got.status == "stuck" and got.step is None
    assert "search limit" in got.message
    from gridlogic.service import Spec
    from gridlogic.web.routes_play import hint_job  # the web worker's job: an answer, not a timeout

    text = (corpus / "starbattle" / "starbattlelab" / "17-4-unsorted.txt").read_text().splitlines()[3].strip()
    answer = hint_job(Spec(text, "starbattle", command="hint"), ["?" * 17] * 17, None)
    assert answer["status"] == "stuck" and "search limit" in answer["message"]


def test_trial_spends_its_budget_in_rule_sweeps_not_seconds(corpus: Path) -> None:
    puzzle = _puzzle(corpus, "17-4-unsorted", 4)
    budget = hypothesis.Budget(150)
    with pytest.raises(hypothesis.OutOfBudget), hypothesis.limited(budget):
        trial_mod.trial(State.start(puzzle), SEED_TIERS)
    assert 150 < budget.spent <= 150 + max(hypothesis.SWEEP_COST.values())
    small = board(1, "AABB/ACBB/CCDD/CDDD")
    with hypothesis.limited(hypothesis.Budget(10**6)) as b:  # a small board: far below any limit
        trial_mod.trial(state(small), SEED_TIERS)
    assert b.spent < 10**6


def test_the_deep_pass_still_answers_where_no_split_does(
        board_14_24: tuple[State, int], monkeypatch: pytest.MonkeyPatch) -> None:
    st, sol = board_14_24
    monkeypatch.setattr(trial_mod, "best", lambda *_: None)
    step = trial_mod.trial(State(st.geo, st.star, st.empty), SEED_TIERS)
    assert step is not None and step.rule == "Trial" and "a chain of" in step.reason
    for m in step.marks:
        assert (m.value == STAR) == bool(sol >> (m.cell[0] * st.geo.n + m.cell[1]) & 1), step.reason
