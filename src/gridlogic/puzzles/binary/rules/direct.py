"""LEGUP's direct rules for Binary (seed names), each a technique over one line at a time.

A step is all the cells one rule fixes in one line, so the reason names that row or column."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.step import Step
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.levels import BLOCKER, COMPLETE, TRIO
from gridlogic.puzzles.binary.lines import (
    bits_of,
    complete,
    needy_windows,
    prevent_trio,
    save_blocker,
    unique_fill,
)
from gridlogic.puzzles.binary.model import ones_in, zeros_in
from gridlogic.puzzles.binary.rules.state import BinaryState, describe, known_cells, marks
from gridlogic.puzzles.binary.rules.why import where

LineFinder = Callable[[Board, int], Step | None]


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


def _cell(lb: Board, k: int, p: int) -> str:
    r, c = lb.cell(k, p)
    return f"r{r + 1}c{c + 1}"


def _trio_reasons(lb: Board, k: int, to1: int, to0: int) -> list[str]:
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


def prevent_trio_step(lb: Board, k: int) -> Step | None:
    to1, to0 = prevent_trio(lb.length(k), lb.ones[k], lb.zeros[k])
    if not to1 | to0:
        return None
    m = marks(lb, k, to1, to0)
    return Step("PreventTrio", TRIO, f"{where(lb, k)}: " + "; ".join(_trio_reasons(lb, k, to1, to0))
                + " (no three equal in a row).", known_cells(lb, k), m)


def complete_step(lb: Board, k: int) -> Step | None:
    n = lb.length(k)
    to1, to0 = complete(n, lb.ones[k], lb.zeros[k])
    if not to1 | to0:
        return None
    digit, other, need = ("1", "0", ones_in(n)) if to0 else ("0", "1", zeros_in(n))
    m = marks(lb, k, to1, to0)
    return Step("CompleteRowColumn", COMPLETE, f"{where(lb, k)} already has its {need} {digit}s, so its other cells "
                f"are {other}: {describe(m)}.", known_cells(lb, k), m)


def save_blocker_step(lb: Board, k: int) -> Step | None:
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
    return Step("SaveBlocker", BLOCKER, f"{where(lb, k)} needs {needs} and has {windows} to block a trio of "
                f"{other}s; so no {digit} goes elsewhere: {describe(m)}.", tuple(lb.cells(k, cover)), m)


def unique_step(lb: Board, k: int) -> Step | None:
    if not lb.unique:
        return None
    n = lb.length(k)
    to1, to0, f = unique_fill(n, lb.ones[k], lb.zeros[k], lb.finished(k))
    if f is None or not to1 | to0:
        return None
    lo, hi = (0, lb.height) if lb.is_row(k) else (lb.height, lb.count)
    twin = next(j for j in range(lo, hi) if j != k and lb.ones[j] == f and not lb.unknown(j))
    m = marks(lb, k, to1, to0)
    return Step("UniqueRowColumn", BLOCKER, f"{where(lb, k)} agrees with the finished {where(lb, twin)} except in "
                f"its two empty cells; filling them the same way would repeat it, so: {describe(m)}.",
                known_cells(lb, k) + tuple(lb.cells(twin, lb.full(twin))), m)
