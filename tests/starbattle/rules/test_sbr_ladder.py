"""The difficulty ladder: one table (``levels.GRADED``) read by one function (``rules.graded``)."""

from __future__ import annotations

from gridlogic.puzzles.starbattle.levels import GRADED, HARD, MEDIUM
from gridlogic.puzzles.starbattle.rules import PRODUCTION, SEED_TIERS, form_name, graded, level_of


def test_every_graded_form_is_a_form_of_the_table() -> None:
    names = {form_name(r) for r in SEED_TIERS}
    assert set(GRADED) <= names, set(GRADED) - names  # a stale name would move nothing, silently


def test_each_form_runs_at_its_graded_level_after_every_lower_level() -> None:
    seed = {form_name(r): r.level for r in SEED_TIERS}
    assert len(seed) == len(SEED_TIERS)  # a form name names one record
    assert [r.level for r in PRODUCTION] == sorted(r.level for r in PRODUCTION)
    ladder = graded(SEED_TIERS)
    assert {form_name(r): r.level for r in ladder} == {name: GRADED.get(name, lv) for name, lv in seed.items()}


def test_cross_exclusions_plain_at_medium_completing_at_hard() -> None:
    by_name = {form_name(r): r.level for r in PRODUCTION}
    assert by_name["R4.5"] == by_name["R4.6"] == MEDIUM == level_of("R4.5") == level_of("R4.6")
    assert by_name["R4.5 completing"] == by_name["R4.6 completing"] == by_name["R3.6"] == HARD
    assert by_name["R4.4"] == by_name["R4.4 completing"] == MEDIUM


def test_forms_moved_up_run_first_of_their_level_in_the_seeds_order() -> None:
    hard = [form_name(r) for r in PRODUCTION if r.level == HARD]
    assert hard[:3] == ["R3.6", "R4.5 completing", "R4.6 completing"]
