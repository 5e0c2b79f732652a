"""Assignments: the puzzles a teacher sets, the rules students may use, the goal, an optional cap
on transitions; and grading a student's proof against one.

An assignment file (``gridlogic assign make``) is JSON::

    {"assignment": "a1b2c3d4e5f6", "kind": "starbattle", "puzzles": ["https://puzz.link/..."],
     "rules": "legup" | "gridlogic" | ["SurroundStar", ...], "goal": {...} | null,
     "max_transitions": 200 | null, "link": "/proof?assignment=..."}

``assignment`` is a digest of the rest, so an edited file gets a new id. A student's proof names it
(``"assignment": "a1b2c3d4e5f6"``). Grading checks every transition under the assignment's rule set
(``legup``: LEGUP's rules in LEGUP's form; a list: the gridlogic set, then every rule used must be in
the list), the assignment's goal (not the student's), the cap, and that the proof's puzzle is one of
the assignment's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.numbers import load_json
from gridlogic.proof.checker import Budget, Report, check
from gridlogic.proof.kinds import kind_for, legup_kind, proof_kind, proof_kinds
from gridlogic.proof.model import RULE_SETS, Goal, Node, Proof


@dataclass(frozen=True)
class Assignment:
    kind: str
    puzzles: tuple[str, ...]
    rules: str | tuple[str, ...] = "legup"
    goal: Goal | None = None
    max_transitions: int | None = None

    @property
    def id(self) -> str:
        body = json.dumps(self._body(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(body.encode()).hexdigest()[:12]

    @property
    def rule_set(self) -> str:
        """The set transitions are judged under: ``legup`` or ``gridlogic`` (a list: gridlogic, less
        what is not listed)."""
        return self.rules if isinstance(self.rules, str) else "gridlogic"

    def allowed(self) -> frozenset[str]:
        """Every rule id a student may name."""
        pk = kind_for(self.kind, self.rule_set)
        every = {*pk.direct, *pk.contradictions, *pk.cases, *_techniques(self.kind, self.rule_set)}
        return frozenset(every if isinstance(self.rules, str) else set(self.rules))

    def _body(self) -> dict[str, Any]:
        return {"kind": self.kind, "puzzles": list(self.puzzles),
                "rules": self.rules if isinstance(self.rules, str) else list(self.rules),
                "goal": None if self.goal is None else self.goal.to_json(), "max_transitions": self.max_transitions}

    def link(self) -> str:
        """The ``/proof`` page opening the first puzzle with this assignment's palette."""
        return (f"/proof?puzzle={quote(self.puzzles[0], safe='')}&kind={self.kind}"
                f"&assignment={quote(json.dumps(self.to_json(link=False), separators=(',', ':')), safe='')}")

    def to_json(self, link: bool = True) -> dict[str, Any]:
        out = {"assignment": self.id, **self._body()}
        if link:
            out["link"] = self.link()
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Assignment:
        if not isinstance(obj, dict):
            raise ParseError("an assignment is a JSON object", "assignment")
        unknown = sorted(set(obj) - {"assignment", "kind", "puzzles", "rules", "goal", "max_transitions", "link"})
        if unknown:
            raise ParseError(f"unknown field {unknown[0]!r}", "assignment")
        kind_name = obj.get("kind")
        puzzles = obj.get("puzzles")
        if not isinstance(kind_name, str):
            raise ParseError(f"expected a kind ({' or '.join(proof_kinds())})", "assignment.kind")
        proof_kind(kind_name)
        if not (isinstance(puzzles, list) and puzzles and all(isinstance(p, str) for p in puzzles)):
            raise ParseError("expected a non-empty list of puzzle texts", "assignment.puzzles")
        rules = parse_rules(kind_name, obj.get("rules", "legup"))
        goal = None if obj.get("goal") is None else Goal.from_json(obj["goal"], "assignment.goal")
        cap = obj.get("max_transitions")
        if cap is not None and not (isinstance(cap, int) and not isinstance(cap, bool) and cap > 0):
            raise ParseError("expected a positive integer or null", "assignment.max_transitions")
        out = cls(kind_name, tuple(puzzles), rules, goal, cap)
        given = obj.get("assignment")
        if given is not None and given != out.id:
            raise ParseError(f"the file was edited: its id {given!r} is not its content's ({out.id})",
                             "assignment.assignment")
        return out

    @classmethod
    def from_text(cls, text: str, where: str = "assignment") -> Assignment:
        return cls.from_json(load_json(text, where))


