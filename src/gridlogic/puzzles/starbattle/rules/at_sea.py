"""R7.2 At Sea (Kris's guide §3.2) and the uniqueness argument shared with By a Thread
(``by_a_thread.py``). Tier 7 (Uniqueness): deductions that assume the puzzle has exactly one solution. Only used with
``allow_uniqueness``; never for grading.

All three rules rest on one argument. Let Q be a set of candidates whose neighbours outside Q are
all decided (it is "at sea"). Any two star patterns of Q with the same number of stars in every row,
column and region ("twins") are interchangeable: swapping one for the other keeps every count and
touches nothing outside Q, so a solution using one gives a second solution using the other. In a
puzzle with one solution, Q's pattern therefore has no twin.

* R7.2 At Sea: Q is a connected group of candidates with no undecided neighbour; cells that are
  stars in no twin-free pattern are empty, cells that are stars in all of them are stars.
* R7.1 By a Thread: Q is such a group less one cell X (the thread). If X were empty Q would be at
  sea; when every pattern of Q has a twin, X must be a star.
* R7.3 By a Thread at Sea: the same with Q made of the thread's group and every other group at sea.
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import UNIQUENESS
from gridlogic.puzzles.starbattle.rules.geometry import Geo, bits
from gridlogic.puzzles.starbattle.rules.state import State, make_step, said

MAX_GROUP = 14
MAX_PATTERNS = 5000


def groups(st: State) -> list[int]:
    """Connected groups (8-neighbourhood) of candidate cells."""
    g, left = st.geo, st.unknown
    out = []
    while left:
        seed = left & -left
        comp = seed
        frontier = seed
        while frontier:
            grow = 0
            for i in bits(frontier):
                grow |= g.nb[i]
            frontier = grow & left & ~comp
            comp |= frontier
        out.append(comp)
        left &= ~comp
    return out


def _caps(st: State) -> dict[tuple[str, int], int]:
    return {(u.kind, u.index): st.need(u) for u in st.geo.all_units()}


def patterns(st: State, q: int, gone: int = 0) -> dict[tuple[int, ...], list[int]] | None:
    """Star patterns of ``q`` (non-touching, no unit over its need) that the rest of the board can
    complete (every unit meeting ``q`` can fit the stars it still needs in its candidates outside
    ``q``, less ``gone``), grouped by their counts per row, column and region; None when there are
    too many to list. Whether a pattern can be completed depends on its counts only, so a pattern
    and its twins are kept or dropped together."""
    g = st.geo
    caps = _caps(st)
    cells = list(bits(q))
    keys = [(("row", i // g.n), ("column", i % g.n), ("region", g.reg_of[i])) for i in cells]
    unit_ids = sorted({k for ks in keys for k in ks})
    pos = {u: j for j, u in enumerate(unit_ids)}
    rest = st.unknown & ~q & ~gone
    room = [g.max_stars(g.unit_of(_any_cell(g, u), u[0]).mask & rest, caps[u]) for u in unit_ids]
    need = [caps[u] for u in unit_ids]
    out: dict[tuple[int, ...], list[int]] = {}
    counts = [0] * len(unit_ids)
    found = [0]

    def dfs(k: int, chosen: int, blocked: int) -> bool:
        if k == len(cells):
            if all(need[j] - counts[j] <= room[j] for j in range(len(unit_ids))):
                out.setdefault(tuple(counts), []).append(chosen)
            found[0] += 1
            return found[0] <= MAX_PATTERNS
        if not dfs(k + 1, chosen, blocked):
            return False
        i = cells[k]
        if blocked >> i & 1:
            return True
        ids = [pos[u] for u in keys[k]]
        if any(counts[j] >= caps[unit_ids[j]] for j in ids):
            return True
        for j in ids:
            counts[j] += 1
        ok = dfs(k + 1, chosen | 1 << i, blocked | g.closed[i])
        for j in ids:
            counts[j] -= 1
        return ok

    return out if dfs(0, 0, g.dilate(st.star)) else None


def _any_cell(g: Geo, unit: tuple[str, int]) -> int:
    """A cell of the row, column or region ``unit`` (kind, index)."""
    kind, index = unit
    if kind == "row":
        return index * g.n
    if kind == "column":
        return index
    return (g.regs[index] & -g.regs[index]).bit_length() - 1


def twin_free(pats: dict[tuple[int, ...], list[int]]) -> list[int]:
    return [ps[0] for ps in pats.values() if len(ps) == 1]


def _sea_marks(g: Geo, q: int, alone: list[int]) -> tuple[int, int]:
    if not alone:
        return 0, 0
    anywhere = 0
    everywhere = q
    for p in alone:
        anywhere |= p
        everywhere &= p
    return q & ~anywhere, everywhere


def r7_2(st: State) -> Step | None:
    """R7.2 At Sea."""
    g = st.geo
    for q in groups(st):
        if q.bit_count() > MAX_GROUP:
            continue
        pats = patterns(st, q)
        if pats is None:
            continue
        black, star = _sea_marks(g, q, twin_free(pats))
        if black or star:
            return make_step(g, "R7.2", UNIQUENESS, f"At sea: the candidates {g.cells_name(q)} touch nothing "
                             f"undecided, so (the solution being unique) their stars cannot form a pattern with a "
                             f"twin of the same row, column and region counts; so {said(g, black, star)}.",
                             q, black=black, star=star)
    return None
