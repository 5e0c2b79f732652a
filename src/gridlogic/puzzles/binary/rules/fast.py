"""The generator's fast path: the closures of levels 1-5 on a board whose known cells are part of
one solution, without steps. Each line's own closure (its rules up to the level, to a fixpoint; at
level 4 its completions) is memoised by (level, length, ones, zeros), so a line is looked up, not
re-derived; deductions cross to the other direction bit by bit. Rules are monotone, so the fixpoint
is the engine's (``case.closure``) whatever the order; with a solution at hand a supposition only
ever tries the wrong digit (the right one never breaks a rule).

Contradictions are still detected (a line with no completion or breaking a rule, a cell both 0 and
1, two equal finished lines): inside a supposition they are the point.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from gridlogic.puzzles.binary.model import ones_in
from gridlogic.puzzles.binary.rules.levels import BLOCKER, COMPLETE, LINE
from gridlogic.puzzles.binary.rules.lines import (
    MAX_COMPLETION_LENGTH,
    bits_of,
    needy_windows,
    patterns,
)

BROKEN = -1
"""``close`` found a contradiction."""
FIXPOINT = 0
"""``close`` reached the fixpoint without meeting its target."""
TARGET = 1
"""``close`` stopped early: its target cell became known."""

_Fix = tuple[int, int] | None
_memo: dict[tuple[int, int], dict[int, _Fix]] = {}
MEMO_LIMIT = 400_000


def line_fix(level: int, n: int, o: int, z: int) -> _Fix:
    """``(to1, to0)`` the rules of one line up to ``level`` fix, to a fixpoint (level 4: cells equal
    in every completion, which covers the direct rules); None if the line is broken. The distinct
    rule is not in it (it needs the other lines)."""
    full = (1 << n) - 1
    if level >= LINE:
        if n > MAX_COMPLETION_LENGTH:  # pragma: no cover - the generator stops at 22
            return line_fix(BLOCKER, n, o, z)
        return completion_fix(n, o, z)
    k1, k0 = ones_in(n), n - ones_in(n)
    to1 = to0 = 0
    while True:
        if o & z or o & (o >> 1) & (o >> 2) or z & (z >> 1) & (z >> 2):
            return None
        rem1, rem0 = k1 - o.bit_count(), k0 - z.bit_count()
        if rem1 < 0 or rem0 < 0:
            return None
        unknown = full & ~(o | z)
        a0 = unknown & ((o >> 1 & o >> 2) | (o << 1 & o << 2) | (o << 1 & o >> 1))  # PreventTrio
        a1 = unknown & ((z >> 1 & z >> 2) | (z << 1 & z << 2) | (z << 1 & z >> 1))
        if level >= COMPLETE:  # CompleteRowColumn
            if not rem1:
                a0 |= unknown
            if not rem0:
                a1 |= unknown
        for digit, rem in ((z, rem0), (o, rem1)):  # WastedBlocker, and SaveBlocker from level 3
            count, cover = needy_windows(n, digit)
            if count > rem:
                return None
            if level >= BLOCKER and 0 < rem == count:
                if digit is z:
                    a1 |= unknown & ~cover
                else:
                    a0 |= unknown & ~cover
        if not a1 | a0:
            return to1, to0
        o, z, to1, to0 = o | a1, z | a0, to1 | a1, to0 | a0


@cache
def _pattern_sets(n: int) -> tuple[list[tuple[int, int]], dict[int, int], int]:
    """The valid full lines of length ``n`` as bits of one set: for each position the set of those
    holding 0 and of those holding 1 there; each line's bit; the set of all."""
    lines = [int(p) for p in patterns(n)]
    by = [(int("".join("0" if p >> q & 1 else "1" for p in reversed(lines)), 2),
           int("".join("1" if p >> q & 1 else "0" for p in reversed(lines)), 2)) for q in range(n)]
    return by, {p: i for i, p in enumerate(lines)}, (1 << len(lines)) - 1


