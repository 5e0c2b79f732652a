"""The proof checker: every transition, split and close judged exactly, every error reported with
its path in the tree (``root.steps[3]``, ``root.split.branches[1].close``).

- A direct step is valid when every changed cell was unknown and is forced by the named rule on the
  parent board, each cell judged alone (LEGUP's semantics, exact checks in ``puzzles/<kind>/legup.py``).
- A production-rule step (``R4.1``, ``LineCompletions`` ...) is valid when every changed cell is
  forced, by an independent sound check: the kind's own small SAT encoding says the opposite value
  has no solution and the value has one, or else bounded propagation with the LEGUP direct rules
  refutes the opposite value and not the value (so inside a branch that is already impossible, only
  the propagation can justify a value, never "anything goes").
- A split must name a case rule of the kind, an unknown cell, and branches that partition its values.
- A close must be a contradiction rule that holds on the node's board.
- Complete (not ``partial``): every leaf without a close is a solved board.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from gridlogic.core.errors import GridlogicError
from gridlogic.core.grid import cell_name
from gridlogic.proof import goals
from gridlogic.proof.goals import Leaf
from gridlogic.proof.kinds import ProofKind, kind_for, proof_kind
from gridlogic.proof.model import Goal, Mark, Node, Proof, ProofStep, Split

PROPAGATION_ROUNDS = 12


class CheckStopped(GridlogicError):  # noqa: N818 - reads as the outcome
    """The check ran out of its :class:`Budget` (the message says where it stopped)."""


@dataclass
class Budget:
    """A cost limit on one check: wall ``seconds`` and ``oracle_calls``, the units of oracle work
    that production-rule steps cost (one SAT call, or one round of propagation on a board without
    solution); ``None``: no limit. Checked before each transition and each unit of oracle work."""

    seconds: float | None = None
    oracle_calls: int | None = None
    calls: int = 0
    started: float = field(default_factory=time.monotonic)

    def spend(self, path: str, calls: int = 0, judged: int = 0) -> None:
        self.calls += calls
        done = f" ({judged} transitions judged)"
        if self.oracle_calls is not None and self.calls > self.oracle_calls:
            raise CheckStopped(f"proof check stopped: the budget of {self.oracle_calls} oracle calls "
                               f"(SAT calls and propagation rounds) is spent at {path}{done}")
        if self.seconds is not None and time.monotonic() - self.started > self.seconds:
            raise CheckStopped(f"proof check stopped: the time limit of {self.seconds:g} s is reached at {path}{done}")


@dataclass(frozen=True)
class ProofError:
    path: str
    rule: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "rule": self.rule, "message": self.message}


@dataclass
class Report:
    """Outcome of a check: ``errors`` (empty = valid) and a verdict per transition path."""

    errors: list[ProofError] = field(default_factory=list)
    verdicts: dict[str, bool] = field(default_factory=dict)
    leaves: int = 0
    closed: int = 0
    solved_leaves: dict[str, bool] = field(default_factory=dict)
    goal: str = "DEFAULT"
    goal_missing: str | None = None
    """What the proof lacks to meet its goal (None: goal met)."""
    all_leaves: list[Leaf] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def goal_met(self) -> bool:
        return self.goal_missing is None

    @property
    def complete(self) -> bool:
        """Every leaf is closed or a solution."""
        return all(self.solved_leaves.values())

    def to_json(self) -> dict[str, Any]:
        return {"valid": self.valid, "errors": [e.to_json() for e in self.errors],
                "transitions": len(self.verdicts), "leaves": self.leaves, "closed": self.closed,
                "complete": self.complete, "goal": self.goal, "goal_met": self.goal_met,
                **({"goal_missing": self.goal_missing} if self.goal_missing else {})}


def check(proof: Proof, partial: bool = False, budget: Budget | None = None) -> Report:
    """Check a whole proof (``partial``: do not require every leaf to be solved or closed, nor the
    goal to be met; the report still says whether it is). ``budget``: raise :class:`CheckStopped`
    when the check exceeds it."""
    try:
        return Checker(kind_for(proof.kind, proof.rules), partial, budget=budget or Budget()).run(proof)
    except RecursionError:
        raise CheckStopped("proof check stopped: the proof tree is nested too deeply") from None


@dataclass
class Checker:
    kind: ProofKind
    partial: bool = False
    report: Report = field(default_factory=Report)
    default_goal: bool = True
    budget: Budget = field(default_factory=Budget)

    def run(self, proof: Proof) -> Report:
        board = self.kind.board(proof.puzzle, proof.options)
        goal = proof.goal or Goal()
        self.default_goal = goal.type == "DEFAULT"
        if proof.start:
            board = self._start(board, proof.start)
        self.node(proof.root, board, "root")
        self.report.goal = goal.type
        self.report.goal_missing = goals.missing(goal, self.report.all_leaves, self.kind)
        if not self.partial and not self.default_goal and self.report.goal_missing:
            self.error("goal", goal.type, f"goal not met: {self.report.goal_missing}")
        return self.report

    def error(self, path: str, rule: str, message: str) -> None:
        self.report.errors.append(ProofError(path, rule, message))

    def verdict(self, path: str, ok: bool) -> None:
        self.report.verdicts[path] = ok

    # ------------------------------------------------------------- tree walk

    def _start(self, board: Any, start: Iterable[Mark]) -> Any:
        changes = self._cells(board, start, "start", "start", allow_known=True)
        return board.with_changes(changes.items())

    def node(self, node: Node, board: Any, path: str) -> None:
        for k, step in enumerate(node.steps):
            board = self.step(step, board, f"{path}.steps[{k}]")
        if node.split is not None and node.close is not None:
            self.error(path, node.close, "a node has either a split or a close, not both")
        if node.close is not None:
            self.close(node.close, board, f"{path}.close")
        elif node.split is not None:
            self.split(node.split, board, f"{path}.split")
        else:
            self.report.leaves += 1
            self.report.all_leaves.append(Leaf(path, board, closed=False))
            solved = self.report.solved_leaves[path] = self.kind.solved(board)
            if not self.partial and self.default_goal and not solved:
                self.error(path, "", "leaf is neither solved nor closed: "
                           + ("the board has unknown cells" if None in board.cells else "the board breaks a rule"))

    def step(self, step: ProofStep, board: Any, path: str) -> Any:
        self.budget.spend(path, judged=len(self.report.verdicts))
        before = len(self.report.errors)
        changes = self._cells(board, step.set, path, step.rule)
        if not step.rule:
            self.error(path, step.rule, "unjustified transition (no rule)")
        elif not step.set:
            self.error(path, step.rule, "a step must set at least one cell")
        elif step.rule in self.kind.direct:
            bad = self.kind.bad_cells(step.rule, board, changes)
            if bad:
                self.error(path, step.rule, f"not forced by {step.rule} on the parent board: "
                           f"{self._names(board, bad, changes)}")
        elif self.kind.production(step.rule):
            self.budget.spend(path, 1, len(self.report.verdicts))
            bad = self.kind.technique_bad(step.rule, board, changes)
            if bad:
                self.error(path, step.rule, f"not made by {step.rule} on the parent board: "
                           f"{self._names(board, bad, changes)}")
        else:
            self.error(path, step.rule, self._unknown_rule(step.rule, "direct"))
        self.verdict(path, len(self.report.errors) == before)
        return board.with_changes(changes.items())

    def close(self, rule: str, board: Any, path: str) -> None:
        ok = rule in self.kind.contradictions and self.kind.is_contradiction(rule, board)
        if rule not in self.kind.contradictions:
            self.error(path, rule, self._unknown_rule(rule, "contradiction"))
        elif not ok:
            self.error(path, rule, f"{rule} does not hold on this board")
        self.verdict(path, ok)
        self.report.closed += ok
        self.report.all_leaves.append(Leaf(path.removesuffix(".close"), board, closed=ok))

    def split(self, split: Split, board: Any, path: str) -> None:
        values = self._branch_values(split)
        i = self.kind.index(board, *split.cell)
        before = len(self.report.errors)
        if split.rule not in self.kind.cases:
            self.error(path, split.rule, self._unknown_rule(split.rule, "case"))
        elif i is None:
            self.error(path, split.rule, f"cell {list(split.cell)} is outside the board")
        elif board.cells[i] is not None:
            self.error(path, split.rule, f"cell {cell_name(split.cell)} is already {board.cells[i]}")
        elif values is None:
            self.error(path, split.rule, "give every branch a value, or none")
        elif not self.kind.partitions(split.rule, values):
            self.error(path, split.rule, f"branches {values} do not partition the cases "
                       f"{list(self.kind.cases[split.rule])} of {cell_name(split.cell)}")
        self.verdict(path, len(self.report.errors) == before)
        if i is None or board.cells[i] is not None or values is None or len(values) != len(split.branches) \
                or not set(values) <= set(self.kind.values):
            for k in range(len(split.branches)):
                self.verdict(f"{path}.branches[{k}]", False)  # not judged: the branch board is undefined
            return
        for k, (b, v) in enumerate(zip(split.branches, values, strict=True)):
            self.node(b, board.with_changes([(i, v)]), f"{path}.branches[{k}]")

    # ------------------------------------------------------------- helpers

    def _branch_values(self, split: Split) -> list[str] | None:
        given = [b.value for b in split.branches]
        if all(v is None for v in given):
            order = self.kind.cases.get(split.rule, ())
            return list(order[:len(given)]) if len(given) <= len(order) else [*order, *[""] * (len(given) - len(order))]
        if any(v is None for v in given):
            return None
        return [v for v in given if v is not None]

    def _cells(self, board: Any, marks: Iterable[Mark], path: str, rule: str,
               allow_known: bool = False) -> dict[int, str]:
        changes: dict[int, str] = {}
        for r, c, v in marks:
            i = self.kind.index(board, r, c)
            where = cell_name((r, c))
            if i is None:
                self.error(path, rule, f"cell [{r}, {c}] is outside the board")
            elif v not in self.kind.values:
                self.error(path, rule, f"{where}: value {v!r} is not one of {list(self.kind.values)}")
            elif i in changes:
                self.error(path, rule, f"{where} is set twice in one step")
            elif board.cells[i] is not None and not (allow_known and board.cells[i] == v):
                self.error(path, rule, f"{where} is already {board.cells[i]}")
            else:
                changes[i] = v
        return changes

    def _names(self, board: Any, cells: list[int], changes: dict[int, str]) -> str:
        return ", ".join(f"{cell_name(self.kind.cell(board, i))}={changes[i]}" for i in cells)

    def _unknown_rule(self, rule: str, what: str) -> str:
        names = {"direct": self.kind.direct, "contradiction": self.kind.contradictions, "case": self.kind.cases}[what]
        full = proof_kind(self.kind.name)
        if self.kind.rule_set == "legup" and (rule in full.direct or full.production(rule)):
            what = "a gridlogic technique" if full.production(rule) else "a rule LEGUP cannot check in a file"
            return f"{rule!r} is {what}, not in the declared rule set legup"
        return f"{rule!r} is not a {what} rule of {self.kind.name} (expected one of {', '.join(names)})"


def forced(kind: ProofKind, board: Any, i: int, value: str, spend: Callable[[int], None] | None = None) -> bool:
    """Is ``value`` at ``i`` forced: by the SAT oracle, or on a board without solution by bounded
    propagation (``spend``: told of each unit of oracle work, one SAT call or propagation round)."""
    other = kind.opposite(value)
    if kind.satisfiable(board, [(i, value)]):
        if spend:
            spend(1)
        return not kind.satisfiable(board, [(i, other)])
    return (refuted(kind, board.with_changes([(i, other)]), spend=spend)
            and not refuted(kind, board.with_changes([(i, value)]), spend=spend))


def refuted(kind: ProofKind, board: Any, rounds: int = PROPAGATION_ROUNDS,
            spend: Callable[[int], None] | None = None) -> bool:
    """Does applying every LEGUP direct rule, round after round, reach a contradiction rule (or
    a cell forced both ways)?"""
    for _ in range(rounds):
        if spend:
            spend(1)
        if kind.any_contradiction(board):
            return True
        changes: dict[int, str] = {}
        for rule in kind.direct:
            for j, v in kind.justified(rule, board):
                if changes.setdefault(j, v) != v:
                    return True
        if not changes:
            return False
        board = board.with_changes(changes.items())
    return bool(kind.any_contradiction(board))
