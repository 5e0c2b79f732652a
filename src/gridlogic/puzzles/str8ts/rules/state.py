"""The human solver's state: candidate masks (core Board; bit d-1 = digit d) over the white cells,
which white cells have been placed, and the helpers every rule shares (compartment straights)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gridlogic.core.board import Board
from gridlogic.core.grid import Cell, cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Compartment, Str8ts


@dataclass(eq=False)
class State:
    puzzle: Str8ts
    board: Board
    placed: list[bool]

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
        return State(self.puzzle, self.board.copy(), self.placed.copy())

    # ----- the engine's protocol
    def apply(self, step: Step) -> None:
        for mark in step.marks:
            i = self.board.idx(mark.cell)
            if mark.value.startswith("-"):
                self.board.remove(i, int(mark.value[1:]) - 1)
            else:
                self.board.fix(i, int(mark.value) - 1)
                self.placed[i] = True

    def is_solved(self) -> bool:
        return all(self.placed[i] for i in self.puzzle.white)

    def contradiction(self) -> Step | None:
        p = self.puzzle
        for i in p.white:
            if not self.board.masks[i]:
                return _broken("NoCandidate", f"{cell_name(p.cell(i))} has no digit left", [i], p)
        for k, line in enumerate(p.lines):
            seen: dict[int, int] = {}
            for i in line:
                d = self.digit(i)
                if d is None:
                    continue
                if d in seen:
                    return _broken("RepeatedDigit", f"{d} twice in {p.line_name(k)}", [seen[d], i], p)
                seen[d] = i
        for comp in p.compartments:
            if not self.straights(comp):
                return _broken("NoStraight", f"no straight of {comp.size} fits {comp.name}", list(comp.cells), p)
        return None

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

    def straights(self, comp: Compartment) -> list[int]:
        """The windows (masks of t consecutive digits) the compartment can still fill: every cell
        has a candidate in it and together they offer all t digits."""
        t = comp.size
        union = 0
        for i in comp.cells:
            union |= self.board.masks[i]
        out = []
        for s in range(self.puzzle.n - t + 1):
            w = ((1 << t) - 1) << s
            if union & w == w and all(self.board.masks[i] & w for i in comp.cells):
                out.append(w)
        return out

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


def digits(mask: int) -> list[int]:
    """The digits of a mask, ascending."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def show(mask: int) -> str:
    return "".join(str(d) for d in digits(mask))


def removal(state: State, cells: Iterable[int], mask: int) -> tuple[Mark, ...]:
    """Marks removing ``mask``'s digits from ``cells`` where they are still candidates."""
    return tuple(Mark(state.cell(i), f"-{d}") for i in cells for d in digits(state.mask(i) & mask))


def names(state: State, cells: Iterable[int]) -> str:
    return ", ".join(cell_name(state.cell(i)) for i in cells)


def _broken(rule: str, reason: str, cells: list[int], p: Str8ts) -> Step:
    return Step(rule, 0, reason, tuple(p.cell(i) for i in cells))
