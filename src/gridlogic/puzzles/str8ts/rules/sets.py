"""Tough rules: required digits, naked and hidden sets (pairs to quintuples), within one
compartment and across the compartments of a row or column."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules.quiet import known, quiet_key, remember
from gridlogic.puzzles.str8ts.rules.state import State, alternatives, digits, held, names, removal, show, unsupported

SET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quint"}
MAX_SET = 5


def _comp_in_line(p: Str8ts, k: int) -> dict[int, int]:
    """Per white cell of line ``k``: the index (in ``p.compartments``) of its compartment there."""

    def make() -> tuple[dict[int, int], ...]:
        out: list[dict[int, int]] = []
        for li, line in enumerate(p.lines):
            axis = "row" if li < p.n else "column"
            out.append({i: c for i in line if not p.black[i] for c in p.comps_of[i]
                        if p.compartments[c].axis == axis})
        return tuple(out)

    table: tuple[dict[int, int], ...] = p.memo("comp_in_line", make)
    return table[k]


def _each_line(s: State, rule: str, in_line: Callable[[State, int], Step | None]) -> Step | None:
    """The first step ``in_line`` finds, row by row then column by column, skipping the lines where
    it found nothing before with the same candidates (it reads nothing outside the line)."""
    for k in range(len(s.puzzle.lines)):
        q = quiet_key(s, rule, k)
        if known(s, q):
            continue
        step = in_line(s, k)
        if step is not None:
            return step
        remember(s, q)
    return None


def required_digits(level: int) -> Callable[[State], Step | None]:
    """RequiredDigits: a digit a row or column must hold (every combination of its compartments'
    straights uses it) with one cell left for it in the line goes there; with its cells all in one
    compartment, that compartment holds it, so it keeps only its straights containing the digit."""

    def find(s: State) -> Step | None:
        return _each_line(s, "RequiredDigits", in_line)

    def in_line(s: State, k: int) -> Step | None:
        p = s.puzzle
        masks = s.board.masks
        line = p.lines[k]
        need = s.open_required(k)
        if not need:
            return None
        where = _comp_in_line(p, k)
        for d in digits(need):
            bit = 1 << (d - 1)
            holders = [j for j in line if not p.black[j] and masks[j] & bit]
            if len(holders) == 1:
                i = holders[0]
                return Step("RequiredDigits", level, f"{p.line_name(k)} must hold {d} and only "
                            f"{cell_name(s.cell(i))} can take it", (s.cell(i),), (Mark(s.cell(i), str(d)),))
            comps = {where[j] for j in holders}
            if len(comps) != 1:
                continue
            comp = p.compartments[comps.pop()]
            fitting = [(w, sup) for w, sup in s.fits(comp) if w & bit]
            found = unsupported(s, comp, fitting)
            if found is not None:
                i, ok, marks = found
                return Step("RequiredDigits", level,
                            f"{p.line_name(k)} must hold {d}, which only {comp.name} can take, so it holds "
                            f"{held(fitting)} and {cell_name(s.cell(i))} cannot be {alternatives(s.mask(i) & ~ok)}",
                            tuple(s.cell(j) for j in comp.cells), marks)
        return None

    return find


def naked_set(k: int, level: int, cross: bool = False) -> Callable[[State], Step | None]:
    """NakedPair .. NakedQuint: k unplaced cells of one compartment whose candidates together are k
    digits take those digits; the digits leave the other white cells of the row or column. With
    ``cross``, CrossCompartmentLockedSet: the same with cells from two or more compartments of
    the line."""
    rule = "CrossCompartmentLockedSet" if cross else f"Naked{SET_NAMES[k]}"

    def find(s: State) -> Step | None:
        return _each_line(s, f"{rule}{k}", in_line)

    def in_line(s: State, li: int) -> Step | None:
        p = s.puzzle
        masks = s.board.masks
        line = p.lines[li]
        where = _comp_in_line(p, li)
        open_ = [i for i in line if not p.black[i] and not s.placed[i] and 2 <= masks[i].bit_count() <= k]
        if len(open_) < k:
            return None
        for group in combinations(open_, k):
            if (len({where[i] for i in group}) > 1) != cross:
                continue
            union = 0
            for i in group:
                union |= masks[i]
            if union.bit_count() != k:
                continue
            marks = removal(s, (j for j in line if not p.black[j] and j not in group), union)
            if marks:
                kind = f"a locked set across {len({where[i] for i in group})} compartments" if cross else \
                    f"a naked {SET_NAMES[k].lower()} in {p.compartments[where[group[0]]].name}"
                return Step(rule, level, f"{names(s, group)} hold only {show(union)} ({kind}); "
                            f"those digits leave the rest of {p.line_name(li)}", tuple(s.cell(i) for i in group),
                            marks)
        return None

    return find


def cross_locked_set(level: int) -> Callable[[State], Step | None]:
    """CrossCompartmentLockedSet: a naked set (2 .. 5 cells, as many digits) whose cells lie in two
    or more compartments of the row or column; its digits leave the line's other white cells."""
    finders = [naked_set(k, level, cross=True) for k in range(2, MAX_SET + 1)]

    def find(s: State) -> Step | None:
        for f in finders:
            step = f(s)
            if step is not None:
                return step
        return None

    return find


