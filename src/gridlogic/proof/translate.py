"""A proof in LEGUP's rules only, for a LEGUP file: every step LEGUP cannot check (a named
technique, a rule LEGUP removed, Binary Save Blocker, a Unique Row/Column outside LEGUP's narrower
form) becomes LEGUP direct steps and case splits whose wrong branch is closed by LEGUP's own rules
and a contradiction (as ``proof make --legup-only`` writes them). A step that cannot be translated
(it is not valid, or no refutation is found within the bound) makes the export refuse, with the
list: never a LEGUP file holding steps LEGUP cannot check.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gridlogic.core.errors import UnsupportedError
from gridlogic.proof.kinds import ProofKind, kind_for, legup_kind
from gridlogic.proof.legup_xml import to_legup_xml
from gridlogic.proof.make import Item, NoProof, fold, translate_marks, valid_step
from gridlogic.proof.model import Node, Proof, ProofStep, Split


class NotTranslatable(UnsupportedError):  # noqa: N818 - reads as the outcome
    """Some steps cannot be written with LEGUP's rules (the message lists them)."""


@dataclass
class _Translator:
    full: ProofKind
    legup: ProofKind
    failed: list[str] = field(default_factory=list)
    translated: int = 0

    def node(self, node: Node, board: Any, path: str) -> Node:
        items: list[Item] = []
        for k, step in enumerate(node.steps):
            board = self.step(step, board, f"{path}.steps[{k}]", items)
        tail = Node(close=node.close)
        if node.split is not None:
            sp = node.split
            i = self.legup.index(board, *sp.cell)
            order = self.legup.cases.get(sp.rule, ())
            branches = []
            for k, b in enumerate(sp.branches):
                value = b.value or (order[k] if k < len(order) else None)
                inner = board if i is None or value is None else board.with_changes([(i, value)])
                branches.append(replace(self.node(b, inner, f"{path}.split.branches[{k}]"), value=b.value))
            tail = Node(split=Split(sp.rule, sp.cell, tuple(branches)))
        return replace(fold(self.legup, items, tail), value=node.value)

    def step(self, step: ProofStep, board: Any, path: str, items: list[Item]) -> Any:
        changes = {i: v for r, c, v in step.set if (i := self.legup.index(board, r, c)) is not None
                   and board.cells[i] is None and v in self.legup.values}
        after = board.with_changes(changes.items())
        if not step.rule or step.rule in self.legup.contradictions or step.rule in self.legup.cases \
                or (step.rule in self.legup.direct and valid_step(self.legup, board, step)):
            items.append(Item(step))  # LEGUP's own rule (or none): written as it is, LEGUP judges it
            return after
        if step.rule in self.legup.direct and not valid_step(self.full, board, step):
            items.append(Item(step))  # a LEGUP rule wrongly applied: LEGUP will say so too
            return after
        if not valid_step(self.full, board, step):
            self.failed.append(f"{path} ({step.rule}: not valid, so not translatable)")
            items.append(Item(step))
            return after
        try:
            translate_marks(self.legup, board, changes, items, step.rule)
        except NoProof as e:
            self.failed.append(f"{path} ({step.rule}: {e})")
            items.append(Item(step))
        self.translated += 1
        return after


def to_legup_rules(proof: Proof) -> tuple[Proof, int]:
    """``proof`` with every step written in LEGUP's rules, and how many steps were translated.
    Raises :class:`NotTranslatable` listing the steps that cannot be."""
    if proof.rules == "legup":
        return proof, 0
    full = kind_for(proof.kind, proof.rules)
    t = _Translator(full, legup_kind(proof.kind))
    board = full.board(proof.puzzle, proof.options)
    if proof.start:
        board = board.with_changes((i, v) for r, c, v in proof.start if (i := full.index(board, r, c)) is not None)
    root = t.node(proof.root, board, "root")
    if t.failed:
        raise NotTranslatable(f"{len(t.failed)} step(s) cannot be written with LEGUP's rules: " + "; ".join(t.failed))
    return replace(proof, root=root, rules="legup"), t.translated


def export_legup(proof: Proof) -> tuple[str, int]:
    """The LEGUP XML file of ``proof`` in LEGUP's rules only, and how many steps were translated."""
    legup, n = to_legup_rules(proof)
    return to_legup_xml(legup), n
