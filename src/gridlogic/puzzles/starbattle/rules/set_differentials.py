"""R5.6 Set Differentials (Kris's guide §2.6), the short sums: blocks of one or two neighbouring
rows plus one or two columns (or the two outer lines), minus every region inside their union; when
no candidate is counted twice or below zero the rest holds a known count: zero empties it (R5.6c),
otherwise exclusion. Graded by operations as the seed says: Hard (≤ 2), Expert (3-4), Expert+ (≥ 5).
The longer sums live in ``blocks.py`` (blocks of 3+ lines) and ``composites.py`` (regions minus
lines, chained sums)."""

from __future__ import annotations

import itertools

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT, EXPERT_PLUS, HARD
from gridlogic.puzzles.starbattle.rules.counting import names, span
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said
from gridlogic.puzzles.starbattle.rules.tier3 import exclusion


def line_blocks(g: Geo, kind: str) -> list[tuple[list[Unit], int]]:
    """Lines one at a time, neighbouring pairs, and the two outer lines together."""
    lines = g.units(kind)
    out = [([ln], ln.mask) for ln in lines]
    out += [([a, b], a.mask | b.mask) for a, b in itertools.pairwise(lines)]
    out.append(([lines[0], lines[-1]], lines[0].mask | lines[-1].mask))
    return out


def differential(st: State, rows: list[Unit], cols: list[Unit], rmask: int, cmask: int,
                 ) -> tuple[list[Unit], int, int] | None:
    """(+rows) (+columns) (−every region inside their union): returns the regions subtracted, the
    candidate cells counted once and the stars they hold, or None if a candidate stays counted twice
    (cells already decided may carry any count: empty ones hold nothing, stars are subtracted)."""
    g = st.geo
    live = st.cache.get("live regions")
    if live is None:
        alive = g.full & ~st.empty
        live = st.cache["live regions"] = [(u, u.mask & alive) for u in g.reg_units if u.mask & alive]
    union = rmask | cmask
    both = rmask & cmask
    outside = ~union
    unk = st.unknown
    twice = both & unk
    if twice and g.regs[g.reg_of[(twice & -twice).bit_length() - 1]] & ~st.empty & outside:
        return None  # a candidate counted twice whose region is not subtracted (the check below)
    regs = []
    rm = 0
    for u, m in live:
        if not m & outside:
            regs.append(u)
            rm |= u.mask
    if twice & ~rm:
        return None
    ones = ((rmask ^ cmask) & ~rm) | (both & rm)
    star = st.star
    total = (g.S * (len(rows) + len(cols) - len(regs)) - (star & rmask).bit_count()
             - (star & cmask).bit_count() + (star & rm).bit_count())
    return regs, ones & unk, total


def differentials(st: State) -> list[tuple[list[Unit], list[Unit], list[Unit], int, int]]:
    """Every block pair's differential on this board (shared by the three R5.6 levels), in the order
    of the pairs: what :func:`differential` gives for each, without asking every region of every
    pair (a region lies inside rows + columns when its part outside the rows meets only columns of
    the block, so each region is looked at once per block of rows)."""
    got = st.cache.get("R5.6")
    if got is None:
        g = st.geo
        got = []
        alive = g.full & ~st.empty
        live = [(u, u.mask & alive) for u in g.reg_units if u.mask & alive]
        unk, star, big_s = st.unknown, st.star, g.S
        col_blocks = line_blocks(g, "column")
        col_stars = [(star & cmask).bit_count() for _, cmask in col_blocks]
        within = _blocks_within(g)
        cols_of = g.span_memo["column"]
        col_units = g.col_units
        for rows, rmask in line_blocks(g, "row"):
            inside: list[list[Unit]] = [[] for _ in col_blocks]
            masks = [0] * len(col_blocks)
            for u, m in live:
                rest = m & ~rmask
                sp = cols_of.get(rest)
                if sp is None:
                    sp = span(g, rest, col_units)
                ids = within.get(sp)
                if ids is None:
                    ids = _within(g, within, sp)
                for b in ids:
                    inside[b].append(u)
                    masks[b] |= u.mask
            base = big_s * len(rows) - (star & rmask).bit_count()
            for b, (cols, cmask) in enumerate(col_blocks):
                rm = masks[b]
                both = rmask & cmask
                if both & unk & ~rm:
                    continue  # a candidate counted twice whose region is not subtracted
                regs = inside[b]
                ones = ((rmask ^ cmask) & ~rm) | (both & rm)
                total = base + big_s * (len(cols) - len(regs)) - col_stars[b] + (star & rm).bit_count()
                got.append((rows, cols, regs, ones & unk, total))
        st.cache["R5.6"] = got
    return got


