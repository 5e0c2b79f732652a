"""Rules over a whole row or column (Settis) and over several of them (X-wing, Swordfish)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.rules.state import State, alternatives, digits, removal, show

FISH_NAMES = {2: "XWing", 3: "Swordfish"}


def settis(level: int) -> Callable[[State], Step | None]:
    """Settis: the compartments of a row or column hold straights that share no digit and avoid the
    line's black digits. Only the straights of a compartment that fit together with some straight of
    every other compartment remain; a cell keeps only the digits it takes in one of them (each
    straight's digits matched to distinct cells)."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        for k in range(len(p.lines)):
            comps, allowed, _ = s.line(k)
            if len(comps) < 2 and not any(p.black[j] and p.givens[j] for j in p.lines[k]):
                continue
            for comp, wins in zip(comps, allowed, strict=True):
                keep = set(wins)
                fitting = [(w, sup) for w, sup in s.fits(comp) if w in keep]
                for q, i in enumerate(comp.cells):
                    ok = 0
                    for _, sup in fitting:
                        ok |= sup[q]
                    marks = removal(s, (i,), ~ok)
                    if marks:
                        others = [c.name for c in comps if c is not comp]
                        with_ = f"with {', '.join(others)}" if others else "with the black digits"
                        held = ", ".join(show(w) for w, _ in fitting) or "no straight"
                        return Step("Settis", level,
                                    f"in {p.line_name(k)}, {comp.name} must fit {with_} without sharing digits, so it "
                                    f"holds {held}; {cell_name(s.cell(i))} cannot be {alternatives(s.mask(i) & ~ok)}",
                                    tuple(s.cell(j) for c in comps for j in c.cells), marks)
        return None

    return find


def _required(s: State, base: int) -> dict[int, list[tuple[int, frozenset[int]]]]:
    """Per digit d: the base lines (rows if ``base == 0``, else columns) that must hold d but have
    not placed it, with the positions across the line where d is still a candidate."""
    p = s.puzzle
    out: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for a in range(p.n):
        line = p.lines[base + a]
        placed = 0
        for j in line:
            d = s.digit(j)
            if d is not None:
                placed |= 1 << (d - 1)
        _, _, required = s.line(base + a)
        for d in digits(required & ~placed):
            bit = 1 << (d - 1)
            pos = frozenset(q for q, j in enumerate(line) if not p.black[j] and s.mask(j) & bit)
            out.setdefault(d, []).append((a, pos))
    return out


def fish(size: int, level: int) -> Callable[[State], Step | None]:
    """XWing (2) / Swordfish (3): ``size`` rows must each hold digit d (every combination of their
    compartments' straights uses it) and in them d fits only ``size`` columns; those rows take d in
    each of these columns, so d leaves the columns' other cells. Likewise with rows and columns
    swapped."""
    rule = FISH_NAMES[size]

    def find(s: State) -> Step | None:
        p = s.puzzle
        n = p.n
        for base in (0, n):
            cross = n - base
            for d, found in _required(s, base).items():
                lines = [x for x in found if 2 <= len(x[1]) <= size]
                for group in combinations(lines, size):
                    cover: frozenset[int] = frozenset().union(*(pos for _, pos in group))
                    if len(cover) != size:
                        continue
                    rows = {a for a, _ in group}
                    victims = [j for q in sorted(cover) for a, j in enumerate(p.lines[cross + q])
                               if a not in rows and not p.black[j]]
                    marks = removal(s, victims, 1 << (d - 1))
                    if marks:
                        names = " and ".join(p.line_name(base + a) for a in sorted(rows))
                        across = " and ".join(p.line_name(cross + q) for q in sorted(cover))
                        used = tuple(s.cell(p.lines[base + a][q]) for a in sorted(rows) for q in sorted(cover))
                        return Step(rule, level, f"{d} must be in each of {names}, and there only in {across}; "
                                    f"so {d} leaves the rest of {across}", used, marks)
        return None

    return find


__all__ = ["FISH_NAMES", "fish", "settis"]
