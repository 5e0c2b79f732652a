"""Soundness over a fixed corpus sample: every mark of every step agrees with the unique solution."""

from __future__ import annotations

from pathlib import Path

from sbr_helpers import corpus_sample

from gridlogic.puzzles.starbattle.explain import explain


def test_every_step_agrees_with_the_solution(corpus: Path) -> None:
    sample = corpus_sample(corpus, per_file=3, every=7)
    assert len(sample) > 50
    solved = 0
    for pid, puzzle, solution in sample:
        ex = explain(puzzle)
        solved += ex.status == "solved"
        for k, s in enumerate(ex.steps, 1):
            for m in s.marks:
                assert (m.value == "star") == (m.cell in solution), f"{pid} step {k} [{s.rule}] {s.reason}"
        assert ex.status != "contradiction", pid
    assert solved == len(sample)
