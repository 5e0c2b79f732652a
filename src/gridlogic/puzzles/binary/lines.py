"""The line logic of Binary, in one place: what the rules deduce on one line, as bitsets.

A line of length ``n`` is two bitsets, ``ones`` and ``zeros`` (bit ``p``: the cell at position
``p``). Each deduction returns ``(to1, to0)``: the bits it fixes to 1 and to 0. The step rules
(:mod:`.rules.direct`) word one deduction at a time; :func:`line_fix` is a line's closure (every
rule up to a level, to the line's fixpoint), memoised by :mod:`.propagate`, the one propagation
engine; :func:`line_once` is one round of it, which :mod:`.rules.why` follows to word a
contradiction.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from gridlogic.puzzles.binary.levels import BLOCKER, COMPLETE, LINE
from gridlogic.puzzles.binary.model import ones_in, zeros_in

MAX_COMPLETION_LENGTH = 22
"""Lines longer than this are not enumerated (the pattern table would be too large): their
closure stops at level 3."""

MEMO_LIMIT = 400_000
"""Entries a memo table holds before it starts afresh."""

Fix = tuple[int, int] | None
"""``(to1, to0)`` of a line's closure, or None when the line is broken."""


def bits_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ----- the deductions of the LEGUP rules, one line at a time ---------------------------------------
def around(mask: int, full: int, step: int = 1) -> int:
    """Cells that would make a trio with two of ``mask``: both ends of each pair, the gap of each
    ``d.d`` (neighbours ``step`` bits apart: :class:`.propagate.WholeBoard` runs it on columns too)."""
    two = 2 * step
    return (((mask >> step) & (mask >> two)) | ((mask << step) & (mask << two))
            | ((mask << step) & (mask >> step))) & full


def prevent_trio(n: int, ones: int, zeros: int) -> tuple[int, int]:
    full = (1 << n) - 1
    unknown = full & ~(ones | zeros)
    return around(zeros, full) & unknown, around(ones, full) & unknown


def complete(n: int, ones: int, zeros: int) -> tuple[int, int]:
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    to0 = unknown if ones.bit_count() == ones_in(n) else 0
    to1 = unknown if zeros.bit_count() == zeros_in(n) else 0
    return to1, to0


_needy: dict[int, tuple[int, int]] = {}
"""The packing of each set of window starts (it depends on nothing else)."""


def needy_windows(n: int, digit_mask: int) -> tuple[int, int]:
    """A largest set of disjoint windows of three cells holding none of a digit (each must get
    one, or it becomes a trio of the other): ``(how many, cells they cover)``."""
    if n < 3:
        return 0, 0
    m = ~(digit_mask | (digit_mask >> 1) | (digit_mask >> 2)) & ((1 << (n - 2)) - 1)
    hit = _needy.get(m)
    if hit is not None:
        return hit
    count = cover = 0
    rest = m
    while rest:
        p = (rest & -rest).bit_length() - 1
        count += 1
        cover |= 0b111 << p
        rest &= ~((1 << (p + 3)) - 1)
    if len(_needy) > MEMO_LIMIT:
        _needy.clear()
    _needy[m] = count, cover
    return count, cover


def save_blocker(n: int, ones: int, zeros: int) -> tuple[int, int]:
    """When the blockers a digit still owes exactly fill disjoint needy windows, it goes nowhere else."""
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    to1 = to0 = 0
    rem0 = zeros_in(n) - zeros.bit_count()
    count, cover = needy_windows(n, zeros)
    if 0 < rem0 == count:
        to1 = unknown & ~cover
    rem1 = ones_in(n) - ones.bit_count()
    count, cover = needy_windows(n, ones)
    if 0 < rem1 == count:
        to0 = unknown & ~cover
    return to1, to0


def unique_fill(n: int, ones: int, zeros: int, finished: Iterable[int]) -> tuple[int, int, int | None]:
    """A line two cells short (one 0 and one 1 to place) that agrees with a finished line on its
    known cells must take the other order: ``(to1, to0, the finished line's ones)``."""
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    if unknown.bit_count() != 2 or ones_in(n) - ones.bit_count() != 1:
        return 0, 0, None
    for f in finished:
        if f & ~unknown == ones:
            return unknown & ~f, unknown & f, f
    return 0, 0, None


