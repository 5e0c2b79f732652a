"""LEGUP's direct rules for Binary (seed names), each a technique over one line at a time.

A step is all the cells one rule fixes in one line, so the reason names that row or column."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.engine import Rule
from gridlogic.core.step import Step
from gridlogic.puzzles.binary.check import line_name
from gridlogic.puzzles.binary.model import ones_in, zeros_in
from gridlogic.puzzles.binary.rules.levels import BLOCKER, COMPLETE, TRIO
from gridlogic.puzzles.binary.rules.lines import (
    Lines,
    bits_of,
    complete,
    needy_windows,
    prevent_trio,
    save_blocker,
    unique_fill,
)
from gridlogic.puzzles.binary.rules.state import BinaryState, describe, marks

LineFinder = Callable[[Lines, int], Step | None]


def _name(lb: Lines, k: int) -> str:
    return line_name(lb.is_row(k), k if lb.is_row(k) else k - lb.height)


def _known(lb: Lines, k: int) -> tuple[tuple[int, int], ...]:
    return tuple(lb.cells(k, lb.ones[k] | lb.zeros[k]))


def each_line(rule: str, finder: LineFinder) -> Callable[[BinaryState], Step | None]:
    """The first step ``finder`` makes on any unfinished line, rows first, skipping the lines where
    it found nothing since they last changed."""
    def find(state: BinaryState) -> Step | None:
        lb = state.lines
        clean = state.clean.setdefault(rule, set())
        for k in range(lb.count):
            if k not in clean and lb.unknown(k):
                step = finder(lb, k)
                if step is not None:
                    return step
                clean.add(k)
        return None
    return find


def _cell(lb: Lines, k: int, p: int) -> str:
    r, c = lb.cell(k, p)
    return f"r{r + 1}c{c + 1}"


def _trio_reasons(lb: Lines, k: int, to1: int, to0: int) -> list[str]:
    """One clause per pair closed off or gap filled, naming its cells."""
    out = []
    for digit, mask, fills in (("0", lb.zeros[k], to1), ("1", lb.ones[k], to0)):
        for p in bits_of(mask & (mask >> 1)):
            ends = [q for q in (p - 1, p + 2) if q >= 0 and fills >> q & 1]
            if ends:
                out.append(f"{_cell(lb, k, p)} and {_cell(lb, k, p + 1)} are both {digit}, so "
                           + " and ".join(_cell(lb, k, q) for q in ends) + f" {'is' if len(ends) == 1 else 'are'} "
                           + ("1" if digit == "0" else "0"))
        out.extend(f"{_cell(lb, k, p + 1)} lies between two {digit}s, so it is {'1' if digit == '0' else '0'}"
                   for p in bits_of(mask & (mask >> 2) & (fills >> 1)))
    return out


def prevent_trio_step(lb: Lines, k: int) -> Step | None:
    to1, to0 = prevent_trio(lb.length(k), lb.ones[k], lb.zeros[k])
    if not to1 | to0:
        return None
    m = marks(lb, k, to1, to0)
    return Step("PreventTrio", TRIO, f"{_name(lb, k)}: " + "; ".join(_trio_reasons(lb, k, to1, to0))
                + " (no three equal in a row).", _known(lb, k), m)


def complete_step(lb: Lines, k: int) -> Step | None:
    n = lb.length(k)
    to1, to0 = complete(n, lb.ones[k], lb.zeros[k])
    if not to1 | to0:
        return None
    digit, other, need = ("1", "0", ones_in(n)) if to0 else ("0", "1", zeros_in(n))
    m = marks(lb, k, to1, to0)
    return Step("CompleteRowColumn", COMPLETE, f"{_name(lb, k)} already has its {need} {digit}s, so its other cells "
                f"are {other}: {describe(m)}.", _known(lb, k), m)


def save_blocker_step(lb: Lines, k: int) -> Step | None:
    n, o, z = lb.length(k), lb.ones[k], lb.zeros[k]
    to1, to0 = save_blocker(n, o, z)
    if not to1 | to0:
        return None
    digit, other, rem, cover = (("0", "1", zeros_in(n) - z.bit_count(), needy_windows(n, z)[1]) if to1
                                else ("1", "0", ones_in(n) - o.bit_count(), needy_windows(n, o)[1]))
    m = marks(lb, k, to1, to0)
    needs = f"one more {digit}" if rem == 1 else f"{rem} more {digit}s"
    windows = "a window of three cells without one, which needs it" if rem == 1 else \
        f"{rem} separate windows of three cells without one, each needing one"
    return Step("SaveBlocker", BLOCKER, f"{_name(lb, k)} needs {needs} and has {windows} to block a trio of "
                f"{other}s; so no {digit} goes elsewhere: {describe(m)}.", tuple(lb.cells(k, cover)), m)


def unique_step(lb: Lines, k: int) -> Step | None:
    if not lb.unique:
        return None
    n = lb.length(k)
    to1, to0, f = unique_fill(n, lb.ones[k], lb.zeros[k], lb.finished(k))
    if f is None or not to1 | to0:
        return None
    lo, hi = (0, lb.height) if lb.is_row(k) else (lb.height, lb.count)
    twin = next(j for j in range(lo, hi) if j != k and lb.ones[j] == f and not lb.unknown(j))
    m = marks(lb, k, to1, to0)
    return Step("UniqueRowColumn", BLOCKER, f"{_name(lb, k)} agrees with the finished {_name(lb, twin)} except in "
                f"its two empty cells; filling them the same way would repeat it, so: {describe(m)}.",
                _known(lb, k) + tuple(lb.cells(twin, lb.full(twin))), m)


def line_technique(rule: str, level: int, finder: LineFinder) -> Rule[BinaryState]:
    return Rule[BinaryState](rule, level, each_line(rule, finder))


PREVENT_TRIO = line_technique("PreventTrio", TRIO, prevent_trio_step)
COMPLETE_ROW_COLUMN = line_technique("CompleteRowColumn", COMPLETE, complete_step)
SAVE_BLOCKER = line_technique("SaveBlocker", BLOCKER, save_blocker_step)
UNIQUE_ROW_COLUMN = line_technique("UniqueRowColumn", BLOCKER, unique_step)
