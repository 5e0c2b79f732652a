"""R5.5 Squeeze (Tier 5, Hard): two neighbouring lines whose candidates fit in exactly as many
aligned 2x2s as the stars they need."""

from __future__ import annotations

import itertools

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import HARD
from gridlogic.puzzles.starbattle.rules.counting import names
from gridlogic.puzzles.starbattle.rules.facts import strip_cover
from gridlogic.puzzles.starbattle.rules.geometry import cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said
from gridlogic.puzzles.starbattle.rules.tier3 import exclusion


def squeeze_marks(st: State, strip: int, need: int, cover: list[int]) -> tuple[int, int]:
    g = st.geo
    black = exclusion(g, strip, need)
    star = 0
    for w in cover:
        own = w & strip & ~black
        if own.bit_count() == 1:
            star |= own
    return black & ~star, star


def r5_5(st: State) -> Step | None:
    """R5.5 Squeeze: two neighbouring lines whose candidates are covered by exactly as many aligned
    2x2s as the stars they need: each 2x2 holds one star. Marks: cells whose star would leave the
    pair too little room (exact bound), and the lone candidate of a 2x2."""
    g = st.geo
    changed = st.changed_since("R5.5")  # a pair's finding reads only its own cells
    for lines in (g.row_units, g.col_units):
        for a, b in itertools.pairwise(lines):
            if not (a.mask | b.mask) & changed:
                continue
            cover, strip, need = strip_cover(st, a, b)
            if not strip or need <= 0:
                continue
            if len(cover) < need:
                raise Broken(broken_step(g, "R5.5", f"{cap(names([a, b]))} need {need} stars but fit "
                                         f"in {len(cover)} 2x2s.", strip, HARD))
            if len(cover) != need:
                continue
            black, star = squeeze_marks(st, strip, need, cover)
            if black or star:
                return make_step(g, "R5.5", HARD, f"{cap(names([a, b]))} need {need} stars and their "
                                 f"cells fit in {need} 2x2s, one star each; so "
                                 + said(g, black, star) + ".", strip, black=black, star=star)
    st.found_nothing("R5.5")
    return None
