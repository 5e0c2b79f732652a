"""The generator: seeded, unique, checked, varied, exactly at the asked grade, regions that look
published. Candidate counts are capped by ``attempts`` (not by time), so every answer is the same
on any machine."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from gridlogic.core.errors import GenerationFailed, GridlogicError, ParseError
from gridlogic.core.generation import LEVEL_SHIFT, VARIETY, Tally
from gridlogic.core.grid import grid
from gridlogic.puzzles.starbattle import KIND
from gridlogic.puzzles.starbattle.check import check
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.generate import SCREENS, TRIAL_BUDGET, generate, judge, parse_size
from gridlogic.puzzles.starbattle.layouts import layouts_listed, prefixes, random_solution, seed_layout
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.regions import _pick_move, _pick_swap, unique_puzzle
from gridlogic.puzzles.starbattle.shapes import shape, snake, straight

OPTS = {"attempts": 400, "time_limit": 3600}


def connected(p: StarBattle) -> bool:
    n = p.n
    for unit in p.units:
        cells = set(unit)
        seen = {unit[0]}
        stack = [unit[0]]
        while stack:
            r, c = divmod(stack.pop(), n)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * n + cc
                if 0 <= rr < n and 0 <= cc < n and j in cells and j not in seen:
                    seen.add(j)
                    stack.append(j)
        if seen != cells:
            return False
    return True


@pytest.mark.parametrize(("size", "stars", "seed"), [("5", None, 1), ("8", 1, 2), ("10", 2, 3), ("10x10", None, 4),
                                                      ("12", 2, 5)])
def test_generated_puzzles_are_unique(size: str, stars: int | None, seed: int) -> None:
    g = generate(size=size, stars=stars, difficulty=None, seed=seed)
    assert g.puzzle.n == parse_size(size)
    assert list(islice(solutions(g.puzzle), 2)) == [g.solution]
    assert check(g.puzzle, g.solution) == []
    assert connected(g.puzzle) and min(len(u) for u in g.puzzle.units) > 1
    again = generate(size=size, stars=stars, difficulty=None, seed=seed)
    assert again.puzzle == g.puzzle
    text = KIND.default_format().write(g.puzzle)  # type: ignore[misc]
    assert KIND.default_format().read(text).canonical() == g.puzzle.canonical()


@pytest.mark.parametrize(("size", "level", "seed"), [
    ("6", "easy", 1), ("6", "hard", 2), ("8", "easy", 3), ("8", "medium", 4), ("8", "hard", 5),
    ("10", "easy", 6), ("10", "medium", 7), ("10", "hard", 8), ("10", "expert", 9), ("10", "expert+", 1),
    ("10", "trial", 3), ("14", "expert", 2), ("14", "expert+", 1), ("17", "medium", 1), ("17", "expert", 2),
])
def test_exactly_the_asked_grade(size: str, level: str, seed: int) -> None:
    g = generate(size=size, stars=None, difficulty=level, seed=seed, options=OPTS)
    target = KIND.levels.index(level)
    assert list(islice(solutions(g.puzzle), 2)) == [g.solution]
    assert g.grade is not None and g.grade.name == level and KIND.grade(g.puzzle).level == target
    assert KIND.explain(g.puzzle, target).status == "solved"
    if target > 0:
        assert KIND.explain(g.puzzle, target - 1).status == "stuck"
    assert connected(g.puzzle) and min(len(u) for u in g.puzzle.units) > 1


def test_seeds_and_difficulties_give_different_puzzles() -> None:
    sols = {generate(size="10", stars=2, difficulty=None, seed=s).solution for s in range(1, 13)}
    assert len(sols) == 12
    layouts = {random_solution(8, 1, random.Random(s)) for s in range(20)}
    assert len(layouts) >= 15
    by_level = {lv: generate(size="8", stars=1, difficulty=lv, seed=1, options=OPTS) for lv in ("easy", "medium")}
    assert by_level["easy"].puzzle != by_level["medium"].puzzle
    assert by_level["easy"].solution != by_level["medium"].solution


def test_seeds_less_than_100_apart_never_share_a_solution() -> None:
    """8/1 has 5,242 placements, so 100 free draws repeat one with probability ~64 %: seed k's
    placements all start with the (k mod 100)-th of 100 different first rows instead."""
    starts = prefixes(8, 1)
    assert len(set(starts)) == VARIETY and len({len(p) for p in starts}) == 1
    firsts = []
    for seed in range(1, VARIETY + 1):
        rng = random.Random(seed)
        sols = [seed_layout(8, 1, seed, rng) for _ in range(3)]
        depth = len(starts[seed % VARIETY])
        for sol in sols:
            assert valid_layout(8, 1, sol)
            assert tuple(sum(1 << c for r, c in sol if r == i) for i in range(depth)) == starts[seed % VARIETY]
        firsts.append(sols[0])
    assert len(set(firsts)) == VARIETY
    ten = prefixes(10, 2)
    for level, shift in ((None, 0), ("easy", LEVEL_SHIFT), ("hard", 3 * LEVEL_SHIFT)):
        made = [generate(size="10", stars=2, difficulty=level, seed=s, options=OPTS).solution for s in (1, 101, 2)]
        top = [tuple(sum(1 << c for r, c in sol if r == i) for i in range(len(ten[0]))) for sol in made]
        assert top[0] == top[1] == ten[(1 + shift) % VARIETY] != top[2] == ten[(2 + shift) % VARIETY]


def valid_layout(n: int, stars: int, sol: frozenset[tuple[int, int]]) -> bool:
    rows = [sum(1 for r, _ in sol if r == k) for k in range(n)]
    cols = [sum(1 for _, c in sol if c == k) for k in range(n)]
    apart = all(max(abs(a - c), abs(b - d)) > 1 for (a, b) in sol for (c, d) in sol if (a, b) != (c, d))
    return rows == cols == [stars] * n and apart


@pytest.mark.parametrize(("n", "stars", "count"), [(5, 1, 14), (6, 1, 90), (8, 2, 2), (12, 3, 2), (7, 2, 0),
                                                   (7, 1, None)])
def test_sizes_with_few_layouts_are_listed_whole(n: int, stars: int, count: int | None) -> None:
    """5/1 and 6/1 have fewer placements than 100 seeds (14 and 90, OEIS A002464): seed k takes the
    k-th of the list, so any 14 (90) seeds in a row differ; 7/1 has 646 (first rows by seed)."""
    listed = layouts_listed(n, stars)
    if count is None:
        assert listed is None
        return
    assert listed is not None and len(listed) == len(set(listed)) == count
    assert all(valid_layout(n, stars, sol) for sol in listed)
    if count:
        assert {seed_layout(n, stars, s, random.Random(0)) for s in range(1, count + 1)} == set(listed)


def test_a_size_without_layouts_is_a_negative_answer() -> None:
    for n, stars in ((7, 2), (11, 3)):
        with pytest.raises(GenerationFailed, match=rf"no {n}x{n} board holds {stars} stars in every row"):
            generate(size=str(n), stars=stars, difficulty=None, seed=1)
    assert len({generate(size="5", stars=1, difficulty=None, seed=s).solution for s in range(1, 15)}) == 14


def test_one_seed_gives_another_puzzle_at_every_grade() -> None:
    got = [generate(size="10", stars=2, difficulty=lv, seed=1, options=OPTS) for lv in KIND.levels[:6]]
    assert [g.grade.name for g in got if g.grade] == list(KIND.levels[:6])
    assert len({g.puzzle for g in got}) == 6 and len({g.solution for g in got}) == 6
    assert [KIND.grade(g.puzzle).level for g in got] == list(range(6))


def unknown_when_capped(p: StarBattle, level: int) -> float:
    ex = KIND.explain(p, level)
    return 0.0 if ex.status == "solved" else sum(row.count("?") for row in ex.final) / p.n ** 2


def test_trial_puzzles_at_10_2_have_no_small_region_and_pass_the_screens() -> None:
    """The Trial path at 10/2: regions of at least 0.7 n cells, and the puzzle it returns leaves
    the cells the screens ask for unknown when capped at their levels (checked by separate capped
    solves; the generator checks them inside one run)."""
    tally = Tally()
    g = generate(size="10", stars=2, difficulty="trial", seed=2, options={**OPTS, "tally": tally})
    assert shape(g.puzzle).smallest >= 7
    assert KIND.explain(g.puzzle, 4).status == "stuck" and KIND.explain(g.puzzle, 5).status == "solved"
    assert all(unknown_when_capped(g.puzzle, level) >= share for level, share in SCREENS[10])
    assert tally.grades["trial"] == 1 and tally.grades["<trial screened"] > 0
    assert tally.candidates == sum(tally.grades.values())


def test_a_move_that_leaves_its_region_short_is_refilled_from_a_third_region() -> None:
    """Uniqueness repair with a smallest region (10/2 Trial): when every move would leave its region
    under the bound, a swap moves the other solution's star out and refills the region with a plain
    border cell of a third, larger region: every region connected, none under the bound, each
    still holding our stars, and the other solution's region count broken."""
    nbrs = grid(4, 4).neighbours4
    owner = [0, 0, 1, 1,
             0, 0, 1, 1,
             2, 2, 3, 3,
             2, 2, 2, 3]  # A, B 4 cells; C 5; D 3 (the bound is 4)
    ours = {0, 3, 12, 15}
    other = 5  # a star of another solution, in A, not ours
    assert _pick_move(nbrs, owner, [other], ours, random.Random(1), 4) is None
    for seed in range(5):
        got = _pick_swap(nbrs, owner, [other], ours | {other}, ours, random.Random(seed), 4)
        assert got is not None
        (part, target), (cell, donor) = got
        moved = list(owner)
        for i in part:
            moved[i] = target
        moved[cell] = owner[other]
        assert part == [other] and target in {1, 2} and donor == 2 != target and cell == 8
        assert connected(StarBattle.from_rows(1, [moved[r * 4:(r + 1) * 4] for r in range(4)]))
        for reg in range(4):
            cells = {i for i in range(16) if moved[i] == reg}
            assert len(cells & ours) == 1
            assert reg == 3 or len(cells) >= 4
        assert moved[other] != owner[other]


