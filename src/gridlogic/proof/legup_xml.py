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

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache

from gridlogic.core import legupfile
from gridlogic.core.errors import GridlogicError, ParseError, UnsupportedError
from gridlogic.core.options import Value
from gridlogic.core.proofrules import LegupRules
from gridlogic.core.registry import detect, kind
from gridlogic.proof import legup_flag
from gridlogic.proof.kinds import proof_kind, proof_kinds
from gridlogic.proof.legup_flag import file_solved_flag, java_hash, solved_flag, solved_hash
from gridlogic.proof.model import GOAL_TYPES, RULE_SETS, Goal, GoalCell, Mark, Node, Proof, ProofStep, Split


def legup_of(kind_name: str) -> LegupRules:
    """What the kind declares for LEGUP files (its names of the puzzle, rules and cell values)."""
    return proof_kind(kind_name).rules


def value_of(kind_name: str) -> dict[str, str]:
    """LEGUP's cell value -> our mark value."""
    return {v: name for name, v in legup_of(kind_name).legup_cells.items()}


__all__ = ["file_solved_flag", "from_legup_xml", "java_hash", "read_legup_xml", "solved_flag", "solved_hash",
           "to_legup_xml"]

START = "start"
"""``gridlogic_rule`` of the transition that sets a proof's ``start`` marks."""
GRIDLOGIC_RULE = "gridlogic_rule"
GRIDLOGIC_PUZZLE = "gridlogic_puzzle"
GRIDLOGIC_RULES = "gridlogic_rules"
"""The proof's declared rule set (``<proof gridlogic_rules="legup">``); a file without it (LEGUP's
own) is judged under the ``gridlogic`` set, which holds every LEGUP rule, the removed ones included."""
GRIDLOGIC_STEP = "gridlogic_step"
"""Marks a step named by a contradiction or case rule (an error in the proof), so that it is read
back as the step it was, not as a close or a split."""


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


# ----------------------------------------------------------------------------------------- import

def from_legup_xml(text: str) -> Proof:
    """A LEGUP proof file (Star Battle or Binary) as a proof: transitions with their rules (resolved
    by name, then id), case splits, contradictions; an unjustified transition becomes a step with
    rule ``""``, which the checker reports as unjustified. A file without a proof gives an empty
    proof of its board. Raises :class:`ParseError` on a file that is not such a proof."""
    return read_legup_xml(text)[0]


def read_legup_xml(text: str) -> tuple[Proof, dict[str, str]]:
    """:func:`from_legup_xml`, and where each path of the proof is in the file (``root.steps[3]``
    -> ``transition 1234``; a leaf -> ``node 56``), for reports a LEGUP user can follow."""
    root = legupfile.parse(text)
    puzzle_el, board_el = legupfile.puzzle_board(root)
    names = {legup_of(k).legup_name: k for k in proof_kinds()}
    kind_name = names.get(puzzle_el.get("name", ""))
    if kind_name is None:
        raise ParseError(f"LEGUP puzzle {puzzle_el.get('name')!r} has no proofs here "
                         f"(proof kinds: {', '.join(names)})", "<puzzle name=...>")
    goal_el = board_el.find("goal")
    goal_el = puzzle_el.find("goal") if goal_el is None else goal_el
    goal = None if goal_el is None else _read_goal(kind_name, goal_el)
    options = _options(kind_name, board_el)
    proof_el = puzzle_el.find("proof")
    puzzle_text = _puzzle_text(kind_name, root, proof_el)
    reader = _Reader(kind_name)
    start: tuple[Mark, ...] = ()
    node = Node()
    tree = None if proof_el is None else proof_el.find("tree")
    if tree is not None:
        reader.index(tree)
        top = reader.root()
        first = reader.transitions(top)
        if len(first) == 1 and first[0].get(GRIDLOGIC_RULE) == START:
            start = reader.marks(first[0])
            top = reader.child(first[0])
        node = reader.chain(top, "root") if top is not None else Node()
    proof_kind(kind_name).board(puzzle_text)  # a board that cannot be read is the file's error
    return Proof(kind_name, puzzle_text, node, start, goal, options,
                 _rules(None if proof_el is None else proof_el.get(GRIDLOGIC_RULES))), reader.where


def _options(kind_name: str, board_el: ET.Element) -> dict[str, Value]:
    """The kind's options written as attributes of ``<board>`` (``unique_lines="false"``)."""
    out: dict[str, Value] = {}
    for o in kind(kind_name).options:
        raw = board_el.get(o.name)
        if raw is None:
            continue
        text = raw.strip()
        value: object = text.lower() == "true" if o.kind is bool else int(text) if o.kind is int and \
            text.lstrip("-").isdigit() else text
        out[o.name] = o.value(value, f"<board {o.name}=...>")
    return out


