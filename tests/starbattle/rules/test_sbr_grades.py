"""Grades are consistent with capped solves: on a corpus sample, ``grade`` is the lowest
``max_level`` at which ``explain`` solves the puzzle (so a generator can ask for "grades as asked
and is stuck one level below")."""

from __future__ import annotations

from pathlib import Path

from sbr_helpers import corpus_sample

from gridlogic.puzzles.starbattle.explain import explain, grade
from gridlogic.puzzles.starbattle.levels import TRIAL
from gridlogic.puzzles.starbattle.rules import LEVELS


def test_grade_is_the_lowest_level_that_solves(corpus: Path) -> None:
    sample = [s for s in corpus_sample(corpus, per_file=3, every=13) if s[1].n <= 10][:40]
    seen = set()
    for pid, puzzle, _ in sample:
        g = grade(puzzle)
        seen.add(g.level)
        assert g.name == LEVELS[g.level]
        assert explain(puzzle, g.level).status == "solved", pid
        if 0 < g.level <= TRIAL:
            below = explain(puzzle, g.level - 1)
            assert below.status == "stuck", f"{pid}: graded {g.name} but solved at {LEVELS[g.level - 1]}"
    assert len(seen) >= 3