def _blocks_within(g: Geo) -> dict[int, tuple[int, ...]]:
    """Per puzzle: a set of columns (a bit each) -> the column blocks (indices into ``line_blocks``)
    holding all of them; filled by :func:`_within`."""
    got: dict[int, tuple[int, ...]] | None = g.facts.get(("R5.6 within",))  # type: ignore[assignment]
    if got is None:
        got = g.facts[("R5.6 within",)] = {}
    return got


def _within(g: Geo, within: dict[int, tuple[int, ...]], span: int) -> tuple[int, ...]:
    out = []
    for b, (cols, _) in enumerate(line_blocks(g, "column")):
        bits_of = 0
        for c in cols:
            bits_of |= 1 << c.index
        if not span & ~bits_of:
            out.append(b)
    within[span] = got = tuple(out)
    return got


_OPS_RANGES = ((1, 2), (3, 4), (5, 99))
"""The operation counts of the three R5.6 levels (simple, medium, long)."""


def _by_ops(st: State) -> dict[tuple[int, int], list[tuple[list[Unit], list[Unit], list[Unit], int, int]]]:
    """:func:`differentials` with cells counted once, split by the R5.6 level whose operation
    count they have (in their order); once per board for the three levels."""
    got = st.cache.get("R5.6 by ops")
    if got is None:
        got = {r: [] for r in _OPS_RANGES}
        for entry in differentials(st):
            if entry[3]:
                ops = len(entry[0]) + len(entry[1]) + len(entry[2])
                for low, high in _OPS_RANGES:
                    if low <= ops <= high:
                        got[low, high].append(entry)
        st.cache["R5.6 by ops"] = got
    return got


def _r5_6(st: State, level: int, low: int, high: int) -> Step | None:
    for rows, cols, regs, comp, total in _by_ops(st)[low, high]:
        step = differential_step(st, rows, cols, regs, comp, total, level, "Set differential")
        if step is not None:
            return step
    return None


def differential_step(st: State, rows: list[Unit], cols: list[Unit], regs: list[Unit], comp: int, total: int,
                      level: int, what: str, label: str | None = None, ops: int | None = None) -> Step | None:
    """The R5.6 step of the sum ``rows + cols - regs``, whose cells counted once (``comp``) hold
    exactly ``total`` stars: its empties and stars, None if it marks nothing; Broken if it cannot be.
    ``label`` and ``ops`` name another sum (composite regions as inputs) in place of that one."""
    g = st.geo
    key = ("R5.6 marks", comp, total)
    black: int | None = g.facts.get(key, -1)  # type: ignore[assignment]
    if black == -1:  # memoised per puzzle: None if the cells cannot hold the stars, else the empties
        if total < 0 or not g.fits(comp, total):
            black = None
        else:
            black = comp if total == 0 else exclusion(g, comp, total)
        g.facts[key] = black
    if black is None:
        label = label or f"{names(rows)} + {names(cols)}" + (f" − {names(regs)}" if regs else "")
        raise Broken(broken_step(g, "R5.6", f"The set {label} would need {total} stars in "
                                 f"{g.cells_name(comp)}, which cannot be.", comp, level))
    star = comp if 0 < total == comp.bit_count() else 0
    if not (black or star):
        return None
    black &= ~star
    ops = ops or len(rows) + len(cols) + len(regs)
    label = label or f"{names(rows)} + {names(cols)}" + (f" − {names(regs)}" if regs else "")
    return make_step(g, "R5.6", level, f"{what} ({ops} operations) {label}: the cells "
                     f"counted once, {g.cells_name(comp)}, hold exactly {total} "
                     f"star{'' if total == 1 else 's'}; so " + said(g, black, star) + ".",
                     comp, black=black, star=star)


def r5_6_simple(st: State) -> Step | None:
    """R5.6 Set Differential with at most 2 operations (Hard)."""
    return _r5_6(st, HARD, 1, 2)


def r5_6_medium(st: State) -> Step | None:
    """R5.6 Set Differential with 3-4 operations (Expert)."""
    return _r5_6(st, EXPERT, 3, 4)


def r5_6_long(st: State) -> Step | None:
    """R5.6 Set Differential with 5 or more operations (Expert+)."""
    return _r5_6(st, EXPERT_PLUS, 5, 99)
