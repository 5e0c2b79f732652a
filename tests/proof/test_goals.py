"""LEGUP's goal conditions: every goal type with a proof that meets it and one that does not, in
proof JSON and through a LEGUP file (``<goal type=...>``), and the checker's verdict."""

from __future__ import annotations

from typing import Any

import pytest

from gridlogic.core.errors import ParseError
from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml, to_legup_xml
from gridlogic.proof.model import Goal, Proof
from gridlogic.proof.render import render

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
STARS = [(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)]
ALL = [[r, c, "star" if (r, c) in STARS else "black"] for r in range(6) for c in range(6)]

SOLVED: dict[str, Any] = {"steps": []}
EMPTY: dict[str, Any] = {"steps": []}
STAR_R1C2: dict[str, Any] = {"steps": []}
BLACK_R1C1: dict[str, Any] = {"steps": []}
STARTS = {id(SOLVED): ALL, id(STAR_R1C2): [[0, 1, "star"]], id(BLACK_R1C1): [[0, 0, "black"]]}
"""Boards given as the proof's start (no rule could set a whole solution in one step)."""
CLASH = {"close": "ClashingOrbit"}


def _two_solutions() -> dict[str, Any]:
    """A 2x2 Binary board with two solutions, each proved in its branch."""
    def branch(v: str) -> dict[str, Any]:
        o = "1" if v == "0" else "0"
        return {"value": v, "steps": [{"rule": "CompleteRowColumn", "set": [[0, 1, o], [1, 0, o]]},
                                      {"rule": "CompleteRowColumn", "set": [[1, 1, v]]}]}
    return {"split": {"rule": "ZeroOrOne", "cell": [0, 0], "branches": [branch("0"), branch("1")]}}


def _proof(root: dict[str, Any], goal: dict[str, Any], **extra: Any) -> Proof:
    obj = {"kind": "starbattle", "puzzle": URL, "root": root, "goal": goal, **extra}
    if id(root) in STARTS:
        obj["start"] = STARTS[id(root)]
    if root is TWO:
        obj["kind"], obj["puzzle"] = "binary", "2x2:...."
    return Proof.from_json(obj)


TWO = _two_solutions()
CLOSED_START = {"start": [[0, 0, "star"], [0, 1, "star"]]}

# (goal, root, extra fields, met?)
CASES: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any], bool]] = [
    ({"type": "DEFAULT"}, SOLVED, {}, True),
    ({"type": "DEFAULT"}, EMPTY, {}, False),
    ({"type": "PROVE_ANY_SOLUTION"}, SOLVED, {}, True),
    ({"type": "PROVE_ANY_SOLUTION"}, STAR_R1C2, {}, False),
    ({"type": "PROVE_NO_SOLUTION"}, CLASH, CLOSED_START, True),
    ({"type": "PROVE_NO_SOLUTION"}, SOLVED, {}, False),
    ({"type": "PROVE_CELL_MUST_BE", "cells": [[0, 1, "star"]], "assume_solution": True}, STAR_R1C2, {}, True),
    ({"type": "PROVE_CELL_MUST_BE", "cells": [[0, 1, "star"]]}, SOLVED, {}, True),
    ({"type": "PROVE_CELL_MUST_BE", "cells": [[0, 1, "star"]]}, STAR_R1C2, {}, False),  # no solution shown
    ({"type": "PROVE_CELL_MUST_BE", "cells": [[0, 0, "star"]]}, SOLVED, {}, False),
    ({"type": "PROVE_CELL_MIGHT_NOT_BE", "cells": [[0, 0, "star"]]}, SOLVED, {}, True),
    ({"type": "PROVE_CELL_MIGHT_NOT_BE", "cells": [[0, 0, "star"]]}, BLACK_R1C1, {}, True),
    ({"type": "PROVE_CELL_MIGHT_NOT_BE", "cells": [[0, 1, "star"]]}, SOLVED, {}, False),
    ({"type": "PROVE_SINGLE_CELL_VALUE", "cells": [[0, 1]]}, SOLVED, {}, True),
    ({"type": "PROVE_SINGLE_CELL_VALUE", "cells": [[0, 1]], "assume_solution": True}, EMPTY, {}, False),
    ({"type": "PROVE_SINGLE_CELL_VALUE", "cells": [[0, 0]]}, TWO, {}, False),
    ({"type": "PROVE_MULTIPLE_CELL_VALUE", "cells": [[0, 0]]}, TWO, {}, True),
    ({"type": "PROVE_MULTIPLE_CELL_VALUE", "cells": [[0, 0]]}, SOLVED, {}, False),
    ({"type": "PROVE_VALUES_ARE_POSSIBLE", "cells": [[0, 1, "star"]]}, SOLVED, {}, True),
    ({"type": "PROVE_VALUES_ARE_POSSIBLE", "cells": [[0, 1, "star"]], "assume_solution": True}, STAR_R1C2, {},
     True),
    ({"type": "PROVE_VALUES_ARE_POSSIBLE", "cells": [[0, 0, "star"]]}, SOLVED, {}, False),
    ({"type": "PROVE_VALUES_ARE_IMPOSSIBLE", "cells": [[0, 0, "star"]]}, BLACK_R1C1, {}, True),
    ({"type": "PROVE_VALUES_ARE_IMPOSSIBLE", "cells": [[0, 0, "star"]]}, STAR_R1C2, {}, False),
    ({"type": "PROVE_VALUES_ARE_IMPOSSIBLE", "cells": [[0, 1, "star"]]}, SOLVED, {}, False),
]


