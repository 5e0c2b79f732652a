from __future__ import annotations

from collections import Counter
from functools import reduce
from itertools import product
from operator import or_

import pytest
from binary_corpus import Row, puzzle_of

from gridlogic.core.engine import run
from gridlogic.puzzles.binary import KIND
from gridlogic.puzzles.binary.formats import rows
from gridlogic.puzzles.binary.levels import LEVELS
from gridlogic.puzzles.binary.lines import (
    broken,
    complete,
    completion_fill,
    completion_fix,
    completions,
    line_fix,
    line_once,
    matching,
    needy_windows,
    patterns,
    prevent_trio,
    save_blocker,
    unique_fill,
)
from gridlogic.puzzles.binary.rules import TECHNIQUES, BinaryState


def b(s: str) -> int:
    """A line as a bitset: position p is character p."""
    return sum(1 << i for i, ch in enumerate(s) if ch == "1")


def line(s: str) -> tuple[int, int, int]:
    return len(s), b(s), b(s.replace("0", "x").replace("1", "0").replace("x", "1"))


def test_prevent_trio_pairs_and_gaps() -> None:
    assert prevent_trio(*line(".11...")) == (0, b("1..1..".replace(".", "0")))
    assert prevent_trio(*line("0.0...")) == (b("010000"), 0)
    assert prevent_trio(*line("..00..")) == (b("010010"), 0)


def test_complete_row_column() -> None:
    assert complete(*line("1.1.1.")) == (0, b("010101"))
    assert complete(*line("0..0.0")) == (b("011010"), 0)
    assert complete(*line("1.1...")) == (0, 0)


def test_save_blocker_and_wasted_blocker() -> None:
    # one 0 left and one window (c3..c5) without a 0: the 0 goes there, c1 is 1.
    assert needy_windows(*line(".0...0")[::2]) == (1, b("001110"))
    assert save_blocker(*line(".0...0")) == (b("100000"), 0)
    assert save_blocker(*line(".0.1.0")) == (b("100000"), 0)
    assert broken(*line("0...00")) == "WastedBlocker"
    assert broken(*line("1.1.1.1.")) is None


def test_unique_fill_and_completions() -> None:
    to1, to0, f = unique_fill(*line("10.10."), [b("101100"), b("100110")])
    assert (to1, to0, f) == (b("000001"), b("001000"), b("101100"))
    assert unique_fill(*line("1..10."), [b("101100")]) == (0, 0, None)
    assert len(patterns(6)) == 14 and len(patterns(14)) == 518
    assert completion_fill(*line("1.1...")) == (0, b("010000"), 3)
    assert completion_fill(*line("10.10."), [b("101100")]) == (b("000001"), b("001000"), 1)
    assert completion_fill(*line("10.10."))[2] == 2
    assert completion_fill(*line("110110")) == (0, 0, 0)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_line_closure_is_the_rules_to_a_fixpoint_on_every_partial_line(n: int) -> None:
    """``line_once`` is the direct rules of its level together, ``line_fix`` their fixpoint (None
    exactly when a round meets a broken rule or both digits in one cell), level 4 the cells equal in
    every completion; ``matching`` lists the completions."""
    for t in product(".01", repeat=n):
        n_, o, z = line("".join(t))
        ways, must, can = completions(n_, o, z)
        assert matching(n_, o, z) == [p for p in patterns(n_) if p & (o | z) == o]
        unknown = ((1 << n_) - 1) & ~(o | z)
        assert completion_fix(n_, o, z) == (None if not ways else (must & unknown, ~can & unknown))
        for level in (1, 2, 3):
            rule, to1, to0 = line_once(level, n_, o, z)
            assert rule == broken(n_, o, z)
            if rule is None:
                rounds = [prevent_trio(n_, o, z), complete(n_, o, z), save_blocker(n_, o, z)][:level]
                assert (to1, to0) == (reduce(or_, (r[0] for r in rounds)), reduce(or_, (r[1] for r in rounds)))
            o2, z2, bad = o, z, rule is not None
            while not bad:
                r2, a1, a0 = line_once(level, n_, o2, z2)
                bad = r2 is not None or bool(a1 & a0)
                if bad or not a1 | a0:
                    break
                o2, z2 = o2 | a1, z2 | a0
            assert line_fix(level, n_, o, z) == (None if bad else (o2 & ~o, z2 & ~z)), (t, level)
            if not bad:
                assert ways == 0 or (o2 & ~must == 0 and z2 & can == 0)


