"""Properties of the proof file format: any tree survives JSON and back; any JSON value either
parses or raises ParseError (never another exception); the checker never crashes on a parsed tree."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.core.errors import GridlogicError, ParseError, UnsupportedError
from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml, not_legup_steps, to_legup_xml
from gridlogic.proof.model import GOAL_TYPES, Goal, Node, Proof, ProofStep, Split

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
values = st.sampled_from(["star", "black", "0", "1", "x"])
marks = st.tuples(st.integers(-1, 6), st.integers(-1, 6), values)
rules = st.sampled_from(["SurroundStar", "FinishWithStars", "TooManyStars", "StarOrEmpty", "R1.1", "Nope"])
steps = st.builds(ProofStep, rules, st.lists(marks, max_size=3).map(tuple))


def nodes(depth: int) -> st.SearchStrategy[Node]:
    leaf = st.builds(Node, st.lists(steps, max_size=3).map(tuple), st.none(),
                     st.one_of(st.none(), rules), st.one_of(st.none(), values))
    if depth == 0:
        return leaf
    split = st.builds(Split, rules, st.tuples(st.integers(-1, 6), st.integers(-1, 6)),
                      st.lists(nodes(depth - 1), max_size=3).map(tuple))
    return st.one_of(leaf, st.builds(Node, st.lists(steps, max_size=2).map(tuple), split, st.none(),
                                     st.one_of(st.none(), values)))


proofs = st.builds(Proof, st.just("starbattle"), st.just(URL), nodes(2), st.lists(marks, max_size=2).map(tuple))


@settings(max_examples=80, deadline=None)
@given(proofs)
def test_round_trip_and_checker_never_crashes(p: Proof) -> None:
    assert Proof.from_text(p.to_text()) == p
    rep = check(p, partial=True)
    assert rep.valid == (not rep.errors)
    assert all(e.path.startswith(("root", "start")) for e in rep.errors)


json_values: st.SearchStrategy[Any] = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.sampled_from(["star", "root", "steps", ""])),
    lambda kids: st.one_of(st.lists(kids, max_size=3),
                           st.dictionaries(st.sampled_from(["kind", "puzzle", "root", "steps", "set", "rule",
                                                            "split", "cell", "branches", "close", "value"]),
                                           kids, max_size=4)),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_parses_or_raises_parse_error(obj: Any) -> None:
    for candidate in (obj, {"kind": "starbattle", "puzzle": URL, "root": obj}):
        with contextlib.suppress(ParseError):
            Proof.from_text(json.dumps(candidate))


goal_cells = st.lists(st.tuples(st.integers(-1, 6), st.integers(-1, 6), st.one_of(st.none(), values)), max_size=2)
goals = st.builds(Goal, st.sampled_from(GOAL_TYPES), goal_cells.map(tuple), st.booleans())


@settings(max_examples=60, deadline=None)
@given(proofs, st.one_of(st.none(), goals))
def test_legup_file_round_trip_and_goals_never_crash(p: Proof, goal: Goal | None) -> None:
    """Any tree (even a wrong one) with any goal survives a LEGUP file and back; checking never
    raises anything but a clean error."""
    p = Proof(p.kind, p.puzzle, p.root, p.start, goal)
    try:
        back = from_legup_xml(to_legup_xml(p))
    except UnsupportedError:  # a split without branches, or a rule a LEGUP file cannot carry
        assert not_legup_steps(p) or _has_empty_split(p.root)
        return
    xml = to_legup_xml(back)  # a LEGUP file is a fixed point (values LEGUP cannot hold are unknown)
    assert to_legup_xml(from_legup_xml(xml)) == xml
    with contextlib.suppress(GridlogicError):
        assert check(back).valid == check(p).valid  # the same verdict after the trip
        assert check(back, partial=True).valid == check(p, partial=True).valid


def _has_empty_split(node: Node) -> bool:
    return node.split is not None and (not node.split.branches or any(_has_empty_split(b) for b in node.split.branches))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_legup_files_parse_or_raise_parse_error(data: st.DataObject) -> None:
    text = to_legup_xml(Proof.from_json({"kind": "starbattle", "puzzle": URL, "goal": {"type": "PROVE_CELL_MUST_BE",
                        "cells": [[0, 1, "star"]]}, "root": {"steps": [{"rule": "SurroundStar",
                        "set": [[0, 1, "star"]]}],
                        "split": {"rule": "StarOrEmpty", "cell": [2, 2], "branches": [{"close": "TooFewStars"},
                                                                                      {"steps": []}]}}}))
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    damaged = text[:start] + data.draw(st.text(alphabet='<>/"=- 0123456789abcdefxyz', max_size=12)) + text[end:]
    with contextlib.suppress(GridlogicError):
        check(from_legup_xml(damaged))
