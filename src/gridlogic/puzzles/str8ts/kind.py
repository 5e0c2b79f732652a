"""Str8ts registered as a kind: formats, exact solvers, checker, human solver, generator, picture."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from gridlogic.core.client import Client
from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import parse_size
from gridlogic.core.options import Option, Value
from gridlogic.core.registry import (
    NO_OPTIONS,
    CheckPart,
    DrawPart,
    Generated,
    HintPart,
    Kind,
    Options,
    Record,
)
from gridlogic.core.step import Explanation, Grade, Violation
from gridlogic.puzzles.str8ts.exact import METHODS
from gridlogic.puzzles.str8ts.formats import FORMATS
from gridlogic.puzzles.str8ts.formats.s81 import sniff as sniff_s81
from gridlogic.puzzles.str8ts.levels import LEVELS
from gridlogic.puzzles.str8ts.model import Str8ts

OPTIONS = (
    Option("allow_uniqueness", bool, "Allow rules that assume a unique solution.", default=False,
           commands=frozenset({"explain"})),
)


def _size(size: str | None) -> int:
    """``9`` or ``9x9`` (square boards only)."""
    if size is None:
        return 9
    w, h = parse_size(size, "--size")
    if w != h:
        raise ParseError(f"str8ts boards are square, e.g. 9 or 9x9; got {size!r}", "--size")
    return w


class Str8tsKind(Kind[Str8ts]):
    name = "str8ts"
    formats = FORMATS
    methods = METHODS
    levels = LEVELS
    options = OPTIONS
    mark_chars = MappingProxyType({str(d): str(d) for d in range(1, 10)})

    def container_records(self, text: str) -> list[Record] | None:
        """Lines of Str8ts strings where some start with ``#`` (a black cell, not a comment, which
        the generic splitter would skip); ``#`` lines that do not look like Str8ts stay comments."""
        if "\t" in text:
            return None
        lines = [ln.strip() for ln in text.splitlines()]
        if not any(ln.startswith("#") and sniff_s81(ln) for ln in lines):
            return None
        recs = [Record(str(k), ln, line=k) for k, ln in enumerate(lines, 1)
                if ln and (not ln.startswith("#") or sniff_s81(ln))]
        if len(recs) == 1:
            recs[0].id = "1"
        return recs

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        """The ``puzzle81`` column of str8ts.tsv (the first field after the id, when it sniffs)."""
        if len(fields) >= 4 and sniff_s81(fields[1]) and fields[2] in ("0", "1", "2+"):
            return fields[1]
        return None

    def configure(self, puzzle: Str8ts, options: Mapping[str, Value]) -> Str8ts:
        return puzzle  # no option changes a Str8ts puzzle

    # ----- exact solving
    def puzzle_options(self, puzzle: Str8ts) -> dict[str, Value]:
        return {}

    def solutions(self, puzzle: Str8ts, method: str | None = None) -> Iterator[Any]:
        from gridlogic.puzzles.str8ts import exact

        return exact.solutions(puzzle, method)

    def solution_rows(self, puzzle: Str8ts, solution: Any) -> list[str]:
        p = puzzle
        chars = ["#" if p.black[i] else str(solution[i]) for i in range(p.size)]
        return ["".join(chars[r * p.n:(r + 1) * p.n]) for r in range(p.n)]

    def parse_solution(self, puzzle: Str8ts, text: str) -> Any:
        from gridlogic.puzzles.str8ts import check as check_mod

        return check_mod.parse_solution(puzzle, text)

    def check(self, puzzle: Str8ts, solution: Any) -> list[Violation]:
        from gridlogic.puzzles.str8ts import check as check_mod

        return check_mod.violations(puzzle, solution)

    # ----- human solving
    def explain(self, puzzle: Str8ts, max_level: int | None = None,
                options: Mapping[str, Value] = NO_OPTIONS) -> Explanation:
        from gridlogic.puzzles.str8ts.explain import explain
        return explain(puzzle, max_level, bool(options.get("allow_uniqueness", False)))

    def grade(self, puzzle: Str8ts) -> Grade:
        from gridlogic.puzzles.str8ts.explain import grade
        return grade(puzzle)

    def render_explanation(self, puzzle: Str8ts, ex: Explanation, verbose: bool = False) -> str:
        from gridlogic.puzzles.str8ts.explain import text

        return text(puzzle, ex, verbose)

    # ----- generation
    def generate(self, *, size: str | None, difficulty: str | None, seed: int, options: Options) -> Generated:
        from gridlogic.core.generation import target_level
        from gridlogic.puzzles.str8ts.generate import generate
        n = _size(size)
        level = target_level(difficulty, tuple(self.levels), 0, len(self.levels) - 1)
        return generate(n, level, seed, options)

    # ----- rendering
    def render(self, puzzle: Str8ts, rows: Sequence[str] | None = None) -> str:
        from gridlogic.puzzles.str8ts.draw import picture
        return picture(puzzle, rows)

    # ----- parts
    def check_part(self) -> CheckPart[Str8ts]:
        from gridlogic.puzzles.str8ts import check

        return check

    def draw_part(self) -> DrawPart[Str8ts]:
        from gridlogic.puzzles.str8ts import draw

        return draw

    def client(self) -> Client:
        from gridlogic.puzzles.str8ts.client import CLIENT

        return CLIENT

    def hint_part(self) -> HintPart[Str8ts]:
        from gridlogic.puzzles.str8ts import hint

        return hint

    def legup_part(self) -> None:
        return None  # LEGUP has no Str8ts


KIND = Str8tsKind()
