"""Exact solver 2: backtracking over candidate masks, independent of the SAT code.

Propagation to a fixpoint: a decided cell removes its digit from its row and column; each
compartment keeps only the digits of its feasible straights (windows [s, s+t-1] in which every cell
has a candidate and that offer t digits), and a digit present in every feasible straight (a sure
digit) with a single place in the compartment is placed there. Then the undecided white cell with
the fewest candidates is split on. Bit d-1 of a mask = digit d.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gridlogic.puzzles.str8ts.model import Str8ts

Solution = tuple[int, ...]

_POP = [bin(m).count("1") for m in range(1 << 9)]


@dataclass(frozen=True)
class Tables:
    """Per-puzzle lookup tables: white cells, peers, compartments and their windows."""

    n: int
    white: tuple[int, ...]
    peers: tuple[tuple[int, ...], ...]
    comps: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[int, ...], ...]  # white cells of each row and column
    windows: tuple[tuple[int, ...], ...]  # per compartment: the masks of its length-t windows
    outside: tuple[tuple[int, ...], ...]  # per compartment: the other white cells of its line

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
        lines = tuple(tuple(j for j in line if j in wset) for line in p.lines)
        return cls(n, white, peers, comps, tuple(ln for ln in lines if len(ln) > 2), windows, outside)


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


def _single(m: int) -> bool:
    return m != 0 and m & (m - 1) == 0


def propagate(t: Tables, masks: list[int]) -> bool:
    """Narrow ``masks`` in place to a fixpoint; False on a contradiction."""
    done = [False] * len(masks)
    changed = True
    while changed:
        changed = False
        for i in t.white:
            m = masks[i]
            if not m:
                return False
            if done[i] or m & (m - 1):
                continue
            done[i] = True
            for j in t.peers[i]:
                mj = masks[j]
                if mj & m:
                    mj &= ~m
                    if not mj:
                        return False
                    masks[j] = mj
                    changed = True
        for line in t.lines:
            r = _naked_sets(line, masks)
            if r < 0:
                return False
            changed = changed or r > 0
        for cells, wins, out in zip(t.comps, t.windows, t.outside, strict=True):
            r = _compartment(cells, wins, out, masks)
            if r < 0:
                return False
            changed = changed or r > 0
    return True


def _compartment(cells: tuple[int, ...], wins: tuple[int, ...], out: tuple[int, ...], masks: list[int]) -> int:
    """Window feasibility and sure digits for one compartment (a sure digit leaves the rest of the
    line, and is placed if it has one cell left): -1 contradiction, 1 changed, 0 not."""
    size = len(cells)
    union = 0
    for i in cells:
        union |= masks[i]
    allowed = 0
    sure = -1
    for w in wins:
        if _POP[union & w] < size:
            continue
        if all(masks[i] & w for i in cells):
            allowed |= w
            sure &= w
    if not allowed:
        return -1
    changed = 0
    for i in cells:
        m = masks[i]
        if m & ~allowed:
            m &= allowed
            masks[i] = m
            changed = 1
    if sure:
        for j in out:
            m = masks[j]
            if m & sure:
                m &= ~sure
                if not m:
                    return -1
                masks[j] = m
                changed = 1
    while sure:
        bit = sure & -sure
        sure ^= bit
        holders = [i for i in cells if masks[i] & bit]
        if not holders:
            return -1
        if len(holders) == 1 and masks[holders[0]] != bit:
            masks[holders[0]] = bit
            changed = 1
    return changed


def _naked_sets(line: tuple[int, ...], masks: list[int]) -> int:
    """k cells of a line whose candidates all lie in one cell's k digits: those digits leave the
    other cells of the line (k = 2..4). -1 contradiction, 1 changed, 0 not."""
    changed = 0
    for i in line:
        m = masks[i]
        k = _POP[m]
        if k < 2 or k > 4:
            continue
        inside = [j for j in line if not masks[j] & ~m]
        if len(inside) < k:
            continue
        if len(inside) > k:
            return -1
        for j in line:
            mj = masks[j]
            if mj & m and mj & ~m:
                masks[j] = mj & ~m
                changed = 1
    return changed


def _search(t: Tables, masks: list[int]) -> Iterator[list[int]]:
    if not propagate(t, masks):
        return
    best, best_n = -1, 99
    for i in t.white:
        c = _POP[masks[i]]
        if 1 < c < best_n:
            best, best_n = i, c
            if c == 2:
                break
    if best < 0:
        yield masks
        return
    m = masks[best]
    while m:
        bit = m & -m
        m ^= bit
        child = masks.copy()
        child[best] = bit
        yield from _search(t, child)


def solutions(p: Str8ts) -> Iterator[Solution]:
    """Every solution, in search order."""
    t = Tables.of(p)
    masks = initial(p)
    if any(masks[i] == 0 for i in t.white):
        return
    for done in _search(t, masks):
        yield tuple(0 if p.black[i] else done[i].bit_length() for i in range(p.size))
