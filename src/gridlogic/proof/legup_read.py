"""Reading LEGUP proof files (LEGUP's own or ours) back into the proof model (:mod:`gridlogic.proof.legup_xml`
says the shape). A rule resolves by its name first, then by its id
(:func:`~gridlogic.proof.legup_names.resolve_rule`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace

from gridlogic.core import legupfile
from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.options import Value
from gridlogic.kinds import kind
from gridlogic.proof.kinds import proof_kind, proof_kinds
from gridlogic.proof.legup_names import (
    GRIDLOGIC_PUZZLE,
    GRIDLOGIC_RULE,
    GRIDLOGIC_RULES,
    GRIDLOGIC_STEP,
    START,
    legup_of,
    resolve_rule,
    value_of,
)
from gridlogic.proof.model import GOAL_TYPES, RULE_SETS, Goal, GoalCell, Mark, Node, Proof, ProofStep, Split


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
