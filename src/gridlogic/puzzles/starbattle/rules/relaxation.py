"""The linear relaxation of a board's counts, solved by a dense tableau simplex (compiled by numba).

Variables are the candidates' fractional stars ``x >= 0``. Rows are cell masks: the first ``n_eq`` are
units whose candidates hold exactly their remaining stars, the others 2x2 windows whose candidates hold at
most what is left of their one star (which also bounds every ``x`` by 1). A :class:`Scan` finds a feasible
point (phase 1), then asks of a candidate, when asked, its largest or its smallest value (:func:`probe`
asks every one); where the largest is
below 1 or the smallest above 0 it returns the row weights that prove it (the dual: every candidate
weighs at least its objective coefficient, window weights are not negative, and the weighted right-hand
sides add up to the optimum). Floating point: the weights are only a proposal, which
:mod:`~gridlogic.puzzles.starbattle.rules.weighted` checks in exact arithmetic before any mark is made.
:func:`shortest` then solves a second program over the certificates of one mark, for the one with the
least sum of absolute weights (a shorter sentence).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

EPS = 1e-9
MAX_PIVOTS = 5000
"""Pivots per solve before giving up (a solve that gives up proves nothing)."""
SHORTEST_PIVOTS = 5000
"""Pivots per phase of :func:`shortest` before it gives up (the certificate found first is kept)."""
PERTURB = 1e-8
"""Each other candidate may weigh a few times this below 0 in :func:`shortest`'s program (no two
alike): no ties, so few degenerate pivots; the rounding to :data:`~weighted.DENOMINATOR` takes it off."""
SWEEPS = 8
"""Rounds of :func:`_sweep` per direction at most."""
DEGENERATE = 30
"""Consecutive pivots that move nothing before switching to Bland's rule (no cycling)."""

Array = NDArray[np.float64]


_COMPILED: list[bool] = []


def _compile() -> None:
    """Replace the kernels by their compiled forms (once; they call each other by these names)."""
    global _pivot, _simplex, _witness, _phase1, _decide, _sweep  # noqa: PLW0603 - the kernels, swapped once for compiled ones
    if not _COMPILED:
        # deferred: numba costs start-up time, and only a board that every other rule leaves needs it
        from gridlogic.core.jit import njit  # noqa: PLC0415

        _pivot, _simplex, _witness = njit(_pivot), njit(_simplex), njit(_witness)
        _phase1, _decide, _sweep = njit(_phase1), njit(_decide), njit(_sweep)
        _COMPILED.append(True)


def _pivot(tab: Any, basis: Any, r: int, s: int, reduced: Any) -> None:
    width, m = tab.shape
    piv = tab[s, r]
    nz = np.empty(width, dtype=np.int64)  # the pivot row's non-zero columns: only they change
    count = 0
    for j in range(width):
        if tab[j, r] != 0.0:
            tab[j, r] /= piv
            nz[count] = j
            count += 1
    f = tab[s].copy()  # each row's multiple of the pivot row (0 for the pivot row itself)
    f[r] = 0.0
    for q in range(count):  # column by column, contiguous: the same products as row by row
        j = nz[q]
        p = tab[j, r]
        col = tab[j]
        for i in range(m):
            col[i] -= f[i] * p
    g = reduced[s]
    if g != 0.0:
        for q in range(count):
            j = nz[q]
            if j < reduced.size:
                reduced[j] -= g * tab[j, r]
    basis[r] = s


def _simplex(tab: Any, basis: Any, cost: Any, allowed: int, limit: int) -> bool:
    """Primal simplex maximising ``cost``, entering only columns below ``allowed``: True at an optimum,
    False if it gave up after ``limit`` pivots."""
    width, m = tab.shape
    ncol = width - 1
    reduced = cost.copy()
    for i in range(m):
        cb = cost[basis[i]]
        if cb != 0.0:
            for j in range(ncol):
                reduced[j] -= cb * tab[j, i]
    bland = False
    flat = 0
    for _ in range(limit):
        s = -1
        best_rc = EPS
        for j in range(allowed):
            if reduced[j] > best_rc:
                s = j
                if bland:
                    break
                best_rc = reduced[j]
        if s < 0:
            return True
        r = -1
        best = 0.0
        col, rhs = tab[s], tab[ncol]
        for i in range(m):
            a = col[i]
            if a > EPS:
                ratio = rhs[i] / a
                if r < 0 or ratio < best - EPS or (ratio <= best + EPS and basis[i] < basis[r]):
                    r, best = i, ratio
        if r < 0:
            return False
        flat = flat + 1 if best <= EPS else 0
        if flat > DEGENERATE:
            bland = True
        _pivot(tab, basis, r, s, reduced)
    return False


