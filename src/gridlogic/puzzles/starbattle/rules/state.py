"""The Star Battle solving state: two bitsets (stars, empty cells) over a :class:`Geo`.

Implements :class:`gridlogic.core.engine.EngineState` (``apply``/``is_solved``/``contradiction``).
Rules read it and return :class:`~gridlogic.core.step.Step` objects; a rule that finds the board
impossible raises :class:`Broken` carrying the step that says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gridlogic.core.engine import Broken
from gridlogic.core.errors import Contradiction
from gridlogic.core.grid import Cell
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits

__all__ = ["BLACK", "STAR", "Broken", "State"]

STAR = "star"
BLACK = "black"
SKIPS = True
"""Whether rules skip the parts of the board that did not change since they last found nothing
(:meth:`State.changed_since`); off only to test that the skips change nothing."""


@dataclass
class State:
    """Stars and empty cells as bitmasks; everything else is unknown."""

    geo: Geo
    star: int = 0
    empty: int = 0
    cache: dict[Any, Any] = field(default_factory=dict, repr=False)
    _sound: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    """(stars, empty cells) of the last board :meth:`contradiction` passed: a unit none of whose
    cells changed since then passes again."""
    _nothing: dict[str, tuple[int, int, int]] = field(default_factory=dict, repr=False, compare=False)
    """Per rule (a key of its choosing): (stars, empty cells, summary) of the last board it found
    nothing on (see :meth:`changed_since`); kept across steps, unlike :attr:`cache`."""
    carry: dict[str, tuple[int, int, Any]] = field(default_factory=dict, repr=False, compare=False)
    """Per-board facts kept across steps with the (stars, empty cells) of the board they were
    computed on, so that the next board recomputes only what its changed cells reach."""

    @classmethod
    def start(cls, puzzle: StarBattle, geo: Geo | None = None) -> State:
        g = geo or Geo(puzzle)
        st = cls(g)
        for (r, c), is_star in puzzle.givens:
            if is_star:
                st.star |= 1 << (r * g.n + c)
            else:
                st.empty |= 1 << (r * g.n + c)
        return st

    @classmethod
    def from_rows(cls, puzzle: StarBattle, rows: list[str], geo: Geo | None = None) -> State:
        """A board drawn as rows of ``*`` (star), ``.``/``x`` (empty), anything else unknown."""
        st = cls.start(puzzle, geo)
        n = st.geo.n
        for r, row in enumerate(rows[:n]):
            for c, ch in enumerate(row[:n]):
                if ch == "*":
                    st.star |= 1 << (r * n + c)
                elif ch in ".xX-":
                    st.empty |= 1 << (r * n + c)
        return st

    def copy(self) -> State:
        return State(self.geo, self.star, self.empty, _sound=self._sound, _nothing=dict(self._nothing),
                     carry=dict(self.carry))

    def changed_since(self, key: str, extra: int = 0) -> int:
        """The cells that differ (star or empty) from the last board on which the rule ``key``
        found nothing (every cell if none, or if that board's ``extra``, a summary the rule also
        reads, was different): a rule whose finding on a part of the board depends only on some
        cells skips the parts none of whose cells changed. Any earlier board will do, not only an
        ancestor: the difference is taken both ways."""
        got = self._nothing.get(key)
        if got is None or got[2] != extra or not SKIPS:
            return self.geo.full
        return (self.star ^ got[0]) | (self.empty ^ got[1])

    def carried(self, key: str) -> tuple[int, int, Any] | None:
        """The facts kept under ``key`` with the board they were computed on (see :attr:`carry`)."""
        return self.carry.get(key) if SKIPS else None

    def found_nothing(self, key: str, extra: int = 0) -> None:
        """Record that the rule ``key`` found nothing on this board (see :meth:`changed_since`)."""
        self._nothing[key] = (self.star, self.empty, extra)

    @property
    def unknown(self) -> int:
        return self.geo.full & ~(self.star | self.empty)

    def need(self, unit: Unit) -> int:
        return self.geo.S - (self.star & unit.mask).bit_count()

    def rows_text(self) -> list[str]:
        n = self.geo.n
        out = []
        for r in range(n):
            chars = []
            for c in range(n):
                b = 1 << (r * n + c)
                chars.append("*" if self.star & b else "." if self.empty & b else "?")
            out.append("".join(chars))
        return out

    # ----- EngineState
    def apply(self, step: Step) -> None:
        self.apply_marks(step)
        if self.star & self.empty:
            raise Contradiction(step.reason)

    def apply_marks(self, step: Step) -> None:
        """Set the step's marks without checking them."""
        n = self.geo.n
        for m in step.marks:
            b = 1 << (m.cell[0] * n + m.cell[1])
            if m.value == STAR:
                self.star |= b
            else:
                self.empty |= b
        self.cache.clear()

    def is_solved(self) -> bool:
        return self.unknown == 0 and self.contradiction() is None

    def contradiction(self) -> Step | None:
        """A cheap check: touching stars, a unit with too many stars or too few cells left."""
        g = self.geo
        if self.star & self.empty:
            both = self.star & self.empty
            return broken_step(g, "Contradiction", f"{g.cells_name(both)} would be both star and empty", both)
        star = self.star
        if g.touching(star):
            for i in bits(star):
                if g.nb[i] & star:
                    pair = (1 << i) | (g.nb[i] & star)
                    return broken_step(g, "SurroundStar", f"stars at {g.cells_name(pair)} touch", pair)
        unk = self.unknown
        big_s = g.S
        last = self._sound
        changed = g.full if last is None else (star ^ last[0]) | (self.empty ^ last[1])
        for u in g.all_units():
            mask = u.mask
            if not mask & changed:
                continue
            need = big_s - (star & mask).bit_count()
            if need < 0:
                return broken_step(g, "TooManyStars", f"{u.name} has more than {g.S} stars", u.mask & self.star)
            if (unk & mask).bit_count() < need:
                return broken_step(g, "TooFewStars",
                                   f"{u.name} needs {need} more stars but has fewer cells left", u.mask)
        self._sound = (star, self.empty)
        return None


@cache
def _marks(n: int) -> tuple[list[Cell], list[Mark], list[Mark]]:
    """Per cell of an ``n`` x ``n`` board: the cell, its star mark and its empty mark (immutable,
    shared by every step)."""
    cells = [divmod(i, n) for i in range(n * n)]
    return cells, [Mark(c, STAR) for c in cells], [Mark(c, BLACK) for c in cells]


def make_step(geo: Geo, rule: str, level: int, reason: str, uses: int = 0, black: int = 0,
              star: int = 0) -> Step:
    """A :class:`Step` from masks (marks in cell order; a cell in both masks is a star)."""
    cells, stars, blacks = _marks(geo.n)
    marks = tuple(stars[i] if star >> i & 1 else blacks[i] for i in bits(star | black))
    return Step(rule, level, reason, tuple(cells[i] for i in bits(uses)), marks)


def broken_step(geo: Geo, rule: str, reason: str, uses: int = 0, level: int = 0) -> Step:
    return make_step(geo, rule, level, reason, uses)


def said(g: Geo, black: int = 0, star: int = 0) -> str:
    """"r3c4 is empty and r5c6 is a star" for the marks of a step."""
    parts = []
    if black:
        parts.append(f"{g.cells_name(black)} {'is' if black.bit_count() == 1 else 'are'} empty")
    if star:
        parts.append(f"{g.cells_name(star)} {'is a star' if star.bit_count() == 1 else 'are stars'}")
    return " and ".join(parts)
