"""R6.1 Kissing Ls (Kris's guide §4.1): two star-containing 2x2s with L-shaped candidates that would
both put their star in one row or column, over its count with the line's known stars, 1xn's and
2x2s; generalised (ours) to any pair of star-containing 2x2s and any S: a candidate X of one 2x2
whose star would leave the other 2x2 with candidates only in X's line (too many stars there) or none
at all is empty."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.facts import windows
from gridlogic.puzzles.starbattle.rules.geometry import bits
from gridlogic.puzzles.starbattle.rules.state import State, make_step
from gridlogic.puzzles.starbattle.rules.tier4 import pressure


def r6_1(st: State) -> Step | None:
    """R6.1 Kissing Ls: X in a star-containing 2x2 A; if X were A's star, another star-containing
    2x2 B would be left with candidates only in X's row (or column), which with the line's known
    stars, 1xn's and 2x2s makes more than S; or B would have no candidate left. So X is empty."""
    g, unk = st.geo, st.unknown
    wins = windows(st, EXPERT)
    for a in wins:
        for x in bits(a.mask & unk):
            for b in wins:
                if b.mask & a.mask:
                    continue
                left = b.mask & unk & ~g.closed[x]
                if not left:
                    return make_step(g, "R6.1", EXPERT, f"A star at {g.cell_name(x)} would empty every candidate "
                                     f"of the 2x2 at {g.cells_name(b.mask & unk)}, which must hold a star "
                                     f"({b.source}); so {g.cell_name(x)} is empty.", b.mask & unk, black=1 << x)
                for kind in ("row", "column"):
                    line = g.line_of(x, kind)
                    if left & ~line.mask:
                        continue
                    others = [w for w in wins if w is not a and w is not b]
                    count, used, why = pressure(st, line, a.mask | b.mask | g.closed[x], others, explain=False)
                    if count + 2 > g.S:
                        count, used, why = pressure(st, line, a.mask | b.mask | g.closed[x], others)
                        extra = f" ({'; '.join(why)})" if why else ""
                        return make_step(g, "R6.1", EXPERT, f"Kissing Ls: if {g.cell_name(x)} held the star of its "
                                         f"2x2 ({a.source}), the 2x2 at {g.cells_name(b.mask & unk)} ({b.source}) "
                                         f"would put its star in {line.name} too{extra}: too many for "
                                         f"{line.name}. So {g.cell_name(x)} is empty.",
                                         (a.mask | b.mask) & unk | used, black=1 << x)
    return None