def _phase1(tab: Any, basis: Any, nv: int, nw: int) -> Any:
    """Phase 1 on ``tab`` (stored by columns, see :func:`tableau`; rows: equalities with artificial
    columns after the slacks), in place. Returns the status per variable and direction (0 open, 2 a
    basic solution takes the value; see :func:`_decide`), all -1 when phase 1 fails."""
    width, m = tab.shape
    ncol = width - 1
    status = np.zeros((nv, 2), dtype=np.int64)
    cost = np.zeros(ncol)
    for j in range(nv + nw, ncol):
        cost[j] = -1.0
    if not _simplex(tab, basis, cost, ncol, MAX_PIVOTS):
        status[:, :] = -1
        return status
    total = 0.0
    for i in range(m):
        if basis[i] >= nv + nw:
            total += tab[ncol, i]
    if total > 1e-7:
        status[:, :] = -1
        return status
    for i in range(m):  # drive the artificial columns out where a row allows
        if basis[i] >= nv + nw:
            s = -1
            big = 1e-7
            for j in range(nv + nw):
                if abs(tab[j, i]) > big:
                    s, big = j, abs(tab[j, i])
            if s >= 0:
                _pivot(tab, basis, i, s, np.zeros(ncol))
    _witness(tab, basis, nv, status)
    return status


def _decide(tab: Any, basis: Any, nv: int, nw: int, k: int, d: int, status: Any, duals: Any) -> int:
    """Variable ``k``'s largest (``d`` 0: is 1 possible?) or smallest value (``d`` 1: is 0 possible?),
    by a solve from the phase-1 ``tab`` (left as it is), unless ``status`` already knows it. Sets and
    returns ``status[k, d]``: 1 a proved bound, with the dual weights in ``duals``; 2 the value is
    reached (or the solve gave up). Every basic optimum met marks the values it takes as possible
    (status 2): the answer for one ``(k, d)`` does not depend on which were asked before."""
    if status[k, d] != 0:
        return int(status[k, d])
    width, m = tab.shape
    ncol = width - 1
    t = tab.copy()
    b = basis.copy()
    c = np.zeros(ncol)
    c[k] = 1.0 if d == 0 else -1.0
    if not _simplex(t, b, c, nv + nw, MAX_PIVOTS):
        status[k, d] = 2
        return 2
    opt = 0.0
    for i in range(m):
        opt += c[b[i]] * t[ncol, i]
    _witness(t, b, nv, status)
    if (d == 0 and opt < 1 - 1e-6) or (d == 1 and opt < -1e-6):
        status[k, d] = 1
        neq = ncol - nv - nw
        duals[:] = 0.0
        for i in range(m):
            cb = c[b[i]]
            if cb != 0.0:
                for r in range(m):
                    duals[r] += cb * t[nv + nw + r if r < neq else nv + (r - neq), i]
        return 1
    status[k, d] = 2
    return 2


def _sweep(tab: Any, basis: Any, nv: int, nw: int, d: int, status: Any) -> int:
    """Witness values cheaply before they are asked one by one: solve for the sum of the variables
    still open in direction ``d`` (largest for 0, smallest for 1) from the phase-1 ``tab`` (left as it
    is) and mark the values the optimum takes; again while that marks some. Only status 2 is set, so
    no answer of :func:`_decide` changes, only how many solves it takes. Returns the marks made."""
    ncol = tab.shape[0] - 1
    made = 0
    for _ in range(SWEEPS):
        c = np.zeros(ncol)
        before = 0
        for k in range(nv):
            if status[k, d] == 0:
                c[k] = 1.0 if d == 0 else -1.0
                before += 1
        if before == 0:
            break
        t = tab.copy()
        b = basis.copy()
        if not _simplex(t, b, c, nv + nw, MAX_PIVOTS):
            break
        _witness(t, b, nv, status)
        after = 0
        for k in range(nv):
            if status[k, d] == 0:
                after += 1
        made += before - after
        if after == before:
            break
    return made


def _witness(tab: Any, basis: Any, nv: int, status: Any) -> None:
    """Mark the values a basic solution takes as possible: status 2 where not already proved."""
    width, m = tab.shape
    x = np.zeros(nv)
    for i in range(m):
        if basis[i] < nv:
            x[basis[i]] = tab[width - 1, i]
    for k in range(nv):
        if x[k] > 1 - 1e-7 and status[k, 0] == 0:
            status[k, 0] = 2
        if x[k] < 1e-7 and status[k, 1] == 0:
            status[k, 1] = 2


def cover(cells: list[int], rows: list[int]) -> Array:
    """out[j, i] = 1 where candidate ``cells[j]`` lies in row (a set's cell mask) ``rows[i]``."""
    where = {c: j for j, c in enumerate(cells)}
    out = np.zeros((len(cells), len(rows)))
    for i, mask in enumerate(rows):
        while mask:
            low = mask & -mask
            j = where.get(low.bit_length() - 1)
            if j is not None:
                out[j, i] = 1.0
            mask ^= low
    return out


def tableau(cells: list[int], rows: list[int], rhs: list[int], n_eq: int) -> tuple[Array, NDArray[np.int64]]:
    """The starting tableau (rows: the ``n_eq`` equalities first, then the windows) and its basis
    (artificial columns for the equalities, slacks for the windows). Stored by columns (``out[j, i]`` is
    row ``i``'s entry in column ``j``): a pivot then updates each changed column as one contiguous run."""
    m, nv = len(rows), len(cells)
    nw = m - n_eq
    tab = np.zeros((m, nv + nw + n_eq + 1))
    tab[:, :nv] = cover(cells, rows).T
    basis = np.empty(m, dtype=np.int64)
    for i in range(m):
        col = nv + nw + i if i < n_eq else nv + (i - n_eq)
        tab[i, col] = 1.0
        tab[i, -1] = rhs[i]
        basis[i] = col
    return np.ascontiguousarray(tab.T), basis