def broken(n: int, ones: int, zeros: int) -> str | None:
    """The contradiction rule a line breaks, if any."""
    if ones & (ones >> 1) & (ones >> 2) or zeros & (zeros >> 1) & (zeros >> 2):
        return "Trio"
    if ones.bit_count() > ones_in(n) or zeros.bit_count() > zeros_in(n):
        return "UnbalancedRowColumn"
    if needy_windows(n, zeros)[0] > zeros_in(n) - zeros.bit_count() or \
            needy_windows(n, ones)[0] > ones_in(n) - ones.bit_count():
        return "WastedBlocker"
    return None


# ----- a line's closure ------------------------------------------------------------------------------
def line_once(level: int, n: int, ones: int, zeros: int) -> tuple[str | None, int, int]:
    """One round of the direct rules up to ``level`` (1-3) on a line: ``(broken rule or None, to1,
    to0)``: the contradiction rules first (Trio, UnbalancedRowColumn, WastedBlocker, as
    :func:`broken`), then PreventTrio, CompleteRowColumn from level 2 and SaveBlocker from level 3
    together (as :func:`prevent_trio`, :func:`complete`, :func:`save_blocker`). The distinct rule is
    not in it (it needs the other lines)."""
    if ones & (ones >> 1) & (ones >> 2) or zeros & (zeros >> 1) & (zeros >> 2):
        return "Trio", 0, 0
    k1 = ones_in(n)
    rem1, rem0 = k1 - ones.bit_count(), n - k1 - zeros.bit_count()
    if rem1 < 0 or rem0 < 0:
        return "UnbalancedRowColumn", 0, 0
    c0, cover0 = needy_windows(n, zeros)
    c1, cover1 = needy_windows(n, ones)
    if c0 > rem0 or c1 > rem1:
        return "WastedBlocker", 0, 0
    full = (1 << n) - 1
    unknown = full & ~(ones | zeros)
    to1, to0 = around(zeros, full) & unknown, around(ones, full) & unknown
    if level >= COMPLETE:
        if not rem1:
            to0 |= unknown
        if not rem0:
            to1 |= unknown
    if level >= BLOCKER:
        if 0 < rem0 == c0:
            to1 |= unknown & ~cover0
        if 0 < rem1 == c1:
            to0 |= unknown & ~cover1
    return None, to1, to0


def line_fix(level: int, n: int, ones: int, zeros: int) -> Fix:
    """The cells the rules of one line up to ``level`` fix, to the line's fixpoint (level 4: the
    cells equal in every completion, which covers the direct rules); None if the line is broken."""
    if level >= LINE and n <= MAX_COMPLETION_LENGTH:
        return completion_fix(n, ones, zeros)
    level = min(level, BLOCKER)
    to1 = to0 = 0
    while True:
        if ones & zeros:
            return None
        rule, a1, a0 = line_once(level, n, ones, zeros)
        if rule is not None:
            return None
        if not a1 | a0:
            return to1, to0
        ones, zeros, to1, to0 = ones | a1, zeros | a0, to1 | a1, to0 | a0


# ----- every completion of a line --------------------------------------------------------------------
@cache
def patterns(n: int) -> tuple[int, ...]:
    """Every valid full line of length ``n`` (balanced, no trio) as a ones-bitset, ascending."""
    out: list[int] = []
    k1 = ones_in(n)

    def extend(p: int, mask: int, ones: int, last: int, run: int) -> None:
        if p == n:
            out.append(mask)
            return
        for v in (0, 1):
            r = run + 1 if v == last else 1
            o = ones + v
            if r > 2 or o > k1 or (p + 1 - o) > n - k1:
                continue
            extend(p + 1, mask | (v << p), o, v, r)

    extend(0, 0, 0, -1, 0)
    return tuple(sorted(out))


@cache
def pattern_sets(n: int) -> tuple[list[tuple[int, int]], dict[int, int], int]:
    """The valid full lines of length ``n`` as bits of one set (bit ``i``: the ``i``-th pattern):
    for each position the set of those holding 0 and of those holding 1 there; each line's bit; the
    set of all."""
    lines = patterns(n)
    by = [(int("".join("0" if p >> q & 1 else "1" for p in reversed(lines)), 2),
           int("".join("1" if p >> q & 1 else "0" for p in reversed(lines)), 2)) for q in range(n)]
    return by, {p: i for i, p in enumerate(lines)}, (1 << len(lines)) - 1


