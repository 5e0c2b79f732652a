"""Exact solver 2: the seed's simple backtracking method (choose a cell, try each digit, undo on a
contradiction), made fast by pruning with rule 2' and by the order of the cells; independent of
the SAT code. Bit d-1 of a mask = digit d.

Rule 2' (the seed's): a compartment of t cells holding v holds nothing t or more away from v, so it
holds one of the straights (windows ``s..s+t-1``) of 1..n. After each choice the candidates are
narrowed to a fixpoint, driven by a queue of the units whose cells changed:

- a decided cell's digit leaves its row and column;
- a compartment keeps the digits of the windows that every cell meets and whose t digits its cells
  offer together; a digit in all of them (a sure digit) leaves the rest of the line and, with a
  single place in the compartment, goes there;
- a row or column: naked sets (k cells within one cell's k digits) leave its other cells; its
  compartments' windows are pairwise disjoint, so each keeps the windows of some disjoint choice,
  and a digit every choice uses (a required digit) goes to its one place left;
- when the queue is empty, rule 2' counted over the board (Setti's rule): a digit stands in as
  many rows as columns, so when the rows that require it are as many as the columns that can hold
  it, the other rows lose it; when the rows that can hold it are as few as the columns that require
  it, each of those rows requires it (its compartments keep the choices that use it, and one place
  left takes it); the same with rows and columns swapped.

Then the undecided white cell with the fewest candidates per squared count of the contradictions
met by its units (dom/wdeg², w = 1 + those contradictions) is split on, one child per digit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gridlogic.puzzles.str8ts.exact.tables import Tables, initial
from gridlogic.puzzles.str8ts.model import Solution, Str8ts
from gridlogic.puzzles.str8ts.straights import line_windows

_POP = [bin(m).count("1") for m in range(1 << 9)]
KEPT = 100_000
"""Entries each table of worked-out answers (windows, line combinations, required digits) keeps
before it is emptied."""


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

    def place(self, cells: tuple[int, ...], bit: int, needed: bool) -> None:
        """The one cell of ``cells`` that can take ``bit`` takes it (none: dead if ``needed``)."""
        masks = self.masks
        where = -1
        for j in cells:
            if masks[j] & bit:
                if where >= 0:
                    return
                where = j
        if where >= 0:
            self.narrow(where, bit)
        elif needed:
            raise _Dead

    def straights(self, k: int) -> tuple[int, ...]:
        """Rule 2': the windows compartment k can still hold."""
        return _windows(self.t.n, self.t.comp_keys[k](self.masks))

    def required(self, a: int, must: int = 0) -> int:
        """The digits row or column ``a`` requires (every disjoint choice of its compartments'
        windows using ``must`` uses them); their cells keep the windows of such a choice."""
        t = self.t
        comps = t.rows_cols[a][1]
        masks = self.masks
        key = (t.rc_keys[a](masks), must)
        kept = t.combos[a]
        found = kept.get(key)
        if found is None:
            wins, required = line_windows(tuple([self.straights(k) for k in comps]), 0, must)
            found = tuple(_union(ws) for ws in wins), required
            if len(kept) >= KEPT:
                kept.clear()
            kept[key] = found
        allowed, required = found
        for k, ok in zip(comps, allowed, strict=True):
            if not ok:
                raise _Dead
            for i in self.t.comps[k]:
                if masks[i] & ~ok:
                    self.narrow(i, ok)
        return required


def _union(wins: tuple[int, ...]) -> int:
    out = 0
    for w in wins:
        out |= w
    return out


def _windows(n: int, key: tuple[int, ...]) -> tuple[int, ...]:
    """The windows (masks of t consecutive digits of 1..n) that each of the t cell masks ``key``
    meets and whose digits they offer together (kept by ``key`` alone: a window past n holds a
    digit no mask has)."""
    found = _WINDOWS.get(key)
    if found is None:
        size = len(key)
        union = 0
        for m in key:
            union |= m
        out = []
        for start in range(n - size + 1):
            w = ((1 << size) - 1) << start
            if _POP[union & w] < size:
                continue
            for m in key:
                if not m & w:
                    break
            else:
                out.append(w)
        found = tuple(out)
        if len(_WINDOWS) >= KEPT:
            _WINDOWS.clear()
        _WINDOWS[key] = found
    return found


