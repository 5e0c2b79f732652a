"""R6.6 N-Rooks (Kris's guide §4.5), on (4S+2)-boards: of the (2S+1)^2 aligned 2x2 blocks exactly
2S+1 are empty, one in every block row and block column; rook placements decide blocks."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.facts import windows
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said


def _blocks(g: Geo) -> list[list[int]]:
    m = g.n // 2
    return [[g.windows[(2 * i) * (g.n - 1) + 2 * j] for j in range(m)] for i in range(m)]


@lru_cache(maxsize=4096)
def _rooks(m: int, can_empty: tuple[tuple[bool, ...], ...], is_empty: tuple[tuple[bool, ...], ...],
           ) -> list[tuple[int, ...]]:
    """The rook placements (one empty block per block row and column) that empty only blocks that
    can be empty and every block already empty (shared, read-only)."""
    return [p for p in permutations(range(m))
            if all(can_empty[i][p[i]] for i in range(m))
            and all(p[i] == j for i in range(m) for j in range(m) if is_empty[i][j])]


def r6_6(st: State) -> Step | None:
    """R6.6 N-Rooks ((4S+2)-boards): of the (2S+1)^2 aligned 2x2 blocks exactly 2S+1 are empty, one in
    every block row and block column. Blocks that hold a star (or are a known star-containing 2x2)
    cannot be the empty one; a block that no rook placement leaves non-empty is empty, and a block
    that every placement leaves non-empty with one candidate left is a star."""
    g = st.geo
    if g.n != 4 * g.S + 2:
        return None
    unk = st.unknown
    blocks = _blocks(g)
    m = len(blocks)
    known = {w.mask for w in windows(st, EXPERT)}
    can_empty = [[not (blk & st.star) and blk not in known for blk in row] for row in blocks]
    is_empty = [[blk & ~st.empty == 0 for blk in row] for row in blocks]
    rooks = _rooks(m, tuple(tuple(row) for row in can_empty), tuple(tuple(row) for row in is_empty))
    if not rooks:
        raise Broken(broken_step(g, "R6.6", "No block in some block row or column can be the empty 2x2 "
                                 "the n-rooks property needs.", unk, EXPERT))
    black = star = 0
    for i in range(m):
        for j in range(m):
            blk = blocks[i][j]
            empty_in = [p[i] == j for p in rooks]
            if all(empty_in):
                black |= blk & unk
            elif not any(empty_in) and (blk & unk).bit_count() == 1 and not blk & st.star:
                star |= blk & unk
    if black or star:
        return make_step(g, "R6.6", EXPERT, f"N-rooks: one aligned 2x2 block in each block row and column is "
                         f"empty and the others hold one star each; only {len(rooks)} "
                         f"{'arrangements fit' if len(rooks) > 1 else 'arrangement fits'}, so "
                         + said(g, black, star) + ".",
                         black | star, black=black, star=star)
    return None
