"""Helpers for the rule tests: small boards from region pictures, corpus sampling."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

from gridlogic.core.grid import Cell
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.formats import sbl, sbn
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules.state import State


def board(stars: int, picture: str) -> StarBattle:
    """Regions from rows of letters (``A`` = region 0), rows separated by spaces or ``/``."""
    rows = picture.replace("/", " ").split()
    return StarBattle.from_rows(stars, [[ord(ch) - 65 for ch in row] for row in rows])


def state(puzzle: StarBattle, marks: str = "") -> State:
    """A board state from rows of ``*``/``.``/``?`` (``marks`` empty: nothing known)."""
    rows = marks.replace("/", " ").split() if marks else []
    return State.from_rows(puzzle, rows)


def cells(step: Step | None, value: str) -> set[Cell]:
    assert step is not None
    return {m.cell for m in step.marks if m.value == value}


SLOW_FILES = {"14-3-unsorted"}
"""Files whose puzzles take seconds each (the benchmark covers them)."""


def corpus_sample(root: Path, per_file: int, every: int = 1) -> list[tuple[str, StarBattle, frozenset[Cell]]]:
    """A fixed sample: the first ``per_file`` puzzles (every ``every``-th) of each masonomara pack and
    StarBattleLab file, with their unique solution (pack solution, else SAT)."""
    out = []
    sb = root / "starbattle"
    for f in sorted((sb / "masonomara-packs").glob("*.json")):
        for k, p in enumerate(json.loads(f.read_text())["puzzles"][: per_file * every : every]):
            puzzle = sbn.read(p["sbn"])
            if puzzle.n <= 14:
                out.append((f"{f.stem}#{k}", puzzle, frozenset((r, c) for r, c in p["solution"])))
    for f in sorted((sb / "starbattlelab").glob("*.txt")):
        if f.stem in SLOW_FILES:
            continue
        lines = [ln for ln in f.read_text().splitlines() if ln.strip()][: per_file * every : every]
        for k, line in enumerate(lines):
            puzzle = sbl.read(line.strip())
            if puzzle.n > 14:
                continue
            sols = list(islice(solutions(puzzle), 2))
            if len(sols) == 1:
                out.append((f"{f.stem}#{k}", puzzle, sols[0]))
    return out


def lab(root: Path, file: str, number: int) -> tuple[StarBattle, frozenset[Cell]]:
    """Puzzle ``number`` (1-based line) of a StarBattleLab file, with its unique solution."""
    line = (root / "starbattle" / "starbattlelab" / f"{file}.txt").read_text().splitlines()[number - 1]
    puzzle = sbl.read(line.strip())
    sols = list(islice(solutions(puzzle), 2))
    assert len(sols) == 1
    return puzzle, sols[0]


def before(puzzle: StarBattle, steps: list[Step], k: int) -> State:
    """The board before step ``k`` of a solve."""
    st = State.start(puzzle)
    for step in steps[:k]:
        st.apply_marks(step)
    return st


def sound(step: Step | None, sol: frozenset[Cell]) -> Step:
    """``step``, asserting that it marks something and only what the solution ``sol`` says."""
    assert step is not None and step.marks
    for m in step.marks:
        assert (m.value == "star") == (m.cell in sol), step.reason
    return step


def solved(puzzle: StarBattle, sol: frozenset[Cell]) -> State:
    """The solved board."""
    n = puzzle.n
    return State.from_rows(puzzle, ["".join("*" if (r, c) in sol else "." for c in range(n)) for r in range(n)])
