"""The engine state of a human-style Binary solve: the board plus the puzzle, and the wording
helpers every step shares."""

from __future__ import annotations

from dataclasses import dataclass, field

from gridlogic.core.grid import Cell
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.lines import bits_of
from gridlogic.puzzles.binary.model import Binary
from gridlogic.puzzles.binary.rules.why import first_broken, where

CONTRADICTION_TEXT = {
    "Trio": "has three equal digits in a row",
    "UnbalancedRowColumn": "has more of one digit than a line of its length holds",
    "WastedBlocker": "has more windows of three that each still need a digit than digits left to place",
}


GLOBAL_RULES = frozenset({"UniqueRowColumn", "LineCompletions"})
"""Rules whose verdict on a line also depends on the other (finished) lines."""


@dataclass
class BinaryState:
    """``clean[rule]``: lines on which ``rule`` found nothing since they last changed."""

    puzzle: Binary
    lines: Board
    clean: dict[str, set[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle: Binary) -> BinaryState:
        return cls(puzzle, Board.of(puzzle))

    def apply(self, step: Step) -> None:
        lb = self.lines
        for m in step.marks:
            lb.set_cell(m.cell[0], m.cell[1], int(m.value))
        finished = any(not lb.unknown(k) for k in lb.touched)
        for rule, lines in self.clean.items():
            if finished and rule in GLOBAL_RULES:
                lines.clear()
            else:
                lines.difference_update(lb.touched)

    def is_solved(self) -> bool:
        return self.lines.is_solved()

    def contradiction(self) -> Step | None:
        bad = first_broken(self.lines, self.lines.touched)
        self.lines.touched.clear()
        if bad is None:
            return None
        rule, k, other = bad
        lb = self.lines
        if rule == "RepeatedRowColumn":
            cells = lb.cells(k, lb.full(k)) + lb.cells(other, lb.full(other))
            return Step(rule, 1, f"{where(lb, other)} repeats {where(lb, k)}, but all lines must differ.",
                        tuple(cells))
        return Step(rule, 1, f"{where(lb, k)} {CONTRADICTION_TEXT[rule]}.", tuple(lb.cells(k, lb.full(k))))


def marks(lb: Board, line: int, to1: int, to0: int) -> tuple[Mark, ...]:
    """The marks of a line deduction, in line order."""
    out = [(p, "1") for p in bits_of(to1)] + [(p, "0") for p in bits_of(to0)]
    return tuple(Mark(lb.cell(line, p), v) for p, v in sorted(out))


def known_cells(lb: Board, k: int) -> tuple[Cell, ...]:
    """The known cells of line ``k`` (what a line step uses)."""
    return tuple(lb.cells(k, lb.ones[k] | lb.zeros[k]))


def describe(m: tuple[Mark, ...]) -> str:
    return ", ".join(f"r{x.cell[0] + 1}c{x.cell[1] + 1}={x.value}" for x in m)
