"""What the proof checker needs from a kind: its LEGUP rule module (``puzzles/<kind>/legup.py``), a
board of the puzzle, and which production-rule names it accepts. Only the kinds' LEGUP checks and
small SAT encodings are used, never their solvers' search."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any, Protocol

from gridlogic.core.errors import UnsupportedError
from gridlogic.core.registry import detect
from gridlogic.proof import techniques
from gridlogic.proof.model import RULE_SETS


class Board(Protocol):
    """The lightweight board of a kind's ``legup`` module."""

    @property
    def cells(self) -> tuple[str | None, ...]: ...

    def with_changes(self, changes: Iterable[tuple[int, str | None]]) -> Any: ...

    def rows(self) -> list[str]: ...


@dataclass(frozen=True)
class ProofKind:
    """A kind as the proof checker sees it."""

    name: str
    values: tuple[str, ...]
    direct: Mapping[str, Callable[[Any], frozenset[tuple[int, str]]]]
    contradictions: Mapping[str, Callable[[Any], frozenset[int]]]
    cases: Mapping[str, tuple[str, ...]]
    justified: Callable[[str, Any], frozenset[tuple[int, str]]]
    solved: Callable[[Any], bool]
    satisfiable: Callable[[Any, Iterable[tuple[int, str]]], bool]
    board_of: Callable[[Any], Any]
    cols_of: Callable[[Any], int]
    production: Callable[[str], bool]
    """Is this id one of the kind's named techniques (judged by :mod:`gridlogic.proof.techniques`)?"""
    bad_cells: Callable[[str, Any, Mapping[int, str]], list[int]]
    legup_board: Callable[[str], Any] | None = None
    """A LEGUP XML file as a board, read leniently (LEGUP's checks only)."""
    one_cell: frozenset[str] = frozenset()
    """Direct rules LEGUP judges on the board after the whole transition: ``proof make`` writes
    them one cell per transition."""
    rule_set: str = "gridlogic"
    """``gridlogic`` (LEGUP's rules, gridlogic's forms of them, and the named techniques) or
    ``legup`` (only what LEGUP itself can check in a file, in the form LEGUP accepts)."""

    def technique_bad(self, rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
        """The cells of a technique step its rule does not deduce on ``parent``."""
        return techniques.bad_cells(self.name, rule, parent, changes)

    def index(self, board: Any, r: int, c: int) -> int | None:
        cols = self.cols_of(board)
        rows = len(board.cells) // cols
        return r * cols + c if 0 <= r < rows and 0 <= c < cols else None

    def cell(self, board: Any, i: int) -> tuple[int, int]:
        r, c = divmod(i, self.cols_of(board))
        return r, c

    def opposite(self, value: str) -> str:
        return self.values[1] if value == self.values[0] else self.values[0]

    def is_contradiction(self, rule: str, board: Any) -> bool:
        return bool(self.contradictions[rule](board))

    def partitions(self, rule: str, values: Sequence[str]) -> bool:
        """Do branches with these values cover every case of ``rule`` exactly once?"""
        return sorted(values) == sorted(self.cases[rule])

    def any_contradiction(self, board: Any) -> str | None:
        return next((r for r in self.contradictions if self.contradictions[r](board)), None)

    def board(self, puzzle_text: str, unique_lines: bool | None = None) -> Any:
        """The starting board of a puzzle string in any format the kind reads. A LEGUP XML file is
        read as LEGUP reads it, without the puzzle model's checks: a board that is impossible as a
        puzzle (LEGUP's own rule tests use some) is still a board a rule can be applied to.
        ``unique_lines`` (Binary): overrides the puzzle's setting. Boards are immutable, so each
        text is read once (:func:`_board`)."""
        return _board(self.name, puzzle_text, unique_lines)

    def read_board(self, puzzle_text: str, unique_lines: bool | None = None) -> Any:
        legup = puzzle_text.lstrip().startswith("<") and self.legup_board is not None
        if legup and self.legup_board is not None:
            b = self.legup_board(puzzle_text)
        else:
            _, fmt = detect(puzzle_text, self.name)
            b = self.board_of(fmt.read(puzzle_text))
        if unique_lines is not None and hasattr(b, "unique_lines"):
            b = replace(b, unique_lines=unique_lines)
        return b


def _starbattle() -> ProofKind:
    from gridlogic.puzzles.starbattle import legup as sb

    def board_of(p: Any) -> sb.LegupBoard:
        cells: list[str | None] = [None] * (p.n * p.n)
        for (r, c), star in p.givens:
            cells[r * p.n + c] = sb.STAR if star else sb.BLACK
        return sb.LegupBoard(p.n, p.stars, tuple(x for row in p.regions for x in row), tuple(cells))

    return ProofKind("starbattle", sb.VALUES, sb.DIRECT, sb.CONTRADICTIONS, sb.CASES, sb.justified, sb.is_solved,
                     sb.satisfiable, board_of, lambda b: int(b.n),
                     lambda rule: techniques.is_technique("starbattle", rule),
                     sb.bad_cells, sb.board_from_legup, frozenset(sb.TRANSITION_RULES))


def _binary() -> ProofKind:
    from gridlogic.puzzles.binary import legup as bn

    def board_of(p: Any) -> bn.LegupBoard:
        cells = tuple(None if ch == "." else ch for row in p.givens for ch in row)
        return bn.LegupBoard(p.width, p.height, cells, bool(p.unique_lines))

    def bad_cells(rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
        ok = bn.justified(rule, parent)
        return [i for i, v in changes.items() if (i, v) not in ok]

    return ProofKind("binary", bn.VALUES, bn.DIRECT, bn.CONTRADICTIONS, bn.CASES, bn.justified, bn.is_solved,
                     bn.satisfiable, board_of, lambda b: int(b.width),
                     lambda rule: techniques.is_technique("binary", rule),
                     bad_cells, bn.board_from_legup)


BINARY_PRODUCTION = frozenset(techniques.BINARY_TECHNIQUES)
"""Binary human levels whose names are not LEGUP direct rules (the others share LEGUP's names)."""

LEGUP_DIRECT: dict[str, tuple[str, ...]] = {
    "starbattle": ("SurroundStar", "FinishWithEmpty", "FinishWithStars", "FinishSurroundWithEmpty",
                   "ColumnsWithinRegions", "ColumnsWithinRows", "RowsWithinRegions"),
    "binary": ("PreventTrio", "CompleteRowColumn", "UniqueRowColumn"),
}
"""The direct rules LEGUP can check in a file: not the rules LEGUP removed (``RegionsWithin...``,
``RowsWithinColumns``), nor Binary Save Blocker,
whose id ``BINA-BASC-0003`` LEGUP resolves to Complete Row Column."""

BUILDERS: dict[str, Callable[[], ProofKind]] = {"starbattle": _starbattle, "binary": _binary}
"""Loaded on first use, so that one kind being broken or absent never stops the other."""


@lru_cache(maxsize=256)
def _board(kind_name: str, puzzle_text: str, unique_lines: bool | None) -> Any:
    return proof_kind(kind_name).read_board(puzzle_text, unique_lines)


@cache
def legup_kind(name: str) -> ProofKind:
    """The kind under the ``legup`` rule set: LEGUP's checkable direct rules only, each in the form
    LEGUP's own code accepts (Binary Unique Row/Column: LEGUP's narrower check), no techniques."""
    pk = proof_kind(name)
    keep = LEGUP_DIRECT[name]
    narrow = _legup_forms(name)
    direct = {r: narrow.get(r, f) for r, f in pk.direct.items() if r in keep}

    @lru_cache(maxsize=4096)
    def justified(rule: str, board: Any) -> frozenset[tuple[int, str]]:
        if rule in narrow:
            return frozenset(ch for ch in narrow[rule](board) if board.cells[ch[0]] is None)
        return pk.justified(rule, board)

    def bad_cells(rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
        if rule in narrow:
            ok = justified(rule, parent)
            return [i for i, v in changes.items() if (i, v) not in ok]
        return pk.bad_cells(rule, parent, changes)

    return replace(pk, direct=direct, justified=justified, bad_cells=bad_cells, production=lambda _r: False,
                   rule_set="legup")


def _legup_forms(name: str) -> dict[str, Callable[[Any], frozenset[tuple[int, str]]]]:
    if name == "binary":
        from gridlogic.puzzles.binary import legup as bn
        return {"UniqueRowColumn": bn.unique_row_column_legup}
    return {}


def kind_for(name: str, rule_set: str | None) -> ProofKind:
    """The kind as a proof declaring ``rule_set`` sees it (None: ``gridlogic``)."""
    if rule_set not in (None, *RULE_SETS):
        raise UnsupportedError(f"unknown rule set {rule_set!r} (rule sets: {', '.join(RULE_SETS)})")
    return legup_kind(name) if rule_set == "legup" else proof_kind(name)


@cache
def proof_kind(name: str) -> ProofKind:
    try:
        return BUILDERS[name]()
    except KeyError:
        raise UnsupportedError(f"no proofs for kind {name!r} (proof kinds: {', '.join(BUILDERS)})") from None


def rule_names(kind: ProofKind) -> Sequence[str]:
    return [*kind.direct, *kind.contradictions, *kind.cases]
