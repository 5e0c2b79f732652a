"""Each human rule on a hand-made board: where it must fire (marks, 1-based reason) and where not."""

from __future__ import annotations

import random
from itertools import permutations

from gridlogic.core.step import Mark
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import basic, chains, lines, sets
from gridlogic.puzzles.str8ts.rules.state import State
from gridlogic.puzzles.str8ts.straights import fits, fits_with, line_windows, windows


def m(*ds: int) -> int:
    out = 0
    for d in ds:
        out |= 1 << (d - 1)
    return out


def board(rows: list[str], cells: dict[tuple[int, int], int], givens: list[list[int]] | None = None) -> State:
    """A puzzle from ``#``/``.`` rows; every white cell full except ``cells`` (r, c) -> mask."""
    s = State.start(Str8ts.from_rows(rows, givens))
    for (r, c), mask in cells.items():
        s.board.masks[r * len(rows) + c] = mask
    return s


SIX = ["...#..", "......", "......", "......", "......", "......"]
FOUR = ["....", "....", "....", "...."]


def test_windows_need_a_matching_not_just_ranges() -> None:
    assert windows(4, (m(1, 2), m(1, 2), m(1, 2, 3, 4)), 0) == (m(1, 2, 3),)  # 234 would need two 2s
    ((w, support),) = fits(4, (m(1, 2), m(1, 2), m(1, 2, 3, 4)), 0)
    assert w == m(1, 2, 3) and support == (m(1, 2), m(1, 2), m(3))
    assert windows(4, (15, 15), m(2)) == (m(3, 4),)  # a digit decided elsewhere in the line is out
    assert windows(4, (m(1), m(1)), 0) == ()
    assert fits(3, (7, 7, 7), 0) == ((7, (7, 7, 7)),)


def test_fits_give_each_cell_exactly_the_digits_of_some_filling() -> None:
    """``fits`` against every one-to-one filling of every window, on 400 random compartments of one
    to seven cells (the per-cell digits come from sets of sets shifted digit by digit)."""
    rng = random.Random(27)
    for _ in range(400):
        t = rng.randint(1, 7)
        masks = tuple(rng.randrange(1, 1 << 9) | (rng.random() < 0.3 and 0x1FF) for _ in range(t))
        brute: dict[int, list[int]] = {}
        for start in range(9 - t + 1):
            digits_w = range(start, start + t)
            for order in permutations(digits_w):
                if all(m >> d & 1 for m, d in zip(masks, order, strict=True)):
                    per = brute.setdefault(sum(1 << d for d in digits_w), [0] * t)
                    for k, d in enumerate(order):
                        per[k] |= 1 << d
        assert {w: list(per) for w, per in fits(9, masks, 0)} == brute, masks


def test_fits_with_one_cell_narrowed_are_the_fits_of_the_narrowed_masks() -> None:
    """``fits_with`` (CompartmentAIC's assumed cell, from the compartment's fillings kept per state)
    equals ``fits`` of the masks with that cell narrowed, on 3,000 random compartments, banned digits
    and narrowings (one digit: a true literal; the others: a false one; any subset)."""
    rng = random.Random(28)
    for _ in range(3000):
        t = rng.randint(1, 7)
        masks = tuple(rng.randrange(1, 1 << 9) for _ in range(t))
        banned = rng.choice((0, 0, 1 << rng.randrange(9)))
        x = rng.randrange(t)
        bits = [1 << d for d in range(9) if masks[x] >> d & 1]
        d = rng.choice(bits)
        for mine in (d, masks[x] & ~d, sum(b for b in bits if rng.random() < 0.5) or d):
            if mine:
                narrowed = (*masks[:x], mine, *masks[x + 1:])
                assert fits_with(9, masks, banned, x, mine) == fits(9, narrowed, banned), (masks, banned, x, mine)


