"""The generator: seeded, unique, checked, in every size class it is asked for."""

from __future__ import annotations

from itertools import islice

import pytest

from gridlogic.core.errors import GridlogicError
from gridlogic.puzzles.starbattle import KIND
from gridlogic.puzzles.starbattle.check import check
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.generate import generate, parse_size


@pytest.mark.parametrize(("size", "stars", "seed"), [("5", None, 1), ("8", 1, 2), ("10", 2, 3), ("10x10", None, 4),
                                                      ("14", 3, 5)])
def test_generated_puzzles_are_unique(size: str, stars: int | None, seed: int) -> None:
    g = generate(size=size, stars=stars, difficulty=None, seed=seed)
    assert g.puzzle.n == parse_size(size)
    assert list(islice(solutions(g.puzzle), 2)) == [g.solution]
    assert check(g.puzzle, g.solution) == []
    again = generate(size=size, stars=stars, difficulty=None, seed=seed)
    assert again.puzzle == g.puzzle
    text = KIND.default_format().write(g.puzzle)  # type: ignore[misc]
    assert KIND.default_format().read(text).canonical() == g.puzzle.canonical()


@pytest.mark.parametrize(("size", "stars"), [("8x9", None), ("x", None), ("3", None), ("10", 3), ("10", 0)])
def test_bad_requests(size: str, stars: int | None) -> None:
    with pytest.raises(GridlogicError):
        generate(size=size, stars=stars, difficulty=None, seed=1)
