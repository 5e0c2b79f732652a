"""The line engine's shortcuts without the distinct rule (:func:`.propagate.close`)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.lines import broken, line_fix
from gridlogic.puzzles.binary.propagate import BROKEN, FIXPOINT, close


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_a_line_its_own_closure_finishes_breaks_no_rule(n: int) -> None:
    """Why ``close`` does not look again at a line its own closure finished (without the distinct
    rule): at every level, over every state of the line, a closure that finishes it leaves it valid."""
    full = (1 << n) - 1
    finished = 0
    for digits in product((None, 0, 1), repeat=n):
        ones = sum(1 << p for p, d in enumerate(digits) if d == 1)
        zeros = sum(1 << p for p, d in enumerate(digits) if d == 0)
        for level in (1, 2, 3, 4):
            fix = line_fix(level, n, ones, zeros)
            if fix is None or (ones | zeros | fix[0] | fix[1]) != full or ones | zeros == full:
                continue
            finished += 1
            assert broken(n, ones | fix[0], zeros | fix[1]) is None, (level, digits, fix)
    assert finished > 0


def _board(w: int, h: int, rng: random.Random, known: float) -> Board:
    """A random board: each cell a random digit with probability ``known`` (mostly no solution)."""
    cells = [rng.randrange(2) if rng.random() < known else -1 for _ in range(w * h)]
    return Board.of_cells(h, w, False, cells)


def _reference(b: Board, level: int) -> int:
    """``close`` spelled out: every line looked at in turn until a round changes nothing; a finished
    line is checked (Trio, UnbalancedRowColumn), an open one takes its closure's cells."""
    changed = True
    while changed:
        changed = False
        for k in range(b.count):
            n = b.lengths[k]
            if not b.unknown(k):
                if broken(n, b.ones[k], b.zeros[k]) is not None:
                    return BROKEN
                continue
            fix = line_fix(level, n, b.ones[k], b.zeros[k])
            if fix is None:
                return BROKEN
            for v, mask in ((1, fix[0]), (0, fix[1])):
                for r, c in b.cells(k, mask):
                    if not b.place(r, c, v):
                        return BROKEN
                    changed = True
    return FIXPOINT


@pytest.mark.parametrize(("w", "h"), [(6, 6), (8, 8), (7, 7), (10, 10)])
def test_close_without_the_distinct_rule_is_the_plain_fixpoint(w: int, h: int) -> None:
    """On random boards (most with no solution), ``close`` finds a contradiction exactly when
    applying every line's closure to the fixpoint meets one, and otherwise the same board."""
    rng = random.Random(f"close {w}x{h}")
    verdicts = set()
    for _ in range(150):
        b = _board(w, h, rng, rng.uniform(0.05, 0.35))
        for level in (1, 2, 3, 4):
            mine, ref = b.copy(), b.copy()
            got, want = close(mine, level, set(range(b.count))), _reference(ref, level)
            assert got == want, (level, b.rows_text())
            verdicts.add(got)
            if got == FIXPOINT:
                assert mine.rows_text() == ref.rows_text()
    assert verdicts == {BROKEN, FIXPOINT}
