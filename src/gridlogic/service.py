"""Library calls behind every interface (CLI, batch, web): one puzzle in, one JSON-ready dict out.

Each function takes a parsed puzzle and its kind and returns the contract's fields for that
command, so every interface answers alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.options import Option, Value, field_name
from gridlogic.core.registry import NO_OPTIONS, AnyKind, Generated
from gridlogic.kinds import detect, kind, split_records, take_options


@dataclass(frozen=True)
class Spec:
    """What a request says about its puzzle: the text (anything the CLI reads), optional kind and
    format, the kind's options as given (checked against the kind's schema for ``command`` once the
    kind is known), and which puzzle of a many-puzzle text (0-based)."""

    text: str
    kind: str | None = None
    format: str | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    index: int = 0
    command: str = "load"


@dataclass
class Loaded:
    kind: AnyKind
    format: str
    puzzle: Any
    records: int
    text: str
    options: Mapping[str, Value] = field(default_factory=dict)
    """The kind's options the request gave, checked (those the puzzle does not hold are for the command)."""

    def share(self) -> tuple[str, str]:
        """The puzzle as one short text and its format: the kind's default format when it keeps
        everything (same drawing once read back), else the text it came in."""
        fmt = self.kind.default_format()
        if fmt.write is not None:
            try:
                written = fmt.write(self.puzzle)
                back = self.kind.configure(fmt.read(written), {})
            except GridlogicError:  # a writer that cannot say this puzzle: keep the original
                return self.text, self.format
            if self.kind.draw(back) == self.kind.draw(self.puzzle):
                return written, fmt.name
        return self.text, self.format

    def head(self) -> dict[str, Any]:
        return {"kind": self.kind.name, "format": self.format, "picture": self.kind.render(self.puzzle)}


def load(spec: Spec, spell: Callable[[Option], str] = field_name) -> Loaded:
    """The puzzle of ``spec``, read exactly as ``gridlogic solve TEXT`` reads it: a whole file with
    ``#`` comments, a URL, a string, LEGUP XML; a text of many puzzles gives its ``index``-th. An
    option the kind does not take for ``spec.command`` is a :class:`ParseError` naming it (``spell``:
    as the interface spells it)."""
    only = kind(spec.kind) if spec.kind else None
    records = split_records(spec.text, only)
    if not 0 <= spec.index < len(records):
        raise ParseError(f"puzzle {spec.index + 1} asked for, the input holds {len(records)}", "index")
    rec = records[spec.index]
    k, fmt = detect(rec.text, spec.kind, spec.format, fallback=True)
    options = take_options(k, spec.options, spec.command, spell)
    where = f"puzzle {rec.id}" if len(records) > 1 else None
    try:
        puzzle = k.configure(fmt.read(rec.text), options)
    except ParseError as e:
        if where is None:
            raise
        raise ParseError(str(e), where) from None
    return Loaded(k, fmt.name, puzzle, len(records), rec.text, options)


def solve(k: AnyKind, puzzle: Any, method: str | None = None) -> dict[str, Any]:
    """``solution`` (rows, or None), ``unique``, ``ms`` (solve + uniqueness check)."""
    t0 = time.perf_counter()
    found = list(islice(k.solutions(puzzle, method), 2))
    ms = round((time.perf_counter() - t0) * 1000, 3)
    if not found:
        return {"solution": None, "unique": False, "ms": ms}
    return {"solution": k.solution_rows(puzzle, found[0]), "unique": len(found) == 1, "ms": ms}


def count(k: AnyKind, puzzle: Any, limit: int = 2, method: str | None = None) -> dict[str, Any]:
    return {"count": sum(1 for _ in islice(k.solutions(puzzle, method), limit)), "limit": limit}


def check(k: AnyKind, puzzle: Any, solution_text: str) -> dict[str, Any]:
    violations = k.check(puzzle, k.parse_solution(puzzle, solution_text))
    return {"valid": not violations, "violations": [v.to_json() for v in violations]}


def grade(k: AnyKind, puzzle: Any) -> dict[str, Any]:
    return k.grade(puzzle).to_json()


def explain(k: AnyKind, puzzle: Any, max_level: int | None = None,
            options: Mapping[str, Value] = NO_OPTIONS) -> dict[str, Any]:
    return k.explain(puzzle, max_level, options).to_json()


def board_status(k: AnyKind, puzzle: Any, board: Sequence[str]) -> dict[str, Any]:
    """The live verdict on a player's board: every broken rule with its cells, and whether it is solved."""
    rows = k.board_rows(puzzle, board)
    broken = k.board_violations(puzzle, rows)
    solved = not broken and k.board_solved(puzzle, rows)
    return {"violations": [v.to_json() for v in broken], "solved": solved,
            "status": "solved" if solved else "broken" if broken else "ok"}


def hint(k: AnyKind, puzzle: Any, board: Sequence[str], max_level: int | None = None) -> dict[str, Any]:
    """``status`` (step, wrong, solved, stuck, contradiction), ``step`` (or None), ``message``."""
    return k.hint(puzzle, board, max_level).to_json()


def exit_code(command: str, fields: dict[str, Any]) -> int:
    """The contract's exit code for one answer: 1 for a negative answer, else 0."""
    negative = {
        "solve": fields.get("solution") is None,
        "check": fields.get("valid") is False,
        "explain": fields.get("status") not in (None, "solved"),
        "hint": fields.get("status") not in (None, "step", "solved"),
    }
    return 1 if negative.get(command, False) else 0


def generated(k: AnyKind, g: Generated, seed: int, id_: str) -> dict[str, Any]:
    """The fields of one generated puzzle (``generate --json`` and ``batch generate`` rows)."""
    write = k.default_format().write
    assert write is not None
    return {"kind": k.name, "id": id_, "puzzle": write(g.puzzle), "seed": seed,
            "grade": g.grade.name if g.grade else None, "level": g.grade.level if g.grade else None,
            "solution": k.solution_rows(g.puzzle, g.solution)} | ({"needs": g.needs} if g.needs else {})
