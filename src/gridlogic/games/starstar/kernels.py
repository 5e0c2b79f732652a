"""The numba kernels of the playouts: fill the empty nodes (uniformly, or with bridge defence), score.

Compiled lazily through :func:`gridlogic.core.jit.njit` (cached on disk where writable).
Every kernel draws from its own xorshift64* generator seeded (through splitmix64) from the
caller's ``random.Random``.  The kernels are the numba twins of the pure-Python playouts in
``playout.py`` and ``bridges.py``; ``tests/starstar`` checks that they agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gridlogic.core.jit import HAVE_NUMBA, njit

# ruff: noqa: ANN401 - the kernels take numpy arrays typed by numba, not by mypy


def _mix_source(seed: Any) -> Any:  # pragma: no cover - compiled
    state: Any = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    state = (state ^ (state >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    state = (state ^ (state >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    state = state ^ (state >> np.uint64(31))
    if state == np.uint64(0):
        state = np.uint64(1)
    return state


def _next_source(state: Any) -> tuple[Any, Any]:  # pragma: no cover - compiled
    state ^= state >> np.uint64(12)
    state ^= state << np.uint64(25)
    state ^= state >> np.uint64(27)
    return state, (state * np.uint64(2685821657736338717)) >> np.uint64(33)


def _empties_source(cells: Any) -> tuple[Any, int]:  # pragma: no cover - compiled
    """The empty nodes in index order (room for every node) and how many there are."""
    n = cells.shape[0]
    empties = np.empty(n, dtype=np.int32)
    m = 0
    for a in range(n):
        if cells[a] == 0:
            empties[m] = a
            m += 1
    return empties, m


def _shuffled_empties_source(cells: Any, state: Any) -> tuple[Any, int, Any]:  # pragma: no cover
    empties, m = _empties(cells)
    for i in range(m - 1, 0, -1):
        state, r = _next(state)
        j = (np.int64(r) * (i + 1)) >> 31  # r has 31 random bits: multiply-shift, no division
        empties[i], empties[j] = empties[j], empties[i]
    return empties, m, state


def _score_source(
    cells: Any, edges: Any, ptr: Any, idx: Any, peries: Any, is_quark: Any, out: Any
) -> tuple[int, int]:  # pragma: no cover - compiled
    """The full board's (margin, quark lead) for Black; ``out[k]``: the owner of peri k (0 none, 1, 2).

    Only the groups holding a peri are labelled (depth first from each peri), and the pushes are
    branch-free (write always, advance the stack top by the condition): on a random board the
    colour tests are coin flips, and this labelling takes 8 us on 10 rings where a union-find over
    the 775 edges took 13 us.  ``edges`` is kept in the signature for the callers."""
    n = cells.shape[0]
    label = np.full(n, n, dtype=np.int32)  # n: in no group holding a peri
    stack = np.empty(n + 1, dtype=np.int32)
    colour_of = np.empty(n + 1, dtype=np.int8)
    region = np.empty(n, dtype=np.int32)
    groups = 0
    for k in range(peries.shape[0]):
        s = peries[k]
        if label[s] != n:
            continue
        c = cells[s]
        label[s] = groups
        colour_of[groups] = c
        stack[0] = s
        top = 1
        while top > 0:
            top -= 1
            a = stack[top]
            for q in range(ptr[a], ptr[a + 1]):
                b = idx[q]
                lb = label[b]
                take = (lb == n) & (cells[b] == c)
                label[b] = groups if take else lb
                stack[top] = b
                top += take
        groups += 1
    count = np.zeros(groups, dtype=np.int32)
    for k in range(peries.shape[0]):
        count[label[peries[k]]] += 1
    star = np.zeros(n + 1, dtype=np.int8)  # by label: the colour of a star, 0 for any other group
    stars = np.zeros(3, dtype=np.int32)
    for g in range(groups):
        is_star = count[g] >= 2
        star[g] = colour_of[g] if is_star else 0
        stars[colour_of[g]] += is_star
    owner = np.full(n, -1, dtype=np.int8)  # a dead peri's region: its surrounding star's colour
    per = np.zeros(3, dtype=np.int32)
    qua = np.zeros(3, dtype=np.int32)
    for k in range(peries.shape[0]):
        p = peries[k]
        colour = star[label[p]]
        if colour == 0:
            if owner[p] >= 0:
                colour = owner[p]
            else:  # flood the nodes outside stars around this dead peri; the stars it meets own it
                owner[p] = 0
                stack[0] = p
                top = 1
                size = 0
                border = 0
                while top > 0:
                    top -= 1
                    a = stack[top]
                    region[size] = a
                    size += 1
                    for q in range(ptr[a], ptr[a + 1]):
                        b = idx[q]
                        sb = star[label[b]]
                        border |= sb
                        ob = owner[b]
                        take = (sb == 0) & (ob < 0)
                        owner[b] = 0 if take else ob
                        stack[top] = b
                        top += take
                colour = border if border < 3 else 0  # 3: both colours meet it, nobody owns it
                for i in range(size):
                    owner[region[i]] = colour
        out[k] = colour
        per[colour] += 1
        qua[colour] += is_quark[p]
    bonus_b = 1 if qua[1] >= 3 else 0
    bonus_w = 1 if qua[2] >= 3 else 0
    margin = per[1] - per[2] + bonus_b - bonus_w + 4 * (stars[2] - stars[1])
    return margin, qua[1] - qua[2]


def _random_kernel_source(
    cells: Any, to_play: int, seed: int, edges: Any, ptr: Any, idx: Any, peries: Any, is_quark: Any
) -> Any:  # pragma: no cover - compiled by numba, tested through playout_numba
    """Uniform fill, alternately from ``to_play``, then the score.

    Alternate placement in a uniformly random order gives the second player a uniformly random half
    (rounded down) of the empty nodes, so only that half is drawn: a partial Fisher-Yates shuffle of
    m // 2 steps instead of m - 1 (the pure-Python twin samples the same half)."""
    empties, m = _empties(cells)
    half = m // 2
    state = _mix(seed)
    for i in range(half):
        state, r = _next(state)
        j = i + ((np.int64(r) * (m - i)) >> 31)  # r has 31 random bits: multiply-shift, no division
        empties[i], empties[j] = empties[j], empties[i]
    first = np.int8(to_play + 1)
    second = np.int8(2 - to_play)
    for i in range(m):
        cells[empties[i]] = second if i < half else first
    return _score(cells, edges, ptr, idx, peries, is_quark, np.empty(peries.shape[0], dtype=np.int8))


