"""The proof tree and its JSON file format (see ``docs/proofs.md``).

A :class:`Proof` names its kind and puzzle, optionally a ``start`` (a partial board assumed as
given), and a root :class:`Node`. A node holds direct-rule :class:`ProofStep` s, then at most one of
a :class:`Split` (a case rule whose branches are nodes) or a ``close`` (a contradiction rule that
holds on the node's board). A branch may say which ``value`` the split cell takes in it; without
one, branches take the case rule's values in order (``StarOrEmpty``: star, black; ``ZeroOrOne``: 0, 1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import load_json
from gridlogic.core.options import Option, Value
from gridlogic.kinds import REGISTRY, kind

Mark = tuple[int, int, str]
"""``(row, col, value)``: one cell set to a contract mark value."""


@dataclass(frozen=True)
class ProofStep:
    """One direct-rule transition: ``rule`` justifies every cell in ``set``."""

    rule: str
    set: tuple[Mark, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "set": [list(m) for m in self.set]}

    @classmethod
    def from_json(cls, obj: Any, where: str) -> ProofStep:
        d = _dict(obj, where)
        _keys(d, {"rule", "set"}, where, {"rule", "set"})
        return cls(_str(d["rule"], f"{where}.rule"), _marks(d["set"], f"{where}.set"))


@dataclass(frozen=True)
class Split:
    """A case rule applied to ``cell``; one branch per possibility."""

    rule: str
    cell: tuple[int, int]
    branches: tuple[Node, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "cell": list(self.cell), "branches": [b.to_json() for b in self.branches]}

    @classmethod
    def from_json(cls, obj: Any, where: str) -> Split:
        d = _dict(obj, where)
        _keys(d, {"rule", "cell", "branches"}, where, {"rule", "cell", "branches"})
        cell = _ints(d["cell"], 2, f"{where}.cell")
        branches = d["branches"]
        if not isinstance(branches, list):
            raise ParseError("branches must be a list of nodes", f"{where}.branches")
        return cls(_str(d["rule"], f"{where}.rule"), (cell[0], cell[1]),
                   tuple(Node.from_json(b, f"{where}.branches[{k}]") for k, b in enumerate(branches)))


@dataclass(frozen=True)
class Node:
    """Steps, then a split, a close, or nothing (then the board must be solved)."""

    steps: tuple[ProofStep, ...] = ()
    split: Split | None = None
    close: str | None = None
    value: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.value is not None:
            out["value"] = self.value
        out["steps"] = [s.to_json() for s in self.steps]
        if self.split is not None:
            out["split"] = self.split.to_json()
        if self.close is not None:
            out["close"] = self.close
        return out

    @classmethod
    def from_json(cls, obj: Any, where: str) -> Node:
        d = _dict(obj, where)
        _keys(d, {"steps", "split", "close", "value"}, where, set())
        steps = d.get("steps", [])
        if not isinstance(steps, list):
            raise ParseError("steps must be a list", f"{where}.steps")
        split = d.get("split")
        close = d.get("close")
        value = d.get("value")
        return cls(tuple(ProofStep.from_json(s, f"{where}.steps[{k}]") for k, s in enumerate(steps)),
                   None if split is None else Split.from_json(split, f"{where}.split"),
                   None if close is None else _str(close, f"{where}.close"),
                   None if value is None else _str(value, f"{where}.value"))


RULE_SETS = ("legup", "gridlogic")
"""A proof's declared rule set (see :attr:`Proof.rules`)."""

GOAL_TYPES = ("DEFAULT", "PROVE_ANY_SOLUTION", "PROVE_NO_SOLUTION", "PROVE_CELL_MUST_BE",
              "PROVE_CELL_MIGHT_NOT_BE", "PROVE_SINGLE_CELL_VALUE", "PROVE_MULTIPLE_CELL_VALUE",
              "PROVE_VALUES_ARE_POSSIBLE", "PROVE_VALUES_ARE_IMPOSSIBLE")
"""LEGUP's goal conditions (``<goal type=...>``); ``DEFAULT``: every open leaf is a solution."""

GoalCell = tuple[int, int, str | None]
"""``(row, col, value)``; ``value`` None where the goal names only the cell."""


@dataclass(frozen=True)
class Goal:
    """What a proof must show (LEGUP's goal conditions): ``type`` one of :data:`GOAL_TYPES`, the
    goal ``cells`` with their values, and whether a solution may be assumed to exist."""

    type: str = "DEFAULT"
    cells: tuple[GoalCell, ...] = ()
    assume_solution: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.cells:
            out["cells"] = [[r, c] if v is None else [r, c, v] for r, c, v in self.cells]
        if self.assume_solution:
            out["assume_solution"] = True
        return out

    @classmethod
    def from_json(cls, obj: Any, where: str = "goal") -> Goal:
        d = _dict(obj, where)
        _keys(d, {"type", "cells", "assume_solution"}, where, {"type"})
        kind = _str(d["type"], f"{where}.type")
        if kind not in GOAL_TYPES:
            raise ParseError(f"unknown goal type {kind!r} (types: {', '.join(GOAL_TYPES)})", f"{where}.type")
        cells = d.get("cells", [])
        if not isinstance(cells, list):
            raise ParseError("expected a list of [row, col] or [row, col, value]", f"{where}.cells")
        out: list[GoalCell] = []
        for k, m in enumerate(cells):
            at = f"{where}.cells[{k}]"
            if not (isinstance(m, list) and len(m) in (2, 3)):
                raise ParseError(f"expected [row, col] or [row, col, value], got {json.dumps(m)[:30]}", at)
            r, c = _ints(m[:2], 2, at)
            out.append((r, c, _str(m[2], at) if len(m) == 3 else None))
        assume = d.get("assume_solution", False)
        if not isinstance(assume, bool):
            raise ParseError("expected true or false", f"{where}.assume_solution")
        return cls(kind, tuple(out), assume)


