"""Exact solver 1: the seed's SAT encoding, on core.sat with MiniSat 2.2 (:data:`SOLVER`).

Variable ``x(i, d)`` = cell ``i`` holds digit ``d`` (``i * n + d``, d = 1..n). Clauses:

(A) every white cell holds at least one digit and at most one; an empty black cell holds none;
(B) each digit at most once per row and per column (digits in black cells count);
(C) rule 2': a compartment of length t holding v holds nothing >= v + t or <= v - t, as the clauses
    ``-x(i, v) | -x(j, w)`` for every pair of its cells and every |v - w| >= t;
(D) givens.

Variables false in every model are left out of every clause (a clause with such a literal negated
is already satisfied): :func:`candidates` finds them by propagating (A)-(D) to a fixpoint (decided
digits leave their lines; each compartment keeps the digits of the straights its cells can still
make; digits in all of them leave the rest of the line). (E) adds redundant straight variables that
strengthen propagation without changing the solutions. When propagation alone fixes every cell,
the solver is skipped and the assignment is checked. Rule 2 <=> rule 2' (for distinct values) is
property-tested in tests/str8ts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from gridlogic.core.sat import SatModel, models
from gridlogic.puzzles.str8ts.check import violations
from gridlogic.puzzles.str8ts.model import Solution, Str8ts

CONFLICT_BUDGET = 300
"""Conflicts the solver may spend on (A)-(D) alone before (E) is added (measured over the corpus)."""

SOLVER = "minisat22"
"""The SAT solver for these small instances (~1-2k clauses): MiniSat 2.2 builds and answers them
faster than CaDiCaL (python-sat's default here); measured over the corpus with
benchmarks/bench_str8ts.py (median construction + solve + uniqueness 1.1 vs 1.6 ms)."""

STRAIGHT_VARS_FROM = 4
"""(E) gets straight variables for compartments with at least this many feasible straights; the
others get only "a digit in every feasible straight is somewhere in the compartment" (measured over
the corpus: 4 gives the best median and tail; benchmarks/bench_str8ts.py)."""


def candidates(p: Str8ts) -> list[int]:
    """Per cell, the digits (bit d-1) still possible after propagating (A)-(D) to a fixpoint: a
    decided digit leaves its row and column (B); a compartment keeps the digits of the straights
    its cells can still make (C), and a digit in all of them leaves the rest of the line (B).
    Every variable left out is false in every model."""
    n = p.n
    full = (1 << n) - 1
    masks = [0 if p.black[i] else full for i in range(p.size)]
    for i, g in enumerate(p.givens):
        if g and not p.black[i]:
            masks[i] = 1 << (g - 1)
    done = [False] * p.size
    queue = [i for i, g in enumerate(p.givens) if g]
    while True:
        _spread(p, masks, done, queue)
        if not _bounds(p, masks, queue):
            return masks


def _spread(p: Str8ts, masks: list[int], done: list[bool], queue: list[int]) -> None:
    """(B): decided digits leave their rows and columns (black givens included)."""
    peers = _peers(p.n, p.lines)
    while queue:
        i = queue.pop()
        if done[i] or not (p.black[i] or masks[i]):
            continue  # an emptied white cell: clause (A) for it will be empty
        done[i] = True
        bit = 1 << (p.givens[i] - 1) if p.black[i] else masks[i]
        for j in peers[i]:
            m = masks[j]
            if m & bit:
                m &= ~bit
                masks[j] = m
                if m and not m & (m - 1):
                    queue.append(j)


@lru_cache(maxsize=8)
def _peers(n: int, lines: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per cell, the other cells of its row and column."""
    return tuple(tuple(j for j in lines[i // n] + lines[n + i % n] if j != i) for i in range(n * n))


@lru_cache(maxsize=64)
def _units(p: Str8ts) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]:
    """Per compartment: its cells, its starts mask (bit s: the window s+1..s+t fits in 1..n), the
    other white cells of its line."""
    n = p.n
    out = []
    for comp in p.compartments:
        k = comp.line + (n if comp.axis == "column" else 0)
        others = tuple(j for j in p.lines[k] if not p.black[j] and j not in comp.cells)
        out.append((comp.cells, (1 << (n - comp.size + 1)) - 1, others))
    return tuple(out)


def _bounds(p: Str8ts, masks: list[int], queue: list[int]) -> bool:
    """(A)+(C) within each compartment: keep the digits of the windows k..k+t-1 that every cell can
    meet and whose digits are all offered (no straight fits elsewhere); a digit in all of them is
    in the compartment, so (B) removes it from the rest of the line. True if anything changed.
    All windows at once, as bit masks of their starts: cell mask ``m`` meets the window at ``s``
    iff bit ``s`` of ``m | m >> 1 | ... | m >> (t-1)``; the union covers it iff bit ``s`` of
    ``u & u >> 1 & ... & u >> (t-1)``."""
    changed = False
    for cells, fits, others in _units(p):
        t = len(cells)
        starts = window_starts([masks[i] for i in cells], fits)
        allowed = starts
        for k in range(1, t):
            allowed |= starts << k
        for i in cells:
            m = masks[i]
            if m & ~allowed:
                m &= allowed
                masks[i] = m
                changed = True
                if m and not m & (m - 1):
                    queue.append(i)
        if not starts:
            continue
        lo, hi = (starts & -starts).bit_length() - 1, starts.bit_length() - 1
        sure = ((1 << (lo + t)) - 1) & ~((1 << hi) - 1)  # digits hi+1..lo+t: in every window
        for j in others:
            m = masks[j]
            if m & sure:
                m &= ~sure
                masks[j] = m
                changed = True
                if m and not m & (m - 1):
                    queue.append(j)
    return changed


def window_starts(ms: list[int], fits: int) -> int:
    """The windows (bit s: digits s+1..s+t, t = len(ms)) among ``fits`` that every cell mask in
    ``ms`` meets and whose digits the masks together all offer."""
    t = len(ms)
    union = 0
    for m in ms:
        union |= m
        reach = m
        for k in range(1, t):
            reach |= m >> k
        fits &= reach
    cover = union
    for k in range(1, t):
        cover &= union >> k
    return fits & cover


def var(p: Str8ts, i: int, d: int) -> int:
    return i * p.n + d


@cache
def _pairs(k: int) -> npt.NDArray[np.int64]:
    """Every index pair a < b of range(k), shape (k(k-1)/2, 2)."""
    a, b = np.triu_indices(k, 1)
    return np.stack([a, b], axis=1).astype(np.int64)


@cache
def _far(n: int, t: int) -> npt.NDArray[np.int64]:
    """Every digit pair (v, w) with |v - w| >= t: rule 2' forbids them together in a t-compartment."""
    v, w = np.meshgrid(np.arange(1, n + 1), np.arange(1, n + 1), indexing="ij")
    sel = np.abs(v - w) >= t
    return np.stack([v[sel], w[sel]], axis=1).astype(np.int64)


def _var_pairs(cell_pairs: npt.NDArray[np.int64], digit_pairs: npt.NDArray[np.int64],
               n: int) -> npt.NDArray[np.int64]:
    """The variable pairs ``(x(a, v), x(b, w))`` for every cell pair (a, b) x digit pair (v, w)."""
    a = cell_pairs[:, None, 0] * n + digit_pairs[None, :, 0]
    b = cell_pairs[:, None, 1] * n + digit_pairs[None, :, 1]
    return np.stack([a.ravel(), b.ravel()], axis=1)


@lru_cache(maxsize=8)
def _fixed_pairs(n: int, lines: tuple[tuple[int, ...], ...]) -> npt.NDArray[np.int64]:
    """The binary clauses (as variable pairs) that depend only on the board size: (A) at most one
    digit per cell, then (B) each digit at most once per line."""
    cells = np.arange(n * n, dtype=np.int64)
    amo = _var_pairs(np.stack([cells, cells], axis=1), _pairs(n) + 1, n)
    same = np.repeat(np.arange(1, n + 1, dtype=np.int64)[:, None], 2, axis=1)
    rows = np.array(lines, dtype=np.int64)[:, _pairs(n)].reshape(-1, 2)
    return np.concatenate([amo, _var_pairs(rows, same, n)])


@lru_cache(maxsize=4096)
def _rule2_pairs(n: int, cells: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """(C) rule 2' for one compartment: every cell pair x every digit pair at distance >= t."""
    t = len(cells)
    return _var_pairs(np.array(cells, dtype=np.int64)[_pairs(t)], _far(n, t), n)


@cache
def _digit_lists(n: int) -> tuple[tuple[int, ...], ...]:
    """Per candidate mask of size n, its digits in increasing order."""
    return tuple(tuple(d for d in range(1, n + 1) if m >> (d - 1) & 1) for m in range(1 << n))


def _cands(n: int, masks: list[int]) -> list[tuple[int, ...]]:
    table = _digit_lists(n)
    return [table[m] for m in masks]


def encode(p: Str8ts, straights: bool = True, masks: list[int] | None = None) -> tuple[SatModel, list[int]]:
    """The model and its cell variables (the projection for enumeration); ``straights`` adds (E).
    The binary clauses (A at most one, B, C) come from precomputed variable-pair tables, kept
    where both variables are candidates and negated in one numpy pass."""
    n = p.n
    masks = candidates(p) if masks is None else masks
    ok = np.zeros(n * p.size + 1, dtype=bool)
    ok[1:] = ((np.array(masks, dtype=np.int64)[:, None] >> np.arange(n)) & 1).ravel().astype(bool)
    cand = _cands(n, masks)
    m = SatModel(nvars=n * n * n)
    cl = m.clauses
    cell_vars = [i * n + d for i in p.white for d in cand[i]]
    cl.extend([i * n + d for d in cand[i]] for i in p.white)  # (A) at least one ([] if none left)
    tables = [_fixed_pairs(n, p.lines)]
    tables += [_rule2_pairs(n, c.cells) for c in p.compartments if 1 < c.size < n]
    pairs = np.concatenate(tables)
    pairs = pairs[ok[pairs[:, 0]] & ok[pairs[:, 1]]]
    cl.extend((-pairs).tolist())
    if straights:
        m.clauses.extend(strengthening(p, m, masks, cand))
    return m, cell_vars


def strengthening(p: Str8ts, m: SatModel, masks: list[int], cand: Sequence[Sequence[int]]) -> list[list[int]]:
    """The clauses of (E) for every compartment; their new variables are allocated in ``m``."""
    extra = SatModel(nvars=m.nvars)
    for comp in p.compartments:
        _straight_vars(extra, p.n, comp.cells, masks, cand)
    m.nvars = extra.nvars
    return extra.clauses


def _straight_vars(m: SatModel, n: int, cells: tuple[int, ...], masks: list[int],
                   cand: Sequence[Sequence[int]]) -> None:
    """(E), redundant with (C) but much stronger for propagation: ``s(k)`` = the compartment holds
    exactly k..k+t-1. Exactly one feasible ``s(k)``; a digit needs one of the ``s(k)`` whose window
    holds it; ``s(k)`` needs each digit of its window somewhere in the compartment. With fewer than
    ``STRAIGHT_VARS_FROM`` feasible straights, only the digits in all of them are required (a
    clause over their holders). Each ``s(k)`` is fixed by the cell values (the one window their
    straight fills), so counts do not change."""
    t = len(cells)
    if t < 2:
        return
    union = 0
    for i in cells:
        union |= masks[i]
    starts = [k for k in range(1, n - t + 2) if union >> (k - 1) & ((1 << t) - 1) == (1 << t) - 1]
    holders = [[], *([i * n + d for i in cells if masks[i] >> (d - 1) & 1] for d in range(1, n + 1))]
    cl = m.clauses
    if len(starts) < STRAIGHT_VARS_FROM:
        if not starts:
            cl.append([])
        sure = set(range(starts[-1], starts[0] + t)) if starts else set()
        cl.extend(holders[d] for d in sure)  # digits in every remaining straight are required
        return
    svars = m.new_vars(len(starts))
    cl.append(svars)
    cl.extend([-a, -b] for j, a in enumerate(svars) for b in svars[j + 1:])
    by_digit: list[list[int]] = [[] for _ in range(n + 1)]
    for k, sv in zip(starts, svars, strict=True):
        for d in range(k, k + t):
            by_digit[d].append(sv)
            cl.append([-sv, *holders[d]])
    cl.extend([-(i * n + d), *by_digit[d]] for i in cells for d in cand[i])


def decode(p: Str8ts, true: frozenset[int]) -> Solution:
    out = [0] * p.size
    for v in true:
        i, d = divmod(v, p.n)
        if d == 0:
            i, d = i - 1, p.n
        out[i] = d
    return tuple(out)


def solutions(p: Str8ts, assumptions: tuple[int, ...] = (), shortcut: bool = True,
              budget: int = CONFLICT_BUDGET) -> Iterator[Solution]:
    """Every solution, one at a time (each found one is blocked on the cell variables).

    The solver starts on (A)-(D); if a call needs more than ``budget`` conflicts, (E) is added to the
    same solver and the call resumes without a limit (``budget=0``: (E) from the start). With
    ``shortcut``, when the propagation behind :func:`candidates` already fixes every white cell, that
    assignment is the only candidate model: it is checked against the rules and yielded without
    calling the solver (assumptions are then checked on it too)."""
    masks = candidates(p)
    if any(not masks[i] for i in p.white):
        return
    if shortcut and all(not masks[i] & (masks[i] - 1) for i in p.white):
        sol = tuple(m.bit_length() for m in masks)
        if not violations(p, sol) and all(_holds(p, sol, a) for a in assumptions):
            yield sol
        return
    m, project = encode(p, straights=budget == 0, masks=masks)
    with m.solver(SOLVER) as s:
        for true in models(s, project, assumptions=assumptions, budget=budget,
                           on_budget=lambda s: s.append_formula(strengthening(p, m, masks, _cands(p.n, masks)))):
            yield decode(p, true)


def _holds(p: Str8ts, sol: Solution, lit: int) -> bool:
    i, d = divmod(abs(lit) - 1, p.n)
    return (sol[i] == d + 1) == (lit > 0)