def _bridge_fill_source(cells: Any, to_play: int, last: int, seed: int, bptr: Any, ba: Any, bb: Any, bx: Any) -> None:
    # pragma: no cover - compiled; see bridges.bridge_fill for the rule
    empties, m, state = _shuffled_empties(cells, _mix(seed))
    cand = np.empty(bptr.shape[0], dtype=np.int32)  # room for every triple of one node, and more
    colour = np.int8(to_play + 1)
    i = 0
    for _ in range(m):
        move = -1
        k = 0
        if last >= 0:
            for q in range(bptr[last], bptr[last + 1]):  # branch-free: ~30 % faster than early exits
                x = bx[q]
                b = bb[q]
                cand[k] = x
                k += (cells[x] == 0) & (cells[ba[q]] == colour) & ((b < 0) | (cells[b] == colour))
        if k == 1:
            move = cand[0]
        elif k > 1:
            state, r = _next(state)
            move = cand[(np.int64(r) * k) >> 31]
        if move < 0:
            while cells[empties[i]] != 0:
                i += 1
            move = empties[i]
        cells[move] = colour
        last = move
        colour = np.int8(3 - colour)


def _bridge_kernel_source(
    cells: Any, to_play: int, last: int, seed: int, edges: Any, ptr: Any, idx: Any, peries: Any, is_quark: Any,
    bptr: Any, ba: Any, bb: Any, bx: Any,
) -> Any:  # pragma: no cover - compiled by numba, tested through playout_numba
    """Fill with bridge defence, then the score."""
    _bridge_fill(cells, to_play, last, seed, bptr, ba, bb, bx)
    return _score(cells, edges, ptr, idx, peries, is_quark, np.empty(peries.shape[0], dtype=np.int8))


def _plain(fn: Callable[..., Any]) -> Any:
    return njit(fn) if HAVE_NUMBA else fn


# numba resolves these globals when a kernel is first compiled
_mix = _plain(_mix_source)
_next = _plain(_next_source)
_empties = _plain(_empties_source)
_shuffled_empties = _plain(_shuffled_empties_source)
_score = _plain(_score_source)
score_kernel = _score
_bridge_fill = _plain(_bridge_fill_source)
random_kernel = _plain(_random_kernel_source)
bridge_kernel = _plain(_bridge_kernel_source)
