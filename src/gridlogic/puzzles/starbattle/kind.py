"""The Star Battle kind: formats, exact solver, checker, rendering, generator; the human rules
are :mod:`gridlogic.puzzles.starbattle.rules`. The exact solver and the rules are imported by the calls
that use them: kind detection imports every kind, and reading a puzzle should not pay for them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gridlogic.core.client import Client
from gridlogic.core.errors import Contradiction, GridlogicError, UnsupportedError
from gridlogic.core.grid import Cell
from gridlogic.core.options import Option, Value
from gridlogic.core.proofrules import LegupRules
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
from gridlogic.puzzles.starbattle import check as checking
from gridlogic.puzzles.starbattle import containers, draw
from gridlogic.puzzles.starbattle.formats import FORMATS
from gridlogic.puzzles.starbattle.levels import LEVELS
from gridlogic.puzzles.starbattle.model import StarBattle

if TYPE_CHECKING:
    from gridlogic.puzzles.starbattle.legup import LegupBoard

GENERATE = frozenset({"generate"})
OPTIONS = (
    Option("stars", int, "Stars per row, column and region (default: by size).", lo=1, hi=99, commands=GENERATE),
    Option("single_cells", bool, "Allow regions of one cell (a given star).", default=False, commands=GENERATE),
    Option("requires", str, "A rule id (R6.2, Entanglement, ...): the puzzle is solved by the rules with it "
           "and stuck without it (no Trial).", commands=GENERATE),
    Option("allow_uniqueness", bool, "Allow rules that assume a unique solution (generate: with --requires R7.x).",
           default=False, commands=frozenset({"explain", "generate"})),
)


class StarBattleKind(Kind[StarBattle]):
    name = "starbattle"
    formats = FORMATS
    methods = ("sat",)
    levels = LEVELS
    options = OPTIONS
    mark_chars = MappingProxyType({"star": "*", "black": "."})

    def container_records(self, text: str) -> list[Record] | None:
        return containers.pack_records(text)

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        return containers.norvig_tsv(fields)

    def configure(self, puzzle: StarBattle, options: Mapping[str, Value]) -> StarBattle:
        return puzzle  # no option changes a Star Battle puzzle

    def puzzle_options(self, puzzle: StarBattle) -> dict[str, Value]:
        return {}

    def solutions(self, puzzle: StarBattle, method: str | None = None) -> Iterator[frozenset[Cell]]:
        if method not in (None, "sat"):
            raise UnsupportedError(f"starbattle has no method {method!r} (methods: sat)")
        from gridlogic.puzzles.starbattle import exact

        return exact.solutions(puzzle)

    def solution_rows(self, puzzle: StarBattle, solution: Any) -> list[str]:
        return checking.solution_rows(puzzle, solution)

    def parse_solution(self, puzzle: StarBattle, text: str) -> frozenset[Cell]:
        return checking.parse_solution(puzzle, text)

    def check(self, puzzle: StarBattle, solution: Any) -> list[Violation]:
        return checking.check(puzzle, solution)

    def explain(self, puzzle: StarBattle, max_level: int | None = None,
                options: Mapping[str, Value] = NO_OPTIONS) -> Explanation:
        from gridlogic.puzzles.starbattle import explain as human

        return human.explain(puzzle, max_level, bool(options.get("allow_uniqueness", False)))

    def grade(self, puzzle: StarBattle) -> Grade:
        from gridlogic.puzzles.starbattle import explain as human

        return human.grade(puzzle)

    def render_explanation(self, puzzle: StarBattle, explanation: Explanation, verbose: bool = False) -> str:
        from gridlogic.puzzles.starbattle import explain as human

        return human.render_explanation(puzzle, explanation, verbose)

    def generate(self, *, size: str | None, difficulty: str | None, seed: int, options: Options) -> Generated:
        from gridlogic.puzzles.starbattle import generate as gen

        stars = options.get("stars")
        return gen.generate(size=size, stars=None if stars is None else int(stars), difficulty=difficulty,
                            seed=seed, options=options)

    def render(self, puzzle: StarBattle, rows: Sequence[str] | None = None) -> str:
        return draw.picture(puzzle, rows)

    def check_part(self) -> CheckPart[StarBattle]:
        return checking

    def draw_part(self) -> DrawPart[StarBattle]:
        from gridlogic.puzzles.starbattle import draw

        return draw

    def client(self) -> Client:
        from gridlogic.puzzles.starbattle.client import CLIENT

        return CLIENT

    def hint_part(self) -> HintPart[StarBattle]:
        from gridlogic.puzzles.starbattle import hint

        return hint

    def legup_part(self) -> LegupRules:
        return legup_rules()


KIND = StarBattleKind()


# ----------------------------------------------------------------------------- proofs

def legup_rules() -> LegupRules:
    """Star Battle as proofs see it: LEGUP's rules (``legup.py``), LEGUP's names, the named techniques."""
    from gridlogic.puzzles.starbattle import legup as sb

    def board_of(p: StarBattle) -> LegupBoard:
        cells: list[str | None] = [None] * (p.n * p.n)
        for (r, c), star in p.givens:
            cells[r * p.n + c] = sb.STAR if star else sb.BLACK
        return sb.LegupBoard(p.n, p.stars, tuple(x for row in p.regions for x in row), tuple(cells))

    return LegupRules(
        values=sb.VALUES, chars={ch: v for v, ch in StarBattleKind.mark_chars.items()},
        direct=sb.DIRECT, contradictions=sb.CONTRADICTIONS,
        cases=sb.CASES, justified=sb.justified, solved=sb.is_solved, satisfiable=sb.satisfiable,
        solution=sb.solution, board_of=board_of, cols_of=lambda b: int(b.n), bad_cells=sb.bad_cells,
        legup_board=lambda text, _options: sb.board_from_legup(text),
        puzzle_fields=lambda p: {"rows": p.n, "cols": p.n, "stars": p.stars, "regions": [list(r) for r in p.regions]},
        techniques=technique_ids, technique_bad=_technique_bad, found_production="Trial",
        wrong_rule=lambda values: "SurroundStar" if "star" in values else "FinishWithStars",
        legup_name="StarBattle",
        legup_rules={
            "FinishWithEmpty": ("Finish With Empty", "STBL-BASC-0001"),
            "ColumnsWithinRegions": ("Columns Within Regions", "STBL-BASC-0002"),
            "ColumnsWithinRows": ("Columns Within Rows", "STBL-BASC-0003"),
            "FinishWithStars": ("Finish With Stars", "STBL-BASC-0004"),
            "RowsWithinRegions": ("Rows Within Regions", "STBL-BASC-0008"),
            "SurroundStar": ("Surround Star", "STBL-BASC-0009"),
            "FinishSurroundWithEmpty": ("Finish Surround With Empty", "STBL-BASC-0010"),
            "StarOrEmpty": ("Star or Empty", "STBL-CASE-0002"),
            "TooManyStars": ("Too Many Stars", "STBL-CONT-0001"),
            "TooFewStars": ("Too Few Stars", "STBL-CONT-0002"),
            "ClashingOrbit": ("Clashing Orbit", "STBL-CONT-0003"),
        },
        legup_aliases={"blackout": "FinishWithEmpty", "emptyadjacent": "FinishSurroundWithEmpty",
                       "addstar": "StarOrEmpty"},
        legup_id_only={}, legup_cells={"star": "-2", "black": "-1"}, legup_unknown="0",
        legup_direct=("SurroundStar", "FinishWithEmpty", "FinishWithStars", "FinishSurroundWithEmpty",
                      "ColumnsWithinRegions", "ColumnsWithinRows", "RowsWithinRegions"),
        one_cell=frozenset(sb.TRANSITION_RULES),
        row_chars=_row_chars,
    )


@cache
def technique_ids() -> tuple[str, ...]:
    """Star Battle technique ids: the production rules (engine order, each once) and ``Trial``."""
    from gridlogic.puzzles.starbattle.rules import PRODUCTION

    return (*dict.fromkeys(r.id for r in PRODUCTION), "Trial")


@lru_cache(maxsize=64)
def _puzzle(n: int, stars: int, regions: tuple[int, ...]) -> StarBattle:
    rows = [list(regions[r * n:(r + 1) * n]) for r in range(n)]
    return StarBattle.from_rows(stars, rows)


def _row_chars(row: str) -> str:
    """A LEGUP board row (``*`` star, ``#`` black, ``.`` unknown) as the solving state reads rows."""
    return row.replace(".", "?").replace("#", ".")


def _applications(rule: str, board: LegupBoard) -> list[dict[int, str]]:
    """What each solver function of ``rule`` deduces on ``board`` (first application each)."""
    from gridlogic.puzzles.starbattle.rules import PRODUCTION, TRIAL_RULE
    from gridlogic.puzzles.starbattle.rules.state import Broken, State

    try:
        puzzle = _puzzle(board.n, board.stars, board.regions)
    except GridlogicError:
        return []
    state = State.from_rows(puzzle, [_row_chars(r) for r in board.rows()])
    out: list[dict[int, str]] = []
    for r in [*PRODUCTION, TRIAL_RULE]:
        if r.id != rule:
            continue
        try:
            step = r.find(state)
        except (Broken, Contradiction):
            continue
        if step is not None:
            out.append({m.cell[0] * board.n + m.cell[1]: m.value for m in step.marks})
    return out


def _technique_bad(rule: str, parent: LegupBoard, changes: Mapping[int, str]) -> list[int]:
    """The human solver's rule functions with that id (several share an id) run on a fresh solving
    state of the parent board; each returns the first application it finds, and the step must be a
    subset of one of them."""
    best: list[int] = sorted(changes)
    for found in _applications(rule, parent):
        bad = [i for i, v in changes.items() if found.get(i) != v]
        if len(bad) < len(best):
            best = bad
        if not best:
            break
    return best
