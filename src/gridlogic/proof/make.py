"""``proof make``: a proof from the human solver's explanation.

Each solver step becomes LEGUP direct-rule steps where LEGUP's rules justify its cells (one proof
step per rule, re-judged after each, since LEGUP judges every cell against its own parent board), a
production-rule step (the solver's rule id) for the cells no LEGUP rule reaches, and, where the
solver used its contradiction search, a case split whose refuted branch is closed by LEGUP direct
rules and a contradiction rule (made 1-minimal: dropping any of its steps breaks it). A refuted
branch that LEGUP's rules cannot close within the bound stays a production-rule step instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gridlogic.core.errors import GridlogicError
from gridlogic.core.registry import AnyKind
from gridlogic.core.step import Explanation, Step
from gridlogic.proof.checker import Checker
from gridlogic.proof.kinds import ProofKind, legup_kind, proof_kind
from gridlogic.proof.model import Mark, Node, Proof, ProofStep, Split

CONTRADICTION_SEARCH = frozenset({"ZeroOrOne", "ZeroOrOneDeep", "ZeroOrOneNested", "Trial"})
"""Solver rule ids that mean "supposing the other value leads to a contradiction"."""
BRANCH_ROUNDS = 80
"""Direct-rule steps tried in a branch before giving up (a one-cell rule's cell counts as one)."""
DEEP_SPLITS = 6
"""``--legup-only``: how many case splits deep a refutation may nest."""
SPLIT_CANDIDATES = 24


class NoProof(GridlogicError):  # noqa: N818 - reads as the outcome
    """The human solver did not reach a solution, so there is no proof to write."""


@dataclass(frozen=True)
class Item:
    """A piece of the main line: a step, or a split whose refuted branch is ``closed``."""

    step: ProofStep | None = None
    cell: tuple[int, int] | None = None
    value: str = ""
    closed: Node | None = None


def make(kind: AnyKind, puzzle: Any, puzzle_text: str, explanation: Explanation | None = None,
         legup_only: bool = False) -> Proof:
    """The proof of ``puzzle`` (raises :class:`NoProof` when the solver is stuck). ``explanation``:
    the human solver's, if already at hand (else it is computed, without uniqueness).
    ``legup_only``: no production-rule step; where one would be needed, a case split whose other
    branch LEGUP's own rules refute (nested splits where propagation alone cannot)."""
    # legup: not the rules LEGUP removed (RegionsWithin...), nor Binary Save Blocker (its id is taken),
    # and Unique Row/Column only in LEGUP's narrower form
    pk = legup_kind(kind.name) if legup_only else proof_kind(kind.name)
    ex = explanation if explanation is not None else kind.explain(puzzle)
    if ex.status != "solved":
        raise NoProof(f"no proof found: the human solver ends {ex.status}")
    options = kind.puzzle_options(puzzle)
    board = pk.board(puzzle_text, options)
    items: list[Item] = []
    for step in ex.steps:
        board = _translate(pk, board, step, items, legup_only)
    return Proof(kind.name, puzzle_text, fold(pk, items), options=options,
                 rules="legup" if legup_only else "gridlogic")


def _translate(pk: ProofKind, board: Any, step: Step, items: list[Item], legup_only: bool = False) -> Any:
    todo = {i: m.value for m in step.marks if (i := pk.index(board, *m.cell)) is not None
            and board.cells[i] is None}
    if legup_only:
        return translate_marks(pk, board, todo, items, step.rule)
    start, before = board, len(items)
    after = translate_marks(pk, board, todo, items, step.rule)
    last = items[-1].step if len(items) > before else None
    if last is None or valid_step(pk, _board_before(pk, start, items[before:-1]), last):
        return after
    del items[before:]  # the technique does not make these cells after the LEGUP steps: the whole step
    whole = ProofStep(step.rule, _marks(pk, start, todo))
    if valid_step(pk, start, whole):
        items.append(Item(whole))
        return after
    return translate_marks(legup_kind(pk.name), start, todo, items, step.rule)  # LEGUP's rules, case splits


def _board_before(pk: ProofKind, board: Any, items: list[Item]) -> Any:
    for item in items:
        if item.step is not None:
            board = board.with_changes((pk.index(board, r, c), v) for r, c, v in item.step.set)
        elif item.cell is not None:
            board = board.with_changes([(pk.index(board, *item.cell), item.value)])
    return board


def valid_step(pk: ProofKind, board: Any, step: ProofStep) -> bool:
    """Does the checker accept ``step`` on ``board`` (under ``pk``'s rule set)?"""
    checker = Checker(pk, partial=True)
    checker.step(step, board, "step")
    return not checker.report.errors


def translate_marks(pk: ProofKind, board: Any, todo: dict[int, str], items: list[Item], rule: str) -> Any:
    """Items setting ``todo`` on ``board``: LEGUP direct steps where ``pk``'s rules justify cells,
    a case split closed by a refutation where they do not (``pk`` under the ``legup`` rule set),
    else a step of ``rule`` (a technique) for the rest. Returns the board after them."""
    legup_only = pk.rule_set == "legup"
    todo = dict(todo)
    if rule in CONTRADICTION_SEARCH and len(todo) == 1:
        (i, v), = todo.items()
        closed = refute(pk, board.with_changes([(i, pk.opposite(v))]))
        if closed is not None:
            items.append(_split_item(pk, board, i, v, Node(closed[0], close=closed[1])))
            return board.with_changes([(i, v)])
    while todo:
        found, cells = _best_rule(pk, board, todo)
        if found is None and legup_only:
            i, node = _legup_split(pk, board, todo)
            items.append(_split_item(pk, board, i, todo[i], node))
            board = board.with_changes([(i, todo.pop(i))])
            continue
        if found is None:
            items.append(Item(ProofStep(rule, _marks(pk, board, todo))))
            return board.with_changes(todo.items())
        cells = cells[:1] if found in pk.one_cell else cells
        items.append(Item(ProofStep(found, _marks(pk, board, {i: todo[i] for i in cells}))))
        board = board.with_changes((i, todo.pop(i)) for i in cells)
    return board


def _split_item(pk: ProofKind, board: Any, i: int, value: str, refuted: Node) -> Item:
    """A split on cell ``i`` whose branch with the opposite of ``value`` is ``refuted``."""
    return Item(cell=pk.cell(board, i), value=value, closed=replace(refuted, value=pk.opposite(value)))


def _legup_split(pk: ProofKind, board: Any, todo: dict[int, str]) -> tuple[int, Node]:
    """A cell of ``todo`` whose opposite value LEGUP's rules refute: by propagation if some cell's
    is, else by nested case splits."""
    for i, v in todo.items():
        closed = refute(pk, board.with_changes([(i, pk.opposite(v))]))
        if closed is not None:
            return i, Node(closed[0], close=closed[1])
    for i, v in todo.items():
        node = refute_deep(pk, board.with_changes([(i, pk.opposite(v))]), DEEP_SPLITS)
        if node is not None:
            return i, node
    raise NoProof(f"no proof from LEGUP's rules alone: no refutation within {DEEP_SPLITS} nested case splits")


def refute_deep(pk: ProofKind, board: Any, depth: int) -> Node | None:
    """A refutation of ``board`` (which has no solution) by LEGUP's rules: direct steps and a
    contradiction, or else direct steps and a case split on a cell whose every branch is refuted
    the same way, at most ``depth`` splits deep; None when there is none within that depth."""
    closed = refute(pk, board)
    if closed is not None:
        return Node(closed[0], close=closed[1])
    if depth == 0:
        return None
    steps, board, _ = _propagate(pk, board, BRANCH_ROUNDS)
    case = next(iter(pk.cases))
    cell = _split_cell(pk, board, pk.cases[case])
    if cell is None:
        return None
    branches = []
    for v in pk.cases[case]:
        child = refute_deep(pk, board.with_changes([(cell, v)]), depth - 1)
        if child is None:
            return None
        branches.append(replace(child, value=v))
    return Node(tuple(steps), split=Split(case, pk.cell(board, cell), tuple(branches)))


def _split_cell(pk: ProofKind, board: Any, values: Sequence[str]) -> int | None:
    """The unknown cell to split on (of the first :data:`SPLIT_CANDIDATES`): the one with the most
    branches that propagation refutes alone."""
    best: tuple[int, int | None] = (-1, None)
    for i in [i for i, v in enumerate(board.cells) if v is None][:SPLIT_CANDIDATES]:
        score = sum(_propagate(pk, board.with_changes([(i, v)]), BRANCH_ROUNDS)[2] is not None for v in values)
        if score > best[0]:
            best = (score, i)
            if score == len(values):
                break
    return best[1]


def _best_rule(pk: ProofKind, board: Any, todo: dict[int, str]) -> tuple[str | None, list[int]]:
    """The LEGUP direct rule justifying the most of ``todo`` on ``board`` (first in order on ties)."""
    best: tuple[str | None, list[int]] = (None, [])
    for rule in pk.direct:
        ok = pk.justified(rule, board)
        cells = sorted(i for i, v in todo.items() if (i, v) in ok)
        if len(cells) > len(best[1]):
            best = (rule, cells)
            if len(cells) == len(todo):
                break
    return best


def _marks(pk: ProofKind, board: Any, changes: dict[int, str]) -> tuple[Mark, ...]:
    return tuple((*pk.cell(board, i), v) for i, v in sorted(changes.items()))


def refute(pk: ProofKind, board: Any, rounds: int = BRANCH_ROUNDS) -> tuple[tuple[ProofStep, ...], str] | None:
    """LEGUP direct steps from ``board`` until a contradiction rule holds, made 1-minimal; or None."""
    steps, _, rule = _propagate(pk, board, rounds)
    return None if rule is None else (_minimal(pk, board, steps, rule), rule)


def _propagate(pk: ProofKind, board: Any, rounds: int) -> tuple[list[ProofStep], Any, str | None]:
    """LEGUP direct steps (the first rule that applies, each time) until a contradiction rule holds
    (named), nothing applies or ``rounds`` steps are made: (steps, the board after them, rule)."""
    steps: list[ProofStep] = []
    for _ in range(rounds):
        rule = pk.any_contradiction(board)
        if rule is not None:
            return steps, board, rule
        for name in pk.direct:
            ok = _unambiguous(pk.justified(name, board))
            if ok:
                if name in pk.one_cell:
                    ok = dict([next(iter(ok.items()))])
                steps.append(ProofStep(name, _marks(pk, board, ok)))
                board = board.with_changes(ok.items())
                break
        else:
            return steps, board, None
    return steps, board, pk.any_contradiction(board)


def _minimal(pk: ProofKind, start: Any, steps: list[ProofStep], close: str) -> tuple[ProofStep, ...]:
    """Drop steps, then single cells, while the branch still checks and closes, until nothing can go:
    every remaining step and cell is needed."""
    kept = list(steps)
    changed = True
    while changed:
        changed = False
        for k in reversed(range(len(kept))):
            trial = kept[:k] + kept[k + 1:]
            if _closes(pk, start, trial, close):
                kept, changed = trial, True
                continue
            for m in kept[k].set if len(kept[k].set) > 1 else ():
                smaller = ProofStep(kept[k].rule, tuple(x for x in kept[k].set if x != m))
                trial = [*kept[:k], smaller, *kept[k + 1:]]
                if _closes(pk, start, trial, close):
                    kept, changed = trial, True
    return tuple(kept)


def _unambiguous(changes: frozenset[tuple[int, str]]) -> dict[int, str]:
    """The changes, less cells a rule forces both ways (possible only on an impossible board: a
    step there could be flipped and still hold, so it would prove nothing a reader can check)."""
    seen: dict[int, set[str]] = {}
    for i, v in changes:
        seen.setdefault(i, set()).add(v)
    return {i: next(iter(vs)) for i, vs in sorted(seen.items()) if len(vs) == 1}


def _closes(pk: ProofKind, board: Any, steps: Sequence[ProofStep], close: str) -> bool:
    checker = Checker(pk, partial=True)
    for k, s in enumerate(steps):
        board = checker.step(s, board, f"s{k}")
        if checker.report.errors:
            return False
    return pk.is_contradiction(close, board)


def fold(pk: ProofKind, items: list[Item], tail: Node | None = None) -> Node:
    """The main line as nested nodes: each split's second branch carries the rest of the proof
    (``tail``: its split or close, if any)."""
    node = Node() if tail is None else Node(split=tail.split, close=tail.close)
    pending: list[ProofStep] = []
    for item in reversed(items):
        if item.step is not None:
            pending.append(item.step)
            continue
        assert item.cell is not None
        assert item.closed is not None
        rest = Node(tuple(reversed(pending)), node.split, node.close, item.value)
        pending = []
        case = next(iter(pk.cases))
        order = pk.cases[case]
        branches = (item.closed, rest) if order.index(item.closed.value or "") == 0 else (rest, item.closed)
        node = Node(split=Split(case, item.cell, branches))
    return Node(tuple(reversed(pending)), node.split, node.close)
