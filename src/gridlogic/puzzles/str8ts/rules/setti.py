"""Setti's rule on a set of digits (the general form of :func:`~gridlogic.puzzles.str8ts.rules.lines.settis_rule`).

Every white cell is in one row and one column, so for any set S of digits the white cells holding
a digit of S are as many counted row by row as column by column. A line's count of S is fixed by
the straights its compartments hold: over the line's combinations of straights (one fitting
straight per compartment, pairwise disjoint, no black digit of the line) it ranges from ``lo`` to
``hi``. The rows' ranges add up to the total's range one way, the columns' the other; the total
lies in both, and so each line's count lies within the total less what the other lines of its
direction can hold. A line whose count is bounded so keeps only the combinations within the bound,
and a cell keeps only the digits it takes in one of them. With S one digit this is Setti's rule as
str8ts.com states it (a digit is in as many rows as columns); with S the odd digits it is the
players' "oddness" count; the rule tries the smallest sets first.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import product

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.model import Compartment
from gridlogic.puzzles.str8ts.rules.state import State, alternatives, black_digits, held, show, unsupported
from gridlogic.puzzles.str8ts.straights import within

_POP = tuple(bin(x).count("1") for x in range(1 << 9))

Combos = tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]
"""A line's digit sets (the union of its compartments' straights), each with the combinations giving it."""


@lru_cache(maxsize=1 << 14)
def combinations(allowed: tuple[tuple[int, ...], ...], black: int) -> Combos:
    """The choices of one straight per compartment (from ``allowed``), pairwise disjoint and
    avoiding ``black``, grouped by the digits they use together."""
    by_union: dict[int, list[tuple[int, ...]]] = {}
    for ws in product(*allowed):
        used = 0
        for w in ws:
            if w & (used | black):
                break
            used |= w
        else:
            by_union.setdefault(used, []).append(ws)
    return tuple((u, tuple(c)) for u, c in sorted(by_union.items()))


@lru_cache(maxsize=1 << 14)
def counts(n: int, unions: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per set S of the digits 1..n (a mask): the fewest and the most digits of S a line holds
    over its digit sets ``unions``."""
    lo, hi = [0] * (1 << n), [0] * (1 << n)
    for s in range(1, 1 << n):
        c = [_POP[u & s] for u in unions]
        lo[s], hi[s] = min(c), max(c)
    return tuple(lo), tuple(hi)


def settis_rule_set(level: int) -> Callable[[State], Step | None]:
    """SettisRuleSet: for a set S of two or more digits, the white cells holding a digit of S are
    as many counted by rows as by columns; a line that can hold only so many of them once the
    other lines of its direction are counted keeps the combinations of straights within that
    bound, and a cell keeps only the digits it takes in one of them."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        n = p.n
        lines = range(2 * n)
        black = black_digits(p)
        data = []
        for k in lines:
            comps, allowed, _ = s.line(k)
            combos = combinations(allowed, black[k]) if comps else ((0, ((),)),)
            if not combos:
                return None  # the line has no combination at all: a contradiction, not ours to word
            data.append((comps, combos, counts(n, tuple(u for u, _ in combos))))
        if all(len(combos) == 1 for _, combos, _ in data):
            return None
        for ds in _bounded(n, data):
            step = _at(s, data, ds, level)
            if step is not None:
                return step
        return None

    return find


Data = list[tuple[tuple[Compartment, ...], Combos, tuple[tuple[int, ...], tuple[int, ...]]]]
"""Per line (rows, then columns): its compartments, its combinations, and :func:`counts` of them."""


def _bounded(n: int, data: Data) -> list[int]:
    """The sets ds (two digits or more, fewer than n) under which some line's count is bounded,
    smallest first. Line k is bounded when its range hi - lo exceeds its direction's slack,
    the least of (its direction's most - the total's least) and (the total's most - its
    direction's least)."""
    sides = []
    for part in (data[:n], data[n:]):
        los = [c[0] for _, _, c in part]
        his = [c[1] for _, _, c in part]
        sides.append(([sum(x) for x in zip(*los, strict=True)], [sum(x) for x in zip(*his, strict=True)],
                      [max(h - lo for lo, h in zip(ls, hs, strict=True)) for ls, hs in
                       zip(zip(*los, strict=True), zip(*his, strict=True), strict=True)]))
    (lo_r, hi_r, w_r), (lo_c, hi_c, w_c) = sides
    out = []
    for ds in range(1, (1 << n) - 1):
        if _POP[ds] < 2:
            continue
        t_lo, t_hi = max(lo_r[ds], lo_c[ds]), min(hi_r[ds], hi_c[ds])
        if w_r[ds] > min(hi_r[ds] - t_lo, t_hi - lo_r[ds]) or w_c[ds] > min(hi_c[ds] - t_lo, t_hi - lo_c[ds]):
            out.append(ds)
    return sorted(out, key=lambda ds: (_POP[ds], ds))


def _at(s: State, data: Data, ds: int, level: int) -> Step | None:
    """The first cell losing a digit by Setti's rule on the digit set ``ds``, as a step."""
    n = s.puzzle.n
    lo = [c[0][ds] for _, _, c in data]
    hi = [c[1][ds] for _, _, c in data]
    lo_r, hi_r, lo_c, hi_c = sum(lo[:n]), sum(hi[:n]), sum(lo[n:]), sum(hi[n:])
    t_lo, t_hi = max(lo_r, lo_c), min(hi_r, hi_c)
    if t_lo == lo_r == lo_c and t_hi == hi_r == hi_c:
        return None  # both directions allow the same totals: no line is bounded
    for k, (comps, combos, _) in enumerate(data):
        if len(combos) == 1:
            continue
        s_lo, s_hi = (lo_r, hi_r) if k < n else (lo_c, hi_c)
        least, most = t_lo - (s_hi - hi[k]), t_hi - (s_lo - lo[k])
        if least <= lo[k] and most >= hi[k]:
            continue
        keep = [ws for u, cs in combos if least <= _POP[u & ds] <= most for ws in cs]
        for ci, comp in enumerate(comps):
            fitting = within(s.fits(comp), {ws[ci] for ws in keep})
            found = unsupported(s, comp, fitting)
            if found is None:
                continue
            i, ok, marks = found
            p = s.puzzle
            digits_s = ", ".join(show(1 << b) for b in range(n) if ds >> b & 1)
            least, most = max(least, lo[k]), min(most, hi[k])
            bound = f"exactly {least}" if least == most else f"at least {least}" if most == hi[k] else (
                f"at most {most}" if least == lo[k] else f"{least} to {most}")
            other = "other rows" if k < n else "other columns"
            return Step("SettisRuleSet", level,
                        f"Setti's rule on the digits {digits_s}: the white cells holding them are as many by rows "
                        f"({lo_r} to {hi_r}) as by columns ({lo_c} to {hi_c}), and the {other} hold "
                        f"{s_lo - lo[k]} to {s_hi - hi[k]}, so {p.line_name(k)} holds {bound} of "
                        f"them; then {comp.name} holds {held(fitting) or 'no straight'} and "
                        f"{cell_name(s.cell(i))} cannot be {alternatives(s.mask(i) & ~ok)}",
                        tuple(s.cell(j) for c in comps for j in c.cells), marks)
    return None


__all__ = ["combinations", "counts", "settis_rule_set"]
