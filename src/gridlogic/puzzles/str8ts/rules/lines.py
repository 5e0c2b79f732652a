"""Rules over a whole row or column (locked compartments) and over several of them (X-Wing,
Swordfish, Jellyfish, Starfish, Setti's rule)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.model import Compartment, Str8ts
from gridlogic.puzzles.str8ts.rules.state import OneBoard, State, alternatives, digits, held, removal, unsupported
from gridlogic.puzzles.str8ts.straights import Fit, within

FISH_NAMES = {2: "XWing", 3: "Swordfish", 4: "Jellyfish", 5: "Starfish"}


def locked_compartments(level: int) -> Callable[[State], Step | None]:
    """LockedCompartments: the compartments of a row or column hold straights that share no digit
    and avoid the line's black digits. Only the straights of a compartment that fit together with
    some straight of every other compartment remain; a cell keeps only the digits it takes in one
    of them (each straight's digits matched to distinct cells)."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        for k in range(len(p.lines)):
            comps, allowed, _ = s.line(k)
            if len(comps) < 2 and not any(p.black[j] and p.givens[j] for j in p.lines[k]):
                continue
            found = _trim(s, comps, allowed)
            if found is not None:
                comp, fitting, (i, ok, marks) = found
                others = [c.name for c in comps if c is not comp]
                with_ = f"with {', '.join(others)}" if others else "with the black digits"
                return Step("LockedCompartments", level,
                            f"in {p.line_name(k)}, {comp.name} must fit {with_} without sharing digits, so it "
                            f"holds {held(fitting) or 'no straight'}; {cell_name(s.cell(i))} cannot be "
                            f"{alternatives(s.mask(i) & ~ok)}", tuple(s.cell(j) for c in comps for j in c.cells), marks)
        return None

    return find


Trim = tuple[Compartment, list[Fit], tuple[int, int, tuple[Mark, ...]]]


def _trim(s: State, comps: tuple[Compartment, ...], allowed: tuple[tuple[int, ...], ...]) -> Trim | None:
    """The first cell of a line's compartments holding a digit it takes in none of its
    compartment's straights in ``allowed``: the compartment, those straights, and
    :func:`~gridlogic.puzzles.str8ts.rules.state.unsupported`'s answer."""
    for comp, wins in zip(comps, allowed, strict=True):
        fitting = within(s.fits(comp), wins)
        found = unsupported(s, comp, fitting)
        if found is not None:
            return comp, fitting, found
    return None


def _required(s: State, base: int) -> dict[int, list[tuple[int, frozenset[int]]]]:
    """Per digit d: the base lines (rows if ``base == 0``, else columns) that must hold d but have
    not placed it, with the positions across the line where d is still a candidate."""
    p = s.puzzle
    out: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for a in range(p.n):
        line = p.lines[base + a]
        for d in digits(s.open_required(base + a)):
            bit = 1 << (d - 1)
            pos = frozenset(q for q, j in enumerate(line) if not p.black[j] and s.mask(j) & bit)
            out.setdefault(d, []).append((a, pos))
    return out


_REQUIRED = OneBoard(lambda s: (_required(s, 0), _required(s, s.puzzle.n)))
"""Both directions' :func:`_required` for the last board (the four fish ask for the same board)."""


def fish(size: int, level: int) -> Callable[[State], Step | None]:
    """XWing (2) / Swordfish (3) / Jellyfish (4) / Starfish (5): ``size`` rows must each hold
    digit d (every combination of their compartments' straights uses it) and in them d fits only
    ``size`` columns; those rows take d in each of these columns, so d leaves the columns' other
    cells. Likewise with rows and columns swapped."""
    rule = FISH_NAMES[size]

    def find(s: State) -> Step | None:
        p = s.puzzle
        n = p.n
        for base in (0, n):
            cross = n - base
            for d, found in _REQUIRED(s)[0 if base == 0 else 1].items():
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


def _counts(s: State, base: int, d: int) -> tuple[list[int], list[int]]:
    """Rows (``base == 0``) or columns: those that must hold digit d in a white cell (every
    combination of their straights uses it), and those that may hold it but need not."""
    p = s.puzzle
    bit = 1 << (d - 1)
    sure: list[int] = []
    maybe: list[int] = []
    for a in range(p.n):
        _, allowed, required = s.line(base + a)
        if required & bit:
            sure.append(a)
        elif any(w & bit for ws in allowed for w in ws):
            maybe.append(a)
    return sure, maybe


def settis_rule(level: int) -> Callable[[State], Step | None]:
    """SettisRule: every digit sits in as many rows as columns (one per row and column it is in).
    When the rows that must hold d are as many as the columns that can, d leaves the other rows
    (and rows and columns swapped); when the rows that can hold d are as few as the columns that
    must, every such row must hold it (its straights are then chosen to use d)."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        n = p.n
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            rows, cols = _counts(s, 0, d), _counts(s, n, d)
            for base, (sure, maybe), (o_sure, o_maybe) in ((0, rows, cols), (n, cols, rows)):
                what = "rows" if base == 0 else "columns"
                other = "columns" if base == 0 else "rows"
                most, least = len(o_sure) + len(o_maybe), len(o_sure)
                if maybe and len(sure) == most:
                    victims = [j for a in maybe for j in p.lines[base + a] if not p.black[j]]
                    marks = removal(s, victims, bit)
                    if marks:
                        return Step("SettisRule", level,
                                    f"Setti's rule: {d} can be in at most {most} {other} and must be in {len(sure)} "
                                    f"{what} already ({_names(p, base, sure)}), so it leaves "
                                    f"{_names(p, base, maybe)}", (), marks)
                if maybe and len(sure) + len(maybe) == least:
                    for a in maybe:
                        step = _must_hold(s, base + a, d, level,
                                          f"Setti's rule: {d} must be in {least} {other}, and only {least} {what} "
                                          f"can hold it, so {p.line_name(base + a)} must")
                        if step is not None:
                            return step
        return None

    return find


def _names(p: Str8ts, base: int, idx: list[int]) -> str:
    return ", ".join(p.line_name(base + a) for a in idx)


def _must_hold(s: State, k: int, d: int, level: int, why: str) -> Step | None:
    """Line ``k`` must hold ``d``: its compartments keep the straights of the combinations using
    it; the first cell that loses a digit so, as a SettisRule step."""
    comps, allowed, _ = s.line(k, must=1 << (d - 1))
    found = _trim(s, comps, allowed)
    if found is None:
        return None
    comp, fitting, (i, ok, marks) = found
    return Step("SettisRule", level, f"{why}; then {comp.name} holds {held(fitting) or 'no straight'} and "
                f"{cell_name(s.cell(i))} cannot be {alternatives(s.mask(i) & ~ok)}",
                tuple(s.cell(j) for c in comps for j in c.cells), marks)


__all__ = ["FISH_NAMES", "fish", "locked_compartments", "settis_rule"]
