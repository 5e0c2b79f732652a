"""Exact solver 2: backtracking over candidate masks, independent of the SAT code.

Propagation to a fixpoint, driven by a work queue of the units whose cells changed: a decided cell
removes its digit from its row and column; each compartment keeps only the digits of its feasible
straights (windows [s, s+t-1] in which every cell has a candidate and that offer t digits), a digit
in every feasible straight (a sure digit) leaves the rest of the line and, with a single place in
the compartment, is placed there; a line's naked sets (k cells within one cell's k digits) leave
its other cells. Then the undecided white cell with the fewest candidates per contradiction met by
its units (dom/wdeg) is split on.
Bit d-1 of a mask = digit d.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gridlogic.puzzles.str8ts.model import Solution, Str8ts

_POP = [bin(m).count("1") for m in range(1 << 9)]


@dataclass(frozen=True)
class Tables:
    """Per-puzzle lookup tables. Units are numbered: compartments first, then lines (white cells of
    a row or column with more than two of them); ``units_of[i]`` lists the units of cell i."""

    n: int
    white: tuple[int, ...]
    peers: tuple[tuple[int, ...], ...]
    comps: tuple[tuple[int, ...], ...]
    windows: tuple[tuple[int, ...], ...]  # per compartment: the masks of its length-t windows
    outside: tuple[tuple[int, ...], ...]  # per compartment: the other white cells of its line
    lines: tuple[tuple[int, ...], ...]
    units_of: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, p: Str8ts) -> Tables:
        n = p.n
        white = p.white
        wset = set(white)
        peers = tuple(tuple(j for j in p.peers(i) if j in wset) for i in range(p.size))
        comps = tuple(c.cells for c in p.compartments)
        windows = tuple(tuple(((1 << len(c)) - 1) << s for s in range(n - len(c) + 1)) for c in comps)
        outside = tuple(tuple(j for j in p.lines[c.line + (n if c.axis == "column" else 0)]
                              if j in wset and j not in c.cells) for c in p.compartments)
        lines = tuple(ln for ln in (tuple(j for j in line if j in wset) for line in p.lines) if len(ln) > 2)
        units: list[list[int]] = [[] for _ in range(p.size)]
        for k, cells in enumerate(comps + lines):
            for i in cells:
                units[i].append(k)
        return cls(n, white, peers, comps, windows, outside, lines, tuple(tuple(u) for u in units))


def initial(p: Str8ts) -> list[int]:
    full = (1 << p.n) - 1
    masks = [0 if p.black[i] else full for i in range(p.size)]
    for i, g in enumerate(p.givens):
        if g:
            bit = 1 << (g - 1)
            for j in p.peers(i):
                masks[j] &= ~bit
    for i, g in enumerate(p.givens):
        if g and not p.black[i]:
            masks[i] = 1 << (g - 1) if masks[i] >> (g - 1) & 1 else 0
    return masks


class _Dead(Exception):  # noqa: N818 - control flow: this branch has no solution
    pass


@dataclass
class _Run:
    """One propagation: the masks, the queue of changed units, the decided cells still to spread."""

    t: Tables
    masks: list[int]
    dirty: set[int]
    singles: list[int]

    def narrow(self, j: int, keep: int) -> None:
        m = self.masks[j]
        if not m & ~keep:
            return
        m &= keep
        if not m:
            raise _Dead
        self.masks[j] = m
        self.dirty.update(self.t.units_of[j])
        if not m & (m - 1):
            self.singles.append(j)


def propagate(t: Tables, masks: list[int], dirty: set[int], singles: list[int],
              weights: list[int] | None = None) -> bool:
    """Narrow ``masks`` in place to a fixpoint from the given changes; False on a contradiction.
    ``weights`` (one per unit) counts the contradictions each unit has met, for the split choice."""
    run = _Run(t, masks, dirty, singles)
    ncomp = len(t.comps)
    blame = -1
    try:
        while True:
            while singles:
                i = singles.pop()
                m = masks[i]
                for j in t.peers[i]:
                    if masks[j] & m:
                        blame = t.units_of[j][0]
                        run.narrow(j, ~m)
            if not dirty:
                return True
            blame = dirty.pop()
            if blame < ncomp:
                _compartment(run, blame)
            else:
                _naked_sets(run, t.lines[blame - ncomp])
    except _Dead:
        if weights is not None and blame >= 0:
            weights[blame] += 1
        return False


def _compartment(run: _Run, k: int) -> None:
    """Window feasibility and sure digits for compartment k."""
    masks = run.masks
    cells = run.t.comps[k]
    size = len(cells)
    union = 0
    for i in cells:
        union |= masks[i]
    allowed = 0
    sure = -1
    for w in run.t.windows[k]:
        if _POP[union & w] < size:
            continue
        for i in cells:
            if not masks[i] & w:
                break
        else:
            allowed |= w
            sure &= w
    if not allowed:
        raise _Dead
    for i in cells:
        run.narrow(i, allowed)
    if sure == -1 or not sure:
        return
    for j in run.t.outside[k]:
        run.narrow(j, ~sure)
    once = twice = 0
    for i in cells:
        m = masks[i]
        twice |= once & m
        once |= m
    if sure & ~once:
        raise _Dead
    lone = sure & once & ~twice
    while lone:
        bit = lone & -lone
        lone ^= bit
        for i in cells:
            if masks[i] & bit:
                run.narrow(i, bit)
                break


def _naked_sets(run: _Run, line: tuple[int, ...]) -> None:
    """k cells of a line whose candidates all lie in one cell's k digits (k = 2..4): those digits
    leave the other cells of the line."""
    masks = run.masks
    for i in line:
        m = masks[i]
        k = _POP[m]
        if k < 2 or k > 4:
            continue
        inside = 0
        for j in line:
            if not masks[j] & ~m:
                inside += 1
        if inside < k:
            continue
        if inside > k:
            raise _Dead
        for j in line:
            if masks[j] & ~m:
                run.narrow(j, ~m)


def _search(t: Tables, masks: list[int], dirty: set[int], singles: list[int],
            weights: list[int]) -> Iterator[list[int]]:
    """Split on the cell with the fewest candidates per contradiction its units have met
    (dom/wdeg: the search learns where the puzzle is tight)."""
    if not propagate(t, masks, dirty, singles, weights):
        return
    best, best_score = -1, 99.0
    for i in t.white:
        c = _POP[masks[i]]
        if c > 1:
            w = 1
            for u in t.units_of[i]:
                w += weights[u]
            if c / w < best_score:
                best, best_score = i, c / w
    if best < 0:
        yield masks
        return
    m = masks[best]
    while m:
        bit = m & -m
        m ^= bit
        child = masks.copy()
        child[best] = bit
        yield from _search(t, child, set(t.units_of[best]), [best], weights)


def solutions(p: Str8ts) -> Iterator[Solution]:
    """Every solution, in search order."""
    t = Tables.of(p)
    masks = initial(p)
    if any(masks[i] == 0 for i in t.white):
        return
    start = [i for i in t.white if not masks[i] & (masks[i] - 1)]
    units = len(t.comps) + len(t.lines)
    for done in _search(t, masks, set(range(units)), start, [0] * units):
        yield tuple(0 if p.black[i] else done[i].bit_length() for i in range(p.size))
