"""The public API of the Star Battle rules package: explain, grade, render, hint, levels."""

from __future__ import annotations

from sbr_helpers import board

from gridlogic.puzzles.starbattle.explain import explain, grade, hint_step, render_explanation
from gridlogic.puzzles.starbattle.rules import LEVELS, rules

# 5x5, 1 star: regions as letters (a small puzzle with one solution).
P5 = board(1, "BBCCA BBCCA BBBAA BBBEE DBBEE")  # generated here; one solution
P5M = board(1, "DDEEE CDEBB CDDBB AAABB AAABB")  # needs exclusion (Medium)


def test_levels_and_rule_levels() -> None:
    assert LEVELS[:5] == ("easy", "medium", "hard", "expert", "expert+")
    assert "trial" in LEVELS
    for r in rules():
        assert 0 <= r.level < len(LEVELS)
        assert r.id.startswith("R") or r.id in ("Placements", "Entanglement", "Weighted", "Trial")
    assert all(r.level <= 1 for r in rules(1))
    assert not [r for r in rules() if r.id.startswith("R7")]
    assert [r for r in rules(allow_uniqueness=True) if r.id.startswith("R7")]


def test_explain_solves_and_names_units() -> None:
    ex = explain(P5)
    assert ex.status == "solved"
    assert all(len(row) == 5 and set(row) <= set("*.?") for row in ex.final)
    assert ex.steps and all(s.reason and s.marks for s in ex.steps)
    assert ex.grade == LEVELS[ex.level]
    js = ex.to_json()
    assert js["status"] == ex.status and js["steps"][0]["rule"] == ex.steps[0].rule


def test_max_level_caps_every_step() -> None:
    ex = explain(P5M, max_level=0)
    assert ex.steps and all(s.level == 0 for s in ex.steps)
    assert ex.status == "stuck"  # P5M needs a Medium rule


def test_grade_matches_explain() -> None:
    for p in (P5, P5M):
        ex = explain(p)
        assert ex.status == "solved"
        g = grade(p)
        assert (g.level, g.name, g.hardest_rule) == (ex.level, LEVELS[ex.level], ex.hardest_rule)
    assert grade(P5M).level == 1  # needs exclusion (Medium)


def test_hardest_rule_is_the_latest_rule_of_the_grade_level() -> None:
    # the engine names it (core/engine.run; tests/core/test_core.py): here, that the catalog's order
    # is the engine's, so Weighted comes after Placements and R5.6's last Expert+ form
    order = [r.id for r in rules() if r.level == 4]
    assert order.index("Weighted") > order.index("Placements")
    for p in (P5, P5M):
        ex = explain(p)
        at = [r.id for r in rules() if r.level == ex.level]
        used = {s.rule for s in ex.steps if s.level == ex.level}
        assert ex.hardest_rule == max(used, key=lambda rule: len(at) - at[::-1].index(rule))


def test_render_numbers_steps_and_draws_board() -> None:
    ex = explain(P5)
    text = render_explanation(P5, ex, verbose=True)
    assert text.startswith("1. [")
    assert f"{len(ex.steps)}. [" in text
    assert ex.status in text.splitlines()[-1]


def test_hint_from_partial_board() -> None:
    step = hint_step(P5, ["?????"] * 5)
    assert step is not None and step.marks
    done = explain(P5).final
    assert hint_step(P5, done) is None


def test_givens_are_respected() -> None:
    from gridlogic.puzzles.starbattle.model import StarBattle

    ex0 = explain(P5)
    star = next((r, row.index("*")) for r, row in enumerate(ex0.final) if "*" in row)
    p = StarBattle(P5.n, P5.stars, P5.regions, ((star, True),))
    ex = explain(p)
    assert all(m.cell != star for s in ex.steps for m in s.marks)
    assert ex.final[star[0]][star[1]] == "*"


def test_medium_puzzle_is_stuck_when_capped_at_easy() -> None:
    assert grade(P5M).name == "medium"
    capped = explain(P5M, max_level=0)
    assert capped.status == "stuck" and "?" in "".join(capped.final)
    assert explain(P5M, max_level=1).status == "solved"


def test_uniqueness_rules_only_on_request_and_never_graded() -> None:
    ex = explain(P5M, allow_uniqueness=True)
    assert ex.status == "solved"
    assert not [s for s in explain(P5M).steps if s.rule.startswith("R7")]
    assert grade(P5M).name == "medium"
