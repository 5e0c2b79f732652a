"""Binary LEGUP rules: each direct rule on hand-made positions, and soundness of every rule against
the SAT oracle on random partial boards cut from a solution (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.proof.kinds import proof_kind
from gridlogic.puzzles.binary import legup
from gridlogic.puzzles.binary.legup import ONE, ZERO, LegupBoard

SOLUTION = ["001011", "010101", "101010", "011001", "100110", "110100"]


def _cells(b: LegupBoard, rule: str) -> set[tuple[int, int, str]]:
    return {(*divmod(i, b.width), v) for i, v in legup.justified(rule, b)}


def test_prevent_trio_pairs_and_gaps() -> None:
    b = LegupBoard.from_rows([".00.", "....", "1.1.", "...."])
    got = _cells(b, "PreventTrio")
    assert {(0, 0, ONE), (0, 3, ONE), (2, 1, ZERO)} <= got
    assert all(v in (ONE, ZERO) for *_, v in got)
    assert (1, 0, ONE) not in got


def test_complete_row_column_and_unbalanced() -> None:
    b = LegupBoard.from_rows(["0.0.", "....", "....", "...."])
    assert {(0, 1, ONE), (0, 3, ONE)} <= _cells(b, "CompleteRowColumn")
    assert legup.CONTRADICTIONS["UnbalancedRowColumn"](b.with_changes([(1, ZERO)])) == {0, 1, 2, 3}
    assert not legup.CONTRADICTIONS["UnbalancedRowColumn"](b)


def test_save_blocker_exact_line_reasoning() -> None:
    # 0 . 0 . . . : a 0 in cell 1 leaves the line no completion, so SaveBlocker (exact) gives a 1
    b = LegupBoard.from_rows(["0.0...", "......", "......", "......", "......", "......"])
    got = _cells(b, "SaveBlocker")
    assert got == {(0, 1, ONE)}
    for r, c, v in got:
        assert not legup.satisfiable(b, [(r * 6 + c, legup.other(v))])


def test_unique_row_column_and_repeated() -> None:
    rows = ["0101", "1010", "01..", "...."]
    b = LegupBoard.from_rows(rows)
    # row 2 as 0101 would repeat row 0: cell (2,2) must be 1, (2,3) must be 0
    assert {(2, 2, ONE), (2, 3, ZERO)} <= _cells(b, "UniqueRowColumn")
    assert _cells(LegupBoard.from_rows(rows, unique_lines=False), "UniqueRowColumn") == set()
    dup = LegupBoard.from_rows(["0101", "0101", "....", "...."])
    assert legup.CONTRADICTIONS["RepeatedRowColumn"](dup) == set(range(8))


def test_trio_wasted_blocker_and_solved() -> None:
    assert legup.CONTRADICTIONS["Trio"](LegupBoard.from_rows(["000.", "....", "....", "...."])) == {0, 1, 2}
    wasted = LegupBoard.from_rows(["0..0..", "......", "......", "......", "......", "......"])
    assert legup.completable(("0", None, None, "0", None, None))
    assert not legup.completable(("0", None, None, None, "0", "0"))
    assert not legup.CONTRADICTIONS["WastedBlocker"](wasted)
    assert legup.CONTRADICTIONS["WastedBlocker"](LegupBoard.from_rows(["0...00", *["......"] * 5]))
    full = LegupBoard.from_rows(SOLUTION)
    assert legup.is_solved(full)
    assert legup.satisfiable(full)
    assert not legup.is_solved(full.with_changes([(0, None)]))
    assert full.rows() == SOLUTION
    assert proof_kind("binary").partitions("ZeroOrOne", [ONE, ZERO])
    assert not proof_kind("binary").partitions("ZeroOrOne", [ONE])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=36, max_size=36))
def test_every_rule_is_sound_on_partial_solutions(keep: list[bool]) -> None:
    truth = [ch for row in SOLUTION for ch in row]
    b = LegupBoard(6, 6, tuple(v if k else None for v, k in zip(truth, keep, strict=True)))
    for rule in legup.DIRECT:
        for i, v in legup.justified(rule, b):
            assert v == truth[i], (rule, divmod(i, 6), v)
    for rule in legup.CONTRADICTIONS:
        assert not legup.CONTRADICTIONS[rule](b), rule
