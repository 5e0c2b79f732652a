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


_LANE = 16
"""Bits per set S in a packed count: every set's count side by side in one integer (lane S at bit
16·S), so the rows' and columns' sums over all sets are a few integer additions."""


@lru_cache(maxsize=10)
def _lanes(n: int) -> tuple[int, int, int, int]:
    """For n digits: 1 in every lane, the lanes' top bits, all lane bits, and the top bits of the
    lanes of the sets the rule tries (two digits or more, fewer than n)."""
    ones = sum(1 << (_LANE * s) for s in range(1 << n))
    tried = sum(1 << (_LANE * s + _LANE - 1) for s in range(1 << n) if 2 <= _POP[s] < n)
    return ones, ones << (_LANE - 1), ones * ((1 << _LANE) - 1), tried


@lru_cache(maxsize=10)
def _digit_lanes(n: int) -> tuple[int, ...]:
    """Per digit d, 1 in the lane of every set S holding it: a digit set u holds POP(u & S) digits
    of S, the sum of these over u's digits."""
    return tuple(sum(1 << (_LANE * s) for s in range(1 << n) if s >> d & 1) for d in range(n))


@lru_cache(maxsize=1 << 14)
def counts(n: int, unions: tuple[int, ...]) -> tuple[int, int, int]:
    """Per set S of the digits 1..n (a mask), packed (lane S): the fewest and the most digits of
    S a line holds over its digit sets ``unions``, and the difference."""
    _, top, full, _ = _lanes(n)
    per_digit = _digit_lanes(n)
    lo = hi = -1
    for u in unions:
        c = sum(per_digit[d] for d in range(n) if u >> d & 1)
        if lo < 0:
            lo = hi = c
            continue
        c_not_less = ((c + top - lo) & top) >> (_LANE - 1)
        keep_lo = c_not_less * ((1 << _LANE) - 1)  # lanes where lo stays the least
        lo = lo & keep_lo | c & ~keep_lo & full
        c_not_more = ((hi + top - c) & top) >> (_LANE - 1)
        keep_hi = c_not_more * ((1 << _LANE) - 1)
        hi = hi & keep_hi | c & ~keep_hi & full
    return lo, hi, hi - lo


def lane(packed: int, s: int) -> int:
    """Set ``s``'s count in a packed count."""
    return packed >> (_LANE * s) & ((1 << _LANE) - 1)


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
        seen: set[tuple[int, frozenset[int]]] = set()
        for ds in _bounded(n, data):
            step = _at(s, data, ds, level, seen)
            if step is not None:
                return step
        return None

    return find


Data = list[tuple[tuple[Compartment, ...], Combos, tuple[int, int, int]]]
"""Per line (rows, then columns): its compartments, its combinations, and :func:`counts` of them."""


def _bounded(n: int, data: Data) -> list[int]:
    """The sets (two digits or more, fewer than n) under which some line's count is bounded,
    smallest first. With the rows' counts lo_r..hi_r and the columns' lo_c..hi_c, the total lies
    in both; a line's own range hi - lo then fits when it is at most min(hi_r - lo_c, hi_c - lo_r)
    (its direction's most less the other's least), whichever direction it is in. Computed for
    every set at once on packed counts (values biased by 128, so no lane goes negative)."""
    ones, top, full, tried = _lanes(n)
    bias = 128 * ones
    lo_r = sum(c[0] for _, _, c in data[:n])
    hi_r = sum(c[1] for _, _, c in data[:n])
    lo_c = sum(c[0] for _, _, c in data[n:])
    hi_c = sum(c[1] for _, _, c in data[n:])
    a, b = hi_r + bias - lo_c, hi_c + bias - lo_r
    a_not_less = (a + top - b) & top
    pick_b = (a_not_less >> (_LANE - 1)) * ((1 << _LANE) - 1)
    slack_plus_one = (b & pick_b | a & ~pick_b & full) + ones
    tight = 0
    for _, combos, (_, _, width) in data:
        if len(combos) > 1:
            tight |= (width + bias + top - slack_plus_one) & top
    tight &= tried
    out = []
    while tight:
        low = tight & -tight
        out.append((low.bit_length() - 1) // _LANE)
        tight ^= low
    return sorted(out, key=lambda ds: (_POP[ds], ds))


def _at(s: State, data: Data, ds: int, level: int, seen: set[tuple[int, frozenset[int]]]) -> Step | None:
    """The first cell losing a digit by Setti's rule on the digit set ``ds``, as a step (``seen``:
    the lines and digit sets kept already tried on this board, with another set, to no effect)."""
    n = s.puzzle.n
    lo = [lane(c[0], ds) for _, _, c in data]
    hi = [lane(c[1], ds) for _, _, c in data]
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
        kept = frozenset(u for u, _ in combos if least <= _POP[u & ds] <= most)
        if (k, kept) in seen:
            continue
        seen.add((k, kept))
        keep = [ws for u, cs in combos if u in kept for ws in cs]
        for ci, comp in enumerate(comps):
            wins = {ws[ci] for ws in keep}
            if len(wins) == len({ws[ci] for _, cs in combos for ws in cs}):
                continue  # the compartment keeps every straight it had: no cell loses a digit
            fitting = within(s.fits(comp), wins)
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


__all__ = ["combinations", "counts", "lane", "settis_rule_set"]
