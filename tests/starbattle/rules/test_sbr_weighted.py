"""Weighted count (R5.6 with weights on units and 2x2 windows): fires where a weighting of the counts
rules a cell out, with exactly the mark the weights prove and a sentence naming the sets and the cell;
silent where the counts' relaxation decides nothing; every proof is checked in whole numbers, and a
tampered one is refused; on a stalled corpus board it finishes the solve without Trial, soundly."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice
from pathlib import Path

import pytest
from sbr_helpers import board, cells, state

from gridlogic.core import engine
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules import BY_ID, PRODUCTION, SEED_TIERS, WEIGHTED_RULE, rules, weighted
from gridlogic.puzzles.starbattle.rules.state import State

# Rows 3-4 and regions A, F hold 4 stars, as do columns 1-4, which hold all of rows 3-4's cells but
# r3c5, r3c6, r4c5, r4c6, and all of A's and F's: those four cells are counted once and hold no star.
M_BOARD = board(1, "AAAABB/AAAABB/CCDDEE/CCDDEE/FFFFEE/FFFFEE")
COLUMNS = board(2, "/".join(["ABCDEFGHIJ"] * 10))


@pytest.fixture(autouse=True)
def any_size(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule itself holds at any size: the small boards here run it below its MIN_SIZE."""
    if "min_size" not in request.node.name:
        monkeypatch.setattr(weighted, "MIN_SIZE", 0)


def test_weighted_count_is_silent_below_min_size() -> None:
    assert weighted.MIN_SIZE == 11 and M_BOARD.n < weighted.MIN_SIZE
    assert weighted.r_weighted(state(M_BOARD)) is None
    assert weighted.find(state(M_BOARD))  # the proofs exist; the rule leaves small boards to Trial


def test_weighted_count_fires_with_the_marks_its_weights_prove() -> None:
    st = state(M_BOARD)
    step = weighted.r_weighted(st)
    assert step is not None and step.rule == "Weighted" and step.level == EXPERT_PLUS
    assert cells(step, "black") == {(2, 4)} and not cells(step, "star")
    assert "row 3, row 4, region A, region F by 1" in step.reason
    assert "column 1, column 2, column 3, column 4 by -1" in step.reason
    assert step.reason.endswith("so r3c5 is empty.")
    sols = list(islice(solutions(M_BOARD), 5))
    assert sols and all((2, 4) not in s for s in sols)


def test_weighted_count_keeps_its_other_proofs_for_the_next_board() -> None:
    st = state(M_BOARD)
    first = weighted.r_weighted(st)
    assert first is not None
    st.apply(first)
    second = weighted.r_weighted(st)
    assert second is not None and cells(second, "black") <= {(2, 5), (3, 4), (3, 5)}


def test_weighted_count_is_silent_where_the_relaxation_decides_nothing() -> None:
    # Regions are the columns: every cell is a star in some fractional (and whole) solution.
    assert weighted.find(state(COLUMNS)) == []
    assert weighted.r_weighted(state(COLUMNS)) is None


def test_weighted_count_is_silent_on_a_solved_board() -> None:
    sol = next(iter(solutions(M_BOARD)))
    rows = ["".join("*" if (r, c) in sol else "." for c in range(6)) for r in range(6)]
    assert weighted.r_weighted(state(M_BOARD, "/".join(rows))) is None


def test_a_tampered_proof_is_refused() -> None:
    st = state(M_BOARD)
    proof = next(p for p in weighted.find(st) if p.cell == 2 * 6 + 4)
    assert weighted.holds(st, proof)
    assert not weighted.holds(st, replace(proof, units=proof.units[:-1]))
    assert not weighted.holds(st, replace(proof, star=True))
    assert not weighted.holds(st, replace(proof, cell=0))


def test_a_padded_proof_is_shortened_to_a_checked_subset_of_its_sets() -> None:
    st = state(M_BOARD)
    proof = next(p for p in weighted.find(st) if p.cell == 2 * 6 + 4)
    doubled = replace(proof, units=tuple((k, 3 * w) for k, w in proof.units))
    # padding: windows holding r3c5 raise its weight as much as the bound, so the proof still holds
    pads = tuple((k, 2) for k, w in enumerate(st.geo.windows) if w >> proof.cell & 1)
    padded = replace(doubled, windows=doubled.windows + pads)
    assert weighted.holds(st, padded) and weighted.size(padded) > weighted.size(proof)
    short = weighted.shorter(st, padded)
    assert short.cell == proof.cell and short.star == proof.star and weighted.holds(st, short)
    assert weighted.size(short) < weighted.size(padded)
    assert {k for k, _ in short.units} <= {k for k, _ in padded.units}
    assert {k for k, _ in short.windows} <= {k for k, _ in padded.windows}
    assert weighted.size(short) <= weighted.size(proof)  # as short as the relaxation's own proof
    assert weighted.shorter(st, short) == short  # nothing shorter: kept as it is


def test_the_step_names_the_shortened_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    st = state(M_BOARD)
    seen: list[weighted.Count] = []
    shorter = weighted.shorter

    def spy(s: State, proof: weighted.Count) -> weighted.Count:
        got = shorter(s, proof)
        seen.append(got)
        return got

    monkeypatch.setattr(weighted, "shorter", spy)
    step = weighted.r_weighted(st)
    assert step is not None and len(seen) == 1 and weighted.holds(st, seen[0])
    assert step == weighted.step_of(st, seen[0])


def test_weighted_count_runs_last_and_outside_the_trial_search() -> None:
    assert PRODUCTION[-1] is WEIGHTED_RULE and WEIGHTED_RULE not in SEED_TIERS
    assert BY_ID["Weighted"].guide.startswith("§2.6")
    assert WEIGHTED_RULE in rules(EXPERT_PLUS) and WEIGHTED_RULE not in rules(EXPERT_PLUS - 1)


def test_weighted_count_finishes_a_stalled_14x14_without_trial_soundly(corpus: Path) -> None:
    lines = (corpus / "starbattle" / "starbattlelab" / "14-3-unsorted.txt").read_text().splitlines()
    puzzle = sbl.read(lines[2].strip())  # 14-3-unsorted#3
    sol = next(iter(solutions(puzzle)))
    without = State.start(puzzle)
    assert engine.run(without, [r for r in rules(EXPERT_PLUS) if r is not WEIGHTED_RULE]).status == "stuck"
    st = State.start(puzzle)
    out = engine.run(st, rules(EXPERT_PLUS))
    assert out.status == "solved"
    assert any(s.rule == "Weighted" for s in out.steps)
    # the grade names the rule it depends on, not the first Expert+ step's (Placements here)
    assert out.level == EXPERT_PLUS and out.hardest_rule == "Weighted"
    assert next(s.rule for s in out.steps if s.level == EXPERT_PLUS) != "Weighted"
    for s in out.steps:
        for m in s.marks:
            assert (m.value == "star") == (m.cell in sol), s.reason