def _techniques(kind_name: str, rule_set: str) -> Sequence[str]:
    from gridlogic.proof.kinds import proof_kind
    return () if rule_set == "legup" else proof_kind(kind_name).rules.techniques()


def parse_rules(kind_name: str, raw: Any) -> str | tuple[str, ...]:
    """``legup``, ``gridlogic``, or a list of rule ids of the kind (a comma-separated string too)."""
    if isinstance(raw, str) and raw in RULE_SETS:
        return raw
    items = [r.strip() for r in raw.split(",")] if isinstance(raw, str) else raw
    if not (isinstance(items, list) and items and all(isinstance(r, str) and r for r in items)):
        raise ParseError("expected legup, gridlogic or a list of rule names", "rules")
    pk = proof_kind(kind_name)
    known = [*pk.direct, *pk.contradictions, *pk.cases, *_techniques(kind_name, "gridlogic")]
    bad = [r for r in items if r not in known]
    if bad:
        raise ParseError(f"unknown rule {bad[0]!r} for {kind_name} (rules: {', '.join(known)})", "rules")
    return tuple(dict.fromkeys(items))


def rules_used(node: Node) -> list[str]:
    """Every rule named in the tree, in first-use order."""
    out: dict[str, None] = {}
    for s in node.steps:
        out.setdefault(s.rule)
    if node.split is not None:
        out.setdefault(node.split.rule)
        for b in node.split.branches:
            out.update(dict.fromkeys(rules_used(b)))
    if node.close is not None:
        out.setdefault(node.close)
    return [r for r in out if r]


@dataclass(frozen=True)
class Verdict:
    """A proof graded against an assignment."""

    report: Report
    puzzle: int | None
    """Which of the assignment's puzzles (0-based), None if none."""
    used: tuple[str, ...]
    disallowed: tuple[str, ...]
    over_limit: bool
    problems: tuple[str, ...]
    """Assignment-level failures (puzzle, assignment id, goal, disallowed rules, cap)."""

    @property
    def accepted(self) -> bool:
        return self.report.valid and self.report.goal_met and not self.problems


def grade_against(a: Assignment, proof: Proof, budget: Budget | None = None) -> Verdict:
    """Check ``proof`` as an answer to ``a``: the assignment's rule set and goal, every transition."""
    problems: list[str] = []
    if proof.kind != a.kind:
        problems.append(f"assignment: a {proof.kind} proof, the assignment is {a.kind}")
    which = _which_puzzle(a, proof)
    if which is None and proof.kind == a.kind:
        problems.append("assignment: the proof's puzzle is none of the assignment's puzzles")
    if proof.assignment is not None and proof.assignment != a.id:
        problems.append(f"assignment: the proof names assignment {proof.assignment}, not {a.id}")
    if a.goal is not None and proof.goal is not None and proof.goal != a.goal:
        problems.append(f"goal: the proof states goal {proof.goal.type}, the assignment's is {a.goal.type} "
                        f"(graded against the assignment's)")
    judged = replace(proof, rules=a.rule_set, goal=a.goal if a.goal is not None else proof.goal)
    report = check(judged, budget=budget)
    used = rules_used(proof.root)
    allowed = a.allowed()
    disallowed = tuple(r for r in used if r not in allowed)
    if disallowed:
        problems.append(f"rules: not allowed in this assignment: {', '.join(disallowed)}")
    over = a.max_transitions is not None and len(report.verdicts) > a.max_transitions
    if over:
        problems.append(f"transitions: {len(report.verdicts)} used, the assignment allows {a.max_transitions}")
    return Verdict(report, which, tuple(used), disallowed, over, tuple(problems))


def _which_puzzle(a: Assignment, proof: Proof) -> int | None:
    pk = proof_kind(a.kind)
    try:
        mine = pk.board(proof.puzzle, proof.options)
    except GridlogicError:
        return None
    for k, text in enumerate(a.puzzles):
        try:
            theirs = pk.board(text, proof.options)
        except GridlogicError:
            continue
        if mine == theirs:
            return k
    return None


def legup_palette(kind_name: str) -> frozenset[str]:
    pk = legup_kind(kind_name)
    return frozenset({*pk.direct, *pk.contradictions, *pk.cases})
