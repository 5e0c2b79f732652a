from __future__ import annotations

import pytest

from gridlogic.core.board import Board, bits
from gridlogic.core.engine import Rule, run
from gridlogic.core.errors import Contradiction
from gridlogic.core.grid import grid
from gridlogic.core.sat import SatModel, count, solutions
from gridlogic.core.step import Mark, Step


def test_grid_tables() -> None:
    g = grid(3, 4)
    assert g.size == 12
    assert g.row_units[1] == (4, 5, 6, 7)
    assert g.col_units[0] == (0, 4, 8)
    assert sorted(g.neighbours8[0]) == [1, 4, 5]
    assert len(g.neighbours8[5]) == 8
    assert sorted(g.neighbours4[5]) == [1, 4, 6, 9]
    assert len(g.windows2x2()) == 6
    assert g.cell(7) == (1, 3) and g.index((1, 3)) == 7
    assert grid(3, 4) is g


def test_board_candidates() -> None:
    b = Board.full(2, 2, 3)
    assert list(bits(0b101)) == [0, 2]
    assert b.candidates(0) == [0, 1, 2]
    assert b.remove(0, 1) and not b.remove(0, 1)
    assert b.fix(0, 2) and b.value(0) == 2 and b.decided(0)
    with pytest.raises(Contradiction):
        b.fix(0, 0)
    b.fix(1, 0)
    b.remove(2, 0)
    b.remove(2, 1)
    with pytest.raises(Contradiction):
        b.remove(2, 2)
    assert b.rows_text("abc") == ["ca", "c?"]
    assert b.copy() == b and b.copy() is not b
    assert eval(repr(b)) == b


@pytest.mark.parametrize("encoding", ["seqcounter", "totalizer", "cardnetwrk", "native"])
def test_sat_exactly_counts(encoding: str) -> None:
    m = SatModel()
    xs = m.new_vars(5)
    m.exactly(xs, 2, encoding)  # type: ignore[arg-type]
    assert count(solutions(m, xs), 100) == 10
    assert all(len(s) == 2 for s in solutions(m, xs))


def test_sat_projection_blocks_only_projected_vars() -> None:
    m = SatModel()
    xs = m.new_vars(3)
    aux = m.var()
    m.add([aux, -aux])  # aux free: must not double the count
    m.at_least(xs, 1)
    m.at_most(xs, 1)
    assert count(solutions(m, xs), 10) == 3
    assert count(solutions(m, xs), 2) == 2


class Line:
    """An engine state: one row of ``n`` binary cells."""

    def __init__(self, n: int = 3) -> None:
        self.board = Board.full(1, n, 2)

    def apply(self, step: Step) -> None:
        for mk in step.marks:
            self.board.fix(mk.cell[1], int(mk.value))

    def is_solved(self) -> bool:
        return self.board.is_solved()

    def contradiction(self) -> Step | None:
        return None


def test_engine_applies_cheapest_first_and_grades() -> None:
    def first_unknown(level: int) -> Rule[Line]:
        def fn(s: Line) -> Step | None:
            u = s.board.unknown()
            ok = u and (level == 2 or u[0] < 2)
            return Step(f"L{level}", level, "test", (), (Mark((0, u[0]), "1"),)) if ok else None
        return Rule(f"L{level}", level, fn)

    st = Line()
    out = run(st, [first_unknown(2), first_unknown(1)])
    assert out.status == "solved"
    assert [s.rule for s in out.steps] == ["L1", "L1", "L2"]
    assert (out.level, out.hardest_rule) == (2, "L2")
    capped = run(Line(), [first_unknown(2), first_unknown(1)], max_level=1)
    assert capped.status == "stuck" and len(capped.steps) == 2


def test_hardest_rule_is_the_latest_rule_in_engine_order_at_the_grade_level() -> None:
    def fixes(name: str, level: int, cell: int) -> Rule[Line]:
        """A rule that decides only ``cell``."""
        def fn(s: Line) -> Step | None:
            return Step(name, level, "test", (), (Mark((0, cell), "1"),)) if cell in s.board.unknown() else None
        return Rule(name, level, fn)

    # engine order A, B, C (all level 1) then X (level 0 sorts first); steps come as X, C, B, A
    rules = [fixes("A", 1, 3), fixes("B", 1, 2), fixes("C", 1, 1), fixes("X", 0, 0)]
    out = run(Line(4), rules)
    assert [s.rule for s in out.steps] == ["X", "A", "B", "C"]
    assert (out.level, out.hardest_rule) == (1, "C")  # the latest in order, not the first step at level 1
    out = run(Line(4), [rules[2], rules[1], rules[0], rules[3]])
    assert (out.level, out.hardest_rule) == (1, "A")
    only_easy = run(Line(1), rules)
    assert (only_easy.status, only_easy.level, only_easy.hardest_rule) == ("solved", 0, "X")
    nothing = run(Line(0), rules)
    assert (nothing.status, nothing.steps, nothing.hardest_rule) == ("solved", [], None)


def test_split_records_lines_versus_one_multiline_puzzle() -> None:
    from gridlogic.kinds import split_records

    urls = ["https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"]
    recs = split_records("# two puzzles\n" + "\n".join(urls) + "\n")
    assert [(r.id, r.text) for r in recs] == [("2", urls[0]), ("3", urls[1])]
    picture = "AAB\nABB\nCCC"  # one multi-line region picture (a 3x3 board) stays one record
    assert len(split_records(picture)) == 1
    assert split_records(urls[0])[0].id == "1"


def test_seeds_draw_in_their_own_class() -> None:
    """100 seeds in a row draw from a pool of 1,000 without a repeat (free draws would repeat with
    probability ~99 %); a seed's solution is kept for ``keep`` candidates."""
    import random
    import zlib
    from itertools import islice

    from gridlogic.core.generation import VARIETY, in_class, seed_solutions

    def key(x: int) -> bytes:
        return x.to_bytes(4, "big")

    rngs = {s: random.Random(s) for s in range(57, 57 + VARIETY)}
    got = [in_class(s, lambda s=s: rngs[s].randrange(1000), key) for s in rngs]
    assert len(set(got)) == VARIETY
    assert all(zlib.crc32(key(x)) % VARIETY == s % VARIETY for s, x in zip(range(57, 157), got, strict=True))
    rng = random.Random(3)
    run = list(islice(seed_solutions(7, lambda: rng.randrange(10**6), key, keep=3), 6))
    assert run[0] == run[1] == run[2] != run[3] == run[4] == run[5]
    assert in_class(5, lambda: 42, key, tries=3) == 42  # an empty class: the last draw, never a hang
