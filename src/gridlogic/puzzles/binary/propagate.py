"""The one propagation engine of Binary: the closure of the rules up to a level on a
:class:`~.board.Board`, without steps (:func:`close`; with suppositions, :func:`closure`). The
ZeroOrOne rules (so the hint's and the proof checker's search), the generator and the exact
solver's first pass all call it; the line logic it applies is :mod:`.lines`'.

Each line's own closure (:func:`.lines.line_fix`: its rules up to the level, to a fixpoint; at
level 4 its completions) is memoised by (level, length, ones, zeros), so a line is looked up, not
re-derived; deductions cross to the other direction bit by bit. Rules are monotone, so the fixpoint
is the same whatever the order. Contradictions are detected (a line with no completion or breaking
a rule, a cell both 0 and 1, two equal finished lines): inside a supposition they are the point.

Strengths 1-4 are the levels; 5 adds ZeroOrOne (a supposition followed with levels 1-4), 6
ZeroOrOneNested (a supposition followed with strength 5), both graded level 5. The generator, which
knows the solution, tests only the wrong digit (:func:`refuted`, :func:`search`), and sweeps levels
1-2 over the whole board at once (:class:`WholeBoard`, the same PreventTrio, :func:`.lines.around`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.levels import BLOCKER, COMPLETE, LINE
from gridlogic.puzzles.binary.lines import MAX_COMPLETION_LENGTH, MEMO_LIMIT, Fix, completion_fix, line_fix
from gridlogic.puzzles.binary.model import ones_in, zeros_in

BROKEN = -1
"""``close`` found a contradiction."""
FIXPOINT = 0
"""``close`` reached the fixpoint without meeting its target."""
TARGET = 1
"""``close`` stopped early: its target cell became known."""

_memo: dict[tuple[int, int], dict[int, Fix]] = {}
_MISSING = (-1, -1)
"""Not in a memo table (no line's closure is this pair: ``(to1, to0)`` never overlap)."""


def _table(level: int, n: int) -> dict[int, Fix]:
    table = _memo.get((level, n))
    if table is None:
        table = _memo[(level, n)] = {}
    elif len(table) > MEMO_LIMIT:
        table.clear()
    return table


LineInfo = tuple[int, int, dict[int, Fix], int, int, int, bool]
"""What :func:`close` needs of a line: (length, full mask, memo table, first line of the other
direction, the line's bit in those lines, level, whether a row)."""
_line_info: dict[tuple[int, int, int, int], list[LineInfo]] = {}


def _lines(h: int, w: int, row_level: int, col_level: int) -> list[LineInfo]:
    """Each line's :data:`LineInfo` for one shape and level, made once (a tuple per line instead of
    six assignments per line looked at: 20 % of :func:`close`)."""
    key = (h, w, row_level, col_level)
    hit = _line_info.get(key)
    if hit is None:
        row_table, col_table = _table(row_level, w), _table(col_level, h)
        hit = _line_info[key] = [(w, (1 << w) - 1, row_table, h, 1 << k, row_level, True) for k in range(h)] + \
            [(h, (1 << h) - 1, col_table, 0, 1 << c, col_level, False) for c in range(w)]
    else:
        for table in (hit[0][2], hit[-1][2]):  # the tables stay the same objects (:func:`_table` clears them)
            if len(table) > MEMO_LIMIT:
                table.clear()
    return hit


def close(b: Board, level: int, dirty: set[int], target: tuple[int, int] | None = None) -> int:  # noqa: C901, PLR0912, PLR0915 - the one hot loop
    """Apply the rules up to ``level`` (1-4) in place from the ``dirty`` lines until nothing changes:
    :data:`BROKEN`, :data:`FIXPOINT`, or :data:`TARGET` as soon as cell ``target`` is known. A
    finished line is registered (``b.seen``) the first time it is looked at."""
    h, w, ones, zeros, unique = b.height, b.width, b.ones, b.zeros, b.unique
    row_level = level if w <= MAX_COMPLETION_LENGTH else min(level, BLOCKER)
    col_level = level if h <= MAX_COMPLETION_LENGTH else min(level, BLOCKER)
    info = _lines(h, w, row_level, col_level)
    tr, tc = target if target is not None else (-1, -1)
    tcol = h + tc if target is not None else -1
    while dirty:
        k = dirty.pop()
        o, z = ones[k], zeros[k]
        n, full, table, base, bit, lv, rows = info[k]
        if o | z == full:
            if k not in b.seen and (o & (o >> 1) & (o >> 2) or z & (z >> 1) & (z >> 2)
                                    or o.bit_count() != ones_in(n)):
                return BROKEN  # finished by the other direction: Trio or UnbalancedRowColumn
            if unique and k not in b.seen:  # newly finished: the distinct rule
                b.seen.add(k)
                done = b.done[not rows]
                if o in done:
                    return BROKEN
                done.append(o)
                if lv >= LINE:  # the lines it may be a completion of
                    dirty.update(j for j in (range(h) if rows else range(h, h + w))
                                 if o & ones[j] == ones[j] and not o & zeros[j] and j not in b.seen)
                elif lv >= BLOCKER:  # the lines UniqueRowColumn may fill with it
                    dirty.update(j for j in (range(h) if rows else range(h, h + w))
                                 if (full & ~(ones[j] | zeros[j])).bit_count() == 2)
            continue
        key = o << n | z
        fix = table.get(key, _MISSING)
        if fix is _MISSING:
            fix = table[key] = line_fix(lv, n, o, z)
        if fix is None:
            return BROKEN
        to1, to0 = fix
        if unique and lv >= BLOCKER:
            done = b.done[not rows]
            if done:
                if lv >= LINE:
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
        changed = to1 | to0
        if not changed:
            continue
        ones[k], zeros[k] = o | to1, z | to0
        m = to1  # across, cell by cell
        while m:
            low = m & -m
            m ^= low
            j = base + low.bit_length() - 1
            if zeros[j] & bit:
                return BROKEN
            ones[j] |= bit
            dirty.add(j)
        m = to0
        while m:
            low = m & -m
            m ^= low
            j = base + low.bit_length() - 1
            if ones[j] & bit:
                return BROKEN
            zeros[j] |= bit
            dirty.add(j)
        if unique and (o | z | changed) == full:  # without it, a line its own closure finishes is valid
            dirty.add(k)  # finished: looked at once more for the distinct rule
        if (k == tr and changed >> tc & 1) or (k == tcol and changed >> tr & 1):
            return TARGET
    return FIXPOINT


def settled(b: Board) -> Board | None:
    """A copy of a board the step engine built, ready for suppositions: every finished line
    registered, then closed at level 4 from every open line (so each supposition need only look at
    the lines of its cell); None if that breaks a rule (then every supposition does)."""
    t = b.copy()
    t.register()
    return None if close(t, LINE, {k for k in range(t.count) if t.unknown(k)}) == BROKEN else t


# ----- levels 1-2 on the whole board at once --------------------------------------------------------
class WholeBoard:
    """One shape's whole board as one integer, for the closure of levels 1-2 (PreventTrio and
    CompleteRowColumn, bit-parallel over every line and both digits at once: the generator's sweeps
    of removals). Cell (r, c) is bit ``r * (w + 2) + c`` of the ones and bit ``shift`` higher of the
    zeros (``shift``: the board and two rows of guard, so shifts by up to two rows never join the
    two halves); the two guard columns after each row stay empty, so shifts by 1 and 2 never join
    cells of different rows. A packed board is ``ones | zeros << shift``."""

    def __init__(self, w: int, h: int) -> None:
        self.stride = s = w + 2
        self.shift = (h + 2) * s
        self.pos = [r * s + c for r in range(h) for c in range(w)]
        self.digit = ([1 << (p + self.shift) for p in self.pos], [1 << p for p in self.pos])  # cell i as 0, as 1
        self.both = [z | o for z, o in zip(*self.digit, strict=True)]
        row = (1 << w) - 1
        col = sum(1 << (r * s) for r in range(h))
        self.cells = sum(row << (r * s) for r in range(h))
        # (cells, the same in the ones' half, in the zeros' half, ones a finished line holds, zeros), rows then columns
        lines = [row << (r * s) for r in range(h)] + [col << c for c in range(w)]
        counts = [(ones_in(w), zeros_in(w))] * h + [(ones_in(h), zeros_in(h))] * w
        self.lines = [(m, m, m << self.shift, n1, n0) for m, (n1, n0) in zip(lines, counts, strict=True)]

    def masks(self, cells: list[int]) -> tuple[int, int]:
        """(ones, zeros) of ``cells`` (-1 unknown)."""
        x = self.pack(cells)
        return x & self.cells, x >> self.shift

    def pack(self, cells: list[int]) -> int:
        """The packed board of ``cells`` (-1 unknown)."""
        digit = self.digit
        return sum(digit[v][i] for i, v in enumerate(cells) if v >= 0)

    def bits(self, i: int) -> int:
        """Both bits (one and zero) of cell ``i`` (flat) in a packed board."""
        return self.both[i]

    def close(self, o: int, z: int, level: int, stop: int = 0) -> tuple[int, int]:
        """:meth:`closed` on ``o``/``z``: the closed board's (ones, zeros)."""
        x = self.closed(o | z << self.shift, level, stop | stop << self.shift)
        return x & self.cells, x >> self.shift

    def closed(self, x: int, level: int, stop: int = 0, fresh: int = -1) -> int:
        """The closure of levels 1-2 (to ``level``) of the packed board ``x``, which is part of a
        solution (so no contradiction can arise and none is looked for); it stops as soon as a bit
        of ``stop`` (packed) is set. PreventTrio is :func:`.lines.around` written out over both
        directions and both digits: the cells between or beside two equal digits take the other
        (found in the half of the digit they do not take, then swapped). CompleteRowColumn counts
        only the lines a cell joined since they were last counted: at first those of the ``fresh``
        cells, by default every line (fewer where ``x`` is a closure with givens added at ``fresh``)."""
        s, s2, shift, cells, lines = self.stride, 2 * self.stride, self.shift, self.cells, self.lines
        unknown = cells & ~(x | x >> shift)
        free = unknown | unknown << shift  # both halves of the unknown cells
        fresh &= cells  # cells known since the lines were last counted: at first, by default, every line
        while free and not x & stop:
            a, b, c, d = x >> 1, x << 1, x >> s, x << s
            found = free & ((a & (x >> 2)) | (b & (x << 2)) | (a & b) | (c & (x >> s2)) | (d & (x << s2)) | (c & d))
            if found:  # found in the ones' half: the cell is 0; in the zeros' half: 1
                swapped = (found & cells) << shift | found >> shift
                x |= swapped
                found |= swapped
            else:
                if level < COMPLETE or not fresh:
                    break
                unknown = free & cells
                to0 = to1 = 0  # counted on the board as it was before this sweep
                for mask, m1, m0, n1, n0 in lines:
                    if fresh & mask and unknown & mask:
                        if (x & m1).bit_count() == n1:
                            to0 |= unknown & mask
                        elif (x & m0).bit_count() == n0:
                            to1 |= unknown & mask
                fresh = 0
                if not to0 | to1:
                    break
                x |= to1 | to0 << shift
                found = to0 | to1
                found |= found << shift
            fresh |= found
            free &= ~found
        return x


@cache
def whole_board(w: int, h: int) -> WholeBoard:
    return WholeBoard(w, h)


# ----- ZeroOrOne: suppositions followed to a contradiction -------------------------------------------
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


def breaks(b: Board, r: int, c: int, v: int, inner: int, budget: Budget | None = None) -> bool:
    """Whether supposing ``v`` at ``r, c`` of the closed board ``b`` breaks a rule when followed
    with strength ``inner`` (1-6)."""
    if budget is not None:
        budget.spend()
    t = b.copy()
    return not t.place(r, c, v) or closure(t, inner, {r, b.height + c}, budget) == BROKEN


def closure(b: Board, strength: int, dirty: set[int], budget: Budget | None = None) -> int:
    """Strength 1-6 in place from the ``dirty`` lines: :data:`BROKEN` or :data:`FIXPOINT`. Above
    level 4, each round fixes the cell of the first supposition (open cells fullest lines first, 0
    before 1) that breaks a rule with the strength below."""
    while True:
        if close(b, min(strength, LINE), dirty) == BROKEN:
            return BROKEN
        if strength <= LINE or b.is_solved():
            return FIXPOINT
        hit = first_refuted(b, strength - 1, budget)
        if hit is None:
            return FIXPOINT
        r, c, v = hit
        if not b.place(r, c, 1 - v):  # pragma: no cover - the cell was open
            return BROKEN
        dirty = {r, b.height + c}


def first_refuted(b: Board, inner: int, budget: Budget | None = None) -> tuple[int, int, int] | None:
    """The first supposition ``(r, c, v)`` on the closed board ``b`` that breaks a rule with strength
    ``inner``."""
    return next(((r, c, v) for r, c in b.open_cells() for v in (0, 1) if breaks(b, r, c, v, inner, budget)), None)


# ----- the generator's level 5: the solution at hand ---------------------------------------------
def refuted(b: Board, r: int, c: int, v: int, inner: int) -> bool:
    """Whether supposing ``v`` at ``r, c`` breaks a rule after the rules up to ``inner`` (1-4)."""
    t = b.copy()
    return not t.place(r, c, v) or close(t, inner, {r, b.height + c}) == BROKEN


def search(b: Board, solution: list[int], dirty: set[int], budget: int | None = None,
           near: tuple[int, int] | None = None) -> bool:
    """Level 5 in place (ZeroOrOne: a supposition followed with levels 1-4) from ``dirty``; whether
    it solves the board. ``solution`` holds each row's ones: only the wrong digit is supposed (the
    right one never breaks a rule). With a ``budget``, False once that many suppositions failed
    (cells in the lines of ``near`` first)."""
    if close(b, LINE, dirty) == BROKEN:  # pragma: no cover - the board is part of a solution
        return False
    while not b.is_solved():
        progress = False
        cells = b.open_cells()
        if near is not None:
            cells.sort(key=lambda rc: rc[0] != near[0] and rc[1] != near[1])
        for r, c in cells:
            if b.known(r, c):
                continue
            right = solution[r] >> c & 1
            if refuted(b, r, c, 1 - right, LINE):
                b.place(r, c, right)
                close(b, LINE, {r, b.height + c})
                progress = True
            elif budget is not None:
                budget -= 1
                if budget <= 0:
                    return False
        if not progress:
            return False
    return True