def _rules(declared: str | None) -> str | None:
    if declared is None:
        return None
    if declared not in RULE_SETS:
        raise ParseError(f"unknown rule set {declared!r} (rule sets: {', '.join(RULE_SETS)})",
                         "<proof gridlogic_rules>")
    return declared


def _puzzle_text(kind_name: str, root: ET.Element, proof_el: ET.Element | None) -> str:
    """The puzzle as the proof's ``puzzle``: the text our export recorded, if it reads to the same
    board as the file's; else the file's board as a LEGUP document (without proof and goal)."""
    doc = ET.Element("Legup", dict(root.attrib))
    puzzle_el = root.find("puzzle")
    assert puzzle_el is not None
    p = ET.SubElement(doc, "puzzle", dict(puzzle_el.attrib))
    for child in puzzle_el:
        if child.tag == "board":
            board = ET.SubElement(p, "board", dict(child.attrib))
            board.extend(c for c in child if c.tag != "goal")
    ET.indent(doc, "    ")
    text = ET.tostring(doc, encoding="unicode")
    recorded = None if proof_el is None else proof_el.get(GRIDLOGIC_PUZZLE)
    if recorded:
        pk = proof_kind(kind_name)
        try:
            ours, theirs = pk.board(recorded), pk.board(text)
        except GridlogicError:
            return text
        if ours.cells == theirs.cells and _same_shape(ours, theirs):
            return recorded
    return text


def _same_shape(a: object, b: object) -> bool:
    fields = ("n", "stars", "regions", "width", "height")
    return all(getattr(a, f, None) == getattr(b, f, None) for f in fields)


def _read_goal(kind_name: str, el: ET.Element) -> Goal:
    kind_type = el.get("type", "DEFAULT").strip().upper()
    if kind_type not in GOAL_TYPES:
        raise ParseError(f"unknown goal type {kind_type!r} (types: {', '.join(GOAL_TYPES)})", "<goal type=...>")
    values = value_of(kind_name)
    cells: list[GoalCell] = []
    for c in el.iter("cell"):
        where = f"<goal> cell x={c.get('x')} y={c.get('y')}"
        x, y = legupfile.int_attr(c, "x", where), legupfile.int_attr(c, "y", where)
        v = str(legupfile.int_attr(c, "value", where))
        cells.append((y, x, values.get(v)))
    assume = el.get("assumeSolution", "false").strip().lower() == "true"
    return Goal(kind_type, tuple(cells), assume)


def legup_checkable(kind_name: str) -> frozenset[str]:
    """The rules LEGUP can check in a file: those it has, and whose id LEGUP resolves to them
    (Binary Save Blocker shares ``BINA-BASC-0003``, which LEGUP resolves to Complete Row Column)."""
    table = legup_of(kind_name).legup_rules
    return frozenset(r for r, (_, rid) in table.items() if resolve_rule(kind_name, "", rid) == r)


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


@lru_cache(maxsize=1024)
def resolve_rule(kind_name: str, name: str, rid: str, ours: str = "") -> str:
    """Our name for a LEGUP rule: by its name (LEGUP's display name, its class name or ours, any
    spacing and case), then by its id; ``ours`` (the ``gridlogic_rule`` attribute) when it has
    neither; ``""`` when unjustified. A name or id we do not know is kept as written."""
    table = legup_of(kind_name).legup_rules
    if name:
        key = _norm(name)
        bare = key.removesuffix("directrule").removesuffix("contradictionrule").removesuffix("caserule")
        for rule, (legup, _) in table.items():
            if key in (_norm(rule), _norm(legup)):
                return rule
        pk = proof_kind(kind_name)
        for rule in [*pk.direct, *pk.contradictions, *pk.cases]:
            if bare == _norm(rule):
                return rule
        if bare in legup_of(kind_name).legup_aliases:
            return legup_of(kind_name).legup_aliases[bare]
    if rid:
        special = legup_of(kind_name).legup_id_only.get(rid)
        if special:
            return special
        by_id = [rule for rule, (_, i) in table.items() if i == rid]
        if by_id:
            return by_id[0]
    return name or rid or ours


