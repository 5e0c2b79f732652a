"""R5.3 Finned Undercounting and R5.4 Finned Overcounting (Tier 5, Hard): a cell whose star would
complete an undercount (or overcount) that excludes it is empty; and the finned scan they share
with R6.5 Finned Fish (:func:`finned_scan`), its search memoised per puzzle."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, Literal

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import HARD
from gridlogic.puzzles.starbattle.rules.counting import mask_of, names, now_spans, span, undercounts
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits
from gridlogic.puzzles.starbattle.rules.state import Broken, State, make_step

HYPO_BUDGET = 20000
"""Search nodes of one whole finned-counting scan (all cells together)."""

FinStart = tuple[dict[int, int], Collection[int]] | tuple[()]
"""Where a cell's finned search starts: the supposed spans of the units near it and the units it
changes; ``()`` when no search starts there."""


def suppose(st: State, i: int) -> int:
    """The non-empty cells if ``i`` were a star (its neighbours emptied)."""
    g = st.geo
    return g.full & ~(st.empty | g.nb[i])


def r5_3(st: State) -> Step | None:
    """R5.3 Finned Undercounting: if a star at X (emptying its neighbours) would put N regions inside
    N lines while X lies in those lines outside the regions, X is empty."""
    g = st.geo
    return finned_scan(st, "R5.3", HARD, [(k, g.reg_units, g.units(k)) for k in ("row", "column")], _say_r5_3, "met")


def _say_r5_3(g: Geo, i: int, regions: list[Unit], lines: list[Unit]) -> str:
    return (f"A star at {g.cell_name(i)} would empty its neighbours and leave {names(regions)} inside "
            f"{names(lines)}, whose stars would then all be theirs; so {g.cell_name(i)} is empty.")


def r5_4(st: State) -> Step | None:
    """R5.4 Finned Overcounting: if a star at X would leave N lines covered by N regions while X, in
    one of those regions, lies outside the lines, X is empty."""
    g = st.geo
    return finned_scan(st, "R5.4", HARD, [(k, g.units(k), g.reg_units) for k in ("row", "column")], _say_r5_4,
                       "index")


def _say_r5_4(g: Geo, i: int, lines: list[Unit], regions: list[Unit]) -> str:
    return (f"A star at {g.cell_name(i)} would empty its neighbours and leave {names(lines)} covered by "
            f"{names(regions)}, whose stars would then all be in them; so {g.cell_name(i)} is empty.")


Order = Literal["met", "index", "index list"]
"""The order a finned scan searches a fin's changed units in (:func:`musts_in`)."""

Say = Callable[[Geo, int, list[Unit], list[Unit]], str]
"""A finned rule's sentence for the fin ``i`` and the undercount it makes (inner units, outer units)."""


