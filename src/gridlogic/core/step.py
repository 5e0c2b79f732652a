"""Steps and explanations: the one record of a deduction, shared by explain, hints, proofs and tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gridlogic.core.grid import Cell


@dataclass(frozen=True)
class Mark:
    """One change: ``value`` is the contract's mark string (``"star"``, ``"black"``, ``"0"``, ``"7"``,
    or ``"-7"`` for a removed candidate)."""

    cell: Cell
    value: str

    def to_json(self) -> list[Any]:
        return [self.cell[0], self.cell[1], self.value]


@dataclass(frozen=True)
class Step:
    """A justified change: rule id (the seed's name), level, one plain sentence, cells used, marks.
    ``extra``: kind-specific fields added to the JSON (Str8ts: the candidates before and after the
    step); not part of the step's identity."""

    rule: str
    level: int
    reason: str
    uses: tuple[Cell, ...] = ()
    marks: tuple[Mark, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "level": self.level, "reason": self.reason,
                "uses": [list(c) for c in self.uses], "marks": [m.to_json() for m in self.marks], **self.extra}


@dataclass
class Explanation:
    """The outcome of a human-style solve."""

    status: str  # "solved" | "stuck" | "contradiction"
    steps: list[Step]
    final: list[str]
    grade: str
    level: int
    hardest_rule: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "steps": [s.to_json() for s in self.steps], "grade": self.grade,
                "level": self.level, "hardest_rule": self.hardest_rule, "final": self.final, **self.extra}


@dataclass(frozen=True)
class Grade:
    """A difficulty verdict: level number, its name, and the rule that needed it."""

    level: int
    name: str
    hardest_rule: str | None

    def to_json(self) -> dict[str, Any]:
        return {"grade": self.name, "level": self.level, "hardest_rule": self.hardest_rule}


@dataclass(frozen=True)
class Violation:
    """A broken rule in a claimed solution, named as LEGUP names it, with its cells."""

    rule: str
    cells: tuple[Cell, ...]
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "cells": [list(c) for c in self.cells], "message": self.message}
