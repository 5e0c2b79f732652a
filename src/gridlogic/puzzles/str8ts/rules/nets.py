"""StraightChain: a forcing chain whose links include the compartments' straights.

Assume a candidate true and follow its consequences as ForcingChain does (a true candidate's weak
partners false; a false one's strong partners, the last digit of its cell and the last place of a
digit its row or column needs, true), and one link more, the one Str8ts players use most: when a
compartment's cells lose candidates, it keeps only the straights its remaining candidates can
still fill (each digit in its own cell) together with the other compartments of its row or column
(disjoint straights avoiding the line's black digits), a cell's digit that no such straight gives it
becomes false, and a digit every such choice uses with one place left in the line becomes true.
A candidate both true and false, an emptied cell, a needed digit without a place or a compartment
without a straight removes the assumed candidate.
"""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.rules.chains import Links, chain_starts, literal, sentence
from gridlogic.puzzles.str8ts.rules.state import (
    State,
    black_digits,
    digits,
    held,
    line_compartments,
    white_peers,
)
from gridlogic.puzzles.str8ts.straights import fits, line_windows, supported, windows, within

Lit = tuple[int, int, bool]  # cell, digit, true?
Parent = dict[Lit, tuple[Lit, str] | None]


class _Closure:
    """The consequences of one assumption, with a parent per literal (for the sentence)."""

    def __init__(self, s: State, links: Links, start: tuple[int, int]) -> None:
        self.s, self.links = s, links
        p = s.puzzle
        self.masks = s.board.masks
        self.on = [0] * p.size
        self.off = [0] * p.size
        self.left: dict[int, int] = {}
        self.parent: Parent = {}
        self.todo: list[Lit] = []
        self.dirty: dict[int, Lit] = {}  # row/column (index in ``lines``) -> the literal that last changed it
        self.end = ""
        self.last: Lit | None = None
        i, d = start
        self._set((i, d, True), None, "")

    def _set(self, lit: Lit, parent: Lit | None, why: str) -> bool:
        """Record ``lit``; False on a contradiction (``end`` says which)."""
        j, e, true = lit
        b = 1 << (e - 1)
        mine, other = (self.on, self.off) if true else (self.off, self.on)
        if mine[j] & b:
            return True
        self.parent[lit] = None if parent is None else (parent, why)
        self.last = lit
        if other[j] & b:
            self.end = f"{cell_name(self.s.cell(j))} would be both = and ≠ {e}"
            return False
        mine[j] |= b
        self.todo.append(lit)
        n = self.s.puzzle.n
        self.dirty[j // n] = self.dirty[n + j % n] = lit
        if not true:
            if self.off[j] & self.masks[j] == self.masks[j]:
                self.end = f"{cell_name(self.s.cell(j))} has no digit left"
                return False
            for k in self.links.required.get((j, e), ()):
                n = self.left[k] = self.left.get(k, len(self.links.needs[k][1])) - 1
                if not n:
                    self.end = f"{self.links.needs[k][0]} has no place left for its {e}"
                    return False
        return True

    def run(self) -> bool:
        """True when the assumption meets a contradiction."""
        while self.todo or self.dirty:
            while self.todo:
                if not self._step(self.todo.pop()):
                    return True
            if self.dirty:
                k, why = self.dirty.popitem()
                if not self._line(k, why):
                    return True
        return False

    def _step(self, lit: Lit) -> bool:
        i, d, true = lit
        masks, on, off = self.masks, self.on, self.off
        bit = 1 << (d - 1)
        if true:
            for e in digits(masks[i] & ~bit & ~off[i]):
                if not self._set((i, e, False), lit, ""):
                    return False
            for j in white_peers(self.s.puzzle)[i]:
                if masks[j] & bit and not self.s.placed[j] and not self._set((j, d, False), lit, ""):
                    return False
            return True
        for (j, e), why in self.links.strong.get((i, d), ()):
            if not self._set((j, e, True), lit, why):
                return False
        rest = masks[i] & ~off[i]
        last = f"the last digit left for {cell_name(self.s.cell(i))}"
        single = bool(rest) and not rest & (rest - 1) and not on[i] & rest
        if single and not self._set((i, rest.bit_length(), True), lit, last):
            return False
        for k in self.links.required.get((i, d), ()):
            if self.left.get(k) == 1:
                name, holders, _ = self.links.needs[k]
                h = next(h for h in holders if not off[h] & bit)
                if not self._set((h, d, True), lit, f"the last place for {d} in {name}"):
                    return False
        return True

    def _line(self, k: int, trigger: Lit) -> bool:
        """Row/column ``k`` after the closure's changes: its compartments keep the straights that
        fit together (disjoint, avoiding its black digits); a cell's digit no such straight gives it
        becomes false, a digit every choice uses with one place left becomes true."""
        s = self.s
        p = s.puzzle
        masks, on, off = self.masks, self.on, self.off
        comps = line_compartments(p)[k]
        black = black_digits(p)[k]
        cells = [tuple(on[i] or masks[i] & ~off[i] for i in comp.cells) for comp in comps]
        allowed, required = line_windows(tuple(windows(p.n, c, black) for c in cells), black)
        name = p.line_name(k)
        for comp, mine, wins in zip(comps, cells, allowed, strict=True):
            if not wins:
                self.last, self.end = trigger, f"{comp.name} could hold no straight fitting {name}"
                return False
            fitting = within(fits(p.n, mine, black), wins)
            why = f"{comp.name} then holds {held(fitting)}"
            for q, i in enumerate(comp.cells):
                for e in digits(mine[q] & ~supported(fitting, q)):
                    if not self._set((i, e, False), trigger, why):
                        return False
        for d in digits(required):
            bit = 1 << (d - 1)
            places = [j for j in p.lines[k] if not p.black[j] and (on[j] or masks[j] & ~off[j]) & bit]
            if not places:
                self.last, self.end = trigger, f"{name} has no place left for its {d}"
                return False
            if len(places) == 1 and not on[places[0]] & bit and \
                    not self._set((places[0], d, True), trigger, f"the last place for {d} in {name}"):
                return False
        return True

    def sentence(self) -> str:
        path: list[str] = []
        lit: Lit | None = self.last
        while lit is not None:
            i, d, true = lit
            link = self.parent.get(lit)
            path.append(literal(self.s, i, d, true, link[1] if link else ""))
            lit = link[0] if link else None
        path.reverse()
        return sentence(path, self.end)


def straight_chain(level: int) -> Callable[[State], Step | None]:
    """StraightChain (see the module text): cells with fewer candidates are tried first; a start
    reached true by a start without contradiction is skipped (its consequences are a subset)."""

    def find(s: State) -> Step | None:
        links = Links.of(s)
        clean = [0] * s.puzzle.size
        for i, d in chain_starts(s, clean):
            c = _Closure(s, links, (i, d))
            if c.run():
                return Step("StraightChain", level, f"if {cell_name(s.cell(i))} were {d}: {c.sentence()}",
                            (s.cell(i),), (Mark(s.cell(i), f"-{d}"),))
            for j, m in enumerate(c.on):
                clean[j] |= m
        return None

    return find


__all__ = ["straight_chain"]
