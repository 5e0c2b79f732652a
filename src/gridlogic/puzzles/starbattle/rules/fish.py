"""R6.4 Fish and R6.5 Finned Fish (Kris's guide §4.4): N columns whose stars can only be in N rows
fill those rows (and the other way); a cell whose star would make such a fish that excludes it is
empty. At every size and N (bounded like the counting rules)."""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.counting import mask_of, names, now_spans, undercounts
from gridlogic.puzzles.starbattle.rules.finned import (
    HYPO_BUDGET,
    fin_done,
    fin_raw,
    fin_search,
    fin_tuple,
    replayed,
    searchable,
    suppose,
)
from gridlogic.puzzles.starbattle.rules.geometry import Unit, bits
from gridlogic.puzzles.starbattle.rules.state import State, make_step, said


def _fish(st: State, kind: str, live: int | None, rule: str) -> tuple[list[Unit], list[Unit], int] | None:
    g, unk = st.geo, st.unknown
    other = "row" if kind == "column" else "column"
    for cs, rs in undercounts(st, g.units(kind), g.units(other), live):
        marks = mask_of(rs) & unk & ~mask_of(cs)
        if marks:
            return cs, rs, marks
    return None


def r6_4(st: State) -> Step | None:
    """R6.4 Fish: N columns whose stars can only be in N rows fill those rows (and the other way)."""
    g = st.geo
    for kind in ("column", "row"):
        got = _fish(st, kind, None, "R6.4")
        if got:
            cs, rs, marks = got
            return make_step(g, "R6.4", EXPERT, f"Fish: the stars of {names(cs)} can only be in {names(rs)}, "
                             f"which they fill; so {said(g, marks)}.", mask_of(cs) & st.unknown,
                             black=marks)
    return None


def r6_5(st: State) -> Step | None:
    """R6.5 Finned Fish: if a star at X (emptying its neighbours) would make a fish whose eliminations
    include X, X is empty."""
    g, unk = st.geo, st.unknown
    budget = [HYPO_BUDGET]
    for kind in ("column", "row"):
        other = "row" if kind == "column" else "column"
        units, others = g.units(kind), g.units(other)
        spans_now = now_spans(st, units, others)
        limit = max(1, len(others) // 2)
        done, starts, reach = fin_done(st, "R6.5", kind, units, fin_tuple(st, units, others, {}, spans_now))
        empty, nb = st.empty, g.nb
        for i in bits(unk):
            if budget[0] < 0:
                return None
            near = nb[i] & unk
            key = (i, empty & reach[i], near)
            if replayed(done, key, budget):
                continue
            before = budget[0]
            live = suppose(st, i)
            start = starts.get(key)
            if start is None:
                raw = fin_raw(st, i, units, others, live)
                changed = [k for k in sorted(raw) if units[k].mask & near and raw[k] != spans_now[k]]
                start = starts[key] = (raw, changed) if searchable(raw, changed, limit) else ()
            if not start:
                done[key] = 0
                continue
            raw, musts = start
            spans = fin_tuple(st, units, others, raw, spans_now)
            found = fin_search(st, i, musts, units, others, live, budget, skip_broken=True, spans=spans)
            if found is None and budget[0] >= 0:
                done[key] = before - budget[0]
            if found is not None:
                cs, rs = found
                return make_step(g, "R6.5", EXPERT, f"Finned fish: a star at {g.cell_name(i)} would empty its "
                                 f"neighbours and leave the stars of {names(cs)} only in {names(rs)}, which "
                                 f"would then exclude {g.cell_name(i)} itself; so it is empty.",
                                 mask_of(cs) & unk, black=1 << i)
    return None
