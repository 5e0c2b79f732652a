"""The techniques added last: R4.1/R4.4 with the line counts (``capped``), R5.6 over blocks of three or
more lines (``blocks``) and R6.3 over strips of three to five lines (``strips``). Each fires on a real
board where the rules before it are stuck (or the shorter forms find nothing), marks only what the
unique solution says, and is silent where it must be."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sbr_helpers import before, lab, solved, sound

from gridlogic.core.engine import Rule, next_step
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS, HARD, MEDIUM
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import (
    PRODUCTION,
    blocks,
    capped,
    counting,
    linesets,
    placements,
    pressured_squeeze,
    rules,
    set_differentials,
    strips,
    tier4,
)
from gridlogic.puzzles.starbattle.rules.state import State


def _first(puzzle: StarBattle, pattern: str) -> tuple[list[Step], int]:
    """The explained solve and the index of its first step whose reason matches ``pattern``."""
    steps = explain(puzzle).steps
    k = next(k for k, s in enumerate(steps) if re.match(pattern, s.reason))
    return steps, k






def _before_rule(fn: object) -> list[Rule]:
    """The production rules that come before ``fn`` in engine order."""
    k = next(k for k, r in enumerate(PRODUCTION) if r.fn is fn)
    return list(PRODUCTION[:k])


# ----- R4.4 / R4.1 with the line counts


def test_capped_r4_4_moves_where_every_medium_rule_is_stuck(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 5)
    steps, k = _first(puzzle, "Every way region")
    st = before(puzzle, steps, k)
    assert next_step(st.copy(), rules(MEDIUM)) is None  # plain and completing R4.1-R4.4 included
    assert tier4.r4_4(st.copy()) is None
    step = sound(capped.r4_4_capped(st), sol)
    assert step == steps[k]
    assert step.rule == "R4.4" and step.level == HARD
    assert all(m.value == "black" for m in step.marks)


def test_capped_rules_are_silent_on_solved_and_one_star_boards(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 5)
    assert capped.r4_4_capped(solved(puzzle, sol)) is None
    assert capped.r4_1_capped(solved(puzzle, sol)) is None
    one_star, _ = lab(corpus, "8-1-hard", 1)
    st = State.start(one_star)  # every region needs one star: left to the completing R4.1/R4.4
    assert capped.r4_4_capped(st) is None and capped.r4_1_capped(st) is None


def test_capped_r4_1_fires_and_is_sound_on_an_early_board(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    step = sound(capped.r4_1_capped(State.start(puzzle)), sol)
    assert step.rule == "R4.1" and "without touching it or putting a row or column over its count" in step.reason


def test_capped_r4_4_needs_the_line_counts(corpus: Path) -> None:
    """Without the row and column counts (every line needing as many stars as it can hold), the same
    region's sets spoil nothing that the neighbours alone do not: the marks come from the counts."""
    puzzle, _ = lab(corpus, "10-2-hard", 5)
    steps, k = _first(puzzle, "Every way region")
    st = before(puzzle, steps, k)
    name = re.match(r"Every way (region \w)", steps[k].reason)
    assert name is not None
    reg = next(u for u in st.geo.reg_units if u.name == name.group(1))
    cand = reg.mask & st.unknown
    pairs = [a | b for a in _bits(cand) for b in _bits(cand) if a < b and not st.geo.closed[a.bit_length() - 1] & b]
    touched_by_all = st.geo.full
    for p in pairs:
        touched_by_all &= st.geo.dilate(p)
    marked = sum(1 << (r * st.geo.n + c) for (r, c) in (m.cell for m in steps[k].marks))
    assert marked & ~touched_by_all


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


# ----- R5.6 over blocks of 3+ lines


def test_block_differential_finds_what_short_differentials_and_line_sets_do_not(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 8)
    st = before(puzzle, explain(puzzle).steps, 14)
    for shorter in (set_differentials.r5_6_simple, set_differentials.r5_6_medium, set_differentials.r5_6_long,
                    counting.r5_1, counting.r5_2, linesets.undercounting, linesets.overcounting):
        assert shorter(st.copy()) is None
    step = sound(blocks.r5_6_blocks(st), sol)
    assert step.rule == "R5.6" and step.level == EXPERT_PLUS
    got = re.search(r"\((\d+) operations\) rows (\d+), (\d+), (\d+) \+", step.reason)
    assert got is not None and int(got.group(1)) >= blocks.MIN_OPS
    first, second, third = (int(got.group(k)) for k in (2, 3, 4))
    assert second == first + 1 and third == first + 2


def test_block_differential_is_silent_on_a_solved_board(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 8)
    assert blocks.r5_6_blocks(solved(puzzle, sol)) is None


def test_long_blocks_are_runs_of_three_to_half_the_lines(corpus: Path) -> None:
    puzzle, _ = lab(corpus, "10-2-hard", 8)
    runs = blocks.long_blocks(State.start(puzzle).geo, "row")
    assert {len(r) for r, _ in runs} == {3, 4, 5}
    assert len(runs) == 8 + 7 + 6
    assert all([u.index for u in r] == list(range(r[0].index, r[0].index + len(r))) for r, _ in runs)


# ----- R6.3 over 3-5 lines


def test_wide_pressured_squeeze_moves_where_everything_before_it_is_stuck(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-unsorted", 150)
    steps, k = _first(puzzle, "Pressured squeeze over")
    st = before(puzzle, steps, k)
    assert next_step(st.copy(), _before_rule(strips.r6_3_wide)) is None  # Placements and R6.3 included
    assert pressured_squeeze.r6_3(st.copy()) is None and placements.r_placements(st.copy()) is None
    step = sound(strips.r6_3_wide(st), sol)
    assert step == steps[k] and step.rule == "R6.3" and step.level == EXPERT_PLUS


@pytest.mark.parametrize("widths", [(4,), (5,)])
def test_wide_pressured_squeeze_over_four_and_five_lines(corpus: Path, widths: tuple[int, ...],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    monkeypatch.setattr(strips, "WIDTHS", widths)
    step = sound(strips.r6_3_wide(before(puzzle, explain(puzzle).steps, 3)), sol)
    assert f"over {widths[0]} lines" in step.reason


def test_wide_pressured_squeeze_is_silent_on_a_solved_board(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-unsorted", 150)
    assert strips.r6_3_wide(solved(puzzle, sol)) is None
