"""The human solver's state: candidate masks (core Board; bit d-1 = digit d) over the white cells,
which white cells have been placed, and the helpers every rule shares (compartment straights)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Generic, TypeVar

from gridlogic.core.board import Board
from gridlogic.core.grid import Cell, cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Compartment, Str8ts
from gridlogic.puzzles.str8ts.rules.watch import Watch
from gridlogic.puzzles.str8ts.straights import Fit, fits, line_windows, lone_sure, supported, trimmed, windows


@dataclass(eq=False)
class State:
    puzzle: Str8ts
    board: Board
    placed: list[bool]
    clean: tuple[tuple[int, ...], tuple[bool, ...]] | None = field(default=None, compare=False)
    """The masks and placed cells of the last board :meth:`contradiction` found nothing wrong with."""
    data: dict[int, tuple[Getter, tuple[int, ...], int]] = field(init=False, repr=False, compare=False)
    """:func:`compartment_data` of the puzzle."""
    _lines_of: list[int] = field(init=False, repr=False, compare=False)
    _lines: dict[tuple[int, int], tuple[tuple[Compartment, ...], tuple[tuple[int, ...], ...], int]] = field(
        init=False, repr=False, compare=False)
    eliminated: set[int] = field(init=False, repr=False, compare=False)
    """Decided cells whose digit no white peer holds any more (Elimination skips them: candidates
    only ever shrink)."""
    _codes_of: tuple[list[int], list[bool]] = field(init=False, repr=False, compare=False)
    _codes: dict[int, int] = field(init=False, repr=False, compare=False)
    _keys_of: tuple[list[int], list[bool]] = field(init=False, repr=False, compare=False)
    _keys: dict[int, tuple[tuple[int, ...], int]] = field(init=False, repr=False, compare=False)
    _track: tuple[list[int], list[bool], set[int]] | None = field(init=False, repr=False, compare=False)
    """The clean board as :meth:`apply` has changed it since, and the cells it touched (so that
    :meth:`contradiction` need not compare every cell when nothing else changed the board)."""
    watch: Watch = field(init=False, repr=False, compare=False)
    """The compartments each compartment rule found nothing in, until they change."""

    def __post_init__(self) -> None:
        self.data = compartment_data(self.puzzle)
        self._lines_of, self._lines = [], {}
        self._codes_of, self._codes = ([], []), {}
        self._keys_of, self._keys = ([], []), {}
        self._track = None
        self.watch = Watch(self.puzzle)
        self.eliminated = set()

    @classmethod
    def start(cls, p: Str8ts) -> State:
        """White cells with every digit; givens in white cells placed (black cells hold no mask)."""
        board = Board(p.n, p.n, p.n, [0] * p.size)
        placed = [False] * p.size
        for i in p.white:
            g = p.givens[i]
            board.masks[i] = 1 << (g - 1) if g else (1 << p.n) - 1
            placed[i] = bool(g)
        return cls(p, board, placed)

    def __repr__(self) -> str:
        return f"State({self.puzzle!r}, {self.board!r}, {self.placed!r})"

    def copy(self) -> State:
        out = State(self.puzzle, self.board.copy(), self.placed.copy(), self.clean)
        out.eliminated = set(self.eliminated)
        return out

    # ----- the engine's protocol
    def apply(self, step: Step) -> None:
        track = self._track
        for mark in step.marks:
            i = self.board.idx(mark.cell)
            if track is not None:
                track[2].add(i)
            if mark.value.startswith("-"):
                self.board.remove(i, int(mark.value[1:]) - 1)
            else:
                self.board.fix(i, int(mark.value) - 1)
                self.placed[i] = True
            if track is not None:
                track[0][i], track[1][i] = self.board.masks[i], self.placed[i]
            self.watch.touch(i, self.board.masks, self.placed, not mark.value.startswith("-"))

    def is_solved(self) -> bool:
        return all(self.placed[i] for i in self.puzzle.white)

    def contradiction(self) -> Step | None:
        """The first broken rule: an emptied cell, a digit twice in a line, a compartment no
        straight fits (in that order; cells, lines and compartments in board order). Only what
        changed since the last clean board is looked at (nothing else can be broken)."""
        p = self.puzzle
        masks, placed = self.board.masks, self.placed
        changed: Sequence[int]
        track = self._track
        if self.clean is None:
            changed = range(p.size)
        elif track is not None and track[0] == masks and track[1] == placed:  # only apply() changed it
            if not track[2]:
                return None
            old_masks, old_placed = self.clean
            changed = sorted(i for i in track[2] if masks[i] != old_masks[i] or placed[i] != old_placed[i])
        else:
            old_masks, old_placed = self.clean
            if (tuple(masks), tuple(placed)) == self.clean:
                return None
            changed = [i for i, (a, b, c, d) in enumerate(zip(masks, old_masks, placed, old_placed, strict=True))
                       if a != b or c != d]
        for i in changed:
            if not masks[i] and not p.black[i]:
                return _broken("NoCandidate", f"{cell_name(p.cell(i))} has no digit left", [i], p)
        if not changed:
            self._clean()
            return None
        n = p.n
        placing = [False] * (2 * n)  # the lines where a cell was placed: a digit may stand twice
        comps: set[int] = set()  # the compartments whose cells or line's decided digits changed
        line_comps = line_compartments(p)
        was = self.clean[1] if self.clean is not None else None
        for i in changed:
            r, c = i // n, n + i % n
            if placed[i] or was is None or was[i]:
                placing[r] = placing[c] = True
                comps.update(id(comp) for comp in line_comps[r] + line_comps[c])
            else:
                comps.update(id(p.compartments[k]) for k in p.comps_of[i])
        given = given_bits(p)
        for k, line in enumerate(p.lines):
            if not placing[k]:
                continue
            seen = 0
            for i in line:
                bit = masks[i] if placed[i] else given[i]
                if bit & seen:
                    j = next(j for j in line if (masks[j] if placed[j] else given[j]) == bit)
                    return _broken("RepeatedDigit", f"{bit.bit_length()} twice in {p.line_name(k)}", [j, i], p)
                seen |= bit
        for line_comp in line_comps:  # (all of them, in board order)
            for comp in line_comp:
                if id(comp) in comps and not windows(n, *self.key(comp)):
                    return _broken("NoStraight", f"no straight of {comp.size} fits {comp.name}", list(comp.cells), p)
        self._clean()
        return None

    def _clean(self) -> None:
        """Remember the board as clean (nothing broken), and track what :meth:`apply` changes next."""
        masks, placed = self.board.masks, self.placed
        self.clean = (tuple(masks), tuple(placed))
        self._track = (masks.copy(), placed.copy(), set())

    def quiet(self, rule: str) -> tuple[list[int], list[int], int]:
        """:meth:`Watch.of` for ``rule`` on this board: skip compartment k when
        ``quiet[k] >= stamp[k]``; set ``quiet[k] = gen`` when the rule finds nothing there."""
        return self.watch.of(rule, self.board.masks, self.placed)

    # ----- reading the board
    def mask(self, i: int) -> int:
        return self.board.masks[i]

    def digit(self, i: int) -> int | None:
        """The digit a cell surely holds: a placed white cell's, a black given, else None."""
        p = self.puzzle
        if p.black[i]:
            return p.givens[i] or None
        if not self.placed[i]:
            return None
        return self.board.masks[i].bit_length()

    def line_index(self, comp: Compartment) -> int:
        """The index in ``puzzle.lines`` of the row or column holding ``comp``."""
        return comp.line + (self.puzzle.n if comp.axis == "column" else 0)

    def _data(self, comp: Compartment) -> tuple[Getter, tuple[int, ...], int]:
        found = self.data.get(id(comp))
        if found is None:  # an equal compartment of another puzzle object
            p = self.puzzle
            found = self.data[id(p.compartments[p.compartments.index(comp)])]
        return found

    def key(self, comp: Compartment) -> tuple[tuple[int, ...], int]:
        """The compartment's cells' candidates and :meth:`banned`, as the straight functions take
        them; kept until the masks or the placed cells change (every compartment rule asks)."""
        masks, placed = self.board.masks, self.placed
        of = self._keys_of
        if of[0] != masks or of[1] != placed:
            self._keys_of, self._keys = (masks.copy(), placed.copy()), {}
        found = self._keys.get(id(comp))
        if found is None:
            get, others, out = self.data.get(id(comp)) or self._data(comp)
            for j in others:
                if placed[j]:
                    out |= masks[j]
            found = self._keys[id(comp)] = (get(masks), out)
        return found

    def banned(self, comp: Compartment) -> int:
        """Digits decided in the compartment's line outside it (placed cells, black givens)."""
        return self.key(comp)[1]

    def fits(self, comp: Compartment) -> tuple[Fit, ...]:
        """The straights the compartment can still hold (each digit matched to its own cell,
        none decided elsewhere in the line), with the digits each cell takes in some of them."""
        return fits(self.puzzle.n, *self.key(comp))

    def lone_sure(self, comp: Compartment) -> tuple[tuple[int, int], ...]:
        """The compartment's sure digits with one cell left for them: (position in it, digit)."""
        return lone_sure(self.puzzle.n, *self.key(comp))

    def trimmed(self, comp: Compartment) -> bool:
        """Whether a cell of the compartment holds a digit no fitting straight gives it."""
        return trimmed(self.puzzle.n, *self.key(comp))

    def straights(self, comp: Compartment) -> list[int]:
        """The windows (masks of t consecutive digits) the compartment can still fill."""
        return list(windows(self.puzzle.n, *self.key(comp)))

    def line(self, k: int, must: int = 0) -> tuple[tuple[Compartment, ...], tuple[tuple[int, ...], ...], int]:
        """Row/column ``k``: its compartments, the straights of each that fit together with the
        others' (pairwise disjoint, avoiding the line's black digits, using every digit of
        ``must``), and the digits every such combination uses. Kept until the masks change (many
        rules ask for every line on the same board)."""
        masks = self.board.masks
        if self._lines_of != masks:
            self._lines_of = masks.copy()
            self._lines = {}
        found = self._lines.get((k, must))
        if found is None:
            found = self._lines[(k, must)] = self._line(k, must)
        return found

    def line_code(self, k: int) -> int:
        """Line ``k``'s candidates and placed flags as one exact number (10 bits a cell), kept
        until the masks or the placed cells change."""
        masks, placed = self.board.masks, self.placed
        if self._codes_of != (masks, placed):
            self._codes_of = (masks.copy(), placed.copy())
            self._codes = {}
        found = self._codes.get(k)
        if found is None:
            found = 0
            for j in self.puzzle.lines[k]:
                found = found << 10 | masks[j] | placed[j] << 9
            self._codes[k] = found
        return found

    def open_required(self, k: int) -> int:
        """The digits line ``k`` must hold (every combination of its straights uses them) that no
        cell of it holds yet (placed white cells, black givens)."""
        _, _, required = self.line(k)
        for j in self.puzzle.lines[k]:
            d = self.digit(j)
            if d is not None:
                required &= ~(1 << (d - 1))
        return required

    def _line(self, k: int, must: int) -> tuple[tuple[Compartment, ...], tuple[tuple[int, ...], ...], int]:
        comps = line_compartments(self.puzzle)[k]
        black = black_digits(self.puzzle)[k]
        masks = self.board.masks
        wins = tuple(windows(self.puzzle.n, self._data(c)[0](masks), black) for c in comps)
        allowed, required = line_windows(wins, black, must)
        return comps, allowed, required

    def sure(self, comp: Compartment) -> int:
        """Digits in every possible straight of the compartment (0 if none is possible)."""
        wins = self.straights(comp)
        if not wins:
            return 0
        out = -1
        for w in wins:
            out &= w
        return out

    def cell(self, i: int) -> Cell:
        return self.puzzle.cell(i)