def test_one_judging_run_says_what_the_capped_solves_say() -> None:
    """``judge``: on target exactly when solved capped at the target and stuck one below; with the
    screens, a candidate passes exactly when every screen's capped solve leaves its share unknown
    (and a screened-out one is counted as such, never as a hit)."""
    rng = random.Random("judge")
    drawn = [unique_puzzle(10, 2, rng, sigma=sigma, least=least) for sigma, least in [(1.2, 2)] * 3 + [(0.4, 6)] * 6]
    trial = generate(size="10", stars=2, difficulty="trial", seed=2, options=OPTS).puzzle
    seen: set[str] = set()
    for p in [trial, *(found[0] for found in drawn if found is not None)]:
        for target in (1, 2, 4, 5):
            tally = Tally()
            got = judge(p, target, tally)
            on = KIND.explain(p, target).status == "solved" and KIND.explain(p, target - 1).status == "stuck"
            assert (got is not None) == on
            if got is not None:
                assert got == KIND.grade(p) and got.level == target
            seen.add(next(iter(tally.grades)))
        tally = Tally()
        passed = all(unknown_when_capped(p, level) >= share for level, share in SCREENS[10])
        got = judge(p, 5, tally, SCREENS[10])
        if not passed:
            assert got is None and tally.grades["<trial screened"] == 1
        else:
            assert tally.grades["<trial screened"] == 0
            assert (got is not None) == (KIND.explain(p, 4).status == "stuck")
        seen.add(next(iter(tally.grades)))
    assert {"<trial screened", "<trial", "trial", "hard", "<hard", ">hard", ">medium"} <= seen