def finned_scan(st: State, rule: str, level: int, pairs: Sequence[tuple[str, list[Unit], list[Unit]]],
                say: Say, order: Order, skip_broken: bool = False) -> Step | None:
    """The finned scan R5.3, R5.4 and R6.5 share: for each ``(kind, inner, outer)`` of ``pairs`` and
    each candidate cell X, suppose a star at X (its neighbours emptied) and search for an undercount
    of ``inner`` units inside ``outer`` units that excludes X (:func:`fin_search`, starting from the
    inner units X's neighbours change); the first found makes X empty (``rule`` at ``level``, worded
    by ``say``; ``order``: :func:`musts_in`). One :data:`HYPO_BUDGET` for the whole scan; cells whose
    outcome is known are skipped (:func:`fin_done`). A supposition that breaks the board empties X
    too, unless ``skip_broken``."""
    g, unk, empty = st.geo, st.unknown, st.empty
    budget = [HYPO_BUDGET]
    for kind, inner, outer in pairs:
        spans_now = now_spans(st, inner, outer)
        limit = max(1, len(outer) // 2)
        done, starts, reach = fin_done(st, rule, kind, inner, fin_tuple(st, inner, outer, {}, spans_now))
        kind_of = inner[0].kind
        for i in bits(unk):
            if budget[0] < 0:
                return None
            near = g.nb[i] & unk
            key = (i, empty & reach[i], near)
            if replayed(done, key, budget):
                continue
            before = budget[0]
            live = suppose(st, i)
            start = starts.get(key)
            if start is None:
                raw = fin_raw(st, i, inner, outer, live)
                changed = musts_in(order, g.index_in[kind_of], near, raw, spans_now)
                start = starts[key] = (raw, changed) if searchable(raw, changed, limit) else ()
            if not start:
                done[key] = 0
                continue
            raw, musts = start
            spans = fin_tuple(st, inner, outer, raw, spans_now)
            try:
                found = fin_search(st, i, musts, inner, outer, live, budget, spans, skip_broken)
            except Broken as e:
                return hypo_broken(g, rule, level, i, e, unk)
            if found is None:
                if budget[0] >= 0:
                    done[key] = before - budget[0]
                continue
            a, b = found
            return make_step(g, rule, level, say(g, i, a, b), mask_of(a) & unk, black=1 << i)
    return None


def musts_in(order: Order, index: list[int], near: int, raw: dict[int, int], spans_now: Sequence[int],
             ) -> Collection[int]:
    """The inner units the fin's candidate neighbours ``near`` meet whose supposed span (``raw``)
    differs from the board's, in the order the search takes them. When several undercounts exclude
    the fin, the order picks the one the step names, so each rule keeps the order it always had (the
    steps digest pins it): ``"met"`` a set of the units met, lowest cell first (R5.3); ``"index"`` a
    set of them in index order (R5.4); ``"index list"`` a list in index order (R6.5). (A set of
    small ints iterates by hash slot, which depends on the order the ints went in.)"""
    met: list[int] = []
    while near:
        low = near & -near
        near ^= low
        met.append(index[low.bit_length() - 1])
    if order == "met":
        return {k for k in set(met) if raw[k] != spans_now[k]}
    ks = sorted(set(met))
    if order == "index":
        return {k for k in ks if raw[k] != spans_now[k]}
    return [k for k in ks if raw[k] != spans_now[k]]


FIN_MEMO = True
"""Whether the finned scans skip the cells whose outcome they already know (see :func:`fin_done`);
off only to test that the skip changes nothing."""


def fin_done(st: State, rule: str, kind: str, inner: list[Unit], now: Sequence[int],
             ) -> tuple[dict[tuple[int, int, int], int], dict[tuple[int, int, int], FinStart], list[int]]:
    """Per puzzle, for a finned scan (``rule`` over lines of ``kind``) on boards whose ``inner``
    units have the spans ``now``: a dict from a cell's key to the budget its search spent finding
    nothing, and per cell the cells that key reads (see below). Empty when :data:`FIN_MEMO` is off.

    A cell ``i``'s outcome depends only on those spans, the empty cells among the inner units
    meeting its neighbourhood (they make its supposed spans), its candidate neighbours (the units
    it changes) and ``i``: its key is ``(i, empty & reach[i], unknown & nb[i])``. A cell whose key
    is known is skipped, its cost taken from the budget when the budget holds it (its searches are
    then memo hits that spend exactly that); the same answers, the same budget, on any board.

    The second dict, under the same keys whatever the spans: the cell's supposed spans of the units
    near it and the units it changes (the search's start), or ``()`` when no search starts there;
    those read nothing else."""
    g = st.geo
    if not FIN_MEMO:
        return {}, {}, _reach(g, inner)
    key = ("fin done", rule, kind, tuple(now))
    got: dict[tuple[int, int, int], int] | None = g.facts.get(key)  # type: ignore[assignment]
    if got is None:
        got = g.facts[key] = {}
    near: dict[tuple[int, int, int], FinStart] | None = g.facts.get(("fin near", rule, kind))  # type: ignore[assignment]
    if near is None:
        near = g.facts["fin near", rule, kind] = {}
    return got, near, _reach(g, inner)


def replayed(done: dict[tuple[int, int, int], int], key: tuple[int, int, int], budget: list[int]) -> bool:
    """Whether the cell ``key`` is known to find nothing (:func:`fin_done`) at a cost the budget
    holds; if so the cost is taken from the budget, as its searches would have spent it."""
    cost = done.get(key)
    if cost is not None and budget[0] >= cost:
        budget[0] -= cost
        return True
    return False


def _reach(g: Geo, inner: list[Unit]) -> list[int]:
    """Per cell: its closed neighbourhood with every ``inner`` unit meeting it (once per puzzle)."""
    key = ("fin reach", inner[0].kind)
    got: list[int] | None = g.facts.get(key)  # type: ignore[assignment]
    if got is None:
        got = []
        for m in g.closed:
            out = m
            for u in inner:
                if u.mask & m:
                    out |= u.mask
            got.append(out)
        g.facts[key] = got
    return got


def fin_search(st: State, i: int, musts: Iterable[int], inner: list[Unit], outer: list[Unit], live: int,
               budget: list[int], spans: tuple[int, ...], skip_broken: bool = False,
               ) -> tuple[list[Unit], list[Unit]] | None:
    """The finned counts' search (R5.3, R5.4, R6.5): on the supposed board ``live``, the first
    undercount of ``inner`` units inside ``outer`` units, taking part one of ``musts`` in turn, with
    the fin ``i`` inside the outer units and outside the inner ones. Each ``must`` search runs to its
    end (it spends the shared ``budget`` fully). :class:`Broken` propagates, or with ``skip_broken``
    ends only that ``must``'s search.

    A search depends only on the inner units' spans over the outer lines and the ``must`` (the fin
    only picks among its undercounts), so everything it found and the nodes it cost are memoised
    per puzzle under that key and replayed against ``budget`` exactly as the search would have
    spent it (same answers on any board)."""
    g = st.geo
    musts = list(musts)
    if not musts:
        return None
    limit = max(1, len(outer) // 2)
    facts = g.facts
    kinds = (inner[0].kind, outer[0].kind)
    for k in musts:
        base = spans[k]
        if not base:
            continue  # too wide (or empty) for the search: it would end at once, finding nothing
        # Every line set the search visits holds the must's span and at most ``limit`` lines, so a
        # unit whose span together with it is wider never lies inside one nor widens one: drop it.
        # (The memo key below is itself memoised on the spans it is made from.)
        # Both are memoised in one cell (the reduced spans and what the search gave), shared by
        # every ``short`` key that reduces to the same spans.
        short = (kinds, spans, k)
        cell: list[Any] | None = facts.get(short)  # type: ignore[assignment]
        if cell is None:
            seen = tuple([sp if (sp | base).bit_count() <= limit else 0 for sp in spans])
            cell = facts.setdefault(("fin", *kinds, seen, k), [seen, None])  # type: ignore[assignment]
            facts[short] = cell
        assert cell is not None
        seen = cell[0]
        hit: tuple[list[tuple[list[Unit], list[Unit], int, int]] | Broken, int] | None = cell[1]
        if hit is not None and budget[0] >= hit[1]:
            budget[0] -= hit[1]
            found = hit[0]
        else:
            before = budget[0]
            try:
                found = [(a, b, mask_of(a), mask_of(b)) for a, b in undercounts(st, inner, outer, live, must=k,
                                                                            budget=budget, spans=seen)]
            except Broken as e:
                found = e
            if budget[0] >= 0:
                cell[1] = (found, before - budget[0])
        if isinstance(found, Broken):
            if not skip_broken:
                raise found
            continue
        for a, b, amask, bmask in found:
            if bmask >> i & 1 and not amask >> i & 1:
                return a, b
    return None


def _searched(spans: list[int], limit: int) -> tuple[int, ...]:
    """``spans`` with every span the undercount search skips (none, or more than ``limit`` lines)
    set to 0: the search sees the same units, and more searches share a memo entry."""
    return tuple(sp if 0 < sp.bit_count() <= limit else 0 for sp in spans)


def fin_raw(st: State, i: int, inner: list[Unit], outer: list[Unit], live: int) -> dict[int, int]:
    """The spans over ``live`` of the ``inner`` units that meet the fin ``i``'s non-empty
    neighbours (by unit index)."""
    g = st.geo
    near = g.nb[i] & ~st.empty
    raw: dict[int, int] = {}
    index = g.index_in[inner[0].kind]
    memo = g.span_memo[outer[0].kind]
    while near:
        low = near & -near
        near ^= low
        k = index[low.bit_length() - 1]
        if k not in raw:
            part = inner[k].mask & live
            sp = memo.get(part)
            raw[k] = sp if sp is not None else span(g, part, outer)
    return raw


def fin_tuple(st: State, inner: list[Unit], outer: list[Unit], raw: dict[int, int],
               now: list[int] | None = None) -> tuple[int, ...]:
    """Every ``inner`` unit's span as :func:`undercounts` uses it, ``raw``'s where given, the
    board's own elsewhere."""
    limit = max(1, len(outer) // 2)
    key = ("searched spans", inner[0].kind, outer[0].kind)
    base: tuple[int, ...] | None = st.cache.get(key)
    if base is None:
        base = st.cache[key] = _searched(now_spans(st, inner, outer) if now is None else now, limit)
    if not raw:
        return base
    out = list(base)
    for k, sp in raw.items():
        out[k] = sp if 0 < sp.bit_count() <= limit else 0
    return tuple(out)


def searchable(raw: dict[int, int], musts: Iterable[int], limit: int) -> bool:
    """Whether a ``must`` unit's supposed span is one :func:`fin_search` searches from (not empty,
    at most ``limit`` lines): if none is, the search ends at once, finding nothing, costing nothing."""
    for k in musts:
        sp = raw[k]
        if sp and sp.bit_count() <= limit:
            return True
    return False


def hypo_broken(g: Geo, rule: str, level: int, i: int, e: Broken, unk: int) -> Step:
    """The step of a supposed star at ``i`` that breaks the board (``e``): ``i`` is empty."""
    uses = 0
    for c in e.step.uses:
        uses |= 1 << (c[0] * g.n + c[1])
    return make_step(g, rule, level, f"A star at {g.cell_name(i)} would empty its neighbours, and then "
                     + e.step.reason[0].lower() + e.step.reason[1:] + f" So {g.cell_name(i)} is empty.",
                     uses & unk, black=1 << i)
