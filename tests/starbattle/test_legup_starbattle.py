"""LEGUP's Star Battle rules against every record of the conformance table (whole transition and
per cell), plus soundness of every direct rule against the SAT oracle on small boards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gridlogic.proof.kinds import proof_kind
from gridlogic.puzzles.starbattle import legup
from gridlogic.puzzles.starbattle.legup import BLACK, STAR, LegupBoard

SB = proof_kind("starbattle")

RULE_NAMES = {"FinishWithEmptyDirectRule": "FinishWithEmpty", "FinishSurroundWithEmptyDirectRule":
              "FinishSurroundWithEmpty"}


def _rule(cls: str) -> str:
    return RULE_NAMES.get(cls, cls.removesuffix("DirectRule").removesuffix("ContradictionRule")
                          .removesuffix("CaseRule"))


def _records(corpus: Path) -> tuple[list[dict[str, Any]], dict[str, LegupBoard]]:
    folder = corpus / "legup-conformance"
    boards = {}
    for line in (folder / "starbattle_boards.jsonl").read_text().splitlines():
        r = json.loads(line)
        boards[r["path"]] = LegupBoard.from_rows(r["stars"], r["regions"], ["".join(row) for row in r["cells"]])
    tests = [json.loads(line) for line in (folder / "starbattle_tests.jsonl").read_text().splitlines()]
    return tests, boards


def test_every_conformance_record(corpus: Path) -> None:
    tests, boards = _records(corpus)
    assert len(tests) == 36
    checked = 0
    for t in tests:
        b = boards[t["board"]]
        rule, n = _rule(t["rule"]), b.n
        if t["kind"] == "direct":
            changes: dict[int, str | None] = {c["y"] * n + c["x"]: c["value"] for c in t["changes"]}
            changes.update({c["y"] * n + c["x"]: None for c in t.get("modified_unchanged", [])})
            valid, per = legup.check_direct(rule, b, changes)
            assert valid == (t["expect"] == "valid"), t["test"]
            for pc in t["per_cell"]:
                assert per[pc["y"] * n + pc["x"]] == (pc["expect"] == "valid"), (t["test"], pc)
                checked += 1
        elif t["kind"] == "contradiction":
            fired = legup.CONTRADICTIONS[rule](b)
            assert bool(fired) == (t["expect"] == "contradiction"), t["test"]
            for pc in t["per_cell"]:
                assert (pc["y"] * n + pc["x"] in fired) == (pc["expect"] == "contradiction"), (t["test"], pc)
                checked += 1
        else:
            cell = t["cell"]["y"] * n + t["cell"]["x"]
            values = [case[0]["value"] for case in t["expected_cases"]]
            assert b.cells[cell] is None
            assert SB.partitions(rule, values)
            assert list(legup.CASES[rule]) == values  # LEGUP's order: star, then black
            assert not SB.partitions(rule, values[:1])
            assert not SB.partitions(rule, [STAR, STAR])
    assert checked > 300


def test_conformance_board_with_impossible_star_count_loads(corpus: Path) -> None:
    _, boards = _records(corpus)
    b = boards["puzzles/starbattle/rules/TooFewStarsContradictionRule/NotEnoughSpace"]
    assert (b.n, b.stars) == (4, 5)
    assert legup.CONTRADICTIONS["TooFewStars"](b)


BOARD_6 = ["000111", "011122", "033442", "553342", "544442", "522222"]
SOLUTION_6 = {(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)}


def test_every_direct_rule_is_sound_along_a_solution_path() -> None:
    b = LegupBoard.from_rows(1, [[int(ch) for ch in row] for row in BOARD_6])
    for cells in [[], [(0, 1)], [(0, 1), (1, 3)], [(0, 1), (1, 3), (3, 2)]]:
        pos = b.with_changes([(r * 6 + c, STAR) for r, c in cells])
        for name in legup.DIRECT:
            for i, v in legup.justified(name, pos):
                truth = STAR if divmod(i, 6) in SOLUTION_6 else BLACK
                assert v == truth, (name, divmod(i, 6), v)
        assert legup.satisfiable(pos)
    assert not legup.satisfiable(b, [(0, STAR)])


def test_solved_and_contradictions() -> None:
    b = LegupBoard.from_rows(1, [[int(ch) for ch in row] for row in BOARD_6])
    full = b.with_changes([(i, STAR if divmod(i, 6) in SOLUTION_6 else BLACK) for i in range(36)])
    assert legup.is_solved(full)
    assert not any(f(full) for f in legup.CONTRADICTIONS.values())
    assert not legup.is_solved(full.with_changes([(0, None)]))
    clash = b.with_changes([(0, STAR), (7, STAR)])
    assert legup.CONTRADICTIONS["ClashingOrbit"](clash) == {0, 7}
    assert legup.CONTRADICTIONS["TooManyStars"](b.with_changes([(0, STAR), (2, STAR)])) == {0, 2}
    assert b.rows()[0] == "......" and clash.rows()[1] == ".*...."


def test_within_rules_large_board_use_bounded_subsets() -> None:
    n = 15
    b = LegupBoard(n, 3, tuple(r for r in range(n) for _ in range(n)), (None,) * (n * n))
    assert legup.justified("ColumnsWithinRows", b) == frozenset()
    with pytest.raises(Exception, match="cells"):
        LegupBoard(3, 1, (0,), (None,))