@pytest.mark.parametrize(("goal", "root", "extra", "met"), CASES)
def test_goal(goal: dict[str, Any], root: dict[str, Any], extra: dict[str, Any], met: bool) -> None:
    proof = _proof(root, goal, **extra)
    for p in (proof, from_legup_xml(to_legup_xml(proof))):
        assert p.goal == Goal.from_json(goal)
        rep = check(p)
        assert rep.goal_met is met, rep.goal_missing
        assert rep.valid is met, rep.errors  # every transition here is valid: only the goal can fail
        assert rep.goal == goal["type"]
        text = render(p, rep)
        assert (f"goal {goal['type']}: goal met" in text) is met
        if not met:
            assert rep.goal_missing and rep.goal_missing in text
        assert check(p, partial=True).valid and check(p, partial=True).goal_met is met


def test_every_goal_type_is_covered() -> None:
    from gridlogic.proof.model import GOAL_TYPES
    met = {(g["type"], m) for g, _, _, m in CASES}
    assert met == {(t, m) for t in GOAL_TYPES for m in (True, False)}


def test_goal_messages_say_what_is_missing() -> None:
    rep = check(_proof(SOLVED, {"type": "PROVE_CELL_MUST_BE", "cells": [[0, 0, "star"]]}))
    assert rep.goal_missing == "open leaf root does not have r1c1=star (r1c1=black)"
    assert [(e.path, e.rule) for e in rep.errors] == [("goal", "PROVE_CELL_MUST_BE")]
    rep = check(_proof(EMPTY, {"type": "PROVE_NO_SOLUTION"}))
    assert rep.goal_missing == "1 open leaves, first root"
    assert rep.to_json()["goal_met"] is False and rep.to_json()["complete"] is False


@pytest.mark.parametrize(("goal", "message"), [
    ({"type": "PROVE_EVERYTHING"}, "unknown goal type"),
    ({"type": "DEFAULT", "cells": [[0]]}, "expected [row, col]"),
    ({"type": "DEFAULT", "assume_solution": "yes"}, "true or false"),
    ({"cells": []}, "missing field 'type'"),
])
def test_bad_goals_are_parse_errors(goal: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("[", r"\[")):
        _proof(EMPTY, goal)


def test_legup_goal_element() -> None:
    xml = to_legup_xml(_proof(STAR_R1C2, {"type": "PROVE_CELL_MUST_BE", "cells": [[0, 1, "star"]],
                                          "assume_solution": True}))
    assert '<goal type="PROVE_CELL_MUST_BE" assumeSolution="true">' in xml
    assert '<cell value="-2" x="1" y="0" />' in xml
