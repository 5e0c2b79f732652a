"""Easy, moderate and tough rules: singles, elimination, and what a compartment's straight allows."""

from __future__ import annotations

import itertools

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.levels import EASY, MODERATE, TOUGH
from gridlogic.puzzles.str8ts.model import Compartment
from gridlogic.puzzles.str8ts.rules.state import (
    State,
    alternatives,
    given_bits,
    held,
    removal,
    show,
    unsupported,
    white_peers,
)
from gridlogic.puzzles.str8ts.straights import Fit


def naked_single(s: State) -> Step | None:
    """NakedSingle: a white cell with one candidate left gets that digit."""
    masks, placed = s.board.masks, s.placed
    for i in s.puzzle.white:
        m = masks[i]
        if not placed[i] and m and not m & (m - 1):
            d = m.bit_length()
            return Step("NakedSingle", EASY, f"{cell_name(s.cell(i))} can only be {d}",
                        (s.cell(i),), (Mark(s.cell(i), str(d)),))
    return None


def elimination(s: State) -> Step | None:
    """Elimination: a placed digit (or a black cell's digit) leaves the rest of its row and column."""
    p = s.puzzle
    masks, placed, black = s.board.masks, s.placed, p.black
    peers = white_peers(p)
    given = given_bits(p)
    done = s.eliminated  # decided cells whose digit no peer holds any more (masks only shrink)
    for i in range(p.size):
        if i in done:
            continue
        if placed[i]:
            bit = masks[i]
        elif black[i] and given[i]:
            bit = given[i]
        else:
            continue
        for j in peers[i]:
            if masks[j] & bit:
                break
        else:
            done.add(i)
            continue
        d = bit.bit_length()
        marks = removal(s, peers[i], bit)
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
    masks, placed = s.board.masks, s.placed
    quiet, stamp, gen = s.quiet("CompartmentRange")
    for c, comp in enumerate(s.puzzle.compartments):
        if quiet[c] >= stamp[c]:
            continue
        quiet[c] = gen  # (set back where a step is found)
        known = [masks[i].bit_length() for i in comp.cells if placed[i]]
        if not known or len(known) == comp.size:
            continue
        lo, hi, t = min(known), max(known), comp.size
        a, b = max(1, hi - t + 1), min(n, lo + t - 1)
        keep = ((1 << (b - a + 1)) - 1) << (a - 1) if a <= b else 0
        marks = removal(s, comp.cells, ~keep)
        if marks:
            quiet[c] = -1  # (found here: not quiet)
            held = ", ".join(map(str, sorted(known)))
            return Step("CompartmentRange", EASY,
                        f"{comp.name} ({t} cells) holds {held}, so its straight lies within {a}..{b}",
                        tuple(s.cell(i) for i in comp.cells), marks)
    return None


def hidden_single(s: State) -> Step | None:
    """HiddenSingle: a digit in every straight the compartment can still hold has one cell left
    for it in the compartment."""
    placed = s.placed
    quiet, stamp, gen = s.quiet("HiddenSingle")
    for c, comp in enumerate(s.puzzle.compartments):
        if quiet[c] >= stamp[c]:
            continue
        quiet[c] = gen
        if all(placed[i] for i in comp.cells):
            continue
        for k, d in s.lone_sure(comp):
            i = comp.cells[k]
            if not placed[i]:
                quiet[c] = -1
                reason = f"every straight left for {comp.name} contains {d}; only {cell_name(s.cell(i))} can hold it"
                return Step("HiddenSingle", MODERATE, reason,
                            tuple(s.cell(j) for j in comp.cells), (Mark(s.cell(i), str(d)),))
    return None


def stranded_digits(s: State) -> Step | None:
    """StrandedDigits: a candidate that lies in no straight of t the compartment can still hold is
    removed. A straight fits when each of its digits can go to its own cell (a matching of digits
    to cells over their candidates) and none of its digits is decided elsewhere in the line."""
    quiet, stamp, gen = s.quiet("StrandedDigits")
    for c, comp in enumerate(s.puzzle.compartments):
        if quiet[c] >= stamp[c]:
            continue
        quiet[c] = gen
        wins = s.straights(comp)
        allowed = 0
        for w in wins:
            allowed |= w
        marks = removal(s, comp.cells, ~allowed)
        if marks:
            quiet[c] = -1
            return Step("StrandedDigits", MODERATE,
                        f"{comp.name} can only hold the straight{'s' if len(wins) > 1 else ''} "
                        f"{', '.join(show(w) for w in wins) or 'none'}; digits outside them go",
                        tuple(s.cell(i) for i in comp.cells), marks)
    return None