def test_a_trial_budget_drops_costly_candidates_and_changes_no_verdict() -> None:
    """``judge(budget=...)`` (the Trial path of big boards, :data:`TRIAL_BUDGET`): a candidate whose
    trial search spends the budget is dropped and counted as such; with a budget it does not reach,
    the verdict is the unbounded one; a candidate solved without the trial search never spends it."""
    trial = generate(size="10", stars=2, difficulty="trial", seed=2, options=OPTS).puzzle
    tally = Tally()
    assert judge(trial, 5, tally, budget=1) is None and tally.grades == {">trial budget": 1}
    tally = Tally()
    assert judge(trial, 5, tally, budget=10**9) == judge(trial, 5, Tally()) == KIND.grade(trial)
    assert tally.grades == {"trial": 1}
    easy = generate(size="10", stars=2, difficulty="hard", seed=8, options=OPTS).puzzle
    tally = Tally()
    assert judge(easy, 5, tally, budget=1) is None and tally.grades == {"<trial": 1}
    assert set(TRIAL_BUDGET) <= {14, 17, 21, 25} and all(b > 0 for b in TRIAL_BUDGET.values())


def test_single_cells_only_when_asked() -> None:
    for seed in range(1, 9):
        assert shape(generate(size="6", stars=1, difficulty=None, seed=seed).puzzle).smallest > 1
    asked = [generate(size="8", stars=1, difficulty=None, seed=s, options={"single_cells": True}).puzzle
             for s in range(1, 9)]
    assert all(connected(p) for p in asked)


@pytest.mark.parametrize("bad", ["99", "6", "Uniqueness", "uniqueness", "-1", "Impossible", "2.5", "①", "٦"])
def test_bad_difficulties(bad: str) -> None:
    with pytest.raises(ParseError, match=r"cannot be targeted|unknown level"):
        generate(size="8", stars=None, difficulty=bad, seed=1)


def test_a_missed_target_is_a_negative_answer() -> None:
    with pytest.raises(GenerationFailed, match=r"no 5x5 1-star expert puzzle found in 5 attempts .*tried"):
        generate(size="5", stars=None, difficulty="expert", seed=1, options={"attempts": 5})


def test_shape_measures() -> None:
    assert straight(5, (0, 1, 2)) and straight(5, (0, 5, 10)) and not straight(5, (0, 1, 5)) and not straight(5, (3,))
    assert snake(5, (0, 1, 5, 6)) == 0  # a 2x2 block
    assert snake(5, (0, 1, 2, 3, 4)) == 5
    assert snake(5, (0, 1, 5, 6, 7, 8)) == 2  # the block, then a two-cell tail


@pytest.mark.parametrize(("size", "stars"), [("8x9", None), ("x", None), ("3", None), ("10", 3), ("10", 0)])
def test_bad_requests(size: str, stars: int | None) -> None:
    with pytest.raises(GridlogicError):
        generate(size=size, stars=stars, difficulty=None, seed=1)
