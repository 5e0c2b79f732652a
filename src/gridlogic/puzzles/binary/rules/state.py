"""The engine state of a human-style Binary solve: the line bitsets plus the puzzle."""

from __future__ import annotations

from dataclasses import dataclass, field

from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.binary.check import line_name
from gridlogic.puzzles.binary.model import Binary
from gridlogic.puzzles.binary.rules.lines import Lines
from gridlogic.puzzles.binary.rules.propagate import first_broken

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
    lines: Lines
    clean: dict[str, set[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle: Binary) -> BinaryState:
        return cls(puzzle, Lines.of(puzzle))

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
        name = line_name(lb.is_row(k), k if lb.is_row(k) else k - lb.height)
        if rule == "RepeatedRowColumn":
            other_name = line_name(lb.is_row(other), other if lb.is_row(other) else other - lb.height)
            cells = lb.cells(k, lb.full(k)) + lb.cells(other, lb.full(other))
            return Step(rule, 1, f"{other_name} repeats {name}, but all lines must differ.", tuple(cells))
        return Step(rule, 1, f"{name} {CONTRADICTION_TEXT[rule]}.", tuple(lb.cells(k, lb.full(k))))


def marks(lb: Lines, line: int, to1: int, to0: int) -> tuple[Mark, ...]:
    """The marks of a line deduction, in line order."""
    out = [(p, "1") for p in _bits(to1)] + [(p, "0") for p in _bits(to0)]
    return tuple(Mark(lb.cell(line, p), v) for p, v in sorted(out))


def _bits(mask: int) -> list[int]:
    return [p for p in range(mask.bit_length()) if mask >> p & 1]


def describe(m: tuple[Mark, ...]) -> str:
    return ", ".join(f"r{x.cell[0] + 1}c{x.cell[1] + 1}={x.value}" for x in m)