def _support(s: State, comp: Compartment, fitting: tuple[Fit, ...]) -> Step | None:
    """The first cell of ``comp`` holding a digit it takes in none of ``fitting`` (as a step of
    SplitCompartment when the windows leave a gap between them, else of MindTheGap)."""
    found = unsupported(s, comp, fitting)
    if found is None:
        return None
    i, ok, marks = found
    lost = alternatives(s.mask(i) & ~ok)
    if _is_split(tuple(w for w, _ in fitting)):
        return Step("SplitCompartment", MODERATE,
                    f"{comp.name} is split: it holds {held(fitting)}, low or high, and none of them lets "
                    f"{cell_name(s.cell(i))} be {lost}", tuple(s.cell(j) for j in comp.cells), marks)
    return Step("MindTheGap", MODERATE,
                f"in {comp.name} ({held(fitting)} possible) no straight lets {cell_name(s.cell(i))} be {lost}: "
                f"the other cells could not fill the rest", tuple(s.cell(j) for j in comp.cells), marks)


def _is_split(wins: tuple[int, ...]) -> bool:
    """Whether the windows fall apart into a low and a high group sharing no digit (two neighbouring
    windows, in order, are disjoint): the compartment is either low or high."""
    return any(not a & b for a, b in itertools.pairwise(wins))


def _trim(s: State, split: bool) -> Step | None:
    """The first step of :func:`_support` on a compartment whose fitting straights are split
    (``split``) or not."""
    quiet, stamp, gen = s.quiet("SplitCompartment" if split else "MindTheGap")
    for c, comp in enumerate(s.puzzle.compartments):
        if quiet[c] >= stamp[c]:
            continue
        quiet[c] = gen
        if not s.trimmed(comp) or (split and not _is_split(tuple(s.straights(comp)))):
            continue
        fitting = s.fits(comp)
        if _is_split(tuple(w for w, _ in fitting)) == split:
            step = _support(s, comp, fitting)
            if step is not None:
                quiet[c] = -1
                return step
    return None


def split_compartment(s: State) -> Step | None:
    """SplitCompartment: the straights a compartment can hold fall into a low and a high group
    sharing no digit (it is either low or high); a cell keeps only the digits it takes in one of
    them, each straight filled by the other cells on their own candidates."""
    return _trim(s, split=True)


def mind_the_gap(s: State) -> Step | None:
    """MindTheGap (exact): a digit d leaves a cell when no straight the compartment can hold lets
    that cell be d while the other cells take the straight's other digits (a gap in the
    candidates, or digits the other cells need, rule it out)."""
    return _trim(s, split=False)


def sure_candidates(s: State) -> Step | None:
    """SureCandidates (high/low): digits in every straight a compartment can still hold (the overlap
    of its lowest and highest) are in it, so they leave the rest of its row or column."""
    p = s.puzzle
    for comp in p.compartments:
        wins = s.straights(comp)
        if not wins:
            continue
        sure = s.sure(comp)
        if not sure:
            continue
        k = s.line_index(comp)
        others = [j for j in p.lines[k] if not p.black[j] and j not in comp.cells]
        marks = removal(s, others, sure)
        if marks:
            lo, hi = show(wins[0]), show(wins[-1])
            return Step("SureCandidates", TOUGH,
                        f"{comp.name}: lowest straight {lo}, highest {hi}; {show(sure)} is sure in it, so it leaves "
                        f"the rest of {p.line_name(k)}", tuple(s.cell(i) for i in comp.cells), marks)
    return None


__all__ = ["compartment_range", "elimination", "hidden_single", "mind_the_gap", "naked_single",
           "split_compartment", "stranded_digits", "sure_candidates"]
