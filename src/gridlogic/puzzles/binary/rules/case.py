"""Level 5, the last: LEGUP's case rule ZeroOrOne used as a bounded contradiction search. Suppose
a cell holds one digit and apply the rules of the lower levels until nothing changes; if that breaks a
contradiction rule (Trio, UnbalancedRowColumn, RepeatedRowColumn, WastedBlocker, or a line with no
completion), the cell holds the other digit.

ZeroOrOne follows a supposition with levels 1-4. Only when it finds nothing, ZeroOrOneNested follows
a supposition with levels 1-4 plus ZeroOrOne (two suppositions deep at most, and a budget of
suppositions per step). ``closure`` takes a *strength*: 1-4 the levels, 5 with ZeroOrOne, 6 with
ZeroOrOneNested.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gridlogic.core.errors import Contradiction
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.binary.rules.levels import LINE, SEARCH
from gridlogic.puzzles.binary.rules.lines import Lines, bits_of
from gridlogic.puzzles.binary.rules.propagate import propagate
from gridlogic.puzzles.binary.rules.state import BinaryState

INNER_NAMES = {LINE: "the rules of levels 1-4 (direct rules and line completions)",
               SEARCH: "the rules of levels 1-4 and a second supposition"}


def candidates(lb: Lines) -> list[tuple[int, int]]:
    """Unknown cells, those in the fullest lines first (where a supposition bites soonest)."""
    cells = []
    for r in range(lb.height):
        for c in bits_of(lb.unknown(r)):
            score = lb.unknown(r).bit_count() + lb.unknown(lb.height + c).bit_count()
            cells.append((score, r, c))
    return [(r, c) for _, r, c in sorted(cells)]


class OutOfBudget(Exception):  # noqa: N818 - control flow
    """The search spent its budget of suppositions."""


@dataclass
class Budget:
    """How many more suppositions a search may make (bounds the work on hopeless boards)."""

    left: int

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfBudget


def refutes(lb: Lines, r: int, c: int, v: int, inner: int, budget: Budget | None = None) -> str | None:
    """The contradiction rule reached by supposing ``r, c`` holds ``v`` and following the rules up to
    level ``inner``, else None."""
    if budget is not None:
        budget.spend()
    trial = lb.copy()
    try:
        trial.set_cell(r, c, v)
    except Contradiction:
        return "Conflict"
    return closure(trial, inner, (r, lb.height + c), budget)


def closure(lb: Lines, level: int, start: Iterable[int] | None = None, budget: Budget | None = None) -> str | None:
    """Apply every rule up to ``level`` (search levels included) in place until nothing changes:
    ``None``, or the name of the contradiction rule reached."""
    todo: Iterable[int] | None = start
    while True:
        why = propagate(lb, min(level, LINE), todo)
        if why is not None:
            return why
        if level <= LINE or lb.is_solved():
            return None
        hit = next(((r, c, v) for r, c in candidates(lb) for v in (0, 1)
                    if refutes(lb, r, c, v, level - 1, budget) is not None), None)
        if hit is None:
            return None
        r, c, v = hit
        lb.touched.clear()
        try:
            lb.set_cell(r, c, 1 - v)
        except Contradiction:
            return "Conflict"
        todo = set(lb.touched)


@dataclass(frozen=True)
class ZeroOrOne:
    """Contradiction search graded ``level``: suppositions are followed with ``closure`` strength
    ``inner``."""

    id: str
    level: int
    inner: int
    budget: int

    def find(self, state: BinaryState) -> Step | None:
        lb = state.lines
        inner = self.inner
        budget = Budget(self.budget)
        for r, c in candidates(lb):
            for v in (0, 1):
                try:
                    why = refutes(lb, r, c, v, inner, budget)
                except OutOfBudget:
                    return None
                if why is not None:
                    return Step(self.id, self.level,
                                f"ZeroOrOne on r{r + 1}c{c + 1}: if it were {v}, {INNER_NAMES[inner]} "
                                f"lead to {why}; so it is {1 - v}.",
                                ((r, c),), (Mark((r, c), str(1 - v)),))
        return None


NESTED_BUDGET = 4000
"""Suppositions (outer and inner) one ZeroOrOneNested step may make before giving up."""

ZERO_OR_ONE = ZeroOrOne("ZeroOrOne", SEARCH, LINE, 10**9)
ZERO_OR_ONE_NESTED = ZeroOrOne("ZeroOrOneNested", SEARCH, SEARCH, NESTED_BUDGET)
