"""R5.1 Undercounting and R5.2 Overcounting (Tier 5, Hard), and the counting search they share with
the finned counts, fish and set differentials: sets of units lying wholly in as many lines.

Spans are taken over a region's non-empty cells (stars and candidates). Every search is bounded:
sets of at most n/2 regions or lines (the complement covers the rest) and a node budget.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import HARD
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said

BUDGET = 4000
"""Search nodes of one counting scan."""


def names(units: list[Unit]) -> str:
    if not units:
        return ""
    kind = units[0].kind
    if kind == "region":
        labels = [u.name.split()[1] for u in units]
        return ("region " if len(units) == 1 else "regions ") + ", ".join(labels)
    idx = [str(u.index + 1) for u in units]
    return (kind + " " if len(units) == 1 else kind + "s ") + ", ".join(idx)


def span(geo: Geo, mask: int, lines: list[Unit]) -> int:
    """The indices (a bit each) of the ``lines`` (all of one kind) that ``mask`` meets; memoised."""
    memo = geo.span_memo[lines[0].kind]
    got = memo.get(mask)
    if got is None:
        out = 0
        for ln in lines:
            if mask & ln.mask:
                out |= 1 << ln.index
        memo[mask] = got = out
    return got


def undercounts(st: State, regions: list[Unit], lines: list[Unit], live: int | None = None,
                must: int = -1, budget: list[int] | None = None,
                spans: Sequence[int] | None = None) -> Iterator[tuple[list[Unit], list[Unit]]]:
    """Sets of units P ("regions") lying wholly in as many ``lines`` R (P ⊆ R, |P| = |R|), over
    the cells ``live`` (default: the non-empty cells). ``must``: index into ``regions`` that P has
    to contain. Raises Broken if more units than lines lie inside some lines. ``spans``: the
    regions' spans over ``live`` if the caller has them.

    Searches line sets R (unions of spans, at most n/2 lines, each visited once) and takes P = every
    unit whose span lies in R."""
    g = st.geo
    if spans is None:
        live = (g.full & ~st.empty) if live is None else live
        spans = [span(g, u.mask & live, lines) for u in regions]
    limit = max(1, len(lines) // 2)
    if must >= 0 and not 0 < spans[must].bit_count() <= limit:
        return  # the must-have unit can never lie inside few enough lines
    cand = [k for k in range(len(regions)) if 0 < spans[k].bit_count() <= limit]
    cand_spans = [spans[k] for k in cand]
    budget = [BUDGET] if budget is None else budget
    if must >= 0:
        stack = [spans[must]] if must in cand else []
    else:
        stack = cand_spans[::-1]
    seen: set[int] = set()
    while stack:
        rows = stack.pop()
        if rows in seen:
            continue
        seen.add(rows)
        budget[0] -= 1
        if budget[0] < 0:
            return
        out = ~rows
        size = rows.bit_count()
        count = 0
        for sp in cand_spans:  # count the units inside; push the wider sets (popped after this one)
            if not sp & out:
                count += 1
            else:
                new = rows | sp
                if new not in seen and new.bit_count() <= limit:
                    stack.append(new)
        if count >= size:
            inside = [k for k in cand if not spans[k] & out]
            if count > size:
                us = [regions[k] for k in inside]
                raise Broken(broken_step(g, "R5.1", f"{cap(names(us))} all lie in only {size} "
                                         f"line{'s' if size != 1 else ''}, which cannot hold all their stars.",
                                         mask_of(us), HARD))
            yield [regions[k] for k in inside], [ln for ln in lines if rows >> ln.index & 1]


def mask_of(units: list[Unit]) -> int:
    out = 0
    for u in units:
        out |= u.mask
    return out


def now_spans(st: State, inner: list[Unit], outer: list[Unit]) -> list[int]:
    """The ``inner`` units' spans over the ``outer`` units on this board's non-empty cells."""
    key = f"spans {inner[0].kind} {outer[0].kind}"
    got: list[int] | None = st.cache.get(key)
    if got is None:
        now = st.geo.full & ~st.empty
        got = st.cache[key] = [span(st.geo, u.mask & now, outer) for u in inner]
    return got


def _quiet(st: State, key: str, spans: list[int]) -> bool:
    """Whether a counting scan found nothing on a board with the same ``spans`` (its only input: its
    sets are the same) on none of whose cells it could mark anything changed since."""
    got = st.carried(key)
    if got is None:
        return False
    star, empty, (was, cells) = got
    return bool(was == spans and not ((st.star ^ star) | (st.empty ^ empty)) & cells)


def _lie(units: Sequence[Unit]) -> str:
    """The verb for a set of units: "Region A lies", "Regions A, B lie"."""
    return "lies" if len(units) == 1 else "lie"


def _whose(units: Sequence[Unit], kind: str) -> str:
    """The possessive for a set of units: "that row's", "those rows'"."""
    return f"that {kind}'s" if len(units) == 1 else f"those {kind}s'"


def _them(units: Sequence[Unit]) -> str:
    return "it" if len(units) == 1 else "them"


def _undercount_step(st: State, rule: str, level: int, kind: str) -> Step | None:
    g, unk = st.geo, st.unknown
    lines = g.units(kind)
    spans = now_spans(st, g.reg_units, lines)
    key = f"{rule} {kind}"
    if _quiet(st, key, spans):
        return None
    could = 0
    for ps, rs in undercounts(st, g.reg_units, lines, spans=spans):
        marks = mask_of(rs) & ~mask_of(ps)
        could |= marks
        marks &= unk
        if marks:
            return make_step(g, rule, level, f"{cap(names(ps))} {_lie(ps)} entirely in {names(rs)}, so "
                             f"{_whose(rs, kind)} stars all belong to {_them(ps)} and {said(g, marks)}.",
                             mask_of(ps) & unk, black=marks)
    st.carry[key] = (st.star, st.empty, (spans, could))
    return None


def r5_1(st: State) -> Step | None:
    """R5.1 Undercounting: N regions inside N rows (or columns) use up those lines' stars."""
    return _undercount_step(st, "R5.1", HARD, "row") or _undercount_step(st, "R5.1", HARD, "column")


def _overcount_step(st: State, kind: str) -> Step | None:
    # N regions covering N lines == the other regions inside the other lines; report it that way round.
    g, unk = st.geo, st.unknown
    lines = g.units(kind)
    spans = now_spans(st, lines, g.reg_units)
    key = f"R5.2 {kind}"
    if _quiet(st, key, spans):
        return None
    could = 0
    for rs, ps in undercounts(st, lines, g.reg_units, spans=spans):
        # here: lines rs lie wholly in regions ps -> regions' stars are all in those lines
        marks = mask_of(ps) & ~mask_of(rs)
        could |= marks
        marks &= unk
        if marks:
            return make_step(g, "R5.2", HARD, f"{cap(names(rs))} {_lie(rs)} entirely in {names(ps)}, so "
                             f"{_whose(ps, 'region')} stars are all in {_them(rs)} and {said(g, marks)}.",
                             mask_of(rs) & unk, black=marks)
    st.carry[key] = (st.star, st.empty, (spans, could))
    return None


def r5_2(st: State) -> Step | None:
    """R5.2 Overcounting: N regions that cover N rows (or columns) keep all their stars there."""
    return _overcount_step(st, "row") or _overcount_step(st, "column")
