"""Exact straight analysis shared by the rules and the backtracking solver (pure functions over
masks, cached).

A compartment of t cells can hold the straight ``w`` (a mask of t consecutive digits) when its
cells can be matched one-to-one to the digits of ``w`` (each cell to one of its candidates): a
small bipartite perfect matching. ``fits`` lists every such window with, per cell, the digits it
takes in at least one of those matchings. ``line_windows`` combines the compartments of one row or
column: their straights cannot share a digit nor use a digit of a black cell in the line.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

Fit = tuple[int, tuple[int, ...]]
"""A window mask and, per cell of the compartment, the digits it can take in that window."""


_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(1 << v for v in range(9) if m >> v & 1) for m in range(1 << 9))
"""The single-bit masks of every 9-bit mask."""


_WITHOUT: tuple[int, ...] = tuple(sum(1 << u for u in range(1 << 9) if not u >> j & 1) for j in range(9))
"""_WITHOUT[j]: the digit sets (as bits of a set of sets: bit u for the set u) that lack digit j."""
_WITH: tuple[int, ...] = tuple(((1 << (1 << 9)) - 1) & ~without for without in _WITHOUT)
"""_WITH[j]: the digit sets that hold digit j."""
_STEPS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((b, _WITHOUT[b.bit_length() - 1], _WITH[b.bit_length() - 1]) for b in bits) for bits in _BITS)
"""Per 9-bit mask, per digit in it: its bit, the sets without it and the sets with it."""


def _layers(masks: tuple[int, ...], w: int) -> list[int]:
    """layers[k]: the digit sets cells 0..k-1 can take together (distinct digits of ``w``), as a
    set of sets: bit u set for the digit set u. A cell taking digit b turns set u (without b)
    into u + b, so a layer is a few shifts of the one before."""
    out = [1]
    for m in masks:
        last, nxt = out[-1], 0
        for b, without, _ in _STEPS[m & w]:
            nxt |= (last & without) << b
        out.append(nxt)
    return out


def _greedy(masks: tuple[int, ...], w: int) -> bool:
    """True if giving each cell (fewest options first) its lowest free digit of ``w`` fills ``w``
    (a perfect matching; False says nothing: :func:`_layers` decides then)."""
    used = 0
    for m in sorted([m & w for m in masks], key=int.bit_count):
        free = m & ~used
        if not free:
            return False
        used |= free & -free
    return True


@lru_cache(maxsize=1 << 17)
def windows(n: int, masks: tuple[int, ...], banned: int) -> tuple[int, ...]:
    """The windows (t consecutive digits within 1..n, none in ``banned``) the cells with candidate
    ``masks`` can fill, one digit per cell (a perfect matching of cells to the window's digits)."""
    t = len(masks)
    union = 0
    for m in masks:
        union |= m
    out: list[int] = []
    full = (1 << t) - 1
    for start in range(n - t + 1):
        w = full << start
        if w & banned or union & w != w or not all(m & w for m in masks):
            continue
        if _greedy(masks, w) or _matched(tuple((m & w) >> start for m in masks)) is not None:
            out.append(w)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _matched(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """For t cell masks within the digits 0..t-1 (a window moved down to 1..t): per cell, the
    digits it takes in some one-to-one filling of the window; None when there is none (kept for
    these masks alone, which recur across windows, compartments and puzzles)."""
    t = len(masks)
    w = (1 << t) - 1
    fwd = _layers(masks, w)
    if not fwd[t] >> w & 1:
        return None
    if all(m == w for m in masks):
        return masks
    left = [0] * t + [1 << w]  # left[k]: the digit sets cells k..t-1 leave to the cells before k
    for k in range(t - 1, 0, -1):
        last, nxt = left[k + 1], 0
        for b, _, with_ in _STEPS[masks[k]]:
            nxt |= (last & with_) >> b
        left[k] = nxt
    support = []
    for k, m in enumerate(masks):
        # cell k takes b when cells before it take some u without b and u + b is a set the cells
        # after it leave
        ok = 0
        before, after = fwd[k], left[k + 1]
        for b, without, _ in _STEPS[m]:
            if before & without & (after >> b):
                ok |= b
        support.append(ok)
    return tuple(support)


@lru_cache(maxsize=1 << 16)
def fits(n: int, masks: tuple[int, ...], banned: int) -> tuple[Fit, ...]:
    """Each window of :func:`windows` with, per cell, the digits it takes in some filling."""
    out: list[Fit] = []
    common = -1
    for m in masks:
        common &= m
    for w in windows(n, masks, banned):
        if common & w == w:  # every cell can take every digit of w
            out.append((w, (w,) * len(masks)))
            continue
        start = (w & -w).bit_length() - 1
        support = _matched(tuple((m & w) >> start for m in masks))
        assert support is not None  # (w is one of the windows)
        out.append((w, tuple(x << start for x in support)))
    return tuple(out)


FixedFit = tuple[int, tuple[dict[int, tuple[int, ...]], ...]]
"""A window and, per cell, per digit (bit) the cell takes there: each cell's digits in the fillings
that give the cell that digit."""


@lru_cache(maxsize=1 << 14)
def _fixed_fits(n: int, masks: tuple[int, ...], banned: int) -> tuple[FixedFit, ...]:
    """Per window of :func:`fits`, per cell, per digit (bit) it takes there: the digits each cell
    takes in the fillings of the window that give the cell that digit."""
    out: list[FixedFit] = []
    for w, support in fits(n, masks, banned):
        start = (w & -w).bit_length() - 1
        shifted = tuple((m & w) >> start for m in masks)
        per_cell: list[dict[int, tuple[int, ...]]] = []
        for x, ok in enumerate(support):
            by_digit: dict[int, tuple[int, ...]] = {}
            for b in _BITS[ok >> start]:
                got = _matched((*shifted[:x], b, *shifted[x + 1:]))
                assert got is not None  # (b is a digit cell x takes in some filling)
                by_digit[b << start] = tuple(g << start for g in got)
            per_cell.append(by_digit)
        out.append((w, tuple(per_cell)))
    return tuple(out)


def fits_with(n: int, masks: tuple[int, ...], banned: int, x: int, mine: int) -> tuple[Fit, ...]:
    """:func:`fits` of ``masks`` with cell ``x`` holding only ``mine`` (a subset of its mask), from
    the fillings of ``masks`` (kept per compartment state, shared by every such question)."""
    out: list[Fit] = []
    for w, per_cell in _fixed_fits(n, masks, banned):
        union: list[int] | None = None
        for b, support in per_cell[x].items():
            if b & mine:
                if union is None:
                    union = list(support)
                else:
                    for k, s in enumerate(support):
                        union[k] |= s
        if union is not None:
            out.append((w, tuple(union)))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def lone_sure(n: int, masks: tuple[int, ...], banned: int) -> tuple[tuple[int, int], ...]:
    """The digits in every window of :func:`windows` that one cell alone can take: (cell position,
    digit) pairs, by digit."""
    wins = windows(n, masks, banned)
    if not wins:
        return ()
    sure = -1
    for w in wins:
        sure &= w
    out = []
    for d in range(n):
        if sure >> d & 1:
            holders = [k for k, m in enumerate(masks) if m >> d & 1]
            if len(holders) == 1:
                out.append((holders[0], d + 1))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def trimmed(n: int, masks: tuple[int, ...], banned: int) -> bool:
    """Whether some cell holds a digit it takes in none of the :func:`fits` (a cheap, cached
    "nothing to remove" for the rules that look at every compartment on every board)."""
    fitting = fits(n, masks, banned)
    return any(m & ~supported(fitting, k) for k, m in enumerate(masks))


def supported(fitting: Iterable[Fit], k: int) -> int:
    """The digits cell ``k`` (its position in the compartment) takes in some of ``fitting``."""
    ok = 0
    for _, support in fitting:
        ok |= support[k]
    return ok


def within(fitting: Iterable[Fit], wins: Iterable[int]) -> list[Fit]:
    """The fits whose window is one of ``wins``."""
    keep = set(wins)
    return [f for f in fitting if f[0] in keep]


@lru_cache(maxsize=1 << 16)
def line_windows(windows: tuple[tuple[int, ...], ...], banned: int,
                 must: int = 0) -> tuple[tuple[tuple[int, ...], ...], int]:
    """For the compartments of one line, each given its fitting windows: the windows of each that
    belong to some choice of pairwise disjoint windows (one per compartment) avoiding ``banned``
    and using every digit of ``must``, and the digits every such choice uses (0 when there is no
    choice at all)."""
    allowed: list[set[int]] = [set() for _ in windows]
    required = -1
    chosen: list[int] = []

    def walk(c: int, used: int) -> None:
        nonlocal required
        if c == len(windows):
            if used & must != must:
                return
            for k, w in enumerate(chosen):
                allowed[k].add(w)
            required &= used
            return
        for w in windows[c]:
            if not w & (used | banned):
                chosen.append(w)
                walk(c + 1, used | w)
                chosen.pop()

    walk(0, 0)
    if required == -1:
        return tuple(() for _ in windows), 0
    return tuple(tuple(w for w in ws if w in a) for ws, a in zip(windows, allowed, strict=True)), required


__all__ = ["Fit", "fits", "fits_with", "line_windows", "lone_sure", "supported", "trimmed", "windows", "within"]