@dataclass(frozen=True)
class Proof:
    """A whole proof file. ``goal``: what it must show (None: LEGUP's default, every open leaf a
    solution); ``options``: the kind's options the puzzle is read with (Binary ``unique_lines``;
    none given: the puzzle's own setting), written as fields of their own."""

    kind: str
    puzzle: str
    root: Node
    start: tuple[Mark, ...] = ()
    goal: Goal | None = None
    options: Mapping[str, Value] = field(default_factory=dict)
    rules: str | None = None
    """The declared rule set: ``legup`` (only what LEGUP can check in a file) or ``gridlogic``
    (LEGUP's rules plus named techniques); None reads as ``gridlogic``."""
    assignment: str | None = None
    """The id of the assignment this proof answers (``gridlogic assign make``), if any."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "puzzle": self.puzzle}
        if self.rules is not None:
            out["rules"] = self.rules
        if self.assignment is not None:
            out["assignment"] = self.assignment
        out |= self.options
        if self.goal is not None:
            out["goal"] = self.goal.to_json()
        if self.start:
            out["start"] = [list(m) for m in self.start]
        out["root"] = self.root.to_json()
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Proof:
        d = _dict(obj, "proof")
        check_depth(d.get("root"))
        schema = _options_schema(d.get("kind"))
        _keys(d, {*PROOF_FIELDS, *schema}, "proof", {"kind", "puzzle", "root"})
        start = _marks(d.get("start", []), "start")
        goal = None if d.get("goal") is None else Goal.from_json(d["goal"])
        options = {name: o.value(d[name], name) for name, o in schema.items() if d.get(name) is not None}
        rules = None if d.get("rules") is None else _str(d["rules"], "rules")
        if rules is not None and rules not in RULE_SETS:
            raise ParseError(f"unknown rule set {rules!r} (rule sets: {', '.join(RULE_SETS)})", "rules")
        assignment = None if d.get("assignment") is None else _str(d["assignment"], "assignment")
        return cls(_str(d["kind"], "kind"), _str(d["puzzle"], "puzzle"), Node.from_json(d["root"], "root"), start,
                   goal, options, rules, assignment)

    def to_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_text(cls, text: str) -> Proof:
        return cls.from_json(load_json(text))


MAX_SPLIT_DEPTH = 100
"""Most case splits one inside another a proof may have (a 10×10 proof needs a handful); deeper is refused."""


def check_depth(root: Any) -> None:
    """Refuse a proof tree nested more than :data:`MAX_SPLIT_DEPTH` splits deep, before any recursion."""
    level: list[Any] = [root]
    depth = 0
    while level:
        below = []
        for node in level:
            split = node.get("split") if isinstance(node, dict) else None
            branches = split.get("branches") if isinstance(split, dict) else None
            if isinstance(branches, list):
                below.extend(branches)
        if below:
            depth += 1
            if depth > MAX_SPLIT_DEPTH:
                raise ParseError(f"proof nested too deeply: more than {MAX_SPLIT_DEPTH} case splits inside one "
                                 "another", "root")
        level = below


def _dict(obj: Any, where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise ParseError(f"expected an object, got {type(obj).__name__}", where)
    return obj


PROOF_FIELDS = frozenset({"kind", "puzzle", "root", "start", "id", "goal", "rules", "assignment"})
"""The fields of a proof file besides the kind's options."""


def _options_schema(kind_name: object) -> dict[str, Option]:
    """The options of the proof's kind by name (none for a kind gridlogic does not know: it is refused later)."""
    if not isinstance(kind_name, str) or kind_name not in REGISTRY:
        return {}
    return {o.name: o for o in kind(kind_name).options}


def _keys(d: dict[str, Any], allowed: set[str], where: str, required: set[str]) -> None:
    unknown = sorted(set(d) - allowed)
    if unknown:
        raise ParseError(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(allowed))})", where)
    missing = sorted(required - set(d))
    if missing:
        raise ParseError(f"missing field {missing[0]!r}", where)


def _str(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise ParseError(f"expected a string, got {json.dumps(v)[:30]}", where)
    return v


def _ints(v: Any, n: int, where: str) -> list[int]:
    if not (isinstance(v, list) and len(v) == n and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise ParseError(f"expected {n} integers, got {json.dumps(v)[:30]}", where)
    return v


def _marks(v: Any, where: str) -> tuple[Mark, ...]:
    if not isinstance(v, list):
        raise ParseError("expected a list of [row, col, value]", where)
    out: list[Mark] = []
    for k, m in enumerate(v):
        at = f"{where}[{k}]"
        if not (isinstance(m, list) and len(m) == 3):
            raise ParseError(f"expected [row, col, value], got {json.dumps(m)[:30]}", at)
        r, c = _ints(m[:2], 2, at)
        out.append((r, c, _str(m[2], at)))
    return tuple(out)