@pytest.mark.parametrize("n", [5, 6, 8])
def test_line_rules_are_sound_on_every_partial_line(n: int) -> None:
    """Whatever a direct rule fixes holds in every completion; a broken line has none."""
    for t in product(".01", repeat=n):
        n_, o, z = line("".join(t))
        ways, must, can = completions(n_, o, z)
        if broken(n_, o, z) is not None:
            assert ways == 0, t
            continue
        if ways == 0:
            continue
        for to1, to0 in (prevent_trio(n_, o, z), complete(n_, o, z), save_blocker(n_, o, z)):
            assert to1 & ~must == 0 and to0 & can == 0, t


def test_every_step_agrees_with_solution(binary_sample: list[Row]) -> None:
    levels: Counter[str] = Counter()
    for row in binary_sample:
        if row[3] != "1":
            continue
        p = puzzle_of(row)
        ex = KIND.explain(p)
        assert ex.status == "solved", row[0]
        assert "".join(ex.final) == row[5]
        for step in ex.steps:
            assert step.marks and step.reason
            assert LEVELS[step.level]
            for m in step.marks:
                assert row[5][m.cell[0] * p.width + m.cell[1]] == m.value, (row[0], step)
        g = KIND.grade(p)
        assert (g.level, g.name) == (ex.level, LEVELS[ex.level])
        levels[g.name] += 1
    assert {"easy", "medium", "hard", "very-hard", "expert"} <= set(levels), levels


def test_nested_search_only_where_needed(binary_rows: list[Row]) -> None:
    row = next(r for r in binary_rows if r[0] == "takuzu-vue/13x13/d5/171")
    ex = KIND.explain(puzzle_of(row))
    used = {s.rule for s in ex.steps}
    assert ex.status == "solved" and ex.grade == "expert" and {"ZeroOrOne", "ZeroOrOneNested"} <= used
    assert "".join(ex.final) == row[5]


def test_grade_is_lowest_solving_cap(binary_sample: list[Row]) -> None:
    for row in binary_sample[:60]:
        if row[3] != "1":
            continue
        p = puzzle_of(row)
        g = KIND.grade(p)
        assert KIND.explain(p, g.level).status == "solved"
        if g.level > 1:
            assert KIND.explain(p, g.level - 1).status == "stuck"


def test_contradiction_and_stuck(binary_rows: list[Row]) -> None:
    hard2 = next(r for r in binary_rows if r[3] == "0")
    ex = KIND.explain(puzzle_of(hard2))
    assert ex.status == "contradiction" and ex.grade == "unsolved"
    assert ex.steps[-1].rule in {"Trio", "UnbalancedRowColumn", "RepeatedRowColumn", "WastedBlocker"}
    assert KIND.explain(puzzle_of(hard2).with_unique_lines(False)).status == "solved"
    several = rows.read("4x4:" + "." * 16)
    assert KIND.explain(several).status == "stuck"


def test_contradiction_rules_named() -> None:
    for text, rule in [("111.../....../....../....../....../......", "Trio"),
                       ("0101/1010/0101/....", "RepeatedRowColumn")]:
        state = BinaryState.of(rows.read(text))
        step = state.contradiction()
        assert step is not None and step.rule == rule, text
    state = BinaryState.of(rows.read("1.1.1.1./......../......../......../......../......../......../........"))
    assert state.contradiction() is None
    state.lines.set_cell(0, 7, 1)
    bad = state.contradiction()
    assert bad is not None and bad.rule == "UnbalancedRowColumn" and "row 1" in bad.reason
    out = run(BinaryState.of(rows.read("00../00../..../....")), TECHNIQUES)
    assert out.status == "contradiction" and out.steps[-1].rule == "RepeatedRowColumn"


@pytest.mark.parametrize("rule", [t.id for t in TECHNIQUES])
def test_each_rule_is_named_after_the_seed_or_documented(rule: str) -> None:
    seed = {"PreventTrio", "CompleteRowColumn", "SaveBlocker", "UniqueRowColumn"}
    assert rule in seed | {"LineCompletions", "ZeroOrOne", "ZeroOrOneNested"}