@dataclass
class _Reader:
    """Walks a ``<tree>``: nodes by id, each node's transitions, each transition's child."""

    kind: str
    nodes: dict[str, ET.Element] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    where: dict[str, str] = field(default_factory=dict)
    """Proof path -> ``transition ID`` / ``node ID`` in the file."""

    def index(self, tree: ET.Element) -> None:
        for el in tree.findall("node"):
            nid = el.get("id")
            if nid is None:
                raise ParseError("a <node> has no id", "<tree>")
            if nid in self.nodes:
                raise ParseError(f"two nodes have id {nid}", "<tree>")
            self.nodes[nid] = el

    def root(self) -> str | None:
        roots = [k for k, el in self.nodes.items() if el.get("root", "").lower() == "true"]
        if len(roots) > 1:
            raise ParseError(f"{len(roots)} nodes say root=\"true\"", "<tree>")
        if roots:
            return roots[0]
        children = {t.get("child") for el in self.nodes.values() for t in el.findall("transition")}
        tops = [k for k in self.nodes if k not in children]
        if len(tops) != 1:
            raise ParseError("no root node (none says root=\"true\")", "<tree>")
        return tops[0]

    def transitions(self, nid: str | None) -> list[ET.Element]:
        return [] if nid is None else self.nodes[nid].findall("transition")

    def child(self, tr: ET.Element) -> str | None:
        cid = tr.get("child")
        if cid is None:
            return None
        if cid not in self.nodes:
            raise ParseError(f"transition {tr.get('id')} leads to node {cid}, which is not in the tree", "<tree>")
        if cid in self.seen:
            raise ParseError(f"node {cid} is reached twice (the tree has a cycle or a join)", "<tree>")
        self.seen.add(cid)
        return cid

    def rule(self, tr: ET.Element) -> str:
        """Our name for a transition's rule (see :func:`resolve_rule`)."""
        return resolve_rule(self.kind, tr.get("rule", "").strip(), tr.get("rule_id", "").strip(),
                            tr.get(GRIDLOGIC_RULE, ""))

    def marks(self, tr: ET.Element) -> tuple[Mark, ...]:
        values = value_of(self.kind)
        out: list[Mark] = []
        for c in tr.findall("cell"):
            where = f"transition {tr.get('id')}, cell x={c.get('x')} y={c.get('y')}"
            x, y = legupfile.int_attr(c, "x", where), legupfile.int_attr(c, "y", where)
            v = str(legupfile.int_attr(c, "value", where))
            out.append((y, x, values.get(v, "unknown")))
        return tuple(out)

    def chain(self, nid: str | None, path: str, first: int = 0) -> Node:
        """The node ``nid`` and its single-transition successors as one proof node at ``path``
        (its steps numbered from ``first``)."""
        pk = proof_kind(self.kind)
        steps: list[ProofStep] = []
        while True:
            trs = self.transitions(nid)
            if not trs:
                self.where[path] = f"node {nid}"
                return Node(tuple(steps))
            rule = self.rule(trs[0])
            step_only = trs[0].get(GRIDLOGIC_STEP) == "true"
            if len(trs) > 1 or (rule in pk.cases and len(trs[0].findall("cell")) == 1 and not step_only):
                self.where[f"{path}.split"] = "transitions " + ", ".join(str(t.get("id")) for t in trs)
                return Node(tuple(steps), split=self.split(trs, rule, f"{path}.split"))
            tr = trs[0]
            marks = self.marks(tr)
            nxt = self.child(tr)
            if rule in pk.contradictions and not marks and not step_only and not self.transitions(nxt):
                self.where[f"{path}.close"] = f"transition {tr.get('id')}"
                return Node(tuple(steps), close=rule)
            self.where[f"{path}.steps[{first + len(steps)}]"] = f"transition {tr.get('id')}"
            steps.append(ProofStep(rule, marks))
            nid = nxt

    def split(self, trs: list[ET.Element], rule: str, path: str) -> Split:
        """A case split: the split cell is the first transition's first cell; every branch takes
        its value there; any other cell a branch sets becomes a step of no rule (invalid)."""
        first = self.marks(trs[0])
        cell = (first[0][0], first[0][1]) if first else (-1, -1)
        rules = [self.rule(tr) for tr in trs]
        if len(set(rules)) > 1:  # every branch must name the case rule: the checker rejects this name
            rule = "branches of different rules: " + ", ".join(r or "(none)" for r in rules)
        branches = []
        for k, tr in enumerate(trs):
            marks = self.marks(tr)
            at = next((i for i, (r, c, _) in enumerate(marks) if (r, c) == cell), None)
            value = None if at is None else marks[at][2]
            rest = tuple(m for i, m in enumerate(marks) if i != at)
            extra = (ProofStep(f"more cells than the split cell in a {self.rule(tr) or 'case'} branch", rest),) \
                if rest else ()  # no rule has this name: the checker rejects the branch
            if extra:
                self.where[f"{path}.branches[{k}].steps[0]"] = f"transition {tr.get('id')}"
            b = self.chain(self.child(tr), f"{path}.branches[{k}]", len(extra))
            branches.append(replace(b, value=value, steps=extra + b.steps))
        return Split(rule, cell, tuple(branches))
