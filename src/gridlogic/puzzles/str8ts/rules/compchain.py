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

Levels: CompartmentAIC, from a cell of at most ``NARROW`` (three) candidates, is the last rule of
diabolical: few assumptions to try, as a chain from a bivalue cell is easier to find than one from
anywhere. AnyCellCompartmentAIC (extreme, before the nets) starts anywhere and removes every start
it refutes on the board in one step. Both read one pass over the board's starts (``Pass``), and
each start is first tested on the set of literals its chains reach (``_refuted``: int-coded, no
reasons, links cached per puzzle under the row's and column's states: ``chains.CodedLinks``); the
chains are put in words (``_refute``, breadth first) only for a start the test refutes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import lru_cache

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules.chains import (
    CodedLinks,
    chain_starts,
    code,
    line_states,
    literal,
    refuted,
    sentence,
)
from gridlogic.puzzles.str8ts.rules.state import (
    OneBoard,
    State,
    black_digits,
    digits,
    line_compartments,
    show,
    white_peers,
)
from gridlogic.puzzles.str8ts.straights import fits, fits_with, line_windows, supported, windows, within

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
        self.lines = line_states(s)
        self.needs: list[tuple[str, int, list[int]]] = []  # a digit a line must hold: line, digit, places
        self.needed: dict[tuple[int, int], list[int]] = {}  # per candidate: the needs it can meet
        self.scan: Pass | None = None  # the CompartmentAIC rules' pass over this board's starts
        self.codes = CodedLinks(s, "compchain_codes", self._codes, self.lines)
        self.needed_codes: dict[int, list[int]] = {}  # the same as ``needed``, per false literal's code
        p = s.puzzle
        for k, line in enumerate(p.lines):
            for d in digits(s.open_required(k)):
                places = [j for j in line if not p.black[j] and s.mask(j) >> (d - 1) & 1]
                for j in places:
                    self.needed.setdefault((j, d), []).append(len(self.needs))
                self.needs.append((p.line_name(k), d, places))
        for (j, d), ks in self.needed.items():
            self.needed_codes[code(j, d, False)] = ks
        self.sizes = [len(places) for _, _, places in self.needs]

    def _codes(self, c: int) -> tuple[int, ...]:
        """``of`` for a literal coded by ``chains.code``, its consequences coded the same way
        (IMPOSSIBLE as -1), without the reasons: what the test that only asks whether a start is
        refuted walks (the same literals as ``of``, in another order; built here rather than from
        ``of``, which costs the corpus ~15 % more CPU)."""
        masks, p = self.masks, self.s.puzzle
        i, d, true = c >> 5, c >> 1 & 15, c & 1
        bit = 1 << (d - 1)
        mine = bit if true else masks[i] & ~bit
        if not mine:
            return (-1,)
        out: set[int] = set()
        if true:
            out.update(code(i, e, False) for e in digits(masks[i] & ~bit))
            out.update(code(j, d, False) for j in white_peers(p)[i] if not self.placed[j] and masks[j] & bit)
        elif not mine & (mine - 1):
            out.add(code(i, mine.bit_length(), True))
        n = p.n
        for k, at in ((i // n, i % n), (n + i % n, i // n)):
            lmasks, placed = self.lines[k]
            bad, found = _line_links(n, _layout_id(p, k), black_digits(p)[k], lmasks, placed, at, mine)
            if bad >= 0:
                return (-1,)
            line = p.lines[k]
            out.update(code(line[q], e, t) for q, e, t, _, _, _ in found)
        out.discard(c)
        return tuple(out)

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
        masks, placed = self.lines[k]
        bad, found = _line_links(p.n, _layout_id(p, k), black_digits(p)[k], masks, placed,
                                 i % p.n if k < p.n else i // p.n, mine)
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


_LAYOUTS: dict[tuple[tuple[int, ...], ...], int] = {}
_BY_ID: list[tuple[tuple[int, ...], ...]] = []


def _layout_id(p: Str8ts, k: int) -> int:
    """A small number for line ``k``'s layout, the same for the same layout on any board (cheap to
    hash in ``_line_links``' cache key)."""
    ids = p.memo("compchain_layout_ids", lambda: tuple(_register(layout) for layout in _layout(p)))
    return ids[k]


def _register(layout: tuple[tuple[int, ...], ...]) -> int:
    if layout not in _LAYOUTS:
        _LAYOUTS[layout] = len(_BY_ID)
        _BY_ID.append(layout)
    return _LAYOUTS[layout]


@lru_cache(maxsize=1 << 14)
def _line_before(n: int, layout: int, black: int, masks: tuple[int, ...]
                 ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """A line's compartments' straights that fit together, and each compartment's fitting
    straights on its own (what :func:`_line_links` compares with and reuses)."""
    wins = tuple(windows(n, tuple(masks[q] for q in comp), black) for comp in _BY_ID[layout])
    return line_windows(wins, black)[0], wins


@lru_cache(maxsize=1 << 12)
def _where(layout: int, at: int) -> tuple[int, int]:
    """The compartment (index in the line) holding the line's position ``at``, and its place in it."""
    return next((c, comp.index(at)) for c, comp in enumerate(_BY_ID[layout]) if at in comp)


@lru_cache(maxsize=1 << 16)
def _line_links(n: int, layout: int, black: int, masks: tuple[int, ...], placed: int,
                at: int, mine: int) -> tuple[int, tuple[Found, ...]]:
    """What a line forces when its cell at position ``at`` holds only ``mine`` (pure, cached: a
    line keeps its candidates over many steps): the first compartment left no straight (else -1),
    and the literals forced. ``layout``: the line's compartments (``_layout_id``)."""
    comps = _BY_ID[layout]
    before, wins_before = _line_before(n, layout, black, masks)
    mine_c, x = _where(layout, at)
    own = tuple(masks[q] for q in comps[mine_c])
    masks = (*masks[:at], mine, *masks[at + 1:])
    cells = [tuple(masks[q] for q in comp) for comp in comps]
    # the assumed cell's compartment: from its fillings before the assumption, kept per state
    assumed = fits(n, cells[mine_c], black) if mine & ~own[x] else fits_with(n, own, black, x, mine)
    allowed, required = line_windows(tuple(wins if c != mine_c else tuple(w for w, _ in assumed)
                                           for c, wins in enumerate(wins_before)), black)
    out: list[Found] = []
    for c, (comp, ms, wins) in enumerate(zip(comps, cells, allowed, strict=True)):
        if not wins:
            return c, ()
        if wins == before[c] and c != mine_c:
            continue  # the same straights as without the assumption: nothing new here
        fitting = within(assumed if c == mine_c else fits(n, ms, black), wins)
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


def _refuted(links: Links, start: Lit, clean: list[int]) -> bool:
    """Whether the chains from ``start`` meet in a contradiction (``_refute``'s endings, asked of
    the set of literals they reach: ``chains.refuted``); ``_refute`` words them after, only where
    this says yes."""
    return refuted(links.codes, code(*start), links.masks, links.needed_codes, links.sizes, clean)


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
                        return _all(links, parent, [(h, e) for h in places],
                                    f"{name} has no place left for its {e}")
            other = (j, e, not true)
            if other in parent:
                both = f"{cell_name(s.cell(j))} would be both = and ≠ {e}"
                return _joined([_path(links, parent, new), _path(links, parent, other)]) + f" ⇒ {both}"
            queue.append(new)
    for (j, e, true) in parent:
        if true:
            clean[j] |= 1 << (e - 1)
    return None


Refuted = tuple[int, int, str]
"""A start the chains refute: cell, digit, and the chains in words."""


class Pass:
    """One pass over a board's starts in chain_starts' order (cells with fewer candidates first),
    shared by both CompartmentAIC rules and kept with the board's links: ``found`` holds the starts
    refuted so far, in order, and the pass goes on only as far as a rule asks (the narrow rule
    through the cells of at most ``NARROW`` candidates, the other to the end)."""

    def __init__(self, s: State, links: Links) -> None:
        self.s, self.links = s, links
        self.clean = [0] * s.puzzle.size
        self.starts = list(chain_starts(s, [0] * s.puzzle.size))
        self.at = 0
        self.found: list[Refuted] = []

    def _fewer(self, i: int, most: int) -> bool:
        """(On the links' copy of the board: the pass is kept with them and may be asked again by
        another run that meets an equal board, after this state has moved on.)"""
        return bool(self.links.masks[i].bit_count() <= most)

    def _advance(self) -> None:
        """Try the next start."""
        i, d = self.starts[self.at]
        self.at += 1
        if not self.clean[i] >> (d - 1) & 1 and _refuted(self.links, (i, d, True), self.clean):
            why = _refute(self.s, self.links, (i, d, True), self.clean)
            assert why is not None, "the two searches reach the same literals"
            self.found.append((i, d, why))

    def first(self, most: int) -> list[Refuted]:
        """The first start refuted, if it is in a cell of at most ``most`` candidates."""
        while not self.found and self.at < len(self.starts) and self._fewer(self.starts[self.at][0], most):
            self._advance()
        return [f for f in self.found[:1] if self._fewer(f[0], most)]

    def every(self, most: int) -> list[Refuted]:
        """Every start refuted in cells of at most ``most`` candidates."""
        while self.at < len(self.starts) and self._fewer(self.starts[self.at][0], most):
            self._advance()
        return [f for f in self.found if self._fewer(f[0], most)]


def _pass(s: State) -> Pass:
    links = _links(s)
    if links.scan is None:
        links.scan = Pass(s, links)
    return links.scan


def _step(s: State, rule: str, level: int, found: list[Refuted]) -> Step | None:
    if not found:
        return None
    cells = tuple(dict.fromkeys(s.cell(i) for i, _, _ in found))
    why = "; ".join(f"if {cell_name(s.cell(i))} were {d}: {why}" for i, d, why in found)
    return Step(rule, level, why, cells, tuple(Mark(s.cell(i), f"-{d}") for i, d, _ in found))


NARROW = 3
"""The most candidates CompartmentAIC's start cell has (on the corpus this keeps 91 % of the puzzles
at diabolical or below, and extreme puzzles common enough to generate; see docs/str8ts.md)."""


def compartment_aic(level: int, most: int = NARROW, name: str = "CompartmentAIC",
                    every: bool = False) -> Callable[[State], Step | None]:
    """CompartmentAIC (see the module text) from cells of at most ``most`` candidates, fewer first;
    with ``every``, one step removes every start the chains refute on this board (each with its own
    chains), not only the first."""

    def find(s: State) -> Step | None:
        scan = _pass(s)
        return _step(s, name, level, scan.every(most) if every else scan.first(most))

    return find


__all__ = ["NARROW", "compartment_aic"]
