"""AlternatingChain: chains of strong and weak links between candidates (the AIC family: X-chains,
XY-chains, Y-wings), used as a contradiction from one candidate.

A candidate is a cell and digit. Weak link (not both true): same cell; same digit in one row or
column; two cells of one compartment of t cells holding digits t or more apart. Strong link (not
both false): the two digits of a two-candidate cell; the two cells where a digit that a row or
column must hold (every combination of its compartments' straights uses it) can still go. Assume a
candidate true; a true candidate makes its weak partners false, a false one makes its strong
partners true. If that makes a candidate both true and false, empties a cell, or leaves a digit a
line must hold without a place, the assumed candidate is removed.

ForcingChain (extreme) propagates further: a false candidate that leaves its cell one digit, or a
needed digit one place in a line, makes that candidate true (singles inside the chain).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.rules.state import OneBoard, State, digits, white_peers

Cand = tuple[int, int]  # (cell, digit)
Lit = tuple[Cand, bool]  # the candidate, and whether it is true
MAX_SHOWN = 10


Need = tuple[str, list[int], int]
"""A digit a row or column must hold: the line's name, the cells that can still hold it, the digit."""


class Links:
    """The strong links of a board, and its weak links (computed on demand, then kept)."""

    def __init__(self, s: State) -> None:
        self.s = s
        p = s.puzzle
        self.masks, self.placed = tuple(s.board.masks), tuple(s.placed)  # (the state changes later on)
        self.peers = white_peers(p)
        self.strong: dict[Cand, list[tuple[Cand, str]]] = {}
        self.needs: list[Need] = []
        self.required: dict[Cand, list[int]] = {}  # per candidate: the needs (indices) it can meet
        self._weak: dict[Cand, list[Cand]] = {}
        self.near: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = {}
        self.codes = CodedLinks(s, "alternating_chain_links", self._codes)
        for i in p.white:
            m = s.mask(i)
            if not s.placed[i] and bin(m).count("1") == 2:
                a, b = digits(m)
                self._add((i, a), (i, b), f"{cell_name(s.cell(i))} is {a} or {b}")
        for k, line in enumerate(p.lines):
            for d in digits(s.open_required(k)):
                holders = [j for j in line if not p.black[j] and s.mask(j) >> (d - 1) & 1]
                for j in holders:
                    self.required.setdefault((j, d), []).append(len(self.needs))
                self.needs.append((p.line_name(k), holders, d))
                if len(holders) == 2:
                    self._add((holders[0], d), (holders[1], d), f"{p.line_name(k)} needs {d} in one of them")
        self.needed = {code(j, d, False): ks for (j, d), ks in self.required.items()}
        self.sizes = [len(holders) for _, holders, _ in self.needs]

    def _codes(self, c: int) -> tuple[int, ...]:
        """AlternatingChain's links of the literal coded ``c``, coded the same way: a true
        candidate's weak partners false, a false one's strong partners true."""
        i, d = c >> 5, c >> 1 & 15
        if c & 1:
            return tuple(code(j, e, False) for j, e in self.weak((i, d)))
        return tuple(code(j, e, True) for (j, e), _ in self.strong.get((i, d), ()))

    @staticmethod
    def of(s: State) -> Links:
        """The links of ``s``, shared by the chain rules that look at the same board."""
        return _LAST(s)

    def _add(self, a: Cand, b: Cand, why: str) -> None:
        self.strong.setdefault(a, []).append((b, why))
        self.strong.setdefault(b, []).append((a, why))

    def weak(self, c: Cand) -> list[Cand]:
        """Candidates that cannot be true together with ``c``."""
        found = self._weak.get(c)
        if found is not None:
            return found
        s = self.s
        i, d = c
        bit = 1 << (d - 1)
        masks, placed = self.masks, self.placed
        out = [(i, e) for e in digits(masks[i]) if e != d]
        out += [(j, d) for j in self.peers[i] if not placed[j] and masks[j] & bit]
        for k in s.puzzle.comps_of[i]:
            comp = s.puzzle.compartments[k]
            t = comp.size
            for j in comp.cells:
                if j != i and not placed[j]:
                    out += [(j, e) for e in digits(masks[j]) if abs(e - d) >= t and e != d]
        self._weak[c] = out
        return out


