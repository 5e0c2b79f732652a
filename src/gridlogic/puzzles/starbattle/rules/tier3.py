"""Tier 3: bounds from 2x2 windows and exact tilings (Easy), and 1xn's (R3.4-R3.6, graded Medium:
the corpus labels show that confining a region's stars to a line is what separates "medium"
puzzles from easy ones)."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EASY, MEDIUM
from gridlogic.puzzles.starbattle.rules.facts import in_line, one_by_ns, unit_covers
from gridlogic.puzzles.starbattle.rules.geometry import Geo, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said


def windows_containing(geo: Geo, cells: int) -> list[int]:
    """Every 2x2 window that contains all of ``cells``."""
    if not cells:
        return []
    return [w for w in geo.windows_at[(cells & -cells).bit_length() - 1] if cells & ~w == 0]


def r3_1(st: State) -> Step | None:
    """R3.1 2x2 Maximum Bound: a 2x2 holds one star at most. Marking form: a unit that needs one
    more star and whose candidates all lie in one 2x2 puts its star there, so the 2x2's cells
    outside the unit are empty."""
    g, unk, star = st.geo, st.unknown, st.star
    one_less = g.S - 1
    changed, near = st.changed_since("R3.1"), g.near  # a unit's finding lies in its neighbourhood
    for u in g.all_units():
        if not near[u.mask] & changed:
            continue
        cells = u.mask & unk
        if (star & u.mask).bit_count() != one_less or cells.bit_count() < 2:  # needs one more
            continue
        marks = 0
        for w in windows_containing(g, cells):
            marks |= w & unk & ~u.mask
        if marks:
            return make_step(g, "R3.1", EASY, f"{cap(u.name)} needs one more star and its cells "
                             f"{g.cells_name(cells)} lie in one 2x2, which holds one star at most; "
                             f"so {said(g, marks)}.", cells, black=marks)
    st.found_nothing("R3.1")
    return None


def r3_2(st: State) -> Step | None:
    """R3.2 Region Tiling Bound, as a contradiction check on every row, column and region. Uses the
    exact maximum of non-touching stars (never above the seed's greedy tiling count)."""
    g, unk, star = st.geo, st.unknown, st.star
    changed = st.changed_since("R3.2")
    for u in g.all_units():
        if not u.mask & changed:
            continue
        need = g.S - (star & u.mask).bit_count()
        cells = u.mask & unk
        if need > 0 and not g.fits(cells, need):
            most = g.max_stars(cells, need)
            raise Broken(broken_step(g, "R3.2", f"{cap(u.name)} needs {need} more stars but its "
                                     f"cells can hold only {most}.", cells))
    st.found_nothing("R3.2")
    return None


def r3_3(st: State) -> Step | None:
    """R3.3 Exact Tiling Deduction: a unit needing k stars whose candidates are covered by k 2x2s has
    exactly one star in each of them, so the 2x2s' cells outside the unit are empty, a cell in two of
    them is empty, and a 2x2 with a single candidate of the unit holds its star there."""
    g, unk = st.geo, st.unknown
    changed, near = st.changed_since("R3.3"), g.near  # a unit's cover and marks lie in its neighbourhood
    for u, cover in unit_covers(st):
        if not near[u.mask] & changed:
            continue
        cells = u.mask & unk
        black = 0
        star = 0
        seen = 0
        for w in cover:
            black |= w & unk & ~u.mask
            black |= seen & w & cells
            seen |= w
            own = w & cells
            if own.bit_count() == 1:
                star |= own
        black &= ~star
        if black or star:
            what = []
            if black:
                what.append(f"{g.cells_name(black)} {'is' if black.bit_count() == 1 else 'are'} empty")
            if star:
                what.append(f"{g.cells_name(star)} {'is a star' if star.bit_count() == 1 else 'are stars'}")
            return make_step(g, "R3.3", EASY, f"{cap(u.name)} needs {len(cover)} more "
                             f"star{'s' if len(cover) > 1 else ''} and its cells fit in {len(cover)} "
                             f"2x2{'s' if len(cover) > 1 else ''}, each holding exactly one of them: "
                             f"so {' and '.join(what)}.", cells, black=black, star=star)
    st.found_nothing("R3.3")
    return None


def r3_4(st: State) -> Step | None:
    """R3.4 1xn Identification (exact bound): a region that cannot fit its stars outside a line has a
    1xn there. It marks only when a 1xn has as few cells as stars it must hold (they are stars)."""
    g = st.geo
    for x in one_by_ns(st):
        if x.cells.bit_count() == x.least:
            return make_step(g, "R3.4", MEDIUM, f"{cap(x.region.name)} cannot fit its stars outside "
                             f"{x.line.name}, so {g.cells_name(x.cells)} "
                             f"{'is a star' if x.cells.bit_count() == 1 else 'are stars'}.", x.region.mask,
                             star=x.cells)
    return None


def r3_5(st: State) -> Step | None:
    """R3.5 1xn Line Completion: when a line's stars plus the least counts of its 1xn's reach S, the
    line's other cells are empty."""
    g, unk = st.geo, st.unknown
    for line in g.row_units + g.col_units:
        xs = in_line(st, line)
        if not xs:
            continue
        have = (line.mask & st.star).bit_count() + sum(x.least for x in xs)
        inside = 0
        for x in xs:
            inside |= x.cells
        if have > g.S:
            raise Broken(broken_step(g, "R3.5", f"{cap(line.name)} would need more than {g.S} stars: "
                                     + "; ".join(x.describe(g) for x in xs) + ".", inside))
        marks = line.mask & unk & ~inside
        if have == g.S and marks:
            return make_step(g, "R3.5", MEDIUM, f"In {line.name}, " + "; ".join(x.describe(g) for x in xs)
                             + f", which completes it; so {said(g, marks)}.",
                             inside, black=marks)
    return None


def exclusion(geo: Geo, cells: int, need: int, targets: int | None = None) -> int:
    """Cells of ``targets`` (default ``cells``) that, as a star, leave ``cells`` unable to hold
    its remaining ``need - 1`` (or ``need`` if the cell is outside ``cells``) stars. A pure function
    of its arguments, memoised per puzzle."""
    key = ("excl", cells, need, targets)
    got = geo.facts.get(key)
    if got is not None:
        return got  # type: ignore[return-value]
    # A 3x3 block holds at most 4 non-touching stars, so a star's closed neighbourhood costs at
    # most 4 of the room: with that much to spare no cell is excluded. The greedy placement shows
    # that room when it finds it (and ``excluded``, exact, answers when it does not).
    outside = targets is not None and targets & ~cells
    spare = need + (4 if outside else 3)
    rest, placed, closed = cells, 0, geo.closed
    while rest and placed < spare:
        placed += 1
        rest &= ~closed[(rest & -rest).bit_length() - 1]
    if placed >= spare:
        geo.facts[key] = 0
        return 0
    out = excluded(geo, cells, need, cells if targets is None else targets, geo.closed.__getitem__)
    geo.facts[key] = out
    return out


def excluded(geo: Geo, cells: int, need: int, targets: int, removed: Callable[[int], int]) -> int:
    """Cells of ``targets`` whose star, ruling out ``removed(cell)``, leaves ``cells`` unable to
    hold their remaining stars (``need``, less one if the cell is one of them).

    Exact for every target; the stars found fitting for one target are kept (``seen``: sets of
    non-touching stars of ``cells``), and a later target with enough of one set's stars outside
    what it rules out needs no search."""
    closed = geo.closed
    out = 0
    seen: list[int] = []
    while targets:
        low = targets & -targets
        targets ^= low
        k = need - 1 if cells & low else need
        if k <= 0:
            continue
        gone = removed(low.bit_length() - 1)
        rest = cells & ~gone
        if k == 1:  # one star fits in any cell
            if not rest:
                out |= low
            continue
        if k == 2 and rest & ~closed[(rest & -rest).bit_length() - 1]:
            continue  # two fit: a cell outside the lowest one's block
        for placed in seen:
            if (placed & rest).bit_count() >= k:
                break
        else:
            placed = geo.place(rest, k)
            if placed:
                seen.append(placed)
            else:
                out |= low
    return out


def r3_6(st: State) -> Step | None:
    """R3.6 Bound Tightening from 1xn: when R3.5 makes a line exact, each 1xn holds exactly its least
    count; the region's cells in and out of the line then hold exact counts, and a cell whose star
    would leave either part too little room is empty (exact bound)."""
    g, unk = st.geo, st.unknown
    for line in g.row_units + g.col_units:
        xs = in_line(st, line)
        if not xs or (line.mask & st.star).bit_count() + sum(x.least for x in xs) != g.S:
            continue
        for x in xs:
            rest = x.region.mask & unk & ~line.mask
            outside_need = st.need(x.region) - x.least
            marks = 0
            if outside_need == 0:
                marks = rest
            else:
                marks |= exclusion(g, rest, outside_need)
                marks |= exclusion(g, rest, outside_need, x.cells) & ~marks
            marks |= exclusion(g, x.cells, x.least) & ~marks
            marks |= exclusion(g, x.cells, x.least, rest) & ~marks
            star = rest if 0 < outside_need == rest.bit_count() else 0
            if marks or star:
                marks &= ~star
                what = f"{g.cells_name(marks)} would break that" if marks else ""
                if star:
                    what += (" and " if marks else "") + (f"its {outside_need} cell{'s' if outside_need > 1 else ''} "
                                                          f"left outside {line.name} "
                                                          f"{'is a star' if outside_need == 1 else 'are stars'}")
                return make_step(g, "R3.6", MEDIUM, f"{cap(line.name)} is filled by its 1xn's, so "
                                 f"{x.region.name} has exactly {x.least} star{'s' if x.least > 1 else ''} "
                                 f"in {line.name} and {outside_need} elsewhere; {what}.",
                                 x.region.mask & unk, black=marks, star=star)
    return None
