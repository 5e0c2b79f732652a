"""The Binary kind as the registry sees it. Reading and sniffing need only the formats and the model;
the solvers, rules and checker are imported by the calls that use them (kind detection imports every
kind, and a Star Battle ``solve`` should not pay for Binary's rules)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from gridlogic.core.errors import UnsupportedError
from gridlogic.core.options import Option
from gridlogic.core.registry import Generated, Kind, Options
from gridlogic.core.step import Explanation, Grade, Violation
from gridlogic.puzzles.binary import formats
from gridlogic.puzzles.binary.formats import rows
from gridlogic.puzzles.binary.levels import LEVELS
from gridlogic.puzzles.binary.model import Binary


def _puzzle(p: Any) -> Binary:
    if not isinstance(p, Binary):
        raise UnsupportedError(f"not a Binary puzzle: {type(p).__name__}")
    return p


class BinaryKind(Kind):
    name = "binary"
    formats = formats.FORMATS
    methods = ("sat", "sat-plain")
    levels = LEVELS
    options = (Option("unique_lines", bool, "All rows and all columns are distinct (Binary's third rule; "
                      "--no-unique-lines drops it).", default=True, flag="--no-unique-lines"),)

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        return rows.tsv_puzzle(fields)

    def configure(self, puzzle: Any, options: Options) -> Any:
        if isinstance(puzzle, Binary) and "unique_lines" in options:
            return puzzle.with_unique_lines(bool(options["unique_lines"]))
        return puzzle

    def solutions(self, puzzle: Any, method: str | None = None) -> Iterator[Any]:
        from gridlogic.puzzles.binary import exact

        if method == "sat-plain":
            return exact.plain(_puzzle(puzzle))
        if method not in (None, "sat"):
            raise UnsupportedError(f"binary has no method {method!r} (methods: sat, sat-plain)")
        return exact.solve_iter(_puzzle(puzzle))

    def solution_rows(self, puzzle: Any, solution: Any) -> list[str]:
        return ["".join(str(v) for v in row) for row in solution]

    def parse_solution(self, puzzle: Any, text: str) -> Any:
        return rows.parse_grid(_puzzle(puzzle), text)

    def check(self, puzzle: Any, solution: Any) -> list[Violation]:
        from gridlogic.puzzles.binary import check as checking

        return checking.violations(_puzzle(puzzle), solution)

    def explain(self, puzzle: Any, max_level: int | None = None, allow_uniqueness: bool = False) -> Explanation:
        from gridlogic.puzzles.binary import explain

        return explain.explain(_puzzle(puzzle), max_level)

    def grade(self, puzzle: Any) -> Grade:
        from gridlogic.puzzles.binary import explain

        return explain.grade(_puzzle(puzzle))

    def generate(self, *, size: str | None, stars: int | None, difficulty: str | None, seed: int,
                 options: Options) -> Generated:
        from gridlogic.core.generation import target_level
        from gridlogic.puzzles.binary.generate import generate, parse_size

        width, height = parse_size(size or "8x8")
        level = target_level(difficulty, LEVELS, 1, len(LEVELS) - 1) if difficulty is not None else 2
        assert level is not None
        return generate(width, height, level, seed, unique_lines=bool(options.get("unique_lines", True)),
                        options=options)

    def render_explanation(self, puzzle: Any, ex: Explanation, verbose: bool = False) -> str:
        from gridlogic.puzzles.binary.draw import explanation_text

        return explanation_text(_puzzle(puzzle), ex, verbose)

    def render(self, puzzle: Any, rows: Sequence[str] | None = None) -> str:
        from gridlogic.puzzles.binary.draw import picture

        return picture(_puzzle(puzzle), rows)


KIND = BinaryKind()
