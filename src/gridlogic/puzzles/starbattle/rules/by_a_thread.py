"""R7.1 By a Thread and R7.3 By a Thread at Sea (Kris's guide §3.1, §3.3): uniqueness deductions,
only with ``allow_uniqueness`` (never for grading). If the thread X were empty, a group of candidates
(R7.1), or that group with every other group at sea (R7.3), would be at sea with every star pattern
having a twin (``at_sea.py``): two solutions. So X is a star."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import UNIQUENESS
from gridlogic.puzzles.starbattle.rules.at_sea import MAX_GROUP, groups, patterns, twin_free
from gridlogic.puzzles.starbattle.rules.geometry import bits
from gridlogic.puzzles.starbattle.rules.state import State, make_step


def _thread(st: State, q: int, x: int, rule: str, what: str) -> Step | None:
    g = st.geo
    pats = patterns(st, q, 1 << x)
    if pats is None or twin_free(pats):
        return None
    return make_step(g, rule, UNIQUENESS, f"{what}: if {g.cell_name(x)} were empty, the candidates "
                     f"{g.cells_name(q)} would be at sea and every star pattern they can take has a twin "
                     f"(same counts in every row, column and region), giving two solutions; so "
                     f"{g.cell_name(x)} is a star.", q | 1 << x, star=1 << x)


def r7_1(st: State) -> Step | None:
    """R7.1 By a Thread."""
    for comp in groups(st):
        if comp.bit_count() > MAX_GROUP + 1:
            continue
        for x in bits(comp):
            q = comp & ~(1 << x)
            if q:
                step = _thread(st, q, x, "R7.1", "By a thread")
                if step:
                    return step
    return None


def r7_3(st: State) -> Step | None:
    """R7.3 By a Thread at Sea."""
    comps = [c for c in groups(st) if c.bit_count() <= MAX_GROUP]
    if len(comps) < 2:
        return None
    sea = 0
    for c in comps:
        sea |= c
    if sea.bit_count() > MAX_GROUP + 4:
        return None
    for comp in comps:
        for x in bits(comp):
            step = _thread(st, sea & ~(1 << x), x, "R7.3", "By a thread at sea")
            if step:
                return step
    return None
