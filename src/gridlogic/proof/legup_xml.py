"""Export a proof as a LEGUP file: the kind's LEGUP board plus a ``<proof><tree>`` of ``<node>``s
whose ``<transition>``s carry LEGUP's rule name and id and the cells they change.

Shape (as LEGUP's exporter writes it): every node lists its outgoing transitions; a transition names
its ``child`` node (a contradiction transition has none), and lists the changed ``<cell>``s. A case
split is a node with one transition per branch, each setting the split cell. Steps whose rule LEGUP
does not have (production rules, rules LEGUP removed) are written as unjustified transitions, for
the LEGUP user to justify.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from gridlogic.core.errors import UnsupportedError
from gridlogic.core.registry import detect, kind
from gridlogic.proof.model import Mark, Node, Proof

LEGUP_RULES: dict[str, dict[str, tuple[str, str]]] = {
    "starbattle": {
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
    "binary": {
        "PreventTrio": ("Prevent Trio", "BINA-BASC-0001"),
        "CompleteRowColumn": ("Complete Row Column", "BINA-BASC-0002"),
        "SaveBlocker": ("Save Blocker", "BINA-BASC-0003"),
        "UniqueRowColumn": ("Unique Row/Column", "BINA-BASC-0004"),
        "ZeroOrOne": ("Zero Or One", "BINA-CASE-0001"),
        "Trio": ("Trio", "BINA-CONT-0001"),
        "UnbalancedRowColumn": ("Unbalanced Row/Column", "BINA-CONT-0002"),
        "RepeatedRowColumn": ("Repeated Row/Column", "BINA-CONT-0003"),
        "WastedBlocker": ("Wasted Blocker", "BINA-CONT-0004"),
    },
}
"""Our rule names -> LEGUP's (display name, rule id); rules absent here are exported unjustified."""

CELL_VALUE = {"starbattle": {"star": "-2", "black": "-1"}, "binary": {"0": "0", "1": "1"}}


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

    def transition(self, parent: ET.Element, rule: str, marks: tuple[Mark, ...], child: bool = True
                   ) -> ET.Element | None:
        self.count += 1
        tr = ET.SubElement(parent, "transition", {"id": str(self.count)})
        known = LEGUP_RULES[self.kind].get(rule)
        if known:
            tr.set("rule", known[0])
            tr.set("rule_id", known[1])
        for r, c, v in marks:
            ET.SubElement(tr, "cell", {"value": CELL_VALUE[self.kind][v], "x": str(c), "y": str(r)})
        if not child:
            return None
        nxt = self.node()
        tr.set("child", nxt.get("id", ""))
        return nxt

    def add(self, node: Node, at: ET.Element) -> None:
        for s in node.steps:
            nxt = self.transition(at, s.rule, s.set)
            assert nxt is not None
            at = nxt
        if node.close is not None:
            self.transition(at, node.close, (), child=False)
        elif node.split is not None:
            sp = node.split
            order = list(CELL_VALUE[self.kind])
            for k, b in enumerate(sp.branches):
                v = b.value or (order[k] if k < len(order) else order[-1])
                nxt = self.transition(at, sp.rule, ((sp.cell[0], sp.cell[1], v),))
                assert nxt is not None
                self.add(b, nxt)


def to_legup_xml(proof: Proof) -> str:
    """The proof as a LEGUP XML document (board from the kind's ``legup`` format)."""
    if proof.kind not in LEGUP_RULES:
        raise UnsupportedError(f"no LEGUP export for kind {proof.kind!r}")
    k = kind(proof.kind)
    _, fmt = detect(proof.puzzle, proof.kind)
    writer = k.format("legup").write
    if writer is None:
        raise UnsupportedError(f"{proof.kind}: cannot write LEGUP boards")
    doc = ET.fromstring(writer(fmt.read(proof.puzzle)).split("?>", 1)[-1].strip())
    puzzle = doc.find("puzzle")
    if puzzle is None:
        raise UnsupportedError("the LEGUP board writer gave no <puzzle>")
    tree = _Tree(proof.kind)
    root = tree.node(root=True)
    if proof.start:
        nxt = tree.transition(root, "", proof.start)
        assert nxt is not None
        root = nxt
    tree.add(proof.root, root)
    ET.SubElement(ET.SubElement(puzzle, "proof"), "tree").extend([tree.tree][0])
    ET.indent(doc, "    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n' + ET.tostring(doc, encoding="unicode") + "\n"
