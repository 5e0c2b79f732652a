"""The nested trial (the Trial level's last stage): it fires where every other stage is stuck, every
mark it makes holds in every solution, its chain and inner trials can be inspected, and the work
budgets stop it."""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path

import pytest
from sbr_helpers import board, state

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import EASY, HARD, MEDIUM, TRIAL
from gridlogic.puzzles.starbattle.rules import SEED_TIERS, hypothesis
from gridlogic.puzzles.starbattle.rules import nested as nested_mod
from gridlogic.puzzles.starbattle.rules import trial as trial_mod
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import BLACK, STAR, State
from gridlogic.puzzles.starbattle.rules.witness import refutable

SIX = "AAABBB/ACCCBB/DDCEEB/DDFEEB/DFFFEB/DDFFFF"
"""A 6x6 one-star board with six solutions."""


def _inputs(st: State, budget: hypothesis.Budget | None = None,
            ) -> tuple[hypothesis.Propagator, list[tuple[int, str]]]:
    prop = hypothesis.propagator(st, SEED_TIERS, budget)
    return prop, [(i, v) for i in hypothesis.tightest_first(st) for v in (STAR, BLACK) if refutable(st, i, v)]


@pytest.fixture
def shallow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outer assumptions followed one Easy step at a time, inner trials with tiers 1-3 only: on a
    small board the chain then needs inner trials."""
    monkeypatch.setattr(nested_mod, "OUTER_CAP", EASY)
    monkeypatch.setattr(nested_mod, "OUTER_STEPS", 1)
    monkeypatch.setattr(nested_mod, "INNER_CAPS", (EASY,))


def _check_chain(st: State, step: Step) -> int:
    """The chain behind ``step`` ends in a contradiction, each inner trial's too; its length and the
    count of inner trials are the ones the reason gives. Returns that count."""
    chain = nested_mod.chain_of(st, step)
    assert chain is not None and chain[-1].marks == ()  # the contradiction marks nothing
    inner = [s for s in chain if s.rule == "Trial"]
    got = re.search(r"a chain of (\d+) steps, (\d+) of them inner trials?\)", step.reason)
    assert got is not None and (int(got.group(1)), int(got.group(2))) == (len(chain), len(inner)), step.reason
    for s in inner:
        sub = nested_mod.chain_of(st, s)
        assert sub is not None and sub[-1].marks == () and len(s.marks) == 1
        m = s.marks[0]
        assert f"{st.geo.cell_name(m.cell[0] * st.geo.n + m.cell[1])} {'a star' if m.value == STAR else 'empty'} " \
            f"(supposing it {'empty' if m.value == STAR else 'a star'} breaks in {len(sub)} step" in step.reason
    return len(inner)


def test_every_mark_holds_in_every_solution_of_a_board_with_several(shallow: None) -> None:
    p = board(1, SIX)
    sols = list(islice(solutions(p), 10))
    assert len(sols) == 6
    st = state(p)
    got = nested_mod.nested(st, *_inputs(st))
    assert got is not None and got.rule == "Trial" and got.level == TRIAL and len(got.marks) == 1
    m = got.marks[0]
    assert all((m.cell in s) == (m.value == STAR) for s in sols)
    assert "(a nested trial)" in got.reason and _check_chain(st, got) >= 1


def test_inner_trials_are_memoised_per_board(shallow: None) -> None:
    p = board(1, SIX)
    st = state(p)
    first = nested_mod.nested(st, *_inputs(st))
    again = nested_mod.nested(State(st.geo, st.star, st.empty), *_inputs(st))
    assert first == again and first is not None
    assert nested_mod.chain_of(st, first) is nested_mod.chain_of(st, again)
    fresh = State(Geo(p), st.star, st.empty)
    assert nested_mod.chain_of(fresh, first) is None  # the memo lives on the puzzle's Geo


def test_the_budgets_stop_it(shallow: None, monkeypatch: pytest.MonkeyPatch) -> None:
    p = board(1, SIX)
    st = state(p)
    with pytest.raises(hypothesis.OutOfBudget):  # a hint's budget: the search gives up, loudly
        nested_mod.nested(st, *_inputs(st, hypothesis.Budget(3)))
    monkeypatch.setattr(nested_mod, "WORK", 3)  # the stage's own bound: no step, no error
    fresh = State(Geo(p))
    assert nested_mod.nested(fresh, *_inputs(fresh)) is None
    with hypothesis.limited(hypothesis.Budget(10)) as outer:  # the stage's work is charged to the hint's too
        assert nested_mod.nested(fresh, *_inputs(fresh, outer)) is None
    assert 3 < outer.spent <= 10




STUCK_26 = ("??????????????/??.???????????/??????????????/??????????????/??????????????/????.?????????/"
            "??????????????/???.??????????/???????.??????/?.?.?.????????/?????.....????/?...?????????./"
            "????......????/....??????....")
"""Where 14-3-unsorted#26 stood when every other stage of the Trial level was stuck (30 empty cells,
after 19 Trial steps and ~650 s CPU on 7592dfa: benchmarks/results/starbattle-coverage.md)."""


def test_fires_on_the_14x14_board_where_every_other_stage_is_stuck(corpus: Path) -> None:
    path = corpus / "starbattle" / "starbattlelab" / "14-3-unsorted.txt"
    if not path.exists():
        pytest.skip(f"{path} is not in the corpus")
    puzzle = sbl.read(path.read_text().splitlines()[25].strip())
    sol = next(iter(solutions(puzzle)))
    st = State.from_rows(puzzle, STUCK_26.split("/"))
    assert st.unknown.bit_count() == 166 and not st.star
    assert not any(divmod(i, 14) in sol for i in range(196) if st.empty >> i & 1)
    prop, hyps = _inputs(st)
    for cap in (EASY, MEDIUM, HARD):  # the one-cell chains (the cheap part of "stuck")
        assert hypothesis.shortest(st, prop, hyps, cap, hypothesis.MAX_STEPS) is None
    got = nested_mod.nested(st, prop, hyps)
    assert got is not None and got.rule == "Trial" and len(got.marks) == 1
    assert all((m.value == STAR) == (m.cell in sol) for m in got.marks)
    assert got.reason.startswith("Suppose ") and "(a nested trial)" in got.reason
    assert _check_chain(st, got) >= 1


@pytest.mark.parametrize(("big", "order"), [
    (99, ["cases", "cases", "cases", "deep (3, 4)", "nested"]),
    (6, ["cases", "cases", "deep (3,)", "nested", "cases", "deep (4,)"]),
])
def test_stage_order_by_board_size(monkeypatch: pytest.MonkeyPatch, big: int, order: list[str]) -> None:
    """Below :data:`trial.BIG` the nested trial is the last stage; from it on, it comes right after
    the deep pass's Expert rounds (each stage here finds nothing, so every one runs)."""
    seen: list[str] = []
    monkeypatch.setattr(trial_mod, "BIG", big)
    monkeypatch.setattr(trial_mod, "shortest", lambda *_: None)
    monkeypatch.setattr(trial_mod, "_cases", lambda *_: seen.append("cases"))
    monkeypatch.setattr(trial_mod, "_deep", lambda *a: seen.append(f"deep {a[3] if len(a) > 3 else (3, 4)}"))
    monkeypatch.setattr(trial_mod, "nested", lambda *_: seen.append("nested"))
    st = state(board(1, SIX))
    assert trial_mod.trial(st, SEED_TIERS) is None
    assert seen == order


def test_a_chain_without_inner_trials_reads_as_a_plain_trial_step() -> None:
    p = board(1, SIX)
    sols = list(islice(solutions(p), 10))
    st = state(p)
    got = nested_mod.nested(st, *_inputs(st))  # the rules up to Expert+ break it alone
    assert got is not None and "(a nested trial)" not in got.reason and "inner" not in got.reason
    assert re.fullmatch(r"Suppose r\dc\d were (a star|empty): .*\(a chain of \d+ steps?\), so r\dc\d is .*\.",
                        got.reason)
    assert all((m.cell in s) == (m.value == STAR) for m in got.marks for s in sols)
