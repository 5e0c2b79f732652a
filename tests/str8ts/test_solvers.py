"""The exact solvers: SAT over the corpus (counts match num_solutions, the solution matches
solution81), both methods on small boards and rule 2'; the backtracker over the whole corpus is in
test_backtrack_corpus.py."""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from str8ts_data import SEED_SOLUTION, Row

from gridlogic.core.errors import ValidationError
from gridlogic.puzzles.str8ts import KIND
from gridlogic.puzzles.str8ts.exact import backtrack as exact_backtrack
from gridlogic.puzzles.str8ts.exact import sat as exact_sat
from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.model import Str8ts

COUNT = {"0": 0, "1": 1, "2+": 2}


def _count(p: Str8ts, method: str) -> list[tuple[int, ...]]:
    return list(islice(KIND.solutions(p, method), 2))


def _expected(p: Str8ts, solution81: str) -> tuple[int, ...]:
    return tuple(0 if p.black[i] else int(solution81[i]) for i in range(p.size))


def _check_row(row: Row, method: str) -> None:
    rid, text, num, sol81 = row
    try:
        p = s81.read(text)
    except ValidationError:
        assert num == "0", rid  # a given repeated in its row: no solution, refused with the cell named
        return
    found = _count(p, method)
    assert len(found) == COUNT[num], rid
    if num == "1":
        assert found[0] == _expected(p, sol81), rid
        assert not KIND.check(p, found[0]), rid


def test_sat_whole_corpus(rows: list[Row]) -> None:
    assert len(rows) == 256
    for row in rows:
        _check_row(row, "sat")


def test_seed_both_methods(seed: Str8ts) -> None:
    for method in ("sat", "backtrack"):
        (sol,) = _count(seed, method)
        assert KIND.solution_rows(seed, sol) == SEED_SOLUTION


def test_unknown_method(seed: Str8ts) -> None:
    with pytest.raises(Exception, match="no method 'dlx'"):
        KIND.solutions(seed, "dlx")


def test_empty_small_grid_counts_agree() -> None:
    p = s81.read("#" + "." * 14 + "#")  # 4x4 nearly empty: many solutions
    a = set(islice(exact_sat.solutions(p), 500))
    b = set(islice(exact_backtrack.solutions(p), 500))
    assert a == b and len(a) > 1
    assert all(not KIND.check(p, s) for s in a)


def straight(vals: list[int]) -> bool:
    """Rule 2: the values are consecutive numbers in some order."""
    return max(vals) - min(vals) == len(vals) - 1 and len(set(vals)) == len(vals)


def rule2_prime(vals: list[int]) -> bool:
    """Rule 2': for every value v held, nothing >= v + t or <= v - t is held (t = length)."""
    t = len(vals)
    return all(not (w >= v + t or w <= v - t) for v in vals for w in vals)


@settings(max_examples=400)
@given(st.integers(1, 9).flatmap(lambda t: st.lists(st.integers(1, 9), min_size=t, max_size=t, unique=True)))
def test_rule2_iff_rule2_prime(vals: list[int]) -> None:
    assert straight(vals) == rule2_prime(vals)


@given(st.integers(2, 9).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(1, n), min_size=1,
                                                                          max_size=n, unique=True))))
def test_sat_clauses_forbid_exactly_non_straights(case: tuple[int, list[int]]) -> None:
    """A single row compartment holding ``vals`` (as givens, rest black) is solvable iff a straight."""
    n, vals = case
    text = "".join(str(v) for v in vals) + "#" * (n - len(vals)) + "#" * (n * n - n)
    p = s81.read(text)
    assert (next(exact_sat.solutions(p), None) is not None) == straight(vals)
    assert (next(exact_backtrack.solutions(p), None) is not None) == straight(vals)


def test_sat_without_shortcut_agrees(rows: list[Row]) -> None:
    """The solver path on puzzles the pre-propagation alone would settle, and on a sample."""
    for k, (rid, text, _, _) in enumerate(rows):
        try:
            p = s81.read(text)
        except ValidationError:
            continue
        masks = exact_sat.candidates(p)
        if k % 8 and not all(not masks[i] & (masks[i] - 1) for i in p.white):
            continue
        assert list(islice(exact_sat.solutions(p, shortcut=False), 2)) == list(islice(exact_sat.solutions(p), 2)), rid