HALVED_UP_TO = 16
"""Lines up to this long find their completions from their two halves' (:func:`_able`): each half's
set is looked up (3^8 states at most per half), not ANDed cell by cell."""


@cache
def _halves(n: int) -> tuple[int, dict[int, int], dict[int, int]]:
    """The length of a line's low half, and the completions of each half's states seen so far."""
    return n // 2, {}, {}


def _agreeing(by: list[tuple[int, int]], ones: int, zeros: int, able: int) -> int:
    """``able`` without the lines that disagree with a known cell: one AND per known cell."""
    m = ones | zeros
    while m:
        low = m & -m
        m ^= low
        q = low.bit_length() - 1
        able &= by[q][ones >> q & 1]
    return able


def _able(n: int, ones: int, zeros: int, forbidden: Iterable[int] = ()) -> int:
    """The set of the valid completions of a line, without those in ``forbidden``: one AND per known
    cell, or (up to :data:`HALVED_UP_TO` cells) one per half, each half's set remembered."""
    by, index, able = pattern_sets(n)
    if n <= HALVED_UP_TO:
        h, lows, highs = _halves(n)
        mask = (1 << h) - 1
        o, z = ones & mask, zeros & mask
        low = lows.get(o << h | z)
        if low is None:
            low = lows[o << h | z] = _agreeing(by, o, z, able)
        o, z = ones & ~mask, zeros & ~mask
        high = highs.get(o << n | z)
        if high is None:
            high = highs[o << n | z] = _agreeing(by, o, z, able)
        able = low & high
    else:
        able = _agreeing(by, ones, zeros, able)
    for f in forbidden:
        i = index.get(f)
        if i is not None:
            able &= ~(1 << i)
    return able


def completion_fix(n: int, ones: int, zeros: int, forbidden: Iterable[int] = ()) -> Fix:
    """LineCompletions on one line: ``(to1, to0)`` the cells equal in every valid completion that is
    not in ``forbidden``, None if there is none."""
    able = _able(n, ones, zeros, forbidden)
    if not able:
        return None
    by = pattern_sets(n)[0]
    to1 = to0 = 0
    m = ((1 << n) - 1) & ~(ones | zeros)
    while m:
        low = m & -m
        m ^= low
        zero, one = by[low.bit_length() - 1]
        if not able & zero:
            to1 |= low
        elif not able & one:
            to0 |= low
    return to1, to0


def matching(n: int, ones: int, zeros: int) -> list[int]:
    """The valid full lines that agree with a line's known cells, ascending."""
    lines = patterns(n)
    able = _able(n, ones, zeros)
    if able == pattern_sets(n)[2]:
        return list(lines)
    text = bin(able)[:1:-1]  # bit i at index i
    out = []
    i = text.find("1")
    while i >= 0:
        out.append(lines[i])
        i = text.find("1", i + 1)
    return out


_completion_cache: dict[tuple[int, int, int, tuple[int, ...]], tuple[int, int, int]] = {}


def completions(n: int, ones: int, zeros: int, forbidden: Sequence[int] = ()) -> tuple[int, int, int]:
    """Over every valid completion of a line not in ``forbidden``: ``(count, cells 1 in all, cells 1 in
    some)``. Count 0 means the line cannot be completed."""
    key = (n, ones, zeros, tuple(sorted(f for f in forbidden if f & ones == ones and not f & zeros)))
    hit = _completion_cache.get(key)
    if hit is not None:
        return hit
    able = _able(n, ones, zeros, key[3])
    must = can = 0
    if able:
        for q, (zero, one) in enumerate(pattern_sets(n)[0]):
            if not able & zero:
                must |= 1 << q
            if able & one:
                can |= 1 << q
    out = (able.bit_count(), must, can)
    if len(_completion_cache) > 200_000:
        _completion_cache.clear()
    _completion_cache[key] = out
    return out


def completion_fill(n: int, ones: int, zeros: int, forbidden: Sequence[int] = ()) -> tuple[int, int, int]:
    """``(to1, to0, number of completions)``; ``(0, 0, 0)`` when the line cannot be completed,
    ``(0, 0, -1)`` when it is too long to enumerate."""
    if n > MAX_COMPLETION_LENGTH:
        return 0, 0, -1
    count, must, can = completions(n, ones, zeros, forbidden)
    if count == 0:
        return 0, 0, 0
    unknown = ((1 << n) - 1) & ~(ones | zeros)
    return must & unknown, ~can & unknown, count
