"""Mutants of a valid proof, for testing the checker: each is a wrong proof (a flipped value, a change
moved to another cell, a dropped branch, a rule that cannot justify the step, a close of a node that
is not contradictory, a cut step), and a sound, complete-enough checker rejects every one."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
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
    wrong = ("SurroundStar" if "star" in values else "FinishWithStars") if pk.name == "starbattle" \
        else next(iter(pk.contradictions))
    yield f"swap rule {where}", edit(lambda s: s[k].__setitem__("rule", wrong))
    yield f"cut {where}", edit(lambda s: s.pop(k))
