"""Properties of the proof file format: any tree survives JSON and back; any JSON value either
parses or raises ParseError (never another exception); the checker never crashes on a parsed tree."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.core.errors import ParseError
from gridlogic.proof.checker import check
from gridlogic.proof.model import Node, Proof, ProofStep, Split

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
