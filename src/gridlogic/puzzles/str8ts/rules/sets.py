"""Tough and diabolical rules: naked and hidden sets, X-wing."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.rules.state import State, digits, names, removal, show

SET_NAMES = {2: "Pair", 3: "Triple"}


def naked_set(k: int, level: int) -> Callable[[State], Step | None]:
    """NakedPair / NakedTriple: k unplaced cells of a row or column whose candidates together are
    k digits take those digits; the digits leave the line's other white cells."""
    rule = f"Naked{SET_NAMES[k]}"

    def find(s: State) -> Step | None:
        p = s.puzzle
        for li, line in enumerate(p.lines):
            open_ = [i for i in line if not p.black[i] and not s.placed[i] and 2 <= bin(s.mask(i)).count("1") <= k]
            for group in combinations(open_, k):
                union = 0
                for i in group:
                    union |= s.mask(i)
                if bin(union).count("1") != k:
                    continue
                marks = removal(s, (j for j in line if not p.black[j] and j not in group), union)
                if marks:
                    return Step(rule, level, f"{names(s, group)} in {p.line_name(li)} hold only {show(union)}; "
                                f"those digits leave the rest of the line", tuple(s.cell(i) for i in group), marks)
        return None

    return find


def hidden_set(k: int, level: int) -> Callable[[State], Step | None]:
    """HiddenPair / HiddenTriple: k digits sure in a compartment (in every straight it can still
    hold) fit only k of its cells; those cells hold nothing else."""
    rule = f"Hidden{SET_NAMES[k]}"

    def find(s: State) -> Step | None:
        for comp in s.puzzle.compartments:
            sure = digits(s.sure(comp))
            for ds in combinations(sure, k):
                bits = 0
                for d in ds:
                    bits |= 1 << (d - 1)
                cells = [i for i in comp.cells if s.mask(i) & bits]
                if len(cells) != k:
                    continue
                marks = removal(s, cells, ~bits)
                if marks:
                    return Step(rule, level, f"{show(bits)} are sure in {comp.name} and fit only {names(s, cells)}",
                                tuple(s.cell(i) for i in cells), marks)
        return None

    return find


def x_wing(level: int) -> Callable[[State], Step | None]:
    """XWing: digit d must appear in two rows (it is sure in a compartment of each) and in both it
    fits only the same two columns; d leaves the rest of those columns. Likewise columns/rows."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        n = p.n
        for base in (0, n):  # rows as base lines, then columns
            places = _required_places(s, base)
            for d in range(1, n + 1):
                lines = [(k, pos) for (k, dd), pos in places.items() if dd == d and len(pos) == 2]
                for (k1, pos1), (k2, pos2) in combinations(lines, 2):
                    if pos1 != pos2:
                        continue
                    cover = [p.lines[(n - base) + q] for q in pos1]
                    keep = set(p.lines[base + k1]) | set(p.lines[base + k2])
                    marks = removal(s, (j for ln in cover for j in ln if not p.black[j] and j not in keep),
                                    1 << (d - 1))
                    if marks:
                        a, b = p.line_name(base + k1), p.line_name(base + k2)
                        cross = " and ".join(p.line_name((n - base) + q) for q in pos1)
                        used = [p.lines[base + k][q] for k in (k1, k2) for q in pos1]
                        return Step("XWing", level, f"{d} must be in {a} and {b}, in both only in {cross}; "
                                    f"so {d} leaves the rest of {cross}", tuple(s.cell(i) for i in used), marks)
        return None

    return find


def _required_places(s: State, base: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """For each line (offset from ``base``) and digit sure in one of its compartments: the
    positions along the line where that digit is still a candidate."""
    p = s.puzzle
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    axis = "row" if base == 0 else "column"
    for comp in p.compartments:
        if comp.axis != axis:
            continue
        line = p.lines[base + comp.line]
        for d in digits(s.sure(comp)):
            pos = tuple(q for q, j in enumerate(line) if not p.black[j] and s.mask(j) >> (d - 1) & 1
                        and not s.placed[j])
            if pos:
                out[(comp.line, d)] = pos
    return out
