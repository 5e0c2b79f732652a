"""LEGUP's narrower forms of two Binary rules, judged under the ``legup`` rule set on hand-written
files: Unique Row/Column, both of its cases (``UniqueRowColumnDirectRule``: *opposite digit
difference* and *one digit remaining*), and Wasted Blocker (LEGUP's gap count)."""

from __future__ import annotations

import pytest
from legup_files import bin_board, chain, legup

from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml
from gridlogic.puzzles.binary import legup as bn
from gridlogic.puzzles.binary import legup_forms as bf

E6 = ["......"] * 4
# row 0 finished; row 1 agrees with it on every known cell and lacks one 0 (holds 2 of 3), with three
# empty cells: only LEGUP's second case applies. A 0 at x=3 would make row 1 a copy of row 0.
REMAINING = ["001011", "00...1", *E6]
# the same in columns (the board transposed)
REMAINING_COL = ["".join(row[c] for row in REMAINING) for c in range(6)]
# LEGUP's first case: two empty cells, equal to the finished row elsewhere
OPPOSITE = ["0101", "01..", "....", "...."]
UNIQUE = ("Unique Row/Column", "BINA-BASC-0004")


def judge(rows: list[str], spec: str, rules: str = "legup") -> bool:
    text = legup("Binary", bin_board(rows), chain((*UNIQUE, spec)))
    text = text.replace("<proof>", f'<proof gridlogic_rules="{rules}">')
    return check(from_legup_xml(text), partial=True).valid


@pytest.mark.parametrize(("rows", "spec", "valid"), [
    (REMAINING, "3,1=1", True),      # one digit remaining: the last 0 cannot go where row 0 has it
    (REMAINING, "3,1=0", False),     # the opposite digit
    (REMAINING, "4,1=0", False),     # row 0 holds 1 there: nothing forces this cell by this rule
    (REMAINING_COL, "1,3=1", True),  # the same in a column
    (REMAINING_COL, "1,3=0", False),
    (OPPOSITE, "2,1=1", True),       # opposite digit difference (two empty cells)
    (OPPOSITE, "3,1=0", True),
    (OPPOSITE, "2,1=0", False),
])
def test_both_of_legups_cases_under_the_legup_rule_set(rows: list[str], spec: str, valid: bool) -> None:
    assert judge(rows, spec) is valid


def test_the_second_case_is_in_the_legup_form_and_exact() -> None:
    b = bn.LegupBoard.from_rows(REMAINING)
    assert (9, "1") in bf.unique_row_column_legup(b)
    assert bf.unique_row_column_legup(b) <= bn.unique_row_column(b)
    # three empty cells and no digit one short: neither of LEGUP's cases, whatever the broad rule says
    wide = bn.LegupBoard.from_rows(["001011", "0.1...", *E6])
    assert not bf.unique_row_column_legup(wide)


def test_one_differing_cell_with_one_empty_cell() -> None:
    # one empty cell and one known cell differing from row 0: LEGUP's first case accepts the opposite
    # of row 0's digit (the line's balance alone forces it there)
    assert judge(["001011", "10101.", *E6], "5,1=0")
    assert not judge(["001011", "10101.", *E6], "5,1=1")
    # two differing cells: not LEGUP's case
    assert not bf.unique_row_column_legup(bn.LegupBoard.from_rows(["001011", "11101.", *E6]))


WASTED = ("Wasted Blocker", "BINA-CONT-0004")


def closes(rows: list[str], rules: str) -> bool:
    text = legup("Binary", bin_board(rows), chain(close=WASTED))
    return check(from_legup_xml(text.replace("<proof>", f'<proof gridlogic_rules="{rules}">')), partial=True).valid


@pytest.mark.parametrize(("line", "legup", "gridlogic"), [
    ("00...0", True, True),     # LEGUP's count: the 3-cell gap needs a 0, and the line holds 3 already
    (".00.11", False, True),    # no completion, but LEGUP's count ignores one-cell gaps
    ("0...1.", False, False),   # completable: no contradiction at all
])
def test_wasted_blocker_in_legups_form(line: str, legup: bool, gridlogic: bool) -> None:
    rows = [line, *E6, "......"]
    assert closes(rows, "legup") is legup
    assert closes(rows, "gridlogic") is gridlogic
    assert bf.legup_wasted(tuple(None if ch == "." else ch for ch in line)) is legup



def _unique_naive(b: bn.LegupBoard) -> frozenset[tuple[int, str]]:
    """Unique Row/Column as first written: two enumerations per cell and digit."""
    out = set()
    for fam in b.lines:
        seen = {b.values(u) for u in fam if None not in b.values(u)}
        for u in fam:
            line = b.values(u)
            for k, v in enumerate(line):
                for d in () if v is not None or not seen else bn.VALUES:
                    other = "1" if d == "0" else "0"
                    bad = list(bn.completions((*line[:k], other, *line[k + 1:])))
                    good = [c for c in bn.completions((*line[:k], d, *line[k + 1:])) if c not in seen]
                    if good and all(c in seen for c in bad):
                        out.add((u[k], d))
    return frozenset(out)


def test_unique_row_column_is_unchanged_by_enumerating_each_line_once() -> None:
    import random
    rng = random.Random(30)
    hits = 0
    for _ in range(300):
        n = rng.choice((4, 6))
        sol = bn.solution(bn.LegupBoard.from_rows(["." * n] * n))
        assert sol is not None
        rows = ["".join(ch if rng.random() < 0.6 else "." for ch in row) for row in sol.rows()]
        b = bn.LegupBoard.from_rows(rows)
        fast = bn.unique_row_column(b)
        assert fast == _unique_naive(b)
        assert bf.unique_row_column_legup(b) <= fast
        assert all(bn.unique_row_column_at(b, i, d) for i, d in fast)
        hits += bool(fast)
    assert hits > 10
