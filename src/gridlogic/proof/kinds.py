"""What the proof checker needs from a kind: its LEGUP rules and named techniques as the kind
declares them (:meth:`Kind.legup_part`, a :class:`~gridlogic.core.proofrules.LegupRules`), a board of
the puzzle, and which production-rule names it accepts. Only the kinds' LEGUP checks and small SAT
encodings are used, never their solvers' search; no kind is named here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

from gridlogic.core.errors import UnsupportedError
from gridlogic.core.options import Value
from gridlogic.core.proofrules import Change, LegupRules
from gridlogic.kinds import REGISTRY, detect, kind
from gridlogic.proof.model import RULE_SETS

OptionItems = tuple[tuple[str, Value], ...]


@dataclass(frozen=True)
class ProofKind:
    """A kind as the proof checker sees it."""

    name: str
    rules: LegupRules
    """What the kind declares (LEGUP's names, cell values, techniques...); the fields below are the
    parts a rule set narrows (``legup``: LEGUP's forms of its direct rules, no techniques)."""
    direct: Mapping[str, Callable[[Any], frozenset[Change]]]
    justified: Callable[[str, Any], frozenset[Change]]
    production: Callable[[str], bool]
    """Is this id one of the kind's named techniques (judged by the kind's ``technique_bad``)?"""
    bad_cells: Callable[[str, Any, Mapping[int, str]], list[int]]
    rule_set: str = "gridlogic"
    """``gridlogic`` (LEGUP's rules, gridlogic's forms of them, and the named techniques) or
    ``legup`` (only what LEGUP itself can check in a file, in the form LEGUP accepts)."""

    @property
    def values(self) -> tuple[str, ...]:
        return self.rules.values

    @property
    def contradictions(self) -> Mapping[str, Callable[[Any], frozenset[int]]]:
        return self.rules.contradictions

    @property
    def cases(self) -> Mapping[str, tuple[str, ...]]:
        return self.rules.cases

    @property
    def one_cell(self) -> frozenset[str]:
        """Direct rules LEGUP judges on the board after the whole transition: ``proof make`` writes
        them one cell per transition."""
        return self.rules.one_cell

    def solved(self, board: Any) -> bool:
        return self.rules.solved(board)

    def satisfiable(self, board: Any, changes: Iterable[Change]) -> bool:
        return self.rules.satisfiable(board, changes)

    def board_of(self, puzzle: Any) -> Any:
        return self.rules.board_of(puzzle)

    def cols_of(self, board: Any) -> int:
        return self.rules.cols_of(board)

    def technique_bad(self, rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
        """The cells of a technique step its rule does not deduce on ``parent``."""
        return self.rules.technique_bad(rule, parent, changes)

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

    def board(self, puzzle_text: str, options: Mapping[str, Value] | None = None) -> Any:
        """The starting board of a puzzle string in any format the kind reads. A LEGUP XML file is
        read as LEGUP reads it, without the puzzle model's checks: a board that is impossible as a
        puzzle (LEGUP's own rule tests use some) is still a board a rule can be applied to.
        ``options`` (the kind's, e.g. Binary ``unique_lines``): override the puzzle's setting.
        Boards are immutable, so each text is read once (:func:`_board`)."""
        return _board(self.name, puzzle_text, tuple(sorted((options or {}).items())))

    def read_board(self, puzzle_text: str, options: Mapping[str, Value]) -> Any:
        if puzzle_text.lstrip().startswith("<"):
            return self.rules.legup_board(puzzle_text, options)
        k, fmt = detect(puzzle_text, self.name)
        return self.board_of(k.configure(fmt.read(puzzle_text), options))


@lru_cache(maxsize=256)
def _board(kind_name: str, puzzle_text: str, options: OptionItems) -> Any:
    return proof_kind(kind_name).read_board(puzzle_text, dict(options))


@cache
def legup_kind(name: str) -> ProofKind:
    """The kind under the ``legup`` rule set: LEGUP's checkable direct rules only, each direct and
    contradiction rule in the form LEGUP's own code accepts (Binary Unique Row/Column and Wasted
    Blocker: LEGUP's narrower checks), no techniques."""
    pk = proof_kind(name)
    keep = pk.rules.legup_direct
    narrow = pk.rules.legup_forms
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

    forms = pk.rules.legup_contradiction_forms
    rules = replace(pk.rules, contradictions={r: forms.get(r, f) for r, f in pk.rules.contradictions.items()})
    return replace(pk, rules=rules, direct=direct, justified=justified, bad_cells=bad_cells,
                   production=lambda _r: False, rule_set="legup")


def kind_for(name: str, rule_set: str | None) -> ProofKind:
    """The kind as a proof declaring ``rule_set`` sees it (None: ``gridlogic``)."""
    if rule_set not in (None, *RULE_SETS):
        raise UnsupportedError(f"unknown rule set {rule_set!r} (rule sets: {', '.join(RULE_SETS)})")
    return legup_kind(name) if rule_set == "legup" else proof_kind(name)


def proof_kinds() -> list[str]:
    """The kinds that have proofs (LEGUP has them)."""
    return [name for name in REGISTRY if kind(name).legup_part() is not None]


@cache
def proof_kind(name: str) -> ProofKind:
    rules = kind(name).legup_part() if name in REGISTRY else None
    if rules is None:
        raise UnsupportedError(f"no proofs for kind {name!r} (proof kinds: {', '.join(proof_kinds())})")
    return ProofKind(name, rules, rules.direct, rules.justified, lambda rule: rule in rules.techniques(),
                     rules.bad_cells)


def rule_names(kind: ProofKind) -> Sequence[str]:
    return [*kind.direct, *kind.contradictions, *kind.cases]
