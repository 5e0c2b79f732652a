"""R6.3 Pressured T over strips of three to five neighbouring lines.

``tier6.r6_3`` asks, for two neighbouring lines, whether they can get exactly their stars with no
region over the stars it still needs and every 1xn of the lines at least its count (the pressure
that caps a T at one star); a cell whose star makes that impossible is empty. Here the same
question is asked of 3, 4 and 5 neighbouring lines, with the same exact search (``strip_feasible``).

A wider strip sees more regions at once, so it finds marks the pair cannot; but its search is much
larger (three-line strips were once most of the solver's time), so it runs last of the production
rules, after Placements, at Expert+ (the seed grades a combination of squeezes there).
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.base import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules.facts import in_line
from gridlogic.puzzles.starbattle.rules.geometry import bits, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step
from gridlogic.puzzles.starbattle.rules.tier5 import names
from gridlogic.puzzles.starbattle.rules.tier6 import UNKNOWN, strip_feasible

WIDTHS = (3, 4, 5)
SCAN_BUDGET = 10_000
"""Search states of one whole scan (each strip question also has ``tier6.STRIP_BUDGET``)."""


def r6_3_wide(st: State) -> Step | None:
    """R6.3 Pressured squeeze over 3-5 neighbouring lines."""
    g = st.geo
    total = [SCAN_BUDGET]
    for width in WIDTHS:
        if width > g.n:
            break
        for lines in (g.row_units, g.col_units):
            for start in range(g.n - width + 1):
                group = lines[start:start + width]
                mask = 0
                for ln in group:
                    mask |= ln.mask
                strip = mask & st.unknown
                if not strip:
                    continue
                if total[0] < 0:
                    return None
                witness = strip_feasible(st, group, 0, total)
                if witness == UNKNOWN:
                    continue
                if witness is None:
                    raise Broken(broken_step(g, "R6.3", f"{cap(names(group))} cannot get their stars "
                                             f"with their regions' and 1xn's counts.", strip, EXPERT_PLUS))
                black = 0
                supported = witness
                for i in bits(strip & ~supported):
                    if supported >> i & 1:
                        continue
                    found = strip_feasible(st, group, 1 << i, total)
                    if found is None:
                        black |= 1 << i
                    elif found != UNKNOWN:
                        supported |= found
                if black:
                    xs = [x for ln in group for x in in_line(st, ln)]
                    why = f" (and their 1xn's: {'; '.join(x.describe(g) for x in xs)})" if xs else ""
                    return make_step(g, "R6.3", EXPERT_PLUS, f"Pressured squeeze over {width} lines: "
                                     f"{names(group)} must get exactly their stars with no region over its "
                                     f"count{why}; a star at {g.cells_name(black)} leaves no way to do it, so "
                                     f"{'it is' if black.bit_count() == 1 else 'they are'} empty.",
                                     strip, black=black)
    return None
