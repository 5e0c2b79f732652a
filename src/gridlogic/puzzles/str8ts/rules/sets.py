"""Tough and diabolical rules: naked and hidden sets, X-wing."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.rules.state import State, digits, names, removal, show

SET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


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
        masks, placed = s.board.masks, s.placed
        for comp in s.puzzle.compartments:
            if all(placed[i] for i in comp.cells):
                continue
            # a sure digit already placed, or with one cell, is a smaller set (found before this rule)
            sure = [d for d in digits(s.sure(comp))
                    if 2 <= len(held := [i for i in comp.cells if masks[i] >> (d - 1) & 1]) <= k
                    and not any(placed[i] for i in held)]
            for ds in combinations(sure, k):
                bits = 0
                for d in ds:
                    bits |= 1 << (d - 1)
                cells = [i for i in comp.cells if masks[i] & bits]
                if len(cells) != k:
                    continue
                marks = removal(s, cells, ~bits)
                if marks:
                    return Step(rule, level, f"{show(bits)} are sure in {comp.name} and fit only {names(s, cells)}",
                                tuple(s.cell(i) for i in cells), marks)
        return None

    return find


