"""Level 5, the last: LEGUP's case rule ZeroOrOne used as a bounded contradiction search. Suppose
a cell holds one digit and apply the rules of the lower levels until nothing changes; if that breaks a
contradiction rule (Trio, UnbalancedRowColumn, RepeatedRowColumn, WastedBlocker, or a line with no
completion), the cell holds the other digit.

ZeroOrOne follows a supposition with levels 1-4. Only when it finds nothing, ZeroOrOneNested follows
a supposition with levels 1-4 plus ZeroOrOne (two suppositions deep at most, and a budget of
suppositions per step). The suppositions run on the propagation engine (:mod:`..propagate`,
strengths 4 and 5); the one that breaks is worded by :func:`.why.refutation`.
"""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.levels import LINE, SEARCH
from gridlogic.puzzles.binary.propagate import Budget, OutOfBudget, breaks, settled
from gridlogic.puzzles.binary.rules.state import BinaryState
from gridlogic.puzzles.binary.rules.why import refutation

INNER_NAMES = {LINE: "the rules of levels 1-4 (direct rules and line completions)",
               SEARCH: "the rules of levels 1-4 and a second supposition"}

NESTED_BUDGET = 4000
"""Suppositions (outer and inner) one ZeroOrOneNested step may make before giving up."""


def refutes(lb: Board, r: int, c: int, v: int, inner: int, budget: Budget | None = None) -> str | None:
    """The contradiction reached by supposing ``r, c`` holds ``v`` on ``lb`` and following it with
    strength ``inner`` (4: levels 1-4, 5: with ZeroOrOne), else None. Raises :class:`OutOfBudget`."""
    base = settled(lb)
    if base is None:
        if budget is not None:
            budget.spend()
    elif not breaks(base, r, c, v, inner, budget):
        return None
    return refutation(lb, r, c, v, inner)


def zero_or_one(rule: str, level: int, inner: int, budget: int | None) -> Callable[[BinaryState], Step | None]:
    """The first cell (fullest lines first, 0 before 1) where supposing a digit breaks a rule when
    followed with strength ``inner``; ``budget`` bounds the suppositions of one step."""
    def find(state: BinaryState) -> Step | None:
        lb = state.lines
        base = settled(lb)
        left = None if budget is None else Budget(budget)
        for r, c in lb.open_cells():
            for v in (0, 1):
                try:
                    if base is None:
                        if left is not None:
                            left.spend()
                    elif not breaks(base, r, c, v, inner, left):
                        continue
                except OutOfBudget:
                    return None
                why = refutation(lb, r, c, v, inner)
                return Step(rule, level, f"ZeroOrOne on r{r + 1}c{c + 1}: if it were {v}, {INNER_NAMES[inner]} "
                            f"lead to {why}; so it is {1 - v}.", ((r, c),), (Mark((r, c), str(1 - v)),))
        return None
    return find