def white_peers(p: Str8ts) -> tuple[tuple[int, ...], ...]:
    """Per cell: the white cells of its row and column, itself excepted."""
    return p.memo("white_peers", lambda: tuple(tuple(j for j in p.peers(i) if not p.black[j]) for i in range(p.size)))


Getter = Callable[[list[int]], tuple[int, ...]]


def _one(i: int) -> Getter:
    return lambda masks: (masks[i],)


def compartment_data(p: Str8ts) -> dict[int, tuple[Getter, tuple[int, ...], int]]:
    """Per compartment (by ``id``: those of ``p.compartments``): a function taking the masks to
    its cells' masks (a tuple), the white cells of its line outside it, and the digits of the
    black cells of its line."""

    def make() -> dict[int, tuple[Getter, tuple[int, ...], int]]:
        out: dict[int, tuple[Getter, tuple[int, ...], int]] = {}
        for comp in p.compartments:
            cells = comp.cells
            get: Getter = itemgetter(*cells) if len(cells) > 1 else _one(cells[0])
            black = 0
            for j in outside(comp):
                if p.black[j] and p.givens[j]:
                    black |= 1 << (p.givens[j] - 1)
            out[id(comp)] = (get, tuple(j for j in outside(comp) if not p.black[j]), black)
        return out

    return p.memo("compartment_data", make)


