"""Every technique of Kris's guide is a named unit: one catalog entry per rule id, its rules in a
module named after its family; the new ones (The M, the Pressured T pattern, Entanglement) fire on a board made
for them with exactly the marks the pattern gives, say which cells in one sentence, and stay silent
where the pattern is absent."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from sbr_helpers import board, cells, corpus_sample, state

from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.rules import (
    BY_ID,
    CATALOG,
    PRODUCTION,
    SEED_TIERS,
    TRIAL_RULE,
    UNIQUENESS_RULES,
    entanglement,
    kissing_ls,
    pressured_t,
    the_m,
)
from gridlogic.puzzles.starbattle.rules.state import State

K_BOARD = board(1, "AABBCC/AABBCC/DDDEEE/DDDEEE/FFFFFF/FFFFFF")
M_BOARD = board(1, "AAAABB/AAAABB/CCDDEE/CCDDEE/FFFFEE/FFFFEE")
T_BOARD = board(2, "/".join(["ABCDEFGHIJ"] * 10))
E_BOARD = board(1, "AAABB/BBBBC/CCCCC/DDDEE/DDDEE")
BLOCKS = board(2, "AAAABBBB/AAAABBBB/CCCCDDDD/CCCCDDDD/EEEEFFFF/EEEEFFFF/GGGGHHHH/GGGGHHHH")
OPEN8 = "/".join(["?" * 10] * 8)


def test_every_rule_id_has_one_catalog_entry() -> None:
    ids = [e.id for e in CATALOG]
    assert len(ids) == len(set(ids))
    engine = {r.id for r in (*PRODUCTION, *UNIQUENESS_RULES, TRIAL_RULE)}
    assert engine == set(ids)
    assert all(e.seed and e.guide for e in CATALOG)
    for rule in (*SEED_TIERS, *UNIQUENESS_RULES):
        importlib.import_module(rule.fn.__module__)
        assert rule.fn.__module__.startswith("gridlogic.puzzles.starbattle.rules."), rule


def test_the_forms_of_an_id_say_how_they_differ() -> None:
    """Where several rules share an id, every form after the first has a note of its own."""
    seen: set[str] = set()
    for rule in SEED_TIERS:
        if rule.id in seen:
            assert rule.note, rule
        seen.add(rule.id)


@pytest.mark.parametrize(("family", "rule", "module"), [
    ("§4.1 Kissing Ls", "R6.1", "kissing_ls"), ("§4.2 The M", "R6.2", "the_m"),
    ("§4.3 Pressured Ts", "R6.3", "pressured_t"), ("§4.4 Fish", "R6.4", "fish"), ("§4.5 n-Rooks", "R6.6", "rooks"),
    ("§4.6 Entanglement", "Entanglement", "entanglement"), ("§3.1 By a thread", "R7.1", "by_a_thread"),
    ("§3.2 At sea", "R7.2", "at_sea"), ("§3.3 By a thread at sea", "R7.3", "by_a_thread"),
    ("§2.6 Set differentials / composite shapes", "R5.6", "set_differentials"),
])
def test_guide_technique_is_findable(family: str, rule: str, module: str) -> None:
    assert BY_ID[rule].guide == family
    first = next(r for r in (*SEED_TIERS, *UNIQUENESS_RULES) if r.id == rule)
    assert first.fn.__module__ == f"gridlogic.puzzles.starbattle.rules.{module}"


def test_kissing_ls_fire_on_an_l_beside_a_2x2() -> None:
    # Region B's candidates r1c3, r1c4, r2c3 form an L; a star at r1c2 (A's 2x2) leaves B only r1c4.
    step = kissing_ls.r6_1(state(K_BOARD, "??????/???.??/??????/??????/??????/??????"))
    assert step is not None and step.rule == "R6.1"
    assert cells(step, "black") == {(0, 1)} and "r1c3, r1c4, r2c3" in step.reason and "row 1" in step.reason


def test_kissing_ls_are_silent_when_the_2x2s_are_whole() -> None:
    assert kissing_ls.r6_1(state(K_BOARD)) is None


def test_the_m_fires_when_a_region_caps_an_uninformative_squeeze() -> None:
    # Rows 1-2 need 2 stars and take 3 2x2s; region A's cells there take 2 but A needs 1.
    step = the_m.r6_2(state(M_BOARD, "????../??????/??????/??????/??????/??????"))
    assert step is not None and step.rule == "R6.2"
    assert cells(step, "black") == {(2, 4), (2, 5)} and not cells(step, "star")
    assert "rows 1 and 2" in step.reason and "region A" in step.reason and "r3c5, r3c6" in step.reason


def test_the_m_is_silent_when_every_region_can_hold_its_piece() -> None:
    assert the_m.r6_2(state(BLOCKS)) is None


def test_pressured_t_fires_on_a_t_under_a_pressured_row() -> None:
    # Row 1 has a star (r1c10): the T r1c3-r1c5 + r2c4 holds one star; rows 1-2 then hold just 3.
    step = pressured_t.r6_3_t(state(T_BOARD, "..???....*/?..?..??../" + OPEN8))
    assert step is not None and step.rule == "R6.3"
    assert cells(step, "black") == {(2, 0), (2, 1), (2, 6), (2, 7)}
    assert "r1c3, r1c4, r1c5, r2c4" in step.reason and "row 1" in step.reason


def test_pressured_t_is_silent_without_pressure() -> None:
    assert pressured_t.r6_3_t(state(T_BOARD, "..???...../?..?..??../" + OPEN8)) is None


def test_entanglement_fires_from_an_empty_board() -> None:
    # A (r1c1-r1c3) and B (r1c4-r1c5, r2c1-r2c4) touch: every joint placement agrees on five cells.
    step = entanglement.entanglement(state(E_BOARD))
    assert step is not None and step.rule == "Entanglement"
    assert cells(step, "black") == {(0, 3), (0, 4), (1, 1), (1, 4), (2, 2)}
    assert "region A and region B" in step.reason and "r1c4, r1c5, r2c2, r2c5, r3c3" in step.reason


def test_entanglement_places_the_stars_every_joint_placement_has() -> None:
    step = entanglement.entanglement(state(E_BOARD, "?.?../.?.?./?????/?????/?????"))
    assert step is not None and cells(step, "star") == {(0, 0), (1, 3)}


def test_entanglement_is_silent_on_loose_blocks() -> None:
    assert entanglement.entanglement(state(BLOCKS)) is None


NEW = {"R6.2": the_m.r6_2, "R6.3 T": pressured_t.r6_3_t, "Entanglement": entanglement.entanglement}


@pytest.mark.parametrize("name", sorted(NEW))
def test_new_units_are_sound_along_real_solves(corpus: Path, name: str) -> None:
    """Called alone on every board of 24 corpus solves (5x5 to 14x14): marks agree with the
    solution; The M and Entanglement fire on some of them."""
    rule = NEW[name]
    fired = 0
    for pid, puzzle, sol in corpus_sample(corpus, per_file=1, every=5)[:24]:
        st = State.start(puzzle)
        for step in explain(puzzle, 4).steps:
            got = rule(st.copy())
            if got is not None:
                fired += 1
                assert all((m.value == "star") == (m.cell in sol) for m in got.marks), f"{pid}: {got.reason}"
            st.apply_marks(step)
    assert fired >= 1 or name == "R6.3 T"
