"""LEGUP's goal conditions (``model/GoalNotes.md``), judged on a checked proof's leaves.

A leaf is *closed* when its branch ends in a valid contradiction, otherwise *open*; an open leaf is
*complete* when its board is a solution. "A solution exists" means some leaf is complete, or the
goal assumes one (``assume_solution``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gridlogic.core.grid import cell_name
from gridlogic.proof.kinds import ProofKind
from gridlogic.proof.model import Goal


@dataclass(frozen=True)
class Leaf:
    path: str
    board: Any
    closed: bool


def missing(goal: Goal, leaves: Sequence[Leaf], kind: ProofKind) -> str | None:
    """None when the proof meets ``goal``; else what is missing, in a sentence."""
    idx = [(kind.index(leaves[0].board, r, c) if leaves else None, r, c, v) for r, c, v in goal.cells]
    outside = [cell_name((r, c)) for i, r, c, _ in idx if i is None]
    if outside and leaves:
        return f"goal cell {outside[0]} is outside the board"
    cells = [(i, r, c, v) for i, r, c, v in idx if i is not None]
    opened = [lf for lf in leaves if not lf.closed]
    complete = [lf for lf in opened if kind.solved(lf.board)]
    exists = bool(complete) or goal.assume_solution

    def values(lf: Leaf) -> tuple[str | None, ...]:
        return tuple(lf.board.cells[i] for i, _, _, _ in cells)

    def matches(lf: Leaf) -> bool:
        return all(lf.board.cells[i] == v for i, _, _, v in cells)

    def differs(lf: Leaf) -> bool:
        return any(lf.board.cells[i] is not None and lf.board.cells[i] != v for i, _, _, v in cells)

    def shown(lf: Leaf) -> str:
        return ", ".join(f"{cell_name((r, c))}={lf.board.cells[i] or '?'}" for i, r, c, _ in cells)

    def first(pred: Callable[[Leaf], bool], what: str) -> str | None:
        bad = next((lf for lf in opened if not pred(lf)), None)
        return None if bad is None else f"open leaf {bad.path} {what} ({shown(bad)})"

    no_solution = "no solution is proven (no leaf is a solution, and the goal does not assume one)"
    wanted = ", ".join(f"{cell_name((r, c))}={v}" for _, r, c, v in cells)
    t = goal.type
    if t == "DEFAULT":
        bad = next((lf for lf in opened if not kind.solved(lf.board)), None)
        return None if bad is None else f"open leaf {bad.path} is not a solution"
    if t == "PROVE_ANY_SOLUTION":
        return None if complete else "no leaf is a solution"
    if t == "PROVE_NO_SOLUTION":
        return None if not opened else f"{len(opened)} open leaves, first {opened[0].path}"
    if t == "PROVE_CELL_MUST_BE":
        return first(matches, f"does not have {wanted}") or (None if exists else no_solution)
    if t == "PROVE_CELL_MIGHT_NOT_BE":
        if any(differs(lf) for lf in complete):
            return None
        return first(differs, f"does not differ from {wanted}, and no solution does")
    if t == "PROVE_SINGLE_CELL_VALUE":
        if not opened:
            return "no open leaf, so the cells have no value"
        seen = {values(lf) for lf in opened}
        if len(seen) > 1 or None in next(iter(seen)):
            return "the goal cells do not have one set of values across the open leaves"
        return None if exists else no_solution
    if t == "PROVE_MULTIPLE_CELL_VALUE":
        return None if len({values(lf) for lf in complete}) > 1 else "no two solutions differ at the goal cells"
    if t == "PROVE_VALUES_ARE_POSSIBLE":
        if any(matches(lf) for lf in complete):
            return None
        if not goal.assume_solution:
            return f"no solution has {wanted}"
        return first(matches, f"does not have {wanted}")
    if t == "PROVE_VALUES_ARE_IMPOSSIBLE":
        return first(differs, f"does not differ from {wanted}")
    return f"unknown goal type {t!r}"
