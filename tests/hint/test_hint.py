"""Hints from partial boards: sound on corpus boards (each hint's marks agree with the unique
solution), wrong marks detected without saying where, solved / stuck / contradiction answered."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hint_boards import MARK_CHAR, Case, binary_unique, starbattle_10x2, str8ts_unique

from gridlogic.core.errors import ParseError
from gridlogic.core.hint import count_wrong, parse_board_text
from gridlogic.kinds import detect

SB6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SB6_SOLUTION = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]


def prefixes(c: Case) -> list[int]:
    n = len(c.steps)
    return sorted({0, n // 4, n // 2, 3 * n // 4, n - 1})


def assert_sound(c: Case) -> int:
    checked = 0
    for k in prefixes(c):
        board = c.after(k)
        h = c.kind.hint(c.puzzle, board)
        assert h.status == "step", (k, board, h)
        assert h.step is not None and h.step.marks and h.message
        for m in h.step.marks:
            r, col = m.cell
            assert board[r][col] == "?", (m, board)  # only undecided cells change
            if m.value.startswith("-"):
                assert c.solution[r][col] != m.value[1:], (m, h.step)
            else:
                assert c.solution[r][col] == MARK_CHAR.get(m.value, m.value), (m, h.step)
        checked += 1
    return checked


@pytest.fixture(scope="module")
def sb_cases(corpus: Path) -> list[Case]:
    return starbattle_10x2(corpus, 4)


def revealed(c: Case, rng: random.Random, share: float) -> list[str]:
    """The givens plus a random share of the solution's cells: a board no solver run passes through."""
    rows = c.start()
    for r, row in enumerate(c.solution):
        for col, ch in enumerate(row):
            if rows[r][col] == "?" and ch != "#" and rng.random() < share:
                rows[r][col] = ch
    return ["".join(x) for x in rows]


def test_hints_sound_on_boards_off_the_solvers_path(sb_cases: list[Case], corpus: Path) -> None:
    rng = random.Random(10)  # a fixed sample: deterministic
    steps = 0
    for c in [*sb_cases, *binary_unique(corpus, 8, every=53), *str8ts_unique(corpus, 4, every=31)]:
        for share in (0.15, 0.4, 0.7):
            board = revealed(c, rng, share)
            h = c.kind.hint(c.puzzle, board)
            assert h.status in ("step", "solved"), (board, h)
            for m in h.step.marks if h.step else ():
                r, col = m.cell
                assert board[r][col] == "?"
                if m.value.startswith("-"):
                    assert c.solution[r][col] != m.value[1:]
                else:
                    assert c.solution[r][col] == MARK_CHAR.get(m.value, m.value), (m, h.step)
            steps += h.status == "step"
    assert steps >= 50


def test_starbattle_hints_sound_on_corpus(sb_cases: list[Case]) -> None:
    assert sum(assert_sound(c) for c in sb_cases) >= 12 * 4


def test_binary_hints_sound_on_corpus(corpus: Path) -> None:
    assert sum(assert_sound(c) for c in binary_unique(corpus, 16)) >= 16 * 3


def test_str8ts_hints_sound_and_always_place_a_digit(corpus: Path) -> None:
    cases = str8ts_unique(corpus, 8)
    assert sum(assert_sound(c) for c in cases) >= 8 * 3
    for c in cases:
        h = c.kind.hint(c.puzzle, c.after(0))
        assert h.step is not None
        assert any(not m.value.startswith("-") for m in h.step.marks)  # the board moves on


def test_wrong_marks_are_counted_not_shown(sb_cases: list[Case]) -> None:
    c = sb_cases[0]
    board = [list(r) for r in c.after(len(c.steps) // 2)]
    flipped = 0
    for r, row in enumerate(board):
        for col, ch in enumerate(row):
            if ch != "?" and flipped < 2:
                board[r][col] = "." if ch == "*" else "*"
                flipped += 1
    rows = ["".join(r) for r in board]
    h = c.kind.hint(c.puzzle, rows)
    assert (h.status, h.step) == ("wrong", None)
    assert h.message.startswith("2 of your marks are wrong")
    assert not re.search(r"r\d+c\d+", h.message)
    assert count_wrong(rows, c.solution) == 2


@pytest.mark.parametrize("kind_name", ["binary", "str8ts"])
def test_wrong_on_every_kind(corpus: Path, kind_name: str) -> None:
    c = (binary_unique if kind_name == "binary" else str8ts_unique)(corpus, 1)[0]
    board = [list(r) for r in c.after(len(c.steps) // 2)]
    r, col = next((r, col) for r, row in enumerate(board) for col, ch in enumerate(row)
                  if ch == "?" and c.solution[r][col] != "#")
    right = c.solution[r][col]
    board[r][col] = ("1" if right == "0" else "0") if kind_name == "binary" else str(int(right) % 9 + 1)
    h = c.kind.hint(c.puzzle, ["".join(x) for x in board])
    assert h.status == "wrong" and h.message.startswith("1 of your marks is wrong")


def test_solved_boards() -> None:
    k, fmt = detect(SB6)
    p = fmt.read(SB6)
    assert k.hint(p, SB6_SOLUTION).status == "solved"
    stars_only = [row.replace(".", "?") for row in SB6_SOLUTION]  # unmarked cells count as empty
    assert k.hint(p, stars_only).status == "solved"


def test_stuck_under_a_level_cap() -> None:
    k, fmt = detect(SB6)
    p = fmt.read(SB6)
    h = k.hint(p, ["??????"] * 6, max_level=0)
    assert (h.status, h.step) == ("stuck", None)
    assert "level 0" in h.message


def test_contradiction_when_there_is_no_unique_solution() -> None:
    k, fmt = detect("4x4:..../..../..../....", "binary")
    p = fmt.read("4x4:..../..../..../....")
    h = k.hint(p, ["000?", "????", "????", "????"])
    assert h.status == "contradiction"
    assert h.step is not None and h.step.rule == "Trio"


def test_bad_boards_are_parse_errors() -> None:
    k, fmt = detect(SB6)
    p = fmt.read(SB6)
    with pytest.raises(ParseError, match="5 rows"):
        k.hint(p, ["??????"] * 5)
    with pytest.raises(ParseError, match="row 2 has 5 cells"):
        k.hint(p, ["??????", "?????", *["??????"] * 4])
    with pytest.raises(ParseError, match="r1c3 holds 'x'"):
        k.hint(p, ["??x???", *["??????"] * 5])


def test_board_text_forms() -> None:
    rows = ["*.?", "?.*"]
    assert parse_board_text("*.?\n?.*\n") == rows
    assert parse_board_text("* . ?\n\n? . *") == rows
    assert parse_board_text('["*.?", "?.*"]') == rows
    assert parse_board_text("*.?/?.*") == rows
    with pytest.raises(ParseError):
        parse_board_text("  ")