_LAST = OneBoard(Links)
"""The last board's links (AlternatingChain and ForcingChain look at the same board in turn)."""


_FAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (e - 1) for e in range(1, 10) if abs(e - d) >= t) for d in range(10)) for t in range(10))
"""_FAR[t][d]: the digits t or more away from d (they cannot share a t-compartment with d)."""


def _near(links: Links, i: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Cell ``i``'s open peers, and its compartments' other open cells with the compartment size."""
    found = links.near.get(i)
    if found is None:
        p, placed = links.s.puzzle, links.placed
        peers = tuple(j for j in links.peers[i] if not placed[j])
        mates = tuple((j, p.compartments[k].size) for k in p.comps_of[i] for j in p.compartments[k].cells
                      if j != i and not placed[j])
        found = links.near[i] = (peers, mates)
    return found


def _meets_contradiction(links: Links, start: Cand, clean: list[int]) -> bool:
    """Whether ForcingChain's chain from ``start`` true meets a contradiction: exactly when
    :func:`_refute` with singles finds one (both compute the same closure: a true candidate's weak
    partners false, a false one's strong partners true, the last digit of a cell and the last place
    of a needed digit true; contradictory when a candidate is both, a cell has no digit, a need has
    no place; AlternatingChain, without the singles, asks :func:`refuted`). Bit masks per cell
    instead of a search tree; when there is no contradiction, the true candidates reached are added
    to ``clean`` (their own chains reach a part of this one)."""
    masks, required, strong, needs = links.masks, links.required, links.strong, links.needs
    on = [0] * len(masks)
    off = [0] * len(masks)
    left: dict[int, int] = {}
    i0, d0 = start
    on[i0] = 1 << (d0 - 1)
    todo = [start]

    def make_true(c: Cand) -> bool:
        """False on a contradiction."""
        j, e = c
        b = 1 << (e - 1)
        if on[j] & b:
            return True
        if off[j] & b:
            return False
        on[j] |= b
        todo.append(c)
        return True

    def make_false(j: int, e: int) -> bool:
        b = 1 << (e - 1)
        if on[j] & b:
            return False
        now = off[j] = off[j] | b
        if now == masks[j]:
            return False
        mine = required.get((j, e), ())
        for k in mine:
            n = left[k] = left.get(k, len(needs[k][1])) - 1
            if not n:
                return False
        for c, _ in strong.get((j, e), ()):
            if not make_true(c):
                return False
        rest = masks[j] & ~now
        if not rest & (rest - 1) and not make_true((j, rest.bit_length())):
            return False
        for k in mine:
            if left[k] == 1:
                h = next(h for h in needs[k][1] if not off[h] & b)
                if not make_true((h, e)):
                    return False
        return True

    while todo:
        i, d = todo.pop()
        bit = 1 << (d - 1)
        peers, mates = _near(links, i)
        for e in digits(masks[i] & ~bit & ~off[i]):
            if not make_false(i, e):
                return True
        for j in peers:
            if masks[j] & bit and not off[j] & bit and not make_false(j, d):
                return True
        for j, t in mates:
            for e in digits(masks[j] & _FAR[t][d] & ~off[j]):
                if not make_false(j, e):
                    return True
    for j, m in enumerate(on):
        clean[j] |= m
    return False


def code(i: int, d: int, true: bool) -> int:
    """A literal (cell ``i`` holds digit ``d``, or not) as one int: what the fast tests walk."""
    return i << 5 | d << 1 | true


LineState = tuple[tuple[int, ...], int]
"""A row's or column's candidates (one mask a cell) and placed cells (bit q for its q-th cell)."""


def line_states(s: State) -> list[LineState]:
    """Per row, then column: its state."""
    masks, placed = s.board.masks, s.placed
    return [(tuple(masks[j] for j in line), sum(1 << q for q, j in enumerate(line) if placed[j]))
            for line in s.puzzle.lines]


class CodedLinks:
    """One board's links of each literal coded by :func:`code` (``make(c)``, computed on demand), kept
    per puzzle as well under the literal's row's and column's states, on which a chain rule's links
    alone depend: later boards ask ``make`` only where one of the two lines changed."""

    def __init__(self, s: State, name: str, make: Callable[[int], tuple[int, ...]],
                 states: list[LineState] | None = None) -> None:
        p = s.puzzle
        ids: dict[tuple[int, LineState], int] = p.memo("chain_line_ids", dict)
        self.ids = [ids.setdefault((k, state), len(ids)) for k, state in enumerate(states or line_states(s))]
        self.shared: dict[tuple[int, int, int], tuple[int, ...]] = p.memo(name, dict)
        self.board: dict[int, tuple[int, ...]] = {}
        self.n, self.make = p.n, make

    def __call__(self, c: int) -> tuple[int, ...]:
        out = self.board.get(c)
        if out is None:
            i, n = c >> 5, self.n
            key = (c, self.ids[i // n], self.ids[n + i % n])
            out = self.shared.get(key)
            if out is None:
                out = self.shared[key] = self.make(c)
            self.board[c] = out
        return out


def refuted(links_of: Callable[[int], tuple[int, ...]], start: int, masks: Sequence[int],
            needed: dict[int, list[int]], sizes: Sequence[int], clean: list[int]) -> bool:
    """Whether the literals ``start`` (true) reaches over ``links_of`` (each literal's
    consequences, coded by :func:`code`; -1: the board cannot hold it) hold a contradiction: a
    literal and its negation, a cell with every candidate false, or a need (``needed``: per false
    literal, the needs it takes a place from; ``sizes``: each need's places) with no place left.
    A set question, so it is asked depth first with no reasons; the rules word the chains only for
    a start it refutes. If not refuted, the candidates reached true join ``clean`` (their own
    chains reach a part of these)."""
    seen = {start}
    todo = [start]
    off: dict[int, int] = {}
    left: dict[int, int] = {}
    while todo:
        for new in links_of(todo.pop()):
            if new in seen:
                continue
            if new < 0 or new ^ 1 in seen:
                return True
            seen.add(new)
            if not new & 1:
                j = new >> 5
                now = off[j] = off.get(j, 0) | 1 << ((new >> 1 & 15) - 1)
                if now == masks[j]:
                    return True
                for k in needed.get(new, ()):
                    left[k] = left.get(k, sizes[k]) - 1
                    if not left[k]:
                        return True
            todo.append(new)
    for c in seen:
        if c & 1:
            clean[c >> 5] |= 1 << ((c >> 1 & 15) - 1)
    return False


def chain_starts(s: State, clean: list[int]) -> Iterator[tuple[int, int]]:
    """The chain rules' starts: (cell, digit) of the open white cells, fewer candidates first, but
    those ``clean`` holds (bit d-1 of ``clean[i]``: a start already shown to lead nowhere new), read
    as each start comes, so the caller may add to it while it scans."""
    for i in sorted((i for i in s.puzzle.white if not s.placed[i]), key=lambda i: s.mask(i).bit_count()):
        for d in digits(s.mask(i)):
            if not clean[i] >> (d - 1) & 1:
                yield i, d


def literal(s: State, i: int, d: int, true: bool, why: str) -> str:
    """One link of a chain in words: ``r1c2=3`` or ``r1c2≠3``, with why it follows."""
    return f"{cell_name(s.cell(i))}{'=' if true else '≠'}{d}" + (f" ({why})" if why else "")


def sentence(path: list[str], end: str = "") -> str:
    """A chain's links in order, shortened past ``MAX_SHOWN``, then the contradiction ``end``."""
    if len(path) > MAX_SHOWN:
        path = [*path[:3], f"… {len(path) - 6} more …", *path[-3:]]
    return " ⇒ ".join(path) + (f" ⇒ {end}" if end else "")


def _explain(s: State, parent: dict[Lit, tuple[Lit, str] | None], last: Lit, end: str = "") -> str:
    path: list[str] = []
    lit: Lit | None = last
    while lit is not None:
        (i, d), on = lit
        link = parent[lit]
        path.append(literal(s, i, d, on, link[1] if link else ""))
        lit = link[0] if link else None
    path.reverse()
    return sentence(path, end)


def _all_off(s: State, parent: dict[Lit, tuple[Lit, str] | None], last: Lit, cands: list[Cand], end: str) -> str:
    """A contradiction where every one of ``cands`` became false: ``last``'s chain, then the others'."""
    others = [_explain(s, parent, (c, False)) for c in cands if (c, False) != last and parent[(c, False)] is not None]
    return _explain(s, parent, last, end) + "".join(f"; and {o}" for o in others)


def _refute(s: State, links: Links, start: Cand, singles: bool) -> str | None:
    """The chain from ``start`` true to a contradiction, as a sentence, else None."""
    first: Lit = (start, True)
    parent: dict[Lit, tuple[Lit, str] | None] = {first: None}
    queue: deque[Lit] = deque([first])
    off: dict[int, int] = {}
    left: dict[int, int] = {}  # per need: its places not yet false
    masks, needs, required, strong = s.board.masks, links.needs, links.required, links.strong
    while queue:
        lit = queue.popleft()
        cand, on = lit
        nxt = [((c, False), "") for c in links.weak(cand)] if on else \
            [((c, True), why) for c, why in strong.get(cand, ())]
        for new, why in nxt:
            if new in parent:
                continue
            parent[new] = (lit, why)
            c, new_on = new
            if (c, not new_on) in parent:
                return _explain(s, parent, new, f"{cell_name(s.cell(c[0]))} would be both = and ≠ {c[1]}")
            if not new_on:
                i, d = c
                now = off[i] = off.get(i, 0) | 1 << (d - 1)
                if now == masks[i]:
                    return _all_off(s, parent, new, [(i, e) for e in digits(now)],
                                    f"{cell_name(s.cell(i))} has no digit left")
                mine = required.get(c, ())
                for k in mine:
                    left[k] = left.get(k, len(needs[k][1])) - 1
                for k in mine:
                    if not left[k]:
                        name, holders, _ = needs[k]
                        return _all_off(s, parent, new, [(j, d) for j in holders],
                                        f"{name} has no place left for its {d}")
                for forced, why in _singles(s, links, off, left, c) if singles else ():
                    if (forced, True) not in parent:
                        parent[(forced, True)] = (new, why)
                        queue.append((forced, True))
            queue.append(new)
    return None


def _singles(s: State, links: Links, off: dict[int, int], left: dict[int, int], c: Cand) -> list[tuple[Cand, str]]:
    """Candidates made true by ``c`` becoming false: the last digit of its cell, the last place of
    its digit in a line that needs it."""
    i, d = c
    out: list[tuple[Cand, str]] = []
    rest = s.mask(i) & ~off[i]
    if rest and not rest & (rest - 1):
        out.append(((i, rest.bit_length()), f"the last digit left for {cell_name(s.cell(i))}"))
    bit = 1 << (d - 1)
    for k in links.required.get(c, ()):
        if left[k] == 1:
            name, holders, _ = links.needs[k]
            j = next(j for j in holders if not off.get(j, 0) & bit)
            out.append(((j, d), f"the last place for {d} in {name}"))
    return out


def alternating_chain(level: int, singles: bool = False) -> Callable[[State], Step | None]:
    """AlternatingChain (see the module text), or with ``singles`` ForcingChain: a false candidate
    also makes true the last digit left in its cell and the last place left for its digit in a line
    that needs it. Cells with fewer candidates are tried first."""
    rule = "ForcingChain" if singles else "AlternatingChain"

    def find(s: State) -> Step | None:
        links = Links.of(s)
        clean = [0] * s.puzzle.size  # reached (true) by a chain that met no contradiction: they meet none either
        for i, d in chain_starts(s, clean):
            if not (_meets_contradiction(links, (i, d), clean) if singles else
                    refuted(links.codes, code(i, d, True), links.masks, links.needed, links.sizes, clean)):
                continue
            why = _refute(s, links, (i, d), singles)  # the chain itself, in words
            if why:
                return Step(rule, level, f"if {cell_name(s.cell(i))} were {d}: {why}",
                            (s.cell(i),), (Mark(s.cell(i), f"-{d}"),))
        return None

    return find


__all__ = ["MAX_SHOWN", "Links", "alternating_chain", "chain_starts", "literal", "sentence"]
