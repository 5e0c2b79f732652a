"""Easy, moderate and tough rules: singles, elimination, and what a compartment's straight allows."""

from __future__ import annotations

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.rules.state import State, digits, removal, show

EASY, MODERATE, TOUGH = 0, 1, 2


def naked_single(s: State) -> Step | None:
    """NakedSingle: a white cell with one candidate left gets that digit."""
    for i in s.puzzle.white:
        m = s.mask(i)
        if not s.placed[i] and m and not m & (m - 1):
            d = m.bit_length()
            return Step("NakedSingle", EASY, f"{cell_name(s.cell(i))} can only be {d}",
                        (s.cell(i),), (Mark(s.cell(i), str(d)),))
    return None


def elimination(s: State) -> Step | None:
    """Elimination: a placed digit (or a black cell's digit) leaves the rest of its row and column."""
    p = s.puzzle
    for i in range(p.size):
        d = s.digit(i)
        if d is None:
            continue
        marks = removal(s, (j for j in p.peers(i) if not p.black[j]), 1 << (d - 1))
        if marks:
            what = "black " if p.black[i] else ""
            r, c = s.cell(i)
            reason = f"{what}{d} at {cell_name(s.cell(i))} leaves row {r + 1} and column {c + 1}"
            return Step("Elimination", EASY, reason, (s.cell(i),), marks)
    return None


def compartment_range(s: State) -> Step | None:
    """CompartmentRange: placed digits lo..hi in a compartment of t cells confine the rest to
    hi-t+1 .. lo+t-1 (a straight of t cannot reach further)."""
    n = s.puzzle.n
    for comp in s.puzzle.compartments:
        known = [d for i in comp.cells if (d := s.digit(i)) is not None]
        if not known or len(known) == comp.size:
            continue
        lo, hi, t = min(known), max(known), comp.size
        a, b = max(1, hi - t + 1), min(n, lo + t - 1)
        keep = ((1 << (b - a + 1)) - 1) << (a - 1) if a <= b else 0
        marks = removal(s, comp.cells, ~keep)
        if marks:
            held = ", ".join(map(str, sorted(known)))
            return Step("CompartmentRange", EASY,
                        f"{comp.name} ({t} cells) holds {held}, so its straight lies within {a}..{b}",
                        tuple(s.cell(i) for i in comp.cells), marks)
    return None


def hidden_single(s: State) -> Step | None:
    """HiddenSingle: a digit in every straight the compartment can still hold has one cell left
    for it in the compartment."""
    for comp in s.puzzle.compartments:
        sure = s.sure(comp)
        for d in digits(sure):
            holders = [i for i in comp.cells if s.mask(i) >> (d - 1) & 1]
            if len(holders) == 1 and not s.placed[holders[0]]:
                i = holders[0]
                reason = f"every straight left for {comp.name} contains {d}; only {cell_name(s.cell(i))} can hold it"
                return Step("HiddenSingle", MODERATE, reason,
                            tuple(s.cell(j) for j in comp.cells), (Mark(s.cell(i), str(d)),))
    return None


def mind_the_gap(s: State) -> Step | None:
    """MindTheGap: a digit no cell of the compartment can hold splits the candidates in two; a
    straight cannot jump it, so if one cell lies wholly on one side, all cells do."""
    n = s.puzzle.n
    for comp in s.puzzle.compartments:
        union = 0
        for i in comp.cells:
            union |= s.mask(i)
        for g in range(2, n):
            bit = 1 << (g - 1)
            below, above = union & (bit - 1), union & ~((bit << 1) - 1)
            if union & bit or not below or not above:
                continue
            for i in comp.cells:
                side = below if not s.mask(i) & above else above if not s.mask(i) & below else 0
                if not side:
                    continue
                marks = removal(s, comp.cells, ~side)
                if marks:
                    where = "below" if side == below else "above"
                    return Step("MindTheGap", MODERATE,
                                f"no cell of {comp.name} can be {g}; {cell_name(s.cell(i))} lies {where} the gap, "
                                f"so the whole straight does",
                                tuple(s.cell(j) for j in comp.cells), marks)
    return None


def stranded_digits(s: State) -> Step | None:
    """StrandedDigits: a candidate that belongs to no straight of t the compartment's cells can
    still make (some cell would have no digit in it, or a digit of it is missing) is removed."""
    for comp in s.puzzle.compartments:
        allowed = 0
        for w in s.straights(comp):
            allowed |= w
        marks = removal(s, comp.cells, ~allowed)
        if marks:
            return Step("StrandedDigits", MODERATE,
                        f"in {comp.name} only straights within {show(allowed) or 'nothing'} can be completed",
                        tuple(s.cell(i) for i in comp.cells), marks)
    return None


def high_low(s: State) -> Step | None:
    """HighLow: the lowest and highest straights a compartment can still hold overlap; the digits of
    the overlap are sure in it, so they leave the rest of its row or column."""
    p = s.puzzle
    for comp in p.compartments:
        wins = s.straights(comp)
        if not wins:
            continue
        sure = s.sure(comp)
        if not sure:
            continue
        k = comp.line + (p.n if comp.axis == "column" else 0)
        others = [j for j in p.lines[k] if not p.black[j] and j not in comp.cells]
        marks = removal(s, others, sure)
        if marks:
            lo, hi = show(wins[0]), show(wins[-1])
            return Step("HighLow", TOUGH,
                        f"{comp.name}: lowest straight {lo}, highest {hi}; {show(sure)} is in both, so it leaves the "
                        f"rest of {p.line_name(k)}", tuple(s.cell(i) for i in comp.cells), marks)
    return None


__all__ = ["compartment_range", "elimination", "hidden_single", "high_low", "mind_the_gap", "naked_single",
           "stranded_digits"]