def hidden_set(k: int, level: int) -> Callable[[State], Step | None]:
    """HiddenPair .. HiddenQuint: k digits sure in a compartment (in every straight it can still
    hold) fit only k of its cells; those cells hold nothing else."""
    rule = f"Hidden{SET_NAMES[k]}"

    def find(s: State) -> Step | None:
        masks, placed = s.board.masks, s.placed
        for ci, comp in enumerate(s.puzzle.compartments):
            if comp.size <= k or all(placed[i] for i in comp.cells):
                continue
            q = quiet_key(s, f"{rule}:{ci}", s.line_index(comp))  # (it reads its line only)
            if known(s, q):
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
            remember(s, q)
        return None

    return find


def cross_hidden_set(level: int) -> Callable[[State], Step | None]:
    """CrossCompartmentHiddenSet: k digits a row or column must hold (every combination of its
    compartments' straights uses them) fit only k of its cells, spread over two or more
    compartments; those cells hold nothing else (k = 2 .. 5)."""

    def find(s: State) -> Step | None:
        return _each_line(s, "CrossCompartmentHiddenSet", in_line)

    def in_line(s: State, li: int) -> Step | None:
        p = s.puzzle
        masks = s.board.masks
        line = p.lines[li]
        need = s.open_required(li)
        if need.bit_count() < 2:
            return None
        where = _comp_in_line(p, li)
        white = [j for j in line if not p.black[j] and not s.placed[j]]
        ds = [d for d in digits(need) if 2 <= sum(masks[j] >> (d - 1) & 1 for j in white) <= MAX_SET]
        for k in range(2, min(MAX_SET, len(ds)) + 1):
            for group in combinations(ds, k):
                bits = 0
                for d in group:
                    bits |= 1 << (d - 1)
                cells = [j for j in white if masks[j] & bits]
                if len(cells) != k or len({where[j] for j in cells}) < 2:
                    continue
                marks = removal(s, cells, ~bits)
                if marks:
                    spread = len({where[j] for j in cells})
                    return Step("CrossCompartmentHiddenSet", level,
                                f"{p.line_name(li)} must hold {show(bits)}, and they fit only {names(s, cells)} "
                                f"(in {spread} compartments); those cells hold nothing else",
                                tuple(s.cell(j) for j in cells), marks)
        return None

    return find


__all__ = ["MAX_SET", "SET_NAMES", "cross_hidden_set", "cross_locked_set", "hidden_set", "naked_set", "required_digits"]
