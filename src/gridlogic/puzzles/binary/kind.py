"""The Binary kind as the registry sees it. Reading and sniffing need only the formats and the model;
the solvers, rules and checker are imported by the calls that use them (kind detection imports every
kind, and a Star Battle ``solve`` should not pay for Binary's rules)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gridlogic.core.client import Client
from gridlogic.core.errors import Contradiction, UnsupportedError
from gridlogic.core.options import Option, Value
from gridlogic.core.proofrules import LegupRules
from gridlogic.core.registry import NO_OPTIONS, CheckPart, DrawPart, Generated, HintPart, Kind, Options, Record
from gridlogic.core.step import Explanation, Grade, Violation
from gridlogic.puzzles.binary import formats
from gridlogic.puzzles.binary.formats import rows
from gridlogic.puzzles.binary.levels import LEVELS
from gridlogic.puzzles.binary.model import Binary

if TYPE_CHECKING:
    from gridlogic.puzzles.binary.board import Board
    from gridlogic.puzzles.binary.legup import LegupBoard

OPTIONS = (
    Option("unique_lines", bool,
           "All rows and all columns are distinct (Binary's third rule; --no-unique-lines drops it).",
           default=True, flag="--no-unique-lines"),
)


class BinaryKind(Kind[Binary]):
    name = "binary"
    formats = formats.FORMATS
    methods = ("sat", "sat-plain")
    levels = LEVELS
    options = OPTIONS
    mark_chars = MappingProxyType({"0": "0", "1": "1"})

    def container_records(self, text: str) -> list[Record] | None:
        return None  # no container of its own: lines, TSV and LEGUP files only

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        return rows.tsv_puzzle(fields)

    def configure(self, puzzle: Binary, options: Mapping[str, Value]) -> Binary:
        if "unique_lines" in options:
            return puzzle.with_unique_lines(bool(options["unique_lines"]))
        return puzzle

    def puzzle_options(self, puzzle: Binary) -> dict[str, Value]:
        return {"unique_lines": puzzle.unique_lines}

    def solutions(self, puzzle: Binary, method: str | None = None) -> Iterator[Any]:
        from gridlogic.puzzles.binary import exact

        if method == "sat-plain":
            return exact.plain(puzzle)
        if method not in (None, "sat"):
            raise UnsupportedError(f"binary has no method {method!r} (methods: sat, sat-plain)")
        return exact.solve_iter(puzzle)

    def solution_rows(self, puzzle: Binary, solution: Any) -> list[str]:
        return ["".join(str(v) for v in row) for row in solution]

    def parse_solution(self, puzzle: Binary, text: str) -> Any:
        return rows.parse_grid(puzzle, text)

    def check(self, puzzle: Binary, solution: Any) -> list[Violation]:
        from gridlogic.puzzles.binary import check as checking

        return checking.violations(puzzle, solution)

    def explain(self, puzzle: Binary, max_level: int | None = None,
                options: Mapping[str, Value] = NO_OPTIONS) -> Explanation:
        from gridlogic.puzzles.binary import explain

        return explain.explain(puzzle, max_level)

    def grade(self, puzzle: Binary) -> Grade:
        from gridlogic.puzzles.binary import explain

        return explain.grade(puzzle)

    def generate(self, *, size: str | None, difficulty: str | None, seed: int, options: Options) -> Generated:
        from gridlogic.core.generation import target_level
        from gridlogic.puzzles.binary.generate import generate, parse_size

        width, height = parse_size(size or "8x8")
        level = target_level(difficulty, LEVELS, 1, len(LEVELS) - 1) if difficulty is not None else 2
        assert level is not None
        return generate(width, height, level, seed, unique_lines=bool(options.get("unique_lines", True)),
                        options=options)

    def render_explanation(self, puzzle: Binary, ex: Explanation, verbose: bool = False) -> str:
        from gridlogic.puzzles.binary.draw import explanation_text

        return explanation_text(puzzle, ex, verbose)

    def render(self, puzzle: Binary, rows: Sequence[str] | None = None) -> str:
        from gridlogic.puzzles.binary.draw import picture

        return picture(puzzle, rows)

    def check_part(self) -> CheckPart[Binary]:
        from gridlogic.puzzles.binary import check

        return check

    def draw_part(self) -> DrawPart[Binary]:
        from gridlogic.puzzles.binary import draw

        return draw

    def client(self) -> Client:
        from gridlogic.puzzles.binary.client import CLIENT

        return CLIENT

    def hint_part(self) -> HintPart[Binary]:
        from gridlogic.puzzles.binary import hint

        return hint

    def legup_part(self) -> LegupRules:
        return legup_rules()


KIND = BinaryKind()


# ----------------------------------------------------------------------------- proofs

TECHNIQUES = ("LineCompletions", "ZeroOrOne", "ZeroOrOneNested")
"""Binary human levels usable as proof rules whose names are not LEGUP direct rules."""


def legup_rules() -> LegupRules:
    """Binary as proofs see it: LEGUP's rules (``legup.py``), LEGUP's names, the named techniques."""
    from gridlogic.puzzles.binary import legup as bn
    from gridlogic.puzzles.binary import legup_forms as bforms

    def board_of(p: Binary) -> LegupBoard:
        cells = tuple(None if ch == "." else ch for row in p.givens for ch in row)
        return bn.LegupBoard(p.width, p.height, cells, bool(p.unique_lines))

    def legup_board(text: str, options: Mapping[str, Value]) -> LegupBoard:
        from dataclasses import replace

        b = bn.board_from_legup(text)
        return replace(b, unique_lines=bool(options["unique_lines"])) if "unique_lines" in options else b

    def bad_cells(rule: str, parent: LegupBoard, changes: Mapping[int, str]) -> list[int]:
        ok = bn.justified(rule, parent)
        return [i for i, v in changes.items() if (i, v) not in ok]

    return LegupRules(
        values=bn.VALUES, chars={ch: v for v, ch in BinaryKind.mark_chars.items()},
        direct=bn.DIRECT, contradictions=bn.CONTRADICTIONS,
        cases=bn.CASES, justified=bn.justified, solved=bn.is_solved, satisfiable=bn.satisfiable,
        solution=bn.solution, board_of=board_of, cols_of=lambda b: int(b.width), bad_cells=bad_cells,
        legup_board=legup_board,
        puzzle_fields=lambda p: {"rows": p.height, "cols": p.width, "unique_lines": bool(p.unique_lines)},
        techniques=lambda: TECHNIQUES, technique_bad=_technique_bad, found_production="ZeroOrOne",
        wrong_rule=lambda _values: next(iter(bn.CONTRADICTIONS)),
        legup_name="Binary",
        legup_rules={
            "PreventTrio": ("Prevent Trio", "BINA-BASC-0001"),
            "CompleteRowColumn": ("Complete Row Column", "BINA-BASC-0003"),
            "UniqueRowColumn": ("Unique Row/Column", "BINA-BASC-0004"),
            "ZeroOrOne": ("Zero Or One", "BINA-CASE-0001"),
            "Trio": ("Trio", "BINA-CONT-0001"),
            "UnbalancedRowColumn": ("Unbalanced Row/Column", "BINA-CONT-0002"),
            "RepeatedRowColumn": ("Repeated Row/Column", "BINA-CONT-0003"),
            "WastedBlocker": ("Wasted Blocker", "BINA-CONT-0004"),
        },
        legup_aliases={"surroundpair": "PreventTrio", "onetilegap": "PreventTrio",
                       "preventwasteddigit": "SaveBlocker", "duplicaterowscolumns": "RepeatedRowColumn",
                       "duplicaterowsorcolumns": "RepeatedRowColumn", "threeadjacent": "Trio",
                       "threeinarow": "Trio", "unbalancedroworcolumn": "UnbalancedRowColumn",
                       "oneorzero": "ZeroOrOne", "wasteddigit": "WastedBlocker"},
        legup_id_only={"BINA-BASC-0002": "CompleteRowColumn", "BINA-BASC-0003": "CompleteRowColumn"},
        legup_cells={"0": "0", "1": "1"}, legup_unknown="2",
        legup_direct=("PreventTrio", "CompleteRowColumn", "UniqueRowColumn"),
        legup_forms={"UniqueRowColumn": bforms.unique_row_column_legup},
        legup_contradiction_forms={"WastedBlocker": bforms.wasted_blocker_legup},
    )


def _lines(board: LegupBoard) -> Board:
    from gridlogic.puzzles.binary.board import Board

    n = board.width + board.height
    lb = Board(board.height, board.width, bool(board.unique_lines), [0] * n, [0] * n)
    for i, v in enumerate(board.cells):
        if v is not None:
            r, c = divmod(i, board.width)
            lb.set_cell(r, c, int(v))
    lb.touched.clear()
    return lb


def _line_completions(parent: LegupBoard, changes: Mapping[int, str]) -> list[int]:
    from gridlogic.puzzles.binary.rules.line import line_completions_step

    lb = _lines(parent)
    found: dict[int, str] = {}
    lines = {r for r, _ in (divmod(i, parent.width) for i in changes)}
    lines |= {parent.height + c for _, c in (divmod(i, parent.width) for i in changes)}
    for k in sorted(lines):
        step = line_completions_step(lb, k)
        for m in () if step is None else step.marks:
            found[m.cell[0] * parent.width + m.cell[1]] = m.value
    return [i for i, v in changes.items() if found.get(i) != v]


def _zero_or_one(strength: int, budget: int | None) -> Callable[[LegupBoard, Mapping[int, str]], list[int]]:
    def judge(parent: LegupBoard, changes: Mapping[int, str]) -> list[int]:
        from gridlogic.puzzles.binary.propagate import Budget, OutOfBudget
        from gridlogic.puzzles.binary.rules.case import refutes

        lb = _lines(parent)
        bad = []
        for i, v in changes.items():
            r, c = divmod(i, parent.width)
            try:
                why = refutes(lb, r, c, 1 - int(v), strength, None if budget is None else Budget(budget))
            except OutOfBudget:
                why = None
            if why is None:
                bad.append(i)
        return bad
    return judge


def _technique_bad(rule: str, parent: LegupBoard, changes: Mapping[int, str]) -> list[int]:
    """``LineCompletions``: every completion of a line (the solver's level 4), applied to every line
    of the parent; ``ZeroOrOne`` / ``ZeroOrOneNested``: each cell's opposite digit is refuted by the
    solver's supposition search at that strength (levels 1-4, or with one more supposition)."""
    from gridlogic.puzzles.binary.levels import LINE, SEARCH
    from gridlogic.puzzles.binary.rules.case import NESTED_BUDGET

    judges: dict[str, Callable[[LegupBoard, Mapping[int, str]], list[int]]] = {
        "LineCompletions": _line_completions,
        "ZeroOrOne": _zero_or_one(LINE, None),
        "ZeroOrOneNested": _zero_or_one(SEARCH, NESTED_BUDGET),
    }
    if rule not in judges:
        return sorted(changes)
    try:
        return judges[rule](parent, changes)
    except Contradiction:  # the parent already breaks a rule the solver's lines enforce
        return sorted(changes)
