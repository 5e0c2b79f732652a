"""LEGUP proof files: :func:`to_legup_xml` writes a proof as LEGUP's exporter lays one out, and
:func:`from_legup_xml` reads one (LEGUP's own or ours) back into the proof model.

Shape: the kind's LEGUP board (with an optional ``<goal>``), then ``<proof><tree>`` of ``<node>``s
whose ``<transition>``s carry LEGUP's rule name and id and the ``<cell>``s they change, each naming
its ``child`` node. A case split is a node with one transition per branch, each setting the split
cell; a contradiction is a transition to an empty child node (LEGUP counts a branch closed only
then). Steps whose rule LEGUP does not have (production rules, rules LEGUP removed) are written
unjustified, with the gridlogic rule in a ``gridlogic_rule`` attribute LEGUP ignores, so that export
then import gives back the same proof.

Reading resolves a rule by its name first, then by its id (LEGUP's code registers Binary "Complete
Row Column" and "Save Blocker" both as ``BINA-BASC-0003``, and the id always finds Complete Row
Column; its reference sheet's ``BINA-BASC-0002`` is read as Complete Row Column too).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import datetime

from gridlogic.core import legupfile
from gridlogic.core.errors import GridlogicError, UnsupportedError
from gridlogic.kinds import detect, kind
from gridlogic.proof import legup_flag
from gridlogic.proof.kinds import proof_kind, proof_kinds
from gridlogic.proof.legup_flag import file_solved_flag, java_hash, solved_flag, solved_hash
from gridlogic.proof.legup_names import (
    GRIDLOGIC_PUZZLE,
    GRIDLOGIC_RULE,
    GRIDLOGIC_RULES,
    GRIDLOGIC_STEP,
    START,
    legup_of,
)
from gridlogic.proof.legup_read import from_legup_xml, read_legup_xml
from gridlogic.proof.model import Goal, Mark, Node, Proof

__all__ = ["file_solved_flag", "from_legup_xml", "java_hash", "read_legup_xml", "solved_flag", "solved_hash",
           "to_legup_xml"]


# ----------------------------------------------------------------------------------------- export

@dataclass
class _Tree:
    kind: str
    tree: ET.Element = field(default_factory=lambda: ET.Element("tree"))
    count: int = 0

    def node(self, root: bool = False) -> ET.Element:
        self.count += 1
        el = ET.SubElement(self.tree, "node", {"id": str(self.count)})
        if root:
            el.set("root", "true")
        return el

    def transition(self, parent: ET.Element, rule: str, marks: tuple[Mark, ...]) -> ET.Element:
        """A transition from ``parent`` to a new child node (returned)."""
        self.count += 1
        tr = ET.SubElement(parent, "transition", {"id": str(self.count)})
        known = legup_of(self.kind).legup_rules.get(rule)
        if known:
            tr.set("rule", known[0])
            tr.set("rule_id", known[1])
        elif rule:
            tr.set(GRIDLOGIC_RULE, rule)
        for r, c, v in marks:
            value = legup_of(self.kind).legup_cells.get(v, legup_of(self.kind).legup_unknown)
            ET.SubElement(tr, "cell", {"value": value, "x": str(c), "y": str(r)})
        nxt = self.node()
        tr.set("child", nxt.get("id", ""))
        return nxt

    def add(self, node: Node, at: ET.Element) -> None:
        pk = proof_kind(self.kind)
        for s in node.steps:
            parent = at
            at = self.transition(at, s.rule, s.set)
            if s.rule in pk.contradictions or s.rule in pk.cases:  # a (wrong) step, not a close or split
                parent.findall("transition")[-1].set(GRIDLOGIC_STEP, "true")
        if node.close is not None:
            self.transition(at, node.close, ())  # its child stays empty: the branch is closed
        elif node.split is not None:
            sp = node.split
            if not sp.branches:
                raise UnsupportedError("a case split without branches cannot be written as a LEGUP file")
            order = list(legup_of(self.kind).legup_cells)
            for k, b in enumerate(sp.branches):
                v = b.value or (order[k] if k < len(order) else order[-1])
                self.add(b, self.transition(at, sp.rule, ((sp.cell[0], sp.cell[1], v),)))


def not_legup_steps(proof: Proof) -> list[str]:
    """The steps of ``proof`` whose rule a LEGUP file cannot carry (``path (rule)``)."""
    pk = proof_kind(proof.kind)
    ok = {*legup_of(proof.kind).legup_direct, *pk.contradictions, *pk.cases, ""}
    out: list[str] = []

    def walk(node: Node, path: str) -> None:
        out.extend(f"{path}.steps[{k}] ({s.rule})" for k, s in enumerate(node.steps) if s.rule not in ok)
        if node.close is not None and node.close not in ok:
            out.append(f"{path}.close ({node.close})")
        if node.split is not None:
            if node.split.rule not in ok:
                out.append(f"{path}.split ({node.split.rule})")
            for k, b in enumerate(node.split.branches):
                walk(b, f"{path}.split.branches[{k}]")
    walk(proof.root, "root")
    return out


def to_legup_xml(proof: Proof, solved: bool | None = None, saved: datetime | None = None) -> str:
    """The proof as a LEGUP XML document (board from the kind's ``legup`` format). Refuses
    (:class:`UnsupportedError`, with the list) a proof holding steps LEGUP cannot check: translate
    it first (:func:`gridlogic.proof.translate.to_legup_rules`). ``solved`` (None: the checker's
    verdict, valid and goal met) and ``saved`` (None: now, New York time as LEGUP writes it) make
    the ``<solved isSolved=... lastSaved=...>`` flag LEGUP's grader reads."""
    if proof.kind not in proof_kinds():
        raise UnsupportedError(f"no LEGUP export for kind {proof.kind!r}")
    bad = not_legup_steps(proof)
    if bad:
        raise UnsupportedError(f"{len(bad)} step(s) use rules a LEGUP file cannot carry (translate them into "
                               f"LEGUP's rules first): {', '.join(bad[:20])}{' ...' if len(bad) > 20 else ''}")
    doc = _board_document(proof)
    puzzle = doc.find("puzzle")
    board = None if puzzle is None else puzzle.find("board")
    if puzzle is None or board is None:
        raise UnsupportedError("the LEGUP board writer gave no <puzzle><board>")
    for old in [*puzzle.findall("proof"), *board.findall("goal")]:
        (puzzle if old.tag == "proof" else board).remove(old)
    for name, value in proof.options.items():  # the kind's options (Binary unique_lines), as attributes
        board.set(name, str(value).lower() if isinstance(value, bool) else str(value))
    if proof.goal is not None:
        board.insert(0, _goal_element(proof.kind, proof.goal))
    tree = _Tree(proof.kind)
    root = tree.node(root=True)
    if proof.start:
        root = tree.transition(root, "", proof.start)
        root_transition = tree.tree[0].find("transition")
        assert root_transition is not None
        root_transition.set(GRIDLOGIC_RULE, START)
    tree.add(proof.root, root)
    proof_el = ET.SubElement(puzzle, "proof", {GRIDLOGIC_PUZZLE: proof.puzzle})
    if proof.rules is not None:
        proof_el.set(GRIDLOGIC_RULES, proof.rules)
    proof_el.append(tree.tree)
    for old in doc.findall("solved"):
        doc.remove(old)
    doc.append(legup_flag.solved_element(_solved(proof) if solved is None else solved, saved))
    ET.indent(doc, "    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n' + ET.tostring(doc, encoding="unicode") + "\n"


def _solved(proof: Proof) -> bool:
    from gridlogic.proof.checker import check
    try:
        rep = check(proof)
    except GridlogicError:
        return False
    return rep.valid and rep.goal_met


def _board_document(proof: Proof) -> ET.Element:
    """A LEGUP document holding the puzzle's board: the puzzle's own LEGUP file if it is one (kept
    as LEGUP wrote it, even a board no puzzle model accepts), else the kind's LEGUP writer's."""
    if proof.puzzle.lstrip().startswith("<"):
        return legupfile.parse(proof.puzzle)
    _, fmt = detect(proof.puzzle, proof.kind)
    writer = kind(proof.kind).format("legup").write
    if writer is None:
        raise UnsupportedError(f"{proof.kind}: cannot write LEGUP boards")
    return legupfile.parse(writer(fmt.read(proof.puzzle)).split("?>", 1)[-1])


def _goal_element(kind_name: str, goal: Goal) -> ET.Element:
    el = ET.Element("goal", {"type": goal.type})
    if goal.assume_solution:
        el.set("assumeSolution", "true")
    for r, c, v in goal.cells:
        lr = legup_of(kind_name)
        value = lr.legup_unknown if v is None else lr.legup_cells.get(v, lr.legup_unknown)
        ET.SubElement(el, "cell", {"value": value, "x": str(c), "y": str(r)})
    return el
