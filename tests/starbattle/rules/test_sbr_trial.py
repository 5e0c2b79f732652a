"""The trial search: the witness solution only skips assumptions that cannot break (same steps), and
case splits (then the deep pass) solve the corpus puzzles the usual passes left unsolved, every step
sound (the benchmark runs all of them: ``--only`` with the ids of :data:`FORMERLY_UNSOLVED`).

The weighted count (last of the production rules, from 11x11) now solves the 14x14 before Trial runs,
so the trial search is tested with the rules less the weighted count: the boards where those stall."""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from sbr_helpers import board, state

from gridlogic.core import engine
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import TRIAL
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import PRODUCTION, WEIGHTED_RULE, rules
from gridlogic.puzzles.starbattle.rules import trial as trial_mod
from gridlogic.puzzles.starbattle.rules import witness as witness_mod
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import BLACK, STAR, State

FORMERLY_UNSOLVED = {
    "14-3-unsorted": (2, 18, 24, 26),
    "17-4-unsorted": (1, 2, 3, 4),
}
"""Corpus puzzles (file, line) that Trial could not finish before the deep pass (see
docs/starbattle-rules.md); the benchmark runs them all."""
TESTED = (("14-3-unsorted", 24),)
"""The ones cheap enough for the suite."""


def _puzzle(corpus: Path, name: str, line: int) -> StarBattle:
    path = corpus / "starbattle" / "starbattlelab" / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"{path} is not in the corpus")
    return sbl.read(path.read_text().splitlines()[line - 1].strip())


STUCK_10X10 = (12, 37, 95)
"""Lines of 10-2-unsorted.txt whose solve needs Trial (docs/starbattle-rules.md)."""


def _stuck_10x10(corpus: Path) -> list[State]:
    """The boards where the production rules stall on those puzzles."""
    lines = (corpus / "starbattle" / "starbattlelab" / "10-2-unsorted.txt").read_text().splitlines()
    out = []
    for k in STUCK_10X10:
        puzzle = sbl.read(lines[k - 1].strip())
        assert explain(puzzle, max_level=TRIAL - 1).status == "stuck"  # the weighted count starts at 11x11
        st = State.start(puzzle)
        assert engine.run(st, [r for r in rules(TRIAL - 1) if r is not WEIGHTED_RULE]).status == "stuck"
        out.append(State(st.geo, st.star, st.empty))
    return out


def test_witness_agrees_with_the_board_and_reuses_itself() -> None:
    p = board(1, "AABB/ACBB/CCDD/CDDD")
    sols = list(islice(solutions(p), 3))
    st = state(p)
    got = witness_mod.witness(st)
    assert got is not None and {divmod(i, 4) for i in range(16) if got >> i & 1} in sols
    star = (got & -got).bit_length() - 1
    assert not witness_mod.refutable(st, star, STAR) and witness_mod.refutable(st, star, BLACK)
    assert witness_mod.witness(State(st.geo, star=1 << star)) == got  # still agrees: kept


def test_a_board_without_solution_skips_nothing() -> None:
    p = board(1, "AABB/ACBB/CCDD/CDDD")
    st = state(p, "**../..../..../....")  # touching stars
    assert witness_mod.witness(st) is None
    assert all(witness_mod.refutable(st, i, v) for i in range(16) for v in (STAR, BLACK))


def test_skipping_assumptions_that_agree_with_a_solution_changes_no_step(
        corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    states = _stuck_10x10(corpus)
    for st in states:
        fast = trial_mod.trial(State(Geo(st.geo.puzzle), st.star, st.empty), PRODUCTION)
        with monkeypatch.context() as m:
            m.setattr(trial_mod, "refutable", lambda *_: True)
            full = trial_mod.trial(State(Geo(st.geo.puzzle), st.star, st.empty), PRODUCTION)
        assert fast is not None and full is not None
        assert (fast.reason, fast.uses, fast.marks) == (full.reason, full.uses, full.marks)


@pytest.mark.parametrize(("name", "line"), TESTED)
def test_formerly_unsolved_puzzle_is_solved_with_every_step_sound(
        corpus: Path, monkeypatch: pytest.MonkeyPatch, name: str, line: int) -> None:
    puzzle = _puzzle(corpus, name, line)
    sols = list(islice(solutions(puzzle), 2))
    assert len(sols) == 1
    split_steps: list[Step] = []
    cases = trial_mod._cases_step

    def spy(*args: Any) -> Step:  # case splits run only where the one-cell passes found nothing
        got = cases(*args)
        split_steps.append(got)
        return got

    monkeypatch.setattr(trial_mod, "_cases_step", spy)
    ex = engine.run(State.start(puzzle), [r for r in rules() if r is not WEIGHTED_RULE])
    assert split_steps and all(s in ex.steps for s in split_steps)
    assert ex.status == "solved" and max(s.level for s in ex.steps) == TRIAL
    for k, s in enumerate(ex.steps, 1):
        for m in s.marks:
            assert (m.value == STAR) == (m.cell in sols[0]), f"{name}#{line} step {k} [{s.rule}] {s.reason}"
        if s.rule == "Trial":
            assert re.search(r"a chain of (\d+) steps?\)|branches of [\d, a-z]+ steps?\)", s.reason), s.reason


@pytest.mark.parametrize(("name", "line"), TESTED)
def test_formerly_unsolved_puzzle_needs_no_trial_with_the_weighted_count(corpus: Path, name: str, line: int) -> None:
    puzzle = _puzzle(corpus, name, line)
    sol = next(iter(solutions(puzzle)))
    ex = explain(puzzle)
    assert ex.status == "solved" and ex.grade == "expert+"
    assert any(s.rule == "Weighted" for s in ex.steps)
    assert all((m.value == STAR) == (m.cell in sol) for s in ex.steps for m in s.marks)