def completion_fix(n: int, o: int, z: int, forbidden: Iterable[int] = ()) -> _Fix:
    """LineCompletions on one line: ``(to1, to0)`` the cells equal in every valid completion that is
    not in ``forbidden``, None if there is none. The completions are a set of bits (one per valid
    line), narrowed by one AND per known cell."""
    by, index, able = _pattern_sets(n)
    known = o | z
    m = known
    while m:
        low = m & -m
        m ^= low
        q = low.bit_length() - 1
        able &= by[q][o >> q & 1]
    for f in forbidden:
        i = index.get(f)
        if i is not None:
            able &= ~(1 << i)
    if not able:
        return None
    to1 = to0 = 0
    m = ((1 << n) - 1) & ~known
    while m:
        low = m & -m
        m ^= low
        q = low.bit_length() - 1
        zero, one = by[q]
        if not able & zero:
            to1 |= low
        elif not able & one:
            to0 |= low
    return to1, to0


def _table(level: int, n: int) -> dict[int, _Fix]:
    table = _memo.get((level, n))
    if table is None:
        table = _memo[(level, n)] = {}
    elif len(table) > MEMO_LIMIT:
        table.clear()
    return table


class Board:
    """Ones/zeros bitsets of every line (rows, then columns) and the finished lines seen so far
    (their ones, by direction), for the distinct rule."""

    __slots__ = ("finished", "h", "lengths", "ones", "seen", "unique", "w", "zeros")

    def __init__(self, w: int, h: int, unique: bool, ones: list[int], zeros: list[int]) -> None:
        self.w, self.h, self.unique = w, h, unique
        self.lengths = [w] * h + [h] * w
        self.ones, self.zeros = ones, zeros
        self.seen: set[int] = set()
        self.finished: tuple[list[int], list[int]] = ([], [])

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.w, b.h, b.unique, b.lengths = self.w, self.h, self.unique, self.lengths
        b.ones, b.zeros, b.seen = self.ones.copy(), self.zeros.copy(), self.seen.copy()
        b.finished = (self.finished[0].copy(), self.finished[1].copy())
        return b

    def known(self, r: int, c: int) -> bool:
        return bool((self.ones[r] | self.zeros[r]) >> c & 1)

    def put(self, r: int, c: int, v: int) -> bool:
        """Set cell ``r, c`` to ``v``; False if it holds the other digit."""
        same, other = (self.ones, self.zeros) if v else (self.zeros, self.ones)
        if other[r] >> c & 1:
            return False
        same[r] |= 1 << c
        same[self.h + c] |= 1 << r
        return True

    def unknown_count(self) -> int:
        full = (1 << self.w) - 1
        return sum((full & ~(self.ones[r] | self.zeros[r])).bit_count() for r in range(self.h))

    def is_solved(self) -> bool:
        return all(self.ones[r] | self.zeros[r] == (1 << self.w) - 1 for r in range(self.h))

    def unknown_cells(self) -> list[tuple[int, int]]:
        """Unknown cells, those in the fullest lines first (where a supposition bites soonest)."""
        h, full = self.h, (1 << self.w) - 1
        free = [(full & ~(self.ones[k] | self.zeros[k])).bit_count() for k in range(h)]
        free += [((1 << h) - 1 & ~(self.ones[h + c] | self.zeros[h + c])).bit_count() for c in range(self.w)]
        cells = [(free[r] + free[h + c], r, c)
                 for r in range(h) for c in bits_of(full & ~(self.ones[r] | self.zeros[r]))]
        return [(r, c) for _, r, c in sorted(cells)]


