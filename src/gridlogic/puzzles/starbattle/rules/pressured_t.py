"""R6.3 Pressured T (Kris's guide §4.3), the pattern: a T of four candidates inside two neighbouring
lines (a run of three in one line, the stem beside its middle in the other) whose long line can take
at most one more star there (its stars, 1xn's and star-containing 2x2s outside the T account for the
rest) holds at most one star: two would have to be the run's two ends, both in the pressured line.
Counting the T as one star can make an uninformative squeeze of the pair (one 2x2 more than stars)
exact; then a cell whose star would leave the pair too little room is empty.

At every size: the pressure is "S minus what the line already has", not the 2-star puzzle's "one
star". The general form, a bounded search over the pair with every region's and 1xn's count
(``pressured_squeeze.py``), runs after it.
"""

from __future__ import annotations

from itertools import pairwise

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.facts import windows
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit
from gridlogic.puzzles.starbattle.rules.state import State, make_step
from gridlogic.puzzles.starbattle.rules.the_m import Piece, capped_squeeze, pair_max
from gridlogic.puzzles.starbattle.rules.tier4 import pressure


def ts(g: Geo, first: Unit) -> list[tuple[Unit, int, int]]:
    """Every T inside the pair from ``first``: (the line of its run, the run's three cells, the
    stem cell)."""
    n = g.n
    second = g.units(first.kind)[first.index + 1]
    out = []
    for long, short in ((first, second), (second, first)):
        for p in range(1, n - 1):
            if long.kind == "row":
                run = sum(1 << (long.index * n + q) for q in (p - 1, p, p + 1))
                stem = 1 << (short.index * n + p)
            else:
                run = sum(1 << (q * n + long.index) for q in (p - 1, p, p + 1))
                stem = 1 << (p * n + short.index)
            out.append((long, run, stem))
    return out


def r6_3_t(st: State) -> Step | None:
    """R6.3 Pressured T: a T of candidates in two neighbouring lines whose run's line has room for
    one more star at most holds one star; if that makes the pair's squeeze exact, a cell whose star
    would leave the pair too little room is empty."""
    g = st.geo
    unk = st.unknown
    wins = None
    for lines in (g.row_units, g.col_units):
        for first, second in pairwise(lines):
            cand = (first.mask | second.mask) & unk
            need = st.need(first) + st.need(second)
            if need <= 0 or pair_max(g, first, cand) != need + 1:
                continue
            for long, run, stem in ts(g, first):
                t = run | stem
                if t & ~unk:
                    continue
                if wins is None:
                    wins = windows(st, EXPERT)
                count, used, why = pressure(st, long, t, wins, explain=False)
                if g.S - count > 1:
                    continue
                got = capped_squeeze(st, first, [Piece(t, 1, t)], "R6.3")
                if got is None or not got[2]:
                    continue
                need, _, black = got
                _, used, why = pressure(st, long, t, wins)
                because = "; ".join(why) if why else f"{long.name} has {g.S - 1} of its stars"
                return make_step(g, "R6.3", EXPERT, f"Pressured T: the T {g.cells_name(t)} has its run in "
                                 f"{long.name}, which has room for one more star at most ({because}), so the "
                                 f"T holds one star; then {first.kind}s {first.index + 1} and {first.index + 2} "
                                 f"hold just the {need} they need, and {g.cells_name(black)} would leave too "
                                 f"little room: {'it is' if black.bit_count() == 1 else 'they are'} empty.",
                                 cand | used, black=black)
    return None