def test_line_windows_combine_disjoint_straights() -> None:
    first = (m(1, 2), m(2, 3), m(3, 4), m(4, 5))
    allowed, required = line_windows((first, (m(1, 2),)), 0)
    assert allowed == ((m(3, 4), m(4, 5)), (m(1, 2),)) and required == m(1, 2, 4)
    assert line_windows((first, (m(1, 2),)), m(4)) == (((), ()), 0)  # 4 black: 34, 45 are out
    assert line_windows(((m(1, 2),), (m(2, 3),)), 0) == (((), ()), 0)


def test_stranded_digits() -> None:
    s = board(SIX, {(0, 0): m(1, 2), (0, 1): m(1, 2)})
    step = basic.stranded_digits(s)
    assert step is not None and step.rule == "StrandedDigits" and "row 1 c1-c3" in step.reason
    assert set(step.marks) == {Mark((0, 2), "-4"), Mark((0, 2), "-5"), Mark((0, 2), "-6")}
    assert basic.stranded_digits(board(SIX, {(0, 0): m(1, 2), (0, 1): m(2, 3), (0, 2): m(1, 2, 3, 4)})) is None


def test_mind_the_gap_is_exact_per_cell() -> None:
    s = board(SIX, {(0, 0): m(1, 2), (0, 1): m(1, 2), (0, 2): m(1, 2, 3)})
    assert basic.stranded_digits(s) is None  # every digit lies in the straight 123 ...
    step = basic.mind_the_gap(s)  # ... but r1c3 can only be its 3
    assert step is not None and "r1c3 be 1 or 2" in step.reason and "row 1 c1-c3" in step.reason
    assert set(step.marks) == {Mark((0, 2), "-1"), Mark((0, 2), "-2")}
    gap = board(SIX, {(0, 0): m(1, 2, 5, 6), (0, 1): m(1, 2, 5, 6), (0, 2): m(2, 3)})  # 4 is in no cell
    step = basic.mind_the_gap(gap)
    assert step is not None and set(step.marks) == {Mark((0, 0), "-5"), Mark((0, 0), "-6")}
    assert basic.mind_the_gap(board(SIX, {(0, 0): m(1, 2), (0, 1): m(2, 3), (0, 2): m(1, 2, 3)})) is None


def test_sure_candidates_leave_the_line() -> None:
    s = board(SIX, {(0, q): m(1, 2, 3, 4) for q in range(3)})
    step = basic.sure_candidates(s)
    assert step is not None and step.rule == "SureCandidates" and "23" in step.reason and "row 1" in step.reason
    assert set(step.marks) == {Mark((0, q), f"-{d}") for q in (4, 5) for d in (2, 3)}
    assert basic.sure_candidates(board(SIX, {})) is None


def test_sure_digits_respect_black_givens() -> None:
    givens = [[0, 0, 0, 4, 0, 0]] + [[0] * 6 for _ in range(5)]
    s = board(SIX, {(0, q): m(1, 2, 3, 5, 6) for q in range(3)}, givens)
    step = basic.stranded_digits(s)  # 4 is black in row 1: 234, 345, 456 are out, only 123 is left
    assert step is not None and set(step.marks) == {Mark((0, q), f"-{d}") for q in range(3) for d in (5, 6)}


def test_locked_compartments_combine_the_compartments_of_a_line() -> None:
    s = board(SIX, {**{(0, q): m(1, 2, 3, 4) for q in range(3)}, (0, 4): m(3, 4, 5), (0, 5): m(3, 4, 5)})
    settis = lines.locked_compartments(3)
    step = settis(s)  # 234 and 34 / 45 always clash: row 1 is 123 + 45
    assert step is not None and step.rule == "LockedCompartments" and step.marks == (Mark((0, 0), "-4"),)
    assert "row 1" in step.reason and "row 1 c5-c6" in step.reason
    s.apply(step)
    marks = []
    while (st := settis(s)) is not None:
        marks += st.marks
        s.apply(st)
    assert set(marks) == {Mark((0, 1), "-4"), Mark((0, 2), "-4"), Mark((0, 4), "-3"), Mark((0, 5), "-3")}
    free = board(SIX, {**{(0, q): m(1, 2, 3, 4) for q in range(3)}, (0, 4): m(5, 6), (0, 5): m(5, 6)})
    assert settis(free) is None


