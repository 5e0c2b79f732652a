"""CompartmentAIC: an alternating inference chain whose links include the compartments' straights.

A link says what one candidate being true (or false) forces on the board as it stands, on its own:
the cell's other digits and the digit in the cell's row and column are false (AlternatingChain's
weak links), and the cell's row and column keep only the straights their compartments can still
fill together (disjoint, avoiding the line's black digits) with that one candidate decided; a
digit no such straight gives a cell becomes false, a digit every such choice needs with one place
left becomes true, and a cell left one digit takes it. Every link starts from one candidate (never
from several earlier ones together: a chain, not a net). Assume a candidate true and follow the
links (each link from one candidate, so the chains form a tree from the start); if they reach one
candidate both true and false (that is one loop: the start forces x and not x), leave a cell no
digit, leave a digit its row or column needs no place, or reach a candidate its row or column
cannot hold with any straights, the assumed candidate is removed (AlternatingChain's endings).

Level: extreme, before the nets. Str8ts' own catalogues (SlowThinker's strategy guide) end at
Y-Wing; Andrew Stuart's Sudoku ladder (the author of str8ts.com) puts XY-chains, X-cycles and 3D
Medusa at diabolical but alternating inference chains and forcing chains at extreme, and the
weekly puzzles these chains are needed in are str8ts.com's Weekly Extremes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import lru_cache

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules.chains import chain_starts, literal, sentence
from gridlogic.puzzles.str8ts.rules.state import (
    OneBoard,
    State,
    black_digits,
    digits,
    line_compartments,
    show,
    white_peers,
)
from gridlogic.puzzles.str8ts.straights import fits, line_windows, supported, windows, within

Lit = tuple[int, int, bool]  # cell, digit, true?
Why = str | tuple[int, int, int, tuple[int, ...]]
"""Why a link holds: words, or (line, kind, compartment, windows) put in words only when shown."""
Link = tuple[Lit, Why]  # what a literal forces, and why
IMPOSSIBLE: Lit = (-1, 0, True)
"""The consequence of a literal its row or column cannot hold at all."""


class Links:
    """Per literal of one board: the literals it forces on its own (computed on demand, then kept)."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.masks = tuple(s.board.masks)
        self.placed = tuple(s.placed)
        self.found: dict[Lit, list[Link]] = {}
        self.needs: list[tuple[str, int, list[int]]] = []  # a digit a line must hold: line, digit, places
        self.needed: dict[tuple[int, int], list[int]] = {}  # per candidate: the needs it can meet
        p = s.puzzle
        for k, line in enumerate(p.lines):
            for d in digits(s.open_required(k)):
                places = [j for j in line if not p.black[j] and s.mask(j) >> (d - 1) & 1]
                for j in places:
                    self.needed.setdefault((j, d), []).append(len(self.needs))
                self.needs.append((p.line_name(k), d, places))

    def of(self, lit: Lit) -> list[Link]:
        out = self.found.get(lit)
        if out is None:
            out = self.found[lit] = self._make(lit)
        return out

    def _make(self, lit: Lit) -> list[Link]:
        s, masks = self.s, self.masks
        p = s.puzzle
        i, d, true = lit
        bit = 1 << (d - 1)
        mine = bit if true else masks[i] & ~bit
        if not mine:
            return [(IMPOSSIBLE, f"{cell_name(s.cell(i))} has no digit left")]
        out: list[Link] = []
        seen: set[Lit] = set()

        def add(new: Lit, why: Why) -> None:
            if new not in seen and new != lit:
                seen.add(new)
                out.append((new, why))

        if true:
            for e in digits(masks[i] & ~bit):
                add((i, e, False), "")
            for j in white_peers(p)[i]:
                if not self.placed[j] and masks[j] & bit:
                    add((j, d, False), "")
        elif not mine & (mine - 1):
            add((i, mine.bit_length(), True), f"the last digit left for {cell_name(s.cell(i))}")
        n = p.n
        for k in (i // n, n + i % n):
            bad = self._line(k, i, mine, add)
            if bad:
                return [(IMPOSSIBLE, bad)]
        return out

    def _line(self, k: int, i: int, mine: int, add: Callable[[Lit, Why], None]) -> str:
        """Row/column ``k`` with cell ``i`` holding only ``mine``: ``add`` what it forces; a
        sentence when the line can then hold no straights."""
        p = self.s.puzzle
        line = p.lines[k]
        masks = self.masks
        placed = sum(1 << q for q, j in enumerate(line) if self.placed[j])
        bad, found = _line_links(p.n, _layout(p)[k], black_digits(p)[k], tuple(masks[j] for j in line), placed,
                                 line.index(i), mine)
        if bad >= 0:
            return f"{line_compartments(p)[k][bad].name} could hold no straight fitting {p.line_name(k)}"
        for q, e, true, kind, c, wins in found:
            add((line[q], e, true), (k, kind, c, wins))
        return ""

    def text(self, lit: Lit, why: Why) -> str:
        """A link's reason in words."""
        if isinstance(why, str):
            return why
        k, kind, c, wins = why
        p = self.s.puzzle
        if kind == _LAST_PLACE:
            return f"the last place for {lit[1]} in {p.line_name(k)}"
        comp = line_compartments(p)[k][c].name
        shown = ", ".join(show(w) for w in wins)
        return f"{comp} then holds {shown}; " + \
            (f"no way of filling it puts {lit[1]} there" if kind == _NONE_WITH else f"every way puts {lit[1]} there")


_NONE_WITH, _ONLY, _LAST_PLACE = 0, 1, 2
Found = tuple[int, int, bool, int, int, tuple[int, ...]]
"""A literal a line forces: position in the line, digit, true?, the kind of reason, the
compartment (index in the line) and the windows it then holds."""


def _layout(p: Str8ts) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per row, then column: its compartments, each as the positions of its cells in the line."""

    def make() -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(tuple(tuple(line.index(j) for j in comp.cells) for comp in comps)
                     for line, comps in zip(p.lines, line_compartments(p), strict=True))

    return p.memo("compchain_layout", make)


@lru_cache(maxsize=1 << 16)
def _line_links(n: int, comps: tuple[tuple[int, ...], ...], black: int, masks: tuple[int, ...], placed: int,
                at: int, mine: int) -> tuple[int, tuple[Found, ...]]:
    """What a line forces when its cell at position ``at`` holds only ``mine`` (pure, cached: a
    line keeps its candidates over many steps): the first compartment left no straight (else -1),
    and the literals forced."""
    before = line_windows(tuple(windows(n, tuple(masks[q] for q in comp), black) for comp in comps), black)[0]
    masks = (*masks[:at], mine, *masks[at + 1:])
    cells = [tuple(masks[q] for q in comp) for comp in comps]
    allowed, required = line_windows(tuple(windows(n, c, black) for c in cells), black)
    out: list[Found] = []
    for c, (comp, ms, wins) in enumerate(zip(comps, cells, allowed, strict=True)):
        if not wins:
            return c, ()
        if wins == before[c] and at not in comp:
            continue  # the same straights as without the assumption: nothing new here
        fitting = within(fits(n, ms, black), wins)
        shown = tuple(w for w, _ in fitting)
        for x, q in enumerate(comp):
            if q != at and not placed >> q & 1:
                keep = supported(fitting, x)
                out += [(q, e, False, _NONE_WITH, c, shown) for e in digits(ms[x] & ~keep)]
                if keep != ms[x] and keep and not keep & (keep - 1):
                    out.append((q, keep.bit_length(), True, _ONLY, c, shown))
    for d in digits(required):
        bit = 1 << (d - 1)
        places = [q for comp in comps for q in comp if masks[q] & bit]
        if len(places) == 1 and places[0] != at and not placed >> places[0] & 1:
            out.append((places[0], d, True, _LAST_PLACE, -1, ()))
    return -1, tuple(out)


_links = OneBoard(Links)
"""The links of a board, built once per board."""


def _path(links: Links, parent: dict[Lit, Link | None], last: Lit) -> list[str]:
    out: list[str] = []
    lit: Lit | None = last
    while lit is not None:
        link = parent[lit]
        out.append(literal(links.s, lit[0], lit[1], lit[2], links.text(lit, link[1]) if link else ""))
        lit = link[0] if link else None
    out.reverse()
    return out


def _all(links: Links, parent: dict[Lit, Link | None], cands: list[tuple[int, int]], end: str) -> str:
    """A contradiction where every one of ``cands`` became false: each one's chain, then ``end``."""
    return _joined([_path(links, parent, (j, e, False)) for j, e in cands]) + f" ⇒ {end}"


def _joined(paths: list[list[str]]) -> str:
    """Chains from one start, each after the first shown from where it leaves the earlier ones."""
    out: list[str] = []
    for k, path in enumerate(paths):
        shared = max((_common(path, q) for q in paths[:k]), default=0)
        out.append(sentence(path[max(shared - 1, 0):]))
    return "; and ".join(out)


def _common(a: list[str], b: list[str]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _refute(s: State, links: Links, start: Lit, clean: list[int]) -> str | None:
    """The two chains from ``start`` that meet in a contradiction, in words; else None (and the
    candidates reached true join ``clean``: their own chains reach a part of these)."""
    parent: dict[Lit, Link | None] = {start: None}
    queue: deque[Lit] = deque([start])
    off: dict[int, int] = {}
    left: dict[int, int] = {}  # per need: its places not yet false
    masks = links.masks
    while queue:
        lit = queue.popleft()
        for new, why in links.of(lit):
            if new == IMPOSSIBLE:
                return sentence(_path(links, parent, lit), links.text(new, why))
            if new in parent:
                continue
            parent[new] = (lit, why)
            j, e, true = new
            if not true:
                now = off[j] = off.get(j, 0) | 1 << (e - 1)
                if now == masks[j]:
                    return _all(links, parent, [(j, f) for f in digits(now)],
                                f"{cell_name(s.cell(j))} has no digit left")
                for k in links.needed.get((j, e), ()):
                    left[k] = left.get(k, len(links.needs[k][2])) - 1
                    if not left[k]:
                        name, _, places = links.needs[k]
                        return _all(links, parent, [(h, e) for h in places], f"{name} has no place left for its {e}")
            other = (j, e, not true)
            if other in parent:
                both = f"{cell_name(s.cell(j))} would be both = and ≠ {e}"
                return _joined([_path(links, parent, new), _path(links, parent, other)]) + f" ⇒ {both}"
            queue.append(new)
    for (j, e, true) in parent:
        if true:
            clean[j] |= 1 << (e - 1)
    return None


def compartment_aic(level: int) -> Callable[[State], Step | None]:
    """CompartmentAIC (see the module text); cells with fewer candidates are tried first."""

    def find(s: State) -> Step | None:
        links = _links(s)
        clean = [0] * s.puzzle.size
        for i, d in chain_starts(s, clean):
            why = _refute(s, links, (i, d, True), clean)
            if why:
                return Step("CompartmentAIC", level, f"if {cell_name(s.cell(i))} were {d}: {why}",
                            (s.cell(i),), (Mark(s.cell(i), f"-{d}"),))
        return None

    return find


__all__ = ["compartment_aic"]
