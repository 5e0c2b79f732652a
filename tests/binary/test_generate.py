from __future__ import annotations

from itertools import islice

import pytest

from gridlogic.core.errors import GridlogicError
from gridlogic.puzzles.binary import KIND, Binary
from gridlogic.puzzles.binary.exact import solve_iter
from gridlogic.puzzles.binary.generate import generate, parse_size


@pytest.mark.parametrize(("w", "h", "level", "unique"), [
    (6, 6, 1, True), (6, 6, 2, True), (6, 6, 3, True), (8, 8, 4, True), (8, 8, 5, True),
    (6, 10, 3, True), (7, 7, 2, True), (8, 8, 3, False), (8, 8, 2, False),
])
def test_generated_puzzles_are_unique_and_exactly_graded(w: int, h: int, level: int, unique: bool) -> None:
    g = generate(w, h, level, seed=11, unique_lines=unique)
    p = g.puzzle
    assert isinstance(p, Binary) and (p.width, p.height, p.unique_lines) == (w, h, unique)
    sols = list(islice(solve_iter(p), 2))
    assert sols == [g.solution]
    assert g.grade is not None and g.grade.level == level
    assert KIND.explain(p, level).status == "solved"
    if level > 1:
        assert KIND.explain(p, level - 1).status == "stuck"
    assert KIND.check(p, g.solution) == []


def test_generation_is_deterministic_per_seed() -> None:
    a, b = generate(6, 6, 2, seed=5), generate(6, 6, 2, seed=5)
    assert a.puzzle == b.puzzle


def test_kind_generate_options() -> None:
    g = KIND.generate(size="6", stars=None, difficulty="medium", seed=3, options={"unique_lines": False})
    assert g.grade is not None and g.grade.name == "medium" and not g.puzzle.unique_lines
    with pytest.raises(GridlogicError):
        KIND.generate(size="6", stars=None, difficulty="given", seed=3, options={})


@pytest.mark.parametrize("bad", ["x", "5x6", "0", "6x", "100"])
def test_bad_sizes(bad: str) -> None:
    with pytest.raises(GridlogicError):
        parse_size(bad)
