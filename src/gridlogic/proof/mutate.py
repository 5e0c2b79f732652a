"""Mutants of a valid proof, for testing the checker: each is a wrong proof (a flipped value, a change
moved to another cell, a dropped branch, a rule that cannot justify the step, a close of a node that
is not contradictory, a cut step), and a sound, complete-enough checker rejects every one."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from gridlogic.proof.kinds import ProofKind, proof_kind
from gridlogic.proof.model import Proof

Json = dict[str, Any]


def _walk(pk: ProofKind, node: Json, board: Any, path: list[Any]) -> Iterator[tuple[list[Any], Json, Any]]:
    """Every node of a proof's JSON with its path (keys into the JSON) and its starting board."""
    yield path, node, board
    for st in node.get("steps", []):
        board = board.with_changes((pk.index(board, r, c), v) for r, c, v in st["set"])
    split = node.get("split")
    if split:
        i = pk.index(board, *split["cell"])
        for k, b in enumerate(split["branches"]):
            yield from _walk(pk, b, board.with_changes([(i, b["value"])]), [*path, "split", "branches", k])


def _at(obj: Json, path: list[Any]) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def mutants(proof: Proof, per_category: int = 8) -> Iterator[tuple[str, Json]]:
    """Wrong proofs made from a valid one: flip a set value, move a change to another unknown cell,
    drop a branch, swap a rule name for one that cannot justify it (wrong category, or a Star Battle
    rule that never gives that value), close a node that is not contradictory, cut a step. Every
    closed branch is mutated at every step; the main line at up to ``per_category`` spread steps."""
    pk = proof_kind(proof.kind)
    base = proof.to_json()
    nodes = list(_walk(pk, base["root"], pk.board(proof.puzzle), ["root"]))
    for path, node, board in nodes:
        steps = node.get("steps", [])
        stride = 1 if node.get("close") else max(1, len(steps) // per_category)
        for k in range(0, len(steps), stride):
            before = board
            for st in steps[:k]:
                before = before.with_changes((pk.index(before, r, c), v) for r, c, v in st["set"])
            yield from _step_mutants(pk, base, path, k, steps[k], before)
        if node.get("close") is None:
            for rule in pk.contradictions:
                m = copy.deepcopy(base)
                target = _at(m, path)
                target.pop("split", None)
                target["close"] = rule
                yield f"close {'/'.join(map(str, path))} with {rule}", m
        else:
            m = copy.deepcopy(base)
            _at(m, path)["close"] = next(iter(pk.direct))
            yield f"close {'/'.join(map(str, path))} with a direct rule", m
        if node.get("split"):
            for b in range(len(node["split"]["branches"])):
                m = copy.deepcopy(base)
                del _at(m, path)["split"]["branches"][b]
                yield f"drop branch {b} at {'/'.join(map(str, path))}", m
            m = copy.deepcopy(base)
            _at(m, path)["split"]["rule"] = next(iter(pk.contradictions))
            yield f"split rule swapped at {'/'.join(map(str, path))}", m


def _step_mutants(pk: ProofKind, base: Json, path: list[Any], k: int, step: Json,
                  board: Any) -> Iterator[tuple[str, Json]]:
    where = f"{'/'.join(map(str, path))} step {k}"
    r, c, v = step["set"][0]

    def edit(fn: Callable[[list[Any]], Any]) -> Json:
        m = copy.deepcopy(base)
        fn(_at(m, path)["steps"])
        return m

    yield f"flip {where}", edit(lambda s: s[k]["set"][0].__setitem__(2, pk.opposite(v)))
    taken = {pk.index(board, rr, cc) for rr, cc, _ in step["set"]}
    start = pk.index(board, r, c)
    assert start is not None
    size = len(board.cells)
    other = next((j for j in ((start + d) % size for d in range(1, size))
                  if board.cells[j] is None and j not in taken), None)
    if other is not None:
        cell = list(pk.cell(board, other))
        yield f"move {where}", edit(lambda s: s[k]["set"][0].__setitem__(slice(0, 2), cell))
    values = {m[2] for m in step["set"]}
    wrong = pk.rules.wrong_rule(frozenset(values))
    yield f"swap rule {where}", edit(lambda s: s[k].__setitem__("rule", wrong))
    yield f"cut {where}", edit(lambda s: s.pop(k))


# ------------------------------------------------------------------ LEGUP files

FLIP = {"-2": "-1", "-1": "-2", "0": "1", "1": "0"}
SPECIAL_PER = 8
"""Case splits and contradictions mutated: all of them, or in a big tree (``--legup-only`` proofs
of large Binary boards hold hundreds) ``SPECIAL_PER * per_proof`` spread over it."""


def xml_mutants(text: str, per_proof: int = 24) -> Iterator[tuple[str, str]]:
    """Wrong LEGUP proof files made from a valid one: at every case split and contradiction and
    at up to ``per_proof`` spread other transitions, flip a cell's value, move a cell, remove the
    rule (unjustified, also a production rule's ``gridlogic_rule``), name a rule that cannot justify
    it, empty the transition; drop each branch of a split; delete a contradiction (its branch is left
    open)."""
    doc = ET.fromstring(text.split("?>", 1)[-1])
    tree = doc.find("puzzle/proof/tree")
    if tree is None:
        return
    size = doc.find("puzzle/board")
    width = int((size.get("size") or size.get("width") or "1") if size is not None else "1")
    nodes = tree.findall("node")
    trs = [(k, j) for k, node in enumerate(nodes) for j, _ in enumerate(node.findall("transition"))]
    special = [(k, j) for k, j in trs if len(nodes[k].findall("transition")) > 1
               or not nodes[k].findall("transition")[j].findall("cell")]
    special = special[::max(1, len(special) // (SPECIAL_PER * per_proof))]  # spread over a big tree
    stride = max(1, len(trs) // per_proof)
    chosen = sorted(set(special) | set(trs[::stride]))

    def mutant(k: int, j: int, edit: Callable[[ET.Element, ET.Element], object]) -> str:
        d = copy.deepcopy(doc)
        t = d.find("puzzle/proof/tree")
        assert t is not None
        node = t.findall("node")[k]
        edit(node, node.findall("transition")[j])
        return ET.tostring(d, encoding="unicode")

    binary = doc.find("puzzle[@name='Binary']") is not None
    for k, j in chosen:
        at = f"node {nodes[k].get('id')} transition {j}"
        tr = nodes[k].findall("transition")[j]
        has_cells = bool(tr.findall("cell"))
        if has_cells:
            yield f"flip {at}", mutant(k, j, _flip)
            yield f"move {at}", mutant(k, j, lambda _n, t: _move(t, width))
            yield f"empty {at}", mutant(k, j, _empty)
        yield f"unjustify {at}", mutant(k, j, lambda _n, t: [t.attrib.pop(a, None)
                                                             for a in ("rule", "rule_id", "gridlogic_rule")])
        wrong = ("Trio" if binary else "Clashing Orbit") if has_cells else "Prevent Trio" if binary else "Surround Star"
        yield f"swap rule {at}", mutant(k, j, partial(_rename, wrong))
        if len(nodes[k].findall("transition")) > 1:
            yield f"drop branch {at}", mutant(k, j, lambda n, t: n.remove(t))
        elif not has_cells:
            yield f"delete contradiction {at}", mutant(k, j, lambda n, t: n.remove(t))


def _empty(_node: ET.Element, tr: ET.Element) -> None:
    for c in tr.findall("cell"):
        tr.remove(c)


def _rename(rule: str, _node: ET.Element, tr: ET.Element) -> None:
    tr.set("rule", rule)
    tr.set("rule_id", "")


def _flip(_node: ET.Element, tr: ET.Element) -> None:
    cell = tr.findall("cell")[0]
    cell.set("value", FLIP.get(cell.get("value", ""), "0"))


def _move(tr: ET.Element, width: int) -> None:
    cell = tr.findall("cell")[0]
    cell.set("x", str((int(cell.get("x", "0")) + 1) % width))
