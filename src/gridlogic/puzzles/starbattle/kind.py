"""The Star Battle kind: formats, exact solver, checker, rendering, generator; human rules are
delegated (lazily) to :mod:`gridlogic.puzzles.starbattle.rules`."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from gridlogic.core.errors import UnsupportedError
from gridlogic.core.grid import Cell
from gridlogic.core.registry import Format, Generated, Kind, Options, Record
from gridlogic.core.step import Explanation, Grade, Violation
from gridlogic.puzzles.starbattle import check as checking
from gridlogic.puzzles.starbattle import containers, exact, render
from gridlogic.puzzles.starbattle.formats import FORMATS
from gridlogic.puzzles.starbattle.model import StarBattle

RULES = "gridlogic.puzzles.starbattle.rules"


def rules() -> ModuleType:
    """The human-rules package, imported on first use (it may not be installed yet)."""
    try:
        return importlib.import_module(RULES)
    except ImportError as e:
        raise UnsupportedError(f"starbattle: human-style rules are not available ({e})") from None


def rule_api(name: str) -> Any:
    """A function of the rules package, or :class:`UnsupportedError` while it is not there yet."""
    found = getattr(rules(), name, None)
    if found is None:
        raise UnsupportedError(f"starbattle: the human-style rules do not provide {name!r} yet")
    return found


class StarBattleKind(Kind):
    name = "starbattle"
    formats: Sequence[Format] = FORMATS
    methods: Sequence[str] = ("sat",)

    @property
    def levels(self) -> Sequence[str]:
        """The rules package's level names (empty while it is not available)."""
        try:
            return tuple(rules().LEVELS)
        except (UnsupportedError, AttributeError):
            return ()

    @levels.setter
    def levels(self, value: Sequence[str]) -> None:
        raise AttributeError("starbattle levels come from its rules package")

    def container_records(self, text: str) -> list[Record] | None:
        return containers.pack_records(text)

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        return containers.norvig_tsv(fields)

    def solutions(self, puzzle: Any, method: str | None = None) -> Iterator[frozenset[Cell]]:
        if method not in (None, "sat"):
            raise UnsupportedError(f"starbattle has no method {method!r} (methods: sat)")
        return exact.solutions(puzzle)

    def solution_rows(self, puzzle: Any, solution: Any) -> list[str]:
        return checking.solution_rows(puzzle, solution)

    def parse_solution(self, puzzle: Any, text: str) -> frozenset[Cell]:
        return checking.parse_solution(puzzle, text)

    def check(self, puzzle: Any, solution: Any) -> list[Violation]:
        return checking.check(puzzle, solution)

    def explain(self, puzzle: Any, max_level: int | None = None, allow_uniqueness: bool = False) -> Explanation:
        ex: Explanation = rule_api("explain")(puzzle, max_level, allow_uniqueness)
        return ex

    def grade(self, puzzle: Any) -> Grade:
        g: Grade = rule_api("grade")(puzzle)
        return g

    def render_explanation(self, puzzle: StarBattle, explanation: Explanation, verbose: bool) -> str:
        custom = getattr(rules(), "render_explanation", None)
        if custom is not None:
            text: str = custom(puzzle, explanation, verbose)
            return text
        lines = [f"{i}. [{s.rule}] {s.reason}" for i, s in enumerate(explanation.steps, 1)]
        lines += ["", render.render(puzzle, explanation.final),
                  f"{explanation.status}; grade {explanation.grade} (level {explanation.level})"]
        return "\n".join(lines)

    def generate(self, *, size: str | None, stars: int | None, difficulty: str | None, seed: int,
                 options: Options) -> Generated:
        from gridlogic.puzzles.starbattle import generate as gen

        return gen.generate(size=size, stars=stars, difficulty=difficulty, seed=seed, options=options)

    def render(self, puzzle: Any, rows: Sequence[str] | None = None) -> str:
        return render.render(puzzle, rows)


KIND = StarBattleKind()
