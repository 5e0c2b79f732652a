from __future__ import annotations

from itertools import islice
from pathlib import Path

from binary_corpus import Row, puzzle_of

from gridlogic.puzzles.binary import KIND, Binary
from gridlogic.puzzles.binary.exact import plain, solve_iter
from gridlogic.puzzles.binary.formats import legup, rows


def count(p: Binary) -> str:
    n = sum(1 for _ in islice(solve_iter(p), 2))
    return "2+" if n == 2 else str(n)


def count_plain(p: Binary) -> str:
    n = sum(1 for _ in islice(plain(p), 2))
    return "2+" if n == 2 else str(n)


def test_sample_counts_match_corpus(binary_sample: list[Row]) -> None:
    assert len(binary_sample) > 200
    for row in binary_sample:
        p = puzzle_of(row)
        assert (count(p), count(p.with_unique_lines(False))) == (row[3], row[4]), row[0]
        assert (count_plain(p), count_plain(p.with_unique_lines(False))) == (row[3], row[4]), row[0]
        if row[3] == "1":
            sol = next(solve_iter(p))
            assert "".join(KIND.solution_rows(p, sol)) == row[5], row[0]


def test_distinct_rule_counts_exactly() -> None:
    for w, h in ((4, 4), (6, 4), (5, 5)):
        empty = Binary.empty(w, h)
        with_rule = sum(1 for _ in solve_iter(empty))
        without = sum(1 for _ in solve_iter(empty.with_unique_lines(False)))
        assert (with_rule, without) == brute_force(w, h)
        assert with_rule == sum(1 for _ in plain(empty))
    assert sum(1 for _ in solve_iter(Binary.empty(2, 2))) == 2


def brute_force(w: int, h: int) -> tuple[int, int]:
    from itertools import product
    lines = ["".join(b) for b in product("01", repeat=w) if "000" not in "".join(b) and "111" not in "".join(b)
            and "".join(b).count("1") == (w + 1) // 2]
    distinct = total = 0
    for grid in product(lines, repeat=h):
        cols = ["".join(r[c] for r in grid) for c in range(w)]
        if all("000" not in c and "111" not in c and c.count("1") == (h + 1) // 2 for c in cols):
            total += 1
            distinct += len(set(grid)) == h and len(set(cols)) == w
    return distinct, total


def test_legup_hard2_has_no_solution_with_distinct_rule(corpus: Path) -> None:
    p = legup.read((corpus / "binary/legup/8x8 Binary Hard/8x8 Binary Hard 2").read_text())
    assert count(p) == "0" and count(p.with_unique_lines(False)) == "1"


def test_check_names_violations() -> None:
    p = rows.read("4x4:1...............")
    good = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]]
    assert KIND.check(p, good) == []
    trio = [[1, 1, 1, 0], [0, 1, 1, 0], [1, 0, 0, 1], [0, 0, 0, 1]]
    names = {v.rule for v in KIND.check(p, trio)}
    assert {"Trio", "UnbalancedRowColumn"} <= names
    t = next(v for v in KIND.check(p, trio) if v.rule == "Trio")
    assert t.cells == ((0, 0), (0, 1), (0, 2)) and "row 1" in t.message
    rep = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [0, 1, 1, 0]]
    v = KIND.check(p, rep)
    assert [x.rule for x in v].count("RepeatedRowColumn") == 4
    assert KIND.check(p.with_unique_lines(False), rep) == []
    changed = [[0, 1, 1, 0], [1, 0, 0, 1], [0, 0, 1, 1], [1, 1, 0, 0]]
    assert [x.rule for x in KIND.check(p, changed)] == ["GivenChanged"]