@pytest.mark.parametrize("threshold", [2, 99])
def test_straight_vars_never_change_solutions(rows: list[Row], threshold: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """(E) with straight variables everywhere (2) or nowhere (99): same solutions as the default."""
    sample = [r for k, r in enumerate(rows) if k % 6 == 0 or r[2] == "2+"]
    expected = {}
    for rid, text, _, _ in sample:
        try:
            expected[rid] = list(islice(exact_sat.solutions(s81.read(text), shortcut=False, budget=0), 2))
        except ValidationError:
            continue
    monkeypatch.setattr(exact_sat, "STRAIGHT_VARS_FROM", threshold)
    for rid, text, num, _ in sample:
        if rid in expected:
            p = s81.read(text)
            got = list(islice(exact_sat.solutions(p, shortcut=False, budget=0), 2))
            assert len(got) == len(expected[rid]) == COUNT[num], rid
            assert (got == expected[rid]) if num == "1" else all(not KIND.check(p, s) for s in got), rid


@pytest.mark.parametrize("budget", [0, 1])
def test_strengthening_mid_search_keeps_solutions(rows: list[Row], budget: int) -> None:
    """(E) from the start (0) or added after the first conflict (1), even between two solutions."""
    for k, (rid, text, num, _) in enumerate(rows):
        if k % 5 and num == "1":
            continue
        try:
            p = s81.read(text)
        except ValidationError:
            continue
        got = list(islice(exact_sat.solutions(p, shortcut=False, budget=budget), 2))
        assert len(got) == COUNT[num], rid
        assert (got == list(islice(exact_sat.solutions(p), 2))) if num == "1" else \
            all(not KIND.check(p, s) for s in got), rid


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 9).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, (1 << n) - 1), min_size=1, max_size=n))))
def test_window_starts_matches_window_by_window(case: tuple[int, list[int]]) -> None:
    """The bit-parallel window test equals checking each window k..k+t-1 on its own."""
    n, ms = case
    t = len(ms)
    union = 0
    for m in ms:
        union |= m
    naive = 0
    for s in range(n - t + 1):
        w = ((1 << t) - 1) << s
        if union & w == w and all(m & w for m in ms):
            naive |= 1 << s
    assert exact_sat.window_starts(ms, (1 << (n - t + 1)) - 1) == naive


def test_clause_tables_match_clause_by_clause(rows: list[Row]) -> None:
    """The binary clauses from the cached pair tables are exactly (A) at most one, (B) and (C) written
    out pair by pair over the candidates."""
    for rid, text, _, _ in rows[::25]:
        try:
            p = s81.read(text)
        except ValidationError:
            continue
        n, masks = p.n, exact_sat.candidates(p)
        m, _ = exact_sat.encode(p, straights=False, masks=masks)
        ok = {i * n + d for i in range(p.size) for d in range(1, n + 1) if masks[i] >> (d - 1) & 1}

        def x(i: int, d: int) -> int:
            return i * n + d if i * n + d in ok else 0  # noqa: B023 (used within the iteration)
        want = set()
        for i in range(p.size):
            want |= {(-x(i, a), -x(i, b)) for a in range(1, n + 1) for b in range(a + 1, n + 1)}
        for line in p.lines:
            want |= {(-x(a, d), -x(b, d)) for k, a in enumerate(line) for b in line[k + 1:] for d in range(1, n + 1)}
        for c in p.compartments:
            t = c.size
            want |= {(-x(a, v), -x(b, w)) for k, a in enumerate(c.cells) for b in c.cells[k + 1:]
                     for v in range(1, n + 1) for w in range(1, n + 1) if abs(v - w) >= t}
        want = {cl for cl in want if 0 not in cl}
        got = [tuple(cl) for cl in m.clauses if len(cl) == 2 and cl[0] < 0 and cl[1] < 0]
        assert len(got) == len(set(got)) and set(got) == want, rid