@lru_cache(maxsize=4096)
def outside(comp: Compartment) -> tuple[int, ...]:
    """The cells of the compartment's row or column that are not in it."""
    n = comp.n
    line = [comp.line * n + q for q in range(n)] if comp.axis == "row" else [q * n + comp.line for q in range(n)]
    return tuple(j for j in line if j not in comp.cells)


def given_bits(p: Str8ts) -> tuple[int, ...]:
    """Per cell: the bit of its given digit (white or black), else 0."""
    return p.memo("given_bits", lambda: tuple(1 << (g - 1) if g else 0 for g in p.givens))


def black_digits(p: Str8ts) -> tuple[int, ...]:
    """Per row, then column (indexed like ``p.lines``): the digits of its black cells, as a mask."""

    def make() -> tuple[int, ...]:
        out = []
        for line in p.lines:
            m = 0
            for j in line:
                if p.black[j] and p.givens[j]:
                    m |= 1 << (p.givens[j] - 1)
            out.append(m)
        return tuple(out)

    return p.memo("black_digits", make)


def line_compartments(p: Str8ts) -> tuple[tuple[Compartment, ...], ...]:
    """The compartments of each row, then each column (indexed like ``p.lines``)."""

    def make() -> tuple[tuple[Compartment, ...], ...]:
        out: list[list[Compartment]] = [[] for _ in p.lines]
        for c in p.compartments:
            out[c.line + (p.n if c.axis == "column" else 0)].append(c)
        return tuple(tuple(x) for x in out)

    return p.memo("line_compartments", make)