class Scan:
    """The relaxation of one board after phase 1, asked mark by mark (:meth:`decide`): a solve runs only
    when a mark is asked, so the marks a board's other rules settle first are never solved for."""

    def __init__(self, cells: list[int], rows: list[int], rhs: list[int], n_eq: int) -> None:
        _compile()
        self.tab, self.basis = tableau(cells, rows, rhs, n_eq)
        self.nv, self.nw = len(cells), len(rows) - n_eq
        self.status = _phase1(self.tab, self.basis, self.nv, self.nw)
        self._duals = np.zeros(len(rows))
        self._swept = [False, False]

    @property
    def feasible(self) -> bool:
        """Whether phase 1 found a point (if not, no mark is proved)."""
        return bool(self.status[0, 0] >= 0) if self.nv else False

    def decide(self, k: int, star: bool) -> list[float] | None:
        """The row weights proving candidate ``k`` a star (``star``) or empty, or None if the
        relaxation does not decide it (the answer is the same whatever was asked before)."""
        if not self.feasible:
            return None
        if not self._swept[star]:
            self._swept[star] = True
            _sweep(self.tab, self.basis, self.nv, self.nw, int(star), self.status)
        if _decide(self.tab, self.basis, self.nv, self.nw, k, int(star), self.status, self._duals) != 1:
            return None
        return [float(w) for w in self._duals]


def probe(cells: list[int], rows: list[int], rhs: list[int], n_eq: int) -> list[tuple[int, bool, list[float]]]:
    """The candidates the relaxation decides: (index into ``cells``, True for a star, the proposed row
    weights), empty marks first."""
    scan = Scan(cells, rows, rhs, n_eq)
    out = []
    for star in (False, True):
        for k in range(len(cells)):
            weights = scan.decide(k, star)
            if weights is not None:
                out.append((k, star, weights))
    return out


def shortest(cells: list[int], rows: list[int], rhs: list[int], n_eq: int, k: int, star: bool) -> list[float] | None:
    """Row weights proving candidate ``cells[k]`` a star (``star``) or empty with the least sum of
    absolute weights (a second linear program, on the certificates: fewer and smaller weights make a
    shorter sentence), or None if the solve gives up. The conditions are those the exact check reads:
    every other candidate weighs at least 0, window weights are not negative, and the bound is at most
    -1 (a star) or at least 1 below the cell's weight (empty). A proposal like :func:`probe`'s."""
    _compile()
    m, nv = len(rows), len(cells)
    covered = cover(cells, rows)
    b = np.array(rhs, dtype=np.float64)
    if star:
        special = -b
    else:
        special = covered[k] - b
    # columns: p (units, +), q (units, -), windows, one slack per candidate, the artificial; rhs last
    ny = 2 * n_eq + (m - n_eq)
    width = ny + nv + 2
    tab = np.zeros((nv, width))
    basis = np.empty(nv, dtype=np.int64)
    for j in range(nv):
        v = special if j == k else -covered[j]
        tab[j, :n_eq] = v[:n_eq]
        tab[j, n_eq:2 * n_eq] = -v[:n_eq]
        tab[j, 2 * n_eq:ny] = v[n_eq:]
        if j == k:
            tab[j, ny + j] = -1.0
            tab[j, width - 2] = 1.0
            tab[j, width - 1] = 1.0
            basis[j] = width - 2
        else:
            tab[j, ny + j] = 1.0
            tab[j, width - 1] = PERTURB * (1 + (j * 7919) % 97)  # against degenerate pivots; rounded off
            basis[j] = ny + j
    tab = np.ascontiguousarray(tab.T)  # by columns, as the kernels read it
    cost = np.zeros(width - 1)
    cost[width - 2] = -1.0
    if not _simplex(tab, basis, cost, width - 1, SHORTEST_PIVOTS):
        return None
    at = int(np.argmax(basis == width - 2)) if (basis == width - 2).any() else -1
    if at >= 0:
        if tab[width - 1, at] > 1e-7:
            return None  # no such weights (cannot happen for a mark :func:`probe` proved)
        s = int(np.argmax(np.abs(tab[:width - 2, at])))
        if abs(tab[s, at]) <= 1e-7:
            return None
        _pivot(tab, basis, at, s, np.zeros(width - 1))
    cost = np.zeros(width - 1)
    cost[:ny] = -1.0
    if not _simplex(tab, basis, cost, width - 2, SHORTEST_PIVOTS):
        return None
    y = np.zeros(width - 1)
    for i in range(nv):
        y[basis[i]] = tab[width - 1, i]
    return [float(y[i] - y[n_eq + i]) for i in range(n_eq)] + [float(y[2 * n_eq + i]) for i in range(m - n_eq)]