_WINDOWS: dict[tuple[int, ...], tuple[int, ...]] = {}


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
                blame = -1
                if _setti(run):
                    continue
                return True
            blame = dirty.pop()
            if blame < ncomp:
                _compartment(run, blame)
            else:
                _naked_sets(run, t.lines[blame - ncomp])
                if t.line_comps[blame - ncomp]:
                    _line(run, blame - ncomp)
    except _Dead:
        if weights is not None and blame >= 0:
            weights[blame] += 1
        return False


def _compartment(run: _Run, k: int) -> None:
    """Rule 2' for compartment k: its cells keep the digits of its windows; its sure digits leave
    the rest of the line and go to their one place in it."""
    wins = run.straights(k)
    if not wins:
        raise _Dead
    allowed, sure = 0, -1
    for w in wins:
        allowed |= w
        sure &= w
    cells = run.t.comps[k]
    masks = run.masks
    for i in cells:
        if masks[i] & ~allowed:
            run.narrow(i, allowed)
    if not sure:
        return
    for j in run.t.outside[k]:
        if masks[j] & sure:
            run.narrow(j, ~sure)
    once = twice = 0
    for i in cells:
        m = masks[i]
        twice |= once & m
        once |= m
    if sure & ~once:
        raise _Dead
    lone = sure & ~twice
    while lone:
        bit = lone & -lone
        lone ^= bit
        for i in cells:
            if masks[i] & bit:
                if masks[i] != bit:
                    run.narrow(i, bit)
                break


def _line(run: _Run, u: int) -> None:
    """Line unit u: its compartments' windows disjoint; its required digits go to their one place."""
    required = run.required(run.t.line_at[u])
    line = run.t.lines[u]
    while required:
        bit = required & -required
        required ^= bit
        run.place(line, bit, True)


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


def _needs(run: _Run) -> tuple[list[int], list[int]]:
    """Per row, then column: the digits it requires, and those it can hold."""
    t, masks = run.t, run.masks
    need: list[int] = []
    can: list[int] = []
    for a, (_, comps) in enumerate(t.rows_cols):
        key = t.rc_keys[a](masks)
        found = t.needs[a].get(key)
        if found is None:
            u = 0
            for m in key:
                u |= m
            found = (run.required(a) if comps else 0), u
            if t.rc_keys[a](masks) == key:  # nothing narrowed: the answer stands for these masks
                if len(t.needs[a]) >= KEPT:
                    t.needs[a].clear()
                t.needs[a][key] = found
        need.append(found[0])
        can.append(found[1])
    return need, can


def _setti(run: _Run) -> bool:
    """Setti's rule (see the module text); True if it narrowed anything."""
    t = run.t
    n = t.n
    masks = run.masks
    need, can = _needs(run)
    before = masks.copy()
    for d in range(n):
        bit = 1 << d
        rows_need = rows_can = cols_need = cols_can = 0
        for a in range(n):
            rows_need += need[a] >> d & 1
            rows_can += can[a] >> d & 1
            cols_need += need[n + a] >> d & 1
            cols_can += can[n + a] >> d & 1
        lo, hi = max(rows_need, cols_need), min(rows_can, cols_can)
        if lo > hi:
            raise _Dead
        if lo < hi:
            continue
        for base, need_here, can_here in ((0, rows_need, rows_can), (n, cols_need, cols_can)):
            if need_here == can_here or lo not in (need_here, can_here):
                continue
            for a in range(base, base + n):
                if not can[a] & bit or need[a] & bit:
                    continue
                cells, comps = t.rows_cols[a]
                if need_here == lo:  # the lines that need not hold d do not
                    for j in cells:
                        if masks[j] & bit:
                            run.narrow(j, ~bit)
                else:  # every line that can hold d must
                    if comps:
                        run.required(a, bit)
                    run.place(cells, bit, False)
        if masks != before:
            return True
    return False


def _search(t: Tables, masks: list[int], dirty: set[int], singles: list[int],
            weights: list[int]) -> Iterator[list[int]]:
    """Split on the cell with the fewest candidates per squared count of the contradictions its
    units have met (dom/wdeg²: the search learns where the puzzle is tight; squared, the learning
    outweighs the candidate count sooner: the corpus's largest trees shrink, weekly190 212 -> 170
    nodes, while the total over the corpus grows 4 %)."""
    if not propagate(t, masks, dirty, singles, weights):
        return
    best, best_score = -1, 99.0
    for i in t.white:
        c = _POP[masks[i]]
        if c > 1:
            w = 1
            for u in t.units_of[i]:
                w += weights[u]
            if c / (w * w) < best_score:
                best, best_score = i, c / (w * w)
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
