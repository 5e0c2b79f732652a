"""Levels 4 and 5: LEGUP's case rule ZeroOrOne used as a bounded contradiction search. Suppose a
cell holds one digit, apply the rules of the lower levels until nothing changes; if that breaks a
contradiction rule (Trio, UnbalancedRowColumn, RepeatedRowColumn, WastedBlocker, or a line with
no completion), the cell holds the other digit. One supposition deep, never nested."""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.core.errors import Contradiction
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.binary.rules.lines import Lines, bits_of
from gridlogic.puzzles.binary.rules.propagate import BLOCKER, LINE, propagate
from gridlogic.puzzles.binary.rules.state import BinaryState

INNER_NAMES = {BLOCKER: "the direct rules (up to SaveBlocker/UniqueRowColumn)",
               LINE: "the direct rules and line completions"}


def refutes(lb: Lines, r: int, c: int, v: int, inner: int) -> str | None:
    """The contradiction rule reached by supposing ``r, c`` holds ``v``, else None."""
    trial = lb.copy()
    try:
        trial.set_cell(r, c, v)
    except Contradiction:
        return "Conflict"
    return propagate(trial, inner, (r, lb.height + c))


def candidates(lb: Lines) -> list[tuple[int, int]]:
    """Unknown cells, those in the fullest lines first (where a supposition bites soonest)."""
    cells = []
    for r in range(lb.height):
        for c in bits_of(lb.unknown(r)):
            score = lb.unknown(r).bit_count() + lb.unknown(lb.height + c).bit_count()
            cells.append((score, r, c))
    return [(r, c) for _, r, c in sorted(cells)]


@dataclass(frozen=True)
class ZeroOrOne:
    """Contradiction search at ``level`` whose suppositions are followed with rules up to ``inner``."""

    id: str
    level: int
    inner: int

    def find(self, state: BinaryState) -> Step | None:
        lb = state.lines
        for r, c in candidates(lb):
            for v in (0, 1):
                why = refutes(lb, r, c, v, self.inner)
                if why is not None:
                    return Step(self.id, self.level,
                                f"ZeroOrOne on r{r + 1}c{c + 1}: if it were {v}, {INNER_NAMES[self.inner]} "
                                f"lead to {why}; so it is {1 - v}.",
                                ((r, c),), (Mark((r, c), str(1 - v)),))
        return None


ZERO_OR_ONE = ZeroOrOne("ZeroOrOne", 4, BLOCKER)
ZERO_OR_ONE_DEEP = ZeroOrOne("ZeroOrOneDeep", 5, LINE)
