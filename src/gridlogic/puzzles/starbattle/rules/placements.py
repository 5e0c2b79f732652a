"""Placement listing (our own technique, Expert+; not in the seed).

List every way a unit (a region, then a row or column) can place the stars it still needs: cells
that do not touch, no row or column over its remaining count. Keep the placements that leave every
row, column and region room for its stars once the placement's neighbours are emptied and the units
it completes are closed. A candidate of the unit in no kept placement is empty, one in every kept
placement is a star, and a cell that every kept placement empties is empty. A person does this on
paper for a region with a handful of cells; the engine does it for any unit with at most
:data:`MAX_PLACEMENTS` placements.
"""

from __future__ import annotations

from itertools import pairwise

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules.geometry import Geo, bits
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said

MAX_PLACEMENTS = 400
"""Placements listed per unit; a unit with more is skipped."""
LISTED_LIMIT = 20_000
"""Units' placement lists remembered per puzzle (:func:`_listed`); past that the memo starts again."""


def unit_placements(st: State, cand: int, need: int, limit: int = MAX_PLACEMENTS,
                    counts: bool = True) -> list[int] | None:
    """Every set of ``need`` non-touching cells of ``cand`` with no row or column over its
    remaining count (without ``counts``: no touching only); None if there are more than ``limit``."""
    g = st.geo
    n = g.n
    needs: tuple[list[int], list[int]] | None = st.cache.get("line needs")
    if needs is None:
        needs = st.cache["line needs"] = ([st.need(u) for u in g.row_units], [st.need(u) for u in g.col_units])
    row_left, col_left = list(needs[0]), list(needs[1])
    cells = list(bits(cand))
    size = len(cells)
    # per cell (in order): its bit, its row, its column, the cells it closes (hoisted out of the search)
    at = [(1 << i, i // n, i % n, g.closed[i]) for i in cells]
    rest = [cand & ~((1 << i) - 1) for i in cells] + [0]  # the candidates from the k-th on
    out: list[int] = []

    def dfs(k: int, left: int, chosen: int, blocked: int) -> bool:
        if left == 0:
            out.append(chosen)
            return len(out) <= limit
        if (rest[k] & ~blocked).bit_count() < left:  # too few cells left open: nothing below
            return True
        for j in range(k, size - left + 1):
            bit, r, c, closes = at[j]
            if blocked & bit:
                continue
            if counts and (row_left[r] <= 0 or col_left[c] <= 0):
                continue
            row_left[r] -= 1
            col_left[c] -= 1
            ok = dfs(j + 1, left - 1, chosen | bit, blocked | closes)
            row_left[r] += 1
            col_left[c] += 1
            if not ok:
                return False
        return True

    return out if dfs(0, need, 0, 0) else None


def _listed(st: State, cand: int, need: int) -> list[int] | None:
    """:func:`unit_placements` of ``cand`` (with the counts), remembered per puzzle: the list reads
    only ``cand``, ``need`` and the stars of the rows and columns that ``cand`` meets, so between two
    boards of a solve most units keep their list (shared: do not modify it)."""
    g = st.geo
    memo = _memo(st)
    lines = memo.lines.get(cand)
    if lines is None:
        lines = 0
        for i in bits(cand):
            lines |= g.row_units[i // g.n].mask | g.col_units[i % g.n].mask
        memo.lines[cand] = lines
    key = (cand, need, st.star & lines)
    if key in memo.placements:
        return memo.placements[key]
    got = memo.placements[key] = unit_placements(st, cand, need)
    return got


class _Listed:
    """Placements' memo per puzzle: the rows and columns each candidate set meets, the lists
    (:func:`_listed`), and the placements that broke when last followed (:func:`_fold`)."""

    __slots__ = ("bad", "lines", "placements")

    def __init__(self) -> None:
        self.lines: dict[int, int] = {}
        self.placements: dict[tuple[int, int, int], list[int] | None] = {}
        self.bad: set[int] = set()


def _memo(st: State) -> _Listed:
    g = st.geo
    memo = g.facts.get(_LISTED)
    if not isinstance(memo, _Listed) or len(memo.placements) > LISTED_LIMIT or len(memo.bad) > LISTED_LIMIT:
        memo = _Listed()
        g.facts[_LISTED] = memo
    return memo


_LISTED = ("Placements listed",)


def consequences(st: State, placed: int, rounds: int = 20) -> tuple[int, int] | None:
    """What a placement of stars ``placed`` implies by the trivial marks alone (neighbours of stars,
    the rest of complete units, units with as many cells as stars: R1.x, R2.x), repeated a few
    rounds: (cells emptied, stars added), or None when some row, column, region or pair of
    neighbouring lines is left without room (exact bound) or over its count. Only the units whose
    cells changed are looked at again (the board itself is taken as consistent)."""
    g = st.geo
    big_s, nb, fits, full, closed_at = g.S, g.nb, g.fits, g.full, g.closed
    base_star, base_empty = st.star, st.empty
    stars = base_star | placed
    empty = base_empty
    fresh = placed
    masks = g.unit_masks
    changed = placed
    while fresh:  # the placed stars' neighbours: emptied, and changed with them
        low = fresh & -fresh
        around = nb[low.bit_length() - 1]
        empty |= around
        changed |= around
        fresh ^= low
    for _ in range(rounds):
        if stars & empty:
            return None
        cand = full & ~(stars | empty)
        forced = closed = 0
        for m in masks:
            if not m & changed:
                continue
            have = (stars & m).bit_count()
            if have > big_s:
                return None
            left = cand & m
            if have == big_s:
                closed |= left
                continue
            need = big_s - have
            k = left.bit_count()
            if k < need:
                return None
            if k == need:
                if need == 2:
                    if not left & ~closed_at[(left & -left).bit_length() - 1]:
                        return None
                elif need > 2 and not fits(left, need):
                    return None
                forced |= left
            elif need > 1:
                low = left & -left
                if (need > 2 or not left & ~closed_at[low.bit_length() - 1]) and not fits(left, need):
                    return None
        fresh = forced & ~stars
        if not fresh and not closed:
            touched = (stars | empty) & ~(base_star | base_empty)
            for pair in g.pair_masks:
                if pair & touched:
                    need = 2 * big_s - (stars & pair).bit_count()
                    if not fits(cand & pair, need):
                        return None
            break
        empty |= closed
        stars |= fresh
        changed = closed | fresh
        while fresh:
            low = fresh & -fresh
            changed |= nb[low.bit_length() - 1]
            empty |= nb[low.bit_length() - 1]
            fresh ^= low
    return empty & st.unknown & ~stars, stars & ~base_star


def _units(g: Geo) -> list[tuple[str, int, int]]:
    """(name, mask, stars it holds): regions, rows, columns, then every two neighbouring lines."""
    out = [(u.name, u.mask, g.S) for u in g.reg_units + g.row_units + g.col_units]
    out += [(f"{a.kind}s {a.index + 1} and {b.index + 1}", a.mask | b.mask, 2 * g.S)
            for lines in (g.row_units, g.col_units) for a, b in pairwise(lines)]
    return out


def _spread(pats: list[int]) -> list[int]:
    """``pats`` from both ends inwards (first, last, second, ...): listed in order, neighbours share
    most cells, so taking them apart clears the marks sooner. The order cannot change a step: the
    marks only shrink as placements are kept, and the loop stops only once there are none."""
    half = (len(pats) + 1) // 2
    spread = [0] * len(pats)
    spread[0::2] = pats[:half]
    spread[1::2] = pats[:half - 1:-1]
    return spread


def _fold(st: State, cand: int, unk: int, pats: list[int]) -> tuple[int, int, int, int, int, list[int]]:
    """Fold a unit's placements in as they come: (kept, their union, their intersection, the cells
    every kept one empties, the stars every kept one adds, the placements put aside). The marks
    only shrink as placements are kept, so the order cannot change a step, and once there are none
    the rest cannot give any. A placement of candidates already in a kept one comes after the
    others (``later``); once only the unit's candidates in no kept placement are left to mark, it
    changes no mark: it is put aside, to be looked at only to count the kept ones if the unit
    marks. A placement that broke when last looked at on this puzzle (boards only gain marks, so
    it most likely breaks again) comes after those that did not: a unit that marks nothing reaches
    "no marks left" sooner, without following the broken ones."""
    memo = _memo(st)
    bad = memo.bad
    spread = _spread(pats)
    if bad:
        spread = [p for p in spread if p not in bad] + [p for p in spread if p in bad]
    kept = anywhere = 0
    everywhere = cand
    emptied = starred = unk
    later: list[int] = []
    aside: list[int] = []
    for phase in (spread, later):
        for p in phase:
            if not p & ~anywhere:
                if not everywhere and not emptied & ~cand and not starred & ~cand:
                    aside.append(p)
                    continue
                if phase is not later:
                    later.append(p)
                    continue
            got = consequences(st, p)
            if got is None:
                bad.add(p)
                continue
            bad.discard(p)
            kept += 1
            anywhere |= p
            everywhere &= p
            emptied &= got[0]
            starred &= got[1]
            if not (cand & ~anywhere) and not (emptied & ~cand) and not everywhere and not (starred & ~cand):
                return kept, anywhere, everywhere, emptied, starred, aside
    return kept, anywhere, everywhere, emptied, starred, aside


def r_placements(st: State) -> Step | None:
    """Placements: a unit's possible star placements under the row/column counts."""
    g, unk = st.geo, st.unknown
    for name, mask, holds in _units(g):
        need = holds - (st.star & mask).bit_count()
        cand = mask & unk
        if need <= 0 or cand.bit_count() <= need:
            continue
        pats = _listed(st, cand, need)
        if pats is None:
            continue
        kept, anywhere, everywhere, emptied, starred, aside = _fold(st, cand, unk, pats)
        if not kept:
            raise Broken(broken_step(g, "Placements", f"None of the {len(pats)} ways {name} can place its "
                                     f"{need} star{'s' if need > 1 else ''} leaves every row, column and "
                                     f"region room for its stars.", cand, EXPERT_PLUS))
        black = (cand & ~anywhere) | (emptied & ~cand)
        star = everywhere | (starred & ~cand)
        if black or star:
            for p in aside:
                if consequences(st, p) is not None:
                    kept += 1
            return make_step(g, "Placements", EXPERT_PLUS, f"Listing the ways {name} can place its {need} "
                             f"star{'s' if need > 1 else ''}: of {len(pats)}, only {kept} leave every "
                             f"row, column and region room for its stars (after the marks they force); "
                             f"in each of them "
                             f"{said(g, black, star)}.", cand, black=black, star=star)
    return None

