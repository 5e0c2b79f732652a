"""The backtracking solver's per-puzzle lookup tables, and the candidates it starts from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter

from gridlogic.puzzles.str8ts.model import Str8ts

Key = Callable[[list[int]], tuple[int, ...]]
"""Reads the masks of a group of cells, as a tuple (a table key)."""


def _key(cells: tuple[int, ...]) -> Key:
    if len(cells) > 1:
        return itemgetter(*cells)
    if cells:
        i = cells[0]
        return lambda masks: (masks[i],)
    return lambda masks: ()


@dataclass(frozen=True)
class Tables:
    """Per-puzzle lookup tables. Units are numbered: compartments first, then lines (white cells of
    a row or column with more than two of them); ``units_of[i]`` lists the units of cell i."""

    n: int
    white: tuple[int, ...]
    peers: tuple[tuple[int, ...], ...]
    comps: tuple[tuple[int, ...], ...]
    comp_keys: tuple[Key, ...]
    outside: tuple[tuple[int, ...], ...]
    """Per compartment: the other white cells of its line."""
    lines: tuple[tuple[int, ...], ...]
    line_comps: tuple[tuple[int, ...], ...]
    """Per line unit: its compartments when it has two or more, else ()."""
    units_of: tuple[tuple[int, ...], ...]
    rows_cols: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Every row, then every column: its white cells and its compartments."""
    rc_keys: tuple[Key, ...]
    needs: tuple[dict[tuple[int, ...], tuple[int, int]], ...]
    """Per row, then column: the digits it requires and those it can hold, by the masks of its
    white cells."""
    combos: tuple[dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]], ...]
    """Per row, then column: each compartment's digits in some disjoint choice of windows, and the digits
    every choice uses (with the digits it must use), by the masks of its white cells."""
    line_at: tuple[int, ...]
    """Per line unit: its row or column (index in ``rows_cols``)."""

    @classmethod
    def of(cls, p: Str8ts) -> Tables:
        n = p.n
        white = p.white
        wset = set(white)
        peers = tuple(tuple(j for j in p.peers(i) if j in wset) for i in range(p.size))
        comps = tuple(c.cells for c in p.compartments)
        line_of = [c.line + (n if c.axis == "column" else 0) for c in p.compartments]
        outside = tuple(tuple(j for j in p.lines[k] if j in wset and j not in c)
                        for c, k in zip(comps, line_of, strict=True))
        rows_cols = tuple((tuple(j for j in line if j in wset), tuple(c for c, at in enumerate(line_of) if at == k))
                          for k, line in enumerate(p.lines))
        kept = [k for k, (cells, _) in enumerate(rows_cols) if len(cells) > 2]
        lines = tuple(rows_cols[k][0] for k in kept)
        line_comps = tuple(rows_cols[k][1] if len(rows_cols[k][1]) > 1 else () for k in kept)
        units: list[list[int]] = [[] for _ in range(p.size)]
        for k, cells in enumerate(comps + lines):
            for i in cells:
                units[i].append(k)
        return cls(n, white, peers, comps, tuple(_key(c) for c in comps), outside, lines, line_comps,
                   tuple(tuple(u) for u in units), rows_cols, tuple(_key(cells) for cells, _ in rows_cols),
                   tuple({} for _ in rows_cols), tuple({} for _ in rows_cols), tuple(kept))


def initial(p: Str8ts) -> list[int]:
    """Every digit in every white cell, less the givens' digits in their rows and columns; a white
    given holds its digit (none if a black given already took it)."""
    full = (1 << p.n) - 1
    masks = [0 if p.black[i] else full for i in range(p.size)]
    for i, g in enumerate(p.givens):
        if g:
            bit = 1 << (g - 1)
            for j in p.peers(i):
                masks[j] &= ~bit
    for i, g in enumerate(p.givens):
        if g and not p.black[i]:
            masks[i] = 1 << (g - 1) if masks[i] >> (g - 1) & 1 else 0
    return masks


__all__ = ["Key", "Tables", "initial"]
