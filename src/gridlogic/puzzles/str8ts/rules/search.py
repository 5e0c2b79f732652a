"""The last level: a bounded contradiction search. Assume a candidate, run the lower rules for a
bounded number of steps; if they reach a contradiction the candidate is removed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gridlogic.core.engine import Rule, run
from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.rules.state import State, digits

MAX_STEPS = 60
MAX_CANDIDATES = 3


Finder = Callable[[State], Step | None]


def contradiction_search(level: int, lower: Callable[[], Sequence[Rule[State]]]) -> Finder:
    """BoundedContradiction: for cells with 2, then 3 candidates, try each digit; if the rules below
    this level reach a contradiction within ``MAX_STEPS`` steps, the digit is removed."""

    def find(s: State) -> Step | None:
        rules = lower()
        cells = sorted((i for i in s.puzzle.white if not s.placed[i] and 2 <= bin(s.mask(i)).count("1")
                        <= MAX_CANDIDATES), key=lambda i: bin(s.mask(i)).count("1"))
        for i in cells:
            for d in digits(s.mask(i)):
                trial = s.copy()
                trial.board.fix(i, d - 1)
                trial.placed[i] = True
                out = run(trial, rules, max_steps=MAX_STEPS)
                if out.status == "contradiction":
                    why = out.steps[-1] if out.steps else None
                    tail = f": {why.rule}, {why.reason}" if why else ""
                    return Step("BoundedContradiction", level,
                                f"assuming {cell_name(s.cell(i))} = {d} leads to a contradiction in {len(out.steps)} "
                                f"steps{tail}", (s.cell(i),), (Mark(s.cell(i), f"-{d}"),))
        return None

    return find
