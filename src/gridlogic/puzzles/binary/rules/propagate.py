"""Fast fixpoint of the line rules up to a level, without building steps: the engine of the
contradiction search (ZeroOrOne) and of the generator. Only lines touched since the last look are
looked at again."""

from __future__ import annotations

from collections.abc import Iterable

from gridlogic.core.errors import Contradiction
from gridlogic.puzzles.binary.check import line_name
from gridlogic.puzzles.binary.rules.levels import BLOCKER, COMPLETE, LINE
from gridlogic.puzzles.binary.rules.lines import (
    Lines,
    blocker_check,
    broken,
    complete,
    completion_fill,
    prevent_trio,
    unique_fill,
)


def where(lb: Lines, k: int) -> str:
    """The name of line ``k``: ``row 3`` or ``column 5`` (1-based)."""
    return line_name(lb.is_row(k), k if lb.is_row(k) else k - lb.height)


def repeat_of(lb: Lines, k: int) -> int | None:
    """Another finished line of the same direction equal to finished line ``k`` (distinct rule)."""
    if not lb.unique or lb.unknown(k):
        return None
    for j in lb.same_direction(k):
        if j != k and lb.ones[j] == lb.ones[k] and not lb.unknown(j):
            return j
    return None


def first_broken(lb: Lines, lines: Iterable[int]) -> tuple[str, int, int] | None:
    """``(rule, line, other line or -1)`` of the first contradiction rule broken among ``lines``."""
    for k in sorted(lines):
        rule = broken(lb.lengths[k], lb.ones[k], lb.zeros[k])
        if rule is not None:
            return rule, k, -1
        j = repeat_of(lb, k)
        if j is not None:
            return "RepeatedRowColumn", min(j, k), max(j, k)
    return None


def _line(lb: Lines, k: int, level: int) -> tuple[str | None, int, int]:
    """``(broken rule or None, to1, to0)`` for line ``k`` with the direct rules up to ``level``."""
    n, o, z = lb.lengths[k], lb.ones[k], lb.zeros[k]
    if level >= BLOCKER:
        rule, to1, to0 = blocker_check(n, o, z)
    else:
        rule, to1, to0 = broken(n, o, z), 0, 0
    if rule is not None:
        return rule, 0, 0
    unknown = lb.fulls[k] & ~(o | z)
    if not unknown:
        return ("RepeatedRowColumn" if repeat_of(lb, k) is not None else None), 0, 0
    a1, a0 = prevent_trio(n, o, z)
    to1, to0 = to1 | a1, to0 | a0
    if level >= COMPLETE:
        b1, b0 = complete(n, o, z)
        to1, to0 = to1 | b1, to0 | b0
    if level >= BLOCKER and lb.unique and unknown.bit_count() == 2:
        d1, d0, _ = unique_fill(n, o, z, lb.finished(k))
        to1, to0 = to1 | d1, to0 | d0
    return None, to1, to0


def _settle(lb: Lines, level: int, pending: set[int], changed: set[int]) -> str | None:
    """Direct rules to a fixpoint from the ``pending`` lines (each checked against the contradiction
    rules as it is taken up); lines changed are added to ``changed``."""
    while pending:
        k = pending.pop()
        rule, to1, to0 = _line(lb, k, level)
        if rule is not None:
            return f"{rule} in {where(lb, k)}"
        if to1 & to0:
            return f"Conflict in {where(lb, k)}"
        if not to1 | to0:
            continue
        lb.touched.clear()
        lb.put(k, to1, to0)
        pending |= lb.touched
        changed |= lb.touched
        if lb.unique and level >= BLOCKER and any(not lb.unknown(j) for j in lb.touched):
            pending.update(j for j in range(lb.count) if lb.unknown(j).bit_count() == 2)
    return None


def _finished_by_direction(lb: Lines) -> tuple[list[int], list[int]]:
    rows = [lb.ones[k] for k in range(lb.height) if not lb.unknown(k)]
    cols = [lb.ones[k] for k in range(lb.height, lb.count) if not lb.unknown(k)]
    return rows, cols


def _completions_round(lb: Lines, lines: set[int]) -> str | None:
    """Line completions on ``lines``; the lines changed are left in ``lb.touched``."""
    rows, cols = _finished_by_direction(lb) if lb.unique else ([], [])
    lb.touched.clear()
    for k in sorted(lines):
        if not lb.unknown(k):
            continue
        to1, to0, ways = completion_fill(lb.lengths[k], lb.ones[k], lb.zeros[k],
                                         rows if k < lb.height else cols)
        if ways == 0:
            return f"no completion of {where(lb, k)}"
        if to1 | to0:
            lb.put(k, to1, to0)
    return None


def propagate(lb: Lines, level: int, start: Iterable[int] | None = None) -> str | None:
    """Apply every rule up to ``level`` (see ``levels``; search levels excluded) until nothing
    changes, starting from the lines ``start`` (default: all); ``None`` if no contradiction, else what
    is broken and where (``Trio in row 3``; ``Conflict``: a cell would have to be both 0 and 1)."""
    pending = set(range(lb.count) if start is None else start)
    for_lines = set(range(lb.count))
    try:
        while True:
            before: set[int] = set()
            why = _settle(lb, level, pending, before)
            if why is not None or level < LINE:
                return why
            for_lines |= before
            if lb.unique and any(not lb.unknown(k) for k in before):
                for_lines = set(range(lb.count))
            why = _completions_round(lb, for_lines)
            if why is not None:
                return why
            if not lb.touched:
                return None
            pending = set(lb.touched)
            for_lines = set(lb.touched)
    except Contradiction:
        return "Conflict"
