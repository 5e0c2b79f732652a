"""The Star Battle kind: formats, exact solver, checker, rendering, generator; the human rules
are :mod:`gridlogic.puzzles.starbattle.rules`. The exact solver and the rules are imported by the calls
that use them: kind detection imports every kind, and reading a puzzle should not pay for them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from gridlogic.core.errors import UnsupportedError
from gridlogic.core.grid import Cell
from gridlogic.core.options import Option
from gridlogic.core.registry import Format, Generated, Kind, Options, Record
from gridlogic.core.step import Explanation, Grade, Violation
from gridlogic.puzzles.starbattle import check as checking
from gridlogic.puzzles.starbattle import containers, draw
from gridlogic.puzzles.starbattle.formats import FORMATS
from gridlogic.puzzles.starbattle.levels import LEVELS
from gridlogic.puzzles.starbattle.model import StarBattle


def rules() -> ModuleType:
    """The human-rules package (``hint`` and the interactive proof take it from here)."""
    from gridlogic.puzzles.starbattle import rules as human

    return human


class StarBattleKind(Kind):
    name = "starbattle"
    formats: Sequence[Format] = FORMATS
    methods: Sequence[str] = ("sat",)
    levels: Sequence[str] = LEVELS
    options = (Option("stars", int, "Stars per row, column and region (default: by size).", lo=1, hi=10,
                      commands=frozenset({"generate"})),)

    def container_records(self, text: str) -> list[Record] | None:
        return containers.pack_records(text)

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        return containers.norvig_tsv(fields)

    def solutions(self, puzzle: Any, method: str | None = None) -> Iterator[frozenset[Cell]]:
        if method not in (None, "sat"):
            raise UnsupportedError(f"starbattle has no method {method!r} (methods: sat)")
        from gridlogic.puzzles.starbattle import exact

        return exact.solutions(puzzle)

    def solution_rows(self, puzzle: Any, solution: Any) -> list[str]:
        return checking.solution_rows(puzzle, solution)

    def parse_solution(self, puzzle: Any, text: str) -> frozenset[Cell]:
        return checking.parse_solution(puzzle, text)

    def check(self, puzzle: Any, solution: Any) -> list[Violation]:
        return checking.check(puzzle, solution)

    def explain(self, puzzle: Any, max_level: int | None = None, allow_uniqueness: bool = False) -> Explanation:
        from gridlogic.puzzles.starbattle import explain as human

        return human.explain(puzzle, max_level, allow_uniqueness)

    def grade(self, puzzle: Any) -> Grade:
        from gridlogic.puzzles.starbattle import explain as human

        return human.grade(puzzle)

    def render_explanation(self, puzzle: StarBattle, explanation: Explanation, verbose: bool) -> str:
        from gridlogic.puzzles.starbattle import explain as human

        return human.render_explanation(puzzle, explanation, verbose)

    def generate(self, *, size: str | None, stars: int | None, difficulty: str | None, seed: int,
                 options: Options) -> Generated:
        from gridlogic.puzzles.starbattle import generate as gen

        return gen.generate(size=size, stars=stars, difficulty=difficulty, seed=seed, options=options)

    def render(self, puzzle: Any, rows: Sequence[str] | None = None) -> str:
        return draw.picture(puzzle, rows)


KIND = StarBattleKind()
