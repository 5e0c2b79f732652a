"""Naming contradictions: which rule is broken, and where.

The propagation engine (:mod:`..propagate`) only says *whether* a supposition breaks a rule. Once
it has, a ZeroOrOne step names what breaks: :func:`refutation` follows the supposition again, one
round of the direct rules per line (:func:`..lines.line_once`) and then the completions of every
line, and reports the first contradiction met in that order (``Trio in row 3``, ``no completion of
column 2``; ``Conflict``: a cell would have to be both 0 and 1). Its own suppositions (strength 6)
are decided by the engine.
"""

from __future__ import annotations

from collections.abc import Iterable

from gridlogic.core.errors import Contradiction
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.check import line_name
from gridlogic.puzzles.binary.levels import BLOCKER, LINE
from gridlogic.puzzles.binary.lines import broken, completion_fill, line_once, unique_fill
from gridlogic.puzzles.binary.propagate import first_refuted, settled


def where(lb: Board, k: int) -> str:
    """The name of line ``k``: ``row 3`` or ``column 5`` (1-based)."""
    return line_name(lb.is_row(k), k if lb.is_row(k) else k - lb.height)


def repeat_of(lb: Board, k: int) -> int | None:
    """Another finished line of the same direction equal to finished line ``k`` (distinct rule)."""
    if not lb.unique or lb.unknown(k):
        return None
    for j in lb.same_direction(k):
        if j != k and lb.ones[j] == lb.ones[k] and not lb.unknown(j):
            return j
    return None


def first_broken(lb: Board, lines: Iterable[int]) -> tuple[str, int, int] | None:
    """``(rule, line, other line or -1)`` of the first contradiction rule broken among ``lines``."""
    for k in sorted(lines):
        rule = broken(lb.lengths[k], lb.ones[k], lb.zeros[k])
        if rule is not None:
            return rule, k, -1
        j = repeat_of(lb, k)
        if j is not None:
            return "RepeatedRowColumn", min(j, k), max(j, k)
    return None


def refutation(lb: Board, r: int, c: int, v: int, strength: int) -> str:
    """What supposing ``v`` at ``r, c`` breaks when followed with ``strength`` (4: levels 1-4, 5:
    with ZeroOrOne), for a supposition the engine found to break a rule."""
    trial = lb.copy()
    try:
        trial.set_cell(r, c, v)
    except Contradiction:
        return "Conflict"
    todo: Iterable[int] = (r, lb.height + c)
    while True:
        why = follow(trial, min(strength, LINE), todo)
        if why is not None:
            return why
        hit = None
        if strength > LINE and not trial.is_solved():
            base = settled(trial)
            hit = (*trial.open_cells()[0], 0) if base is None else first_refuted(base, strength - 1)
        if hit is None:
            raise RuntimeError(f"r{r + 1}c{c + 1}={v} was refuted, but following it breaks nothing")
        r2, c2, v2 = hit
        trial.touched.clear()
        try:
            trial.set_cell(r2, c2, 1 - v2)
        except Contradiction:
            return "Conflict"
        todo = set(trial.touched)


def _line(lb: Board, k: int, level: int) -> tuple[str | None, int, int]:
    """``(broken rule or None, to1, to0)`` for line ``k`` with the direct rules up to ``level``."""
    n, o, z = lb.lengths[k], lb.ones[k], lb.zeros[k]
    rule, to1, to0 = line_once(level, n, o, z)
    if rule is not None:
        return rule, 0, 0
    unknown = lb.fulls[k] & ~(o | z)
    if not unknown:
        return ("RepeatedRowColumn" if repeat_of(lb, k) is not None else None), 0, 0
    if level >= BLOCKER and lb.unique and unknown.bit_count() == 2:
        d1, d0, _ = unique_fill(n, o, z, lb.finished(k))
        to1, to0 = to1 | d1, to0 | d0
    return None, to1, to0


def _settle(lb: Board, level: int, pending: set[int], changed: set[int]) -> str | None:
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


def _finished_by_direction(lb: Board) -> tuple[list[int], list[int]]:
    rows = [lb.ones[k] for k in range(lb.height) if not lb.unknown(k)]
    cols = [lb.ones[k] for k in range(lb.height, lb.count) if not lb.unknown(k)]
    return rows, cols


def _completions_round(lb: Board, lines: set[int]) -> str | None:
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


def follow(lb: Board, level: int, start: Iterable[int]) -> str | None:
    """The rules up to ``level`` (1-4) in place from the lines ``start``, the direct rules first, then
    the completions of the lines changed: the first contradiction met, else None."""
    pending = set(start)
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