def test_x_wing_and_swordfish() -> None:
    rows = {(r, q): m(2, 3, 4) for r in (0, 2) for q in (2, 3)}  # 1 only in c1, c2 of rows 1 and 3
    step = lines.fish(2, 3)(board(FOUR, rows))
    assert step is not None and step.rule == "XWing" and "row 1 and row 3" in step.reason
    assert set(step.marks) == {Mark((r, q), "-1") for r in (1, 3) for q in (0, 1)}
    assert lines.fish(2, 3)(board(FOUR, {(0, 2): m(2, 3, 4), (0, 3): m(2, 3, 4), (2, 1): m(2, 3, 4),
                                         (2, 3): m(2, 3, 4)})) is None
    no1 = m(2, 3, 4)
    fish = {(0, 2): no1, (0, 3): no1, (1, 0): no1, (1, 3): no1, (2, 1): no1, (2, 3): no1}
    assert lines.fish(2, 3)(board(FOUR, fish)) is None
    step = lines.fish(3, 3)(board(FOUR, fish))
    assert step is not None and step.rule == "Swordfish"
    assert set(step.marks) == {Mark((3, q), "-1") for q in range(3)}


def test_alternating_chain_y_wing() -> None:
    full = ["......"] * 6
    s = board(full, {(0, 0): m(1, 2), (0, 2): m(1, 3), (2, 0): m(2, 3)})  # pivot r1c1, wings r1c3 and r3c1
    step = chains.alternating_chain(3)(s)
    assert step is not None and step.rule == "AlternatingChain" and step.marks == (Mark((2, 2), "-3"),)
    assert step.reason.startswith("if r3c3 were 3:") and "r1c3 is 1 or 3" in step.reason
    assert "r3c1 is 2 or 3" in step.reason and "r1c1 has no digit left" in step.reason
    assert chains.alternating_chain(3)(board(full, {})) is None
    assert chains.alternating_chain(3)(board(full, {(0, 0): m(1, 2), (0, 2): m(1, 3)})) is None


def test_chain_weak_links_include_far_digits_in_a_compartment() -> None:
    s = board(SIX, {(0, 0): m(1, 6)})
    weak = chains.Links(s).weak((1, 1))  # (cell, digit): r1c2 = 1 in the 3-cell row 1 c1-c3
    assert {(0, 6), (0, 1), (2, 1), (7, 1), (2, 4), (1, 2)} <= set(weak)  # far digits, same digit, same cell
    assert (2, 3) not in weak and (8, 6) not in weak


def test_naked_and_hidden_pairs() -> None:
    step = sets.naked_set(2, 2)(board(SIX, {(1, 0): m(1, 2), (1, 1): m(1, 2)}))
    assert step is not None and step.rule == "NakedPair" and "row 2" in step.reason
    assert set(step.marks) == {Mark((1, q), f"-{d}") for q in range(2, 6) for d in (1, 2)}
    assert sets.naked_set(2, 2)(board(SIX, {(1, 0): m(1, 2), (1, 1): m(1, 3)})) is None
    hidden = board(SIX, {(0, 0): m(1, 2, 3, 4), (0, 1): m(1, 2, 3, 4), (0, 2): m(1, 4)})  # 123 or 234: 2, 3 sure
    step = sets.hidden_set(2, 2)(hidden)
    assert step is not None and step.rule == "HiddenPair" and "row 1 c1-c3" in step.reason
    assert set(step.marks) == {Mark((0, q), f"-{d}") for q in (0, 1) for d in (1, 4)}
    assert sets.hidden_set(2, 2)(board(SIX, {(0, q): m(1, 2, 3, 4) for q in range(3)})) is None
