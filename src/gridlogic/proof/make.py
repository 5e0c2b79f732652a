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
from dataclasses import dataclass
from typing import Any

from gridlogic.core.errors import GridlogicError
from gridlogic.core.registry import Kind
from gridlogic.core.step import Explanation, Step
from gridlogic.proof.checker import Checker
from gridlogic.proof.kinds import ProofKind, proof_kind
from gridlogic.proof.model import Mark, Node, Proof, ProofStep, Split

CONTRADICTION_SEARCH = frozenset({"ZeroOrOne", "ZeroOrOneDeep", "ZeroOrOneNested", "Trial"})
"""Solver rule ids that mean "supposing the other value leads to a contradiction"."""
BRANCH_ROUNDS = 40


class NoProof(GridlogicError):  # noqa: N818 - reads as the outcome
    """The human solver did not reach a solution, so there is no proof to write."""


@dataclass(frozen=True)
class Item:
    """A piece of the main line: a step, or a split whose refuted branch is ``closed``."""

    step: ProofStep | None = None
    cell: tuple[int, int] | None = None
    value: str = ""
    closed: Node | None = None


def make(kind: Kind, puzzle: Any, puzzle_text: str, explanation: Explanation | None = None) -> Proof:
    """The proof of ``puzzle`` (raises :class:`NoProof` when the solver is stuck). ``explanation``:
    the human solver's, if already at hand (else it is computed, without uniqueness)."""
    pk = proof_kind(kind.name)
    ex = explanation if explanation is not None else kind.explain(puzzle, None, False)
    if ex.status != "solved":
        raise NoProof(f"no proof found: the human solver ends {ex.status}")
    board = pk.board(puzzle_text)
    items: list[Item] = []
    for step in ex.steps:
        board = _translate(pk, board, step, items)
    return Proof(kind.name, puzzle_text, _fold(pk, items))


def _translate(pk: ProofKind, board: Any, step: Step, items: list[Item]) -> Any:
    todo = {i: m.value for m in step.marks if (i := pk.index(board, *m.cell)) is not None
            and board.cells[i] is None}
    if step.rule in CONTRADICTION_SEARCH and len(todo) == 1:
        (i, v), = todo.items()
        closed = refute(pk, board.with_changes([(i, pk.opposite(v))]))
        if closed is not None:
            items.append(Item(cell=pk.cell(board, i), value=v, closed=Node(closed[0], close=closed[1],
                                                                              value=pk.opposite(v))))
            return board.with_changes([(i, v)])
    while todo:
        rule, cells = _best_rule(pk, board, todo)
        if rule is None:
            items.append(Item(ProofStep(step.rule, _marks(pk, board, todo))))
            return board.with_changes(todo.items())
        items.append(Item(ProofStep(rule, _marks(pk, board, {i: todo[i] for i in cells}))))
        board = board.with_changes((i, todo.pop(i)) for i in cells)
    return board


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
    start = board
    steps: list[ProofStep] = []
    for _ in range(rounds):
        rule = pk.any_contradiction(board)
        if rule is not None:
            return _minimal(pk, start, steps, rule), rule
        for name in pk.direct:
            ok = _unambiguous(pk.justified(name, board))
            if ok:
                steps.append(ProofStep(name, _marks(pk, board, ok)))
                board = board.with_changes(ok.items())
                break
        else:
            return None
    return None


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


def _fold(pk: ProofKind, items: list[Item]) -> Node:
    """The main line as nested nodes: each split's second branch carries the rest of the proof."""
    node = Node()
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
