"""The Str8ts generator: unique, exactly at the asked level, curated black counts, symmetric,
different for each seed and level; bad levels refused; a missed target is a negative answer."""

from __future__ import annotations

from itertools import islice
from random import Random

import pytest

from gridlogic.core.errors import GenerationFailed, GridlogicError
from gridlogic.puzzles.str8ts.exact import sat as exact_sat
from gridlogic.puzzles.str8ts.generate import (
    GRID_CONFLICTS,
    PatternSat,
    black_pattern,
    generate,
    minimise,
    solved_grid,
    with_givens,
)
from gridlogic.puzzles.str8ts.kind import KIND
from gridlogic.puzzles.str8ts.model import Str8ts

OPTS = {"attempts": 100, "time_limit": 3600}


@pytest.mark.parametrize(("level", "seed"), [(0, 1), (1, 2), (2, 3), (3, 4)])
def test_exactly_the_asked_level(level: int, seed: int) -> None:
    g = generate(9, level, seed, OPTS)
    p = g.puzzle
    assert len(list(islice(exact_sat.solutions(p), 2))) == 1
    assert g.grade is not None and g.grade.level == level == KIND.grade(p).level
    assert KIND.explain(p, level).status == "solved"
    if level > 0:
        assert KIND.explain(p, level - 1).status != "solved"
    blacks = [i for i in range(81) if p.black[i]]
    assert 18 <= len(blacks) <= 23
    assert all(p.black[80 - i] for i in blacks)
    assert 4 <= sum(1 for i in blacks if p.givens[i]) <= 7


def test_seeds_and_levels_give_different_puzzles() -> None:
    assert len({generate(9, 1, s, OPTS).puzzle for s in range(1, 6)}) == 5
    a, b = generate(9, 0, 7, OPTS), generate(9, 1, 7, OPTS)
    assert a.puzzle.black != b.puzzle.black and a.solution != b.solution


@pytest.mark.parametrize("bad", ["5", "99", "unsolved", "hardest", "-1"])
def test_bad_levels(bad: str) -> None:
    with pytest.raises(GridlogicError, match=r"cannot be targeted|unknown level"):
        KIND.generate(size="9", difficulty=bad, seed=1, options={})


@pytest.mark.parametrize("bad", ["3", "10", "9x8", "x"])
def test_bad_sizes(bad: str) -> None:
    with pytest.raises(GridlogicError):
        KIND.generate(size=bad, difficulty=None, seed=1, options={})


def test_a_missed_target_is_a_negative_answer() -> None:
    with pytest.raises(GenerationFailed, match="found in 1 attempts"):
        generate(9, 4, 1, {"attempts": 1})


def test_extreme_is_on_target() -> None:
    g = generate(9, 4, 5, OPTS)
    p = g.puzzle
    assert g.grade is not None and g.grade.level == 4 == KIND.grade(p).level
    assert g.grade.hardest_rule == KIND.grade(p).hardest_rule
    assert KIND.explain(p, 4).status == "solved" and KIND.explain(p, 3).status != "solved"
    assert list(islice(exact_sat.solutions(p), 2)) == [g.solution]


def test_pattern_solver_answers_uniqueness_as_the_exact_solver() -> None:
    rng = Random(5)
    with PatternSat(Str8ts(9, black_pattern(9, rng), (0,) * 81)) as sat:
        full = solved_grid(9, rng, sat)
        assert full is not None and not KIND.check(full, tuple(0 if full.black[i] else g for i, g in
                                                               enumerate(full.givens)))
        p = minimise(full, rng, sat)
        assert len(list(islice(exact_sat.solutions(p), 2))) == 1
        givens = list(p.givens)
        for i in p.white:
            if givens[i]:  # minimal: without any one white given there is another solution
                keep, givens[i] = givens[i], 0
                assert not sat.unique(givens)
                assert len(list(islice(exact_sat.solutions(with_givens(p, givens)), 2))) == 2
                givens[i] = keep
        assert sat.unique(givens)


def test_a_pattern_with_no_solution_is_given_up_within_the_conflict_budget() -> None:
    """This half-turn-symmetric pattern (drawn by ``generate(9, extreme, 23)``) has no solution at
    all: MiniSat needs ~266k conflicts (4-5 s) to prove it; the grid search stops after
    GRID_CONFLICTS a try and the generator draws the next pattern."""
    rows = "##.......###.....#.......#.#.......##.......##.......#.#.......#.....###.......##"
    p = Str8ts(9, tuple(c == "#" for c in rows), (0,) * 81)
    assert p.black == p.black[::-1]
    with PatternSat(p) as sat:
        assert sat.grid([]) is None
        assert sat.solver.accum_stats()["conflicts"] <= GRID_CONFLICTS + 10