def close(b: Board, level: int, dirty: set[int], target: tuple[int, int] | None = None) -> int:  # noqa: C901, PLR0912, PLR0915 - the one hot loop
    """Apply the rules up to ``level`` (1-4) in place from the ``dirty`` lines until nothing changes:
    :data:`BROKEN`, :data:`FIXPOINT`, or :data:`TARGET` as soon as cell ``target`` is known."""
    h, w, ones, zeros, unique = b.h, b.w, b.ones, b.zeros, b.unique
    row_table, col_table = _table(level, w), _table(level, h)
    row_full, col_full = (1 << w) - 1, (1 << h) - 1
    tr, tc = target if target is not None else (-1, -1)
    tcol = h + tc if target is not None else -1
    while dirty:
        k = dirty.pop()
        o, z = ones[k], zeros[k]
        rows = k < h
        if rows:
            n, full, table, base, bit = w, row_full, row_table, h, 1 << k
        else:
            n, full, table, base, bit = h, col_full, col_table, 0, 1 << (k - h)
        if o | z == full:
            if k not in b.seen and (o & (o >> 1) & (o >> 2) or z & (z >> 1) & (z >> 2)
                                    or o.bit_count() != ones_in(n)):
                return BROKEN  # finished by the other direction: Trio or UnbalancedRowColumn
            if unique and k not in b.seen:  # newly finished: the distinct rule
                b.seen.add(k)
                done = b.finished[not rows]
                if o in done:
                    return BROKEN
                done.append(o)
                if level >= LINE:  # the lines it may be a completion of
                    dirty.update(j for j in (range(h) if rows else range(h, h + w))
                                 if o & ones[j] == ones[j] and not o & zeros[j] and j not in b.seen)
                elif level >= BLOCKER:  # the lines UniqueRowColumn may fill with it
                    dirty.update(j for j in (range(h) if rows else range(h, h + w))
                                 if (full & ~(ones[j] | zeros[j])).bit_count() == 2)
            continue
        key = o << n | z
        if key in table:
            fix = table[key]
        else:
            fix = table[key] = line_fix(level, n, o, z)
        if fix is None:
            return BROKEN
        to1, to0 = fix
        if unique and level >= BLOCKER:
            done = b.finished[not rows]
            if done:
                if level >= LINE:
                    twins = [f for f in done if f & o == o and not f & z]
                    if twins:
                        fix = completion_fix(n, o, z, twins)
                        if fix is None:
                            return BROKEN
                        to1, to0 = fix
                else:
                    o2, z2 = o | to1, z | to0
                    unknown = full & ~(o2 | z2)
                    if unknown.bit_count() == 2 and ones_in(n) - o2.bit_count() == 1:
                        f = next((f for f in done if f & ~unknown == o2), None)
                        if f is not None:
                            to1, to0 = to1 | unknown & ~f, to0 | unknown & f
        if not to1 | to0:
            continue
        ones[k], zeros[k] = o | to1, z | to0
        for m, same, other in ((to1, ones, zeros), (to0, zeros, ones)):  # across, cell by cell
            while m:
                low = m & -m
                m ^= low
                j = base + low.bit_length() - 1
                if other[j] & bit:
                    return BROKEN
                same[j] |= bit
                dirty.add(j)
        if (o | z | to1 | to0) == full:
            dirty.add(k)  # finished: looked at once more for the distinct rule
        if (k == tr and (to1 | to0) >> tc & 1) or (k == tcol and (to1 | to0) >> tr & 1):
            return TARGET
    return FIXPOINT


def refuted(b: Board, r: int, c: int, v: int, inner: int) -> bool:
    """Whether supposing ``v`` at ``r, c`` breaks a rule after the rules up to ``inner``."""
    t = b.copy()
    return not t.put(r, c, v) or close(t, inner, {r, b.h + c}) == BROKEN


def search(b: Board, solution: list[int], dirty: set[int], budget: int | None = None,
           near: tuple[int, int] | None = None) -> bool:
    """Level 5 in place (ZeroOrOne: a supposition followed with levels 1-4) from ``dirty``; whether
    it solves the board. ``solution`` holds each row's ones: only the wrong digit is supposed. With
    a ``budget``, False once that many suppositions failed (cells in the lines of ``near`` first)."""
    if close(b, LINE, dirty) == BROKEN:  # pragma: no cover - the board is part of a solution
        return False
    while not b.is_solved():
        progress = False
        cells = b.unknown_cells()
        if near is not None:
            cells.sort(key=lambda rc: rc[0] != near[0] and rc[1] != near[1])
        for r, c in cells:
            if b.known(r, c):
                continue
            right = solution[r] >> c & 1
            if refuted(b, r, c, 1 - right, LINE):
                b.put(r, c, right)
                close(b, LINE, {r, b.h + c})
                progress = True
            elif budget is not None:
                budget -= 1
                if budget <= 0:
                    return False
        if not progress:
            return False
    return True