_DIGITS: tuple[list[int], ...] = tuple([d + 1 for d in range(9) if m >> d & 1] for m in range(1 << 9))


def digits(mask: int) -> list[int]:
    """The digits of a mask (digit d is bit d-1), ascending; bits above 9 are ignored."""
    return list(_DIGITS[mask & 511])


def show(mask: int) -> str:
    return "".join(str(d) for d in digits(mask))


def alternatives(mask: int) -> str:
    """A mask's digits for a sentence: ``1 or 2``."""
    return " or ".join(map(str, digits(mask)))


def removal(state: State, cells: Iterable[int], mask: int) -> tuple[Mark, ...]:
    """Marks removing ``mask``'s digits from ``cells`` where they are still candidates."""
    masks = state.board.masks
    return tuple(Mark(state.cell(i), f"-{d}") for i in cells if masks[i] & mask for d in digits(masks[i] & mask))


def unsupported(state: State, comp: Compartment, fitting: Sequence[Fit]) -> tuple[int, int, tuple[Mark, ...]] | None:
    """The first cell of ``comp`` holding a digit it takes in none of ``fitting``: the cell, the
    digits it keeps, and the marks removing the others."""
    for q, i in enumerate(comp.cells):
        ok = supported(fitting, q)
        marks = removal(state, (i,), ~ok)
        if marks:
            return i, ok, marks
    return None


def held(fitting: Iterable[Fit]) -> str:
    """The windows of ``fitting`` for a sentence: ``234, 345``."""
    return ", ".join(show(w) for w, _ in fitting)


def names(state: State, cells: Iterable[int]) -> str:
    return ", ".join(cell_name(state.cell(i)) for i in cells)


def _broken(rule: str, reason: str, cells: list[int], p: Str8ts) -> Step:
    return Step(rule, 0, reason, tuple(p.cell(i) for i in cells))


T = TypeVar("T")


class OneBoard(Generic[T]):
    """``make(s)`` for the last board asked about, kept while the puzzle, candidates and placed cells are
    the same (the chain rules build their links once per board, and several rules ask). Another run
    of the same puzzle object may meet an equal board later and get the value, so it must read the
    board from its own copy, never from ``s``, which goes on changing."""

    def __init__(self, make: Callable[[State], T]) -> None:
        self._make = make
        self._last: tuple[Str8ts, tuple[int, ...], tuple[bool, ...], T] | None = None

    def __call__(self, s: State) -> T:
        masks, placed = tuple(s.board.masks), tuple(s.placed)
        last = self._last
        if last is not None and last[0] is s.puzzle and last[1] == masks and last[2] == placed:
            return last[3]
        value = self._make(s)
        self._last = (s.puzzle, masks, placed, value)
        return value
