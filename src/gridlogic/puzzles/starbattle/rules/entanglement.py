"""Entanglement (Kris's guide §4.6; no seed id): two regions whose candidates touch cannot place
their stars independently: a star of one empties cells of the other, and both count against the
same rows and columns. Listing their stars together (no two touching, no row or column over its
remaining count, each region exactly its need) decides what each list alone cannot: a candidate of
either region in no joint placement is empty, one in all of them is a star, and a cell outside them
that every joint placement empties (a neighbour of its stars, or the rest of a row or column they
fill) is empty.

Ours: the guide shows entangled pairs on 1-star boards; this lists any two touching regions with
few placements, at every size. Lists are capped (:data:`MAX_EACH`, :data:`MAX_JOINT`) and each
pair's answer is remembered per puzzle by what it reads.
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits
from gridlogic.puzzles.starbattle.rules.placements import unit_placements
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said

MAX_EACH = 24
"""Placements listed per region; a region with more is not entangled with anything."""
MAX_JOINT = 300
"""Pairs of placements compared per pair of regions."""

_Answer = tuple[int, int, int] | None
"""(black, star, joint placements) of a pair, or None when the lists are too long."""


_Listed = tuple[int, int, int, tuple[tuple[int, int], ...]]
"""A placement: its stars, its stars' closed neighbourhoods, the rest of the lines it fills alone,
and per row and column it meets: (line mask, stars there with the board's)."""


def _summaries(g: Geo, st: State, placements: list[int]) -> list[_Listed]:
    out = []
    n, big_s, board = g.n, g.S, st.star
    for p in placements:
        shut = filled = 0
        lines = []
        for m in {g.rows[i // n] for i in bits(p)} | {g.cols[i % n] for i in bits(p)}:
            count = ((board | p) & m).bit_count()
            if count >= big_s:
                filled |= m
            lines.append((m, count))
        for i in bits(p):
            shut |= g.closed[i]
        out.append((p, shut, filled, tuple(lines)))
    return out


def joint(st: State, a: Unit, b: Unit) -> _Answer:
    """Entangle regions ``a`` and ``b``: the cells every joint placement empties or leaves out
    (black), the cells in all of them (star), and how many there are."""
    g = st.geo
    unk = st.unknown
    ca, cb = a.mask & unk, b.mask & unk
    na, nb_ = st.need(a), st.need(b)
    lines = 0
    for i in bits(ca | cb):
        lines |= g.rows[i // g.n] | g.cols[i % g.n]
    key = ("Entanglement", ca, cb, na, nb_, st.star & lines)
    if key in g.facts:  # the answer reads only these (the unknown cells are masked in by the caller)
        return g.facts[key]  # type: ignore[return-value]
    got: _Answer = None
    pa = unit_placements(st, ca, na, MAX_EACH)
    pb = unit_placements(st, cb, nb_, MAX_EACH) if pa is not None else None
    if pa is not None and pb is not None and len(pa) * len(pb) <= MAX_JOINT:
        big_s = g.S
        union, every, emptied, count = 0, ca | cb, lines | ca | cb, 0
        qs = _summaries(g, st, pb)
        for p, shut, filled, p_lines in _summaries(g, st, pa):
            for q, q_shut, q_filled, _ in qs:
                if q & shut:
                    continue
                both_filled = filled | q_filled
                for m, c in p_lines:
                    more = (q & m).bit_count()
                    if more and c + more >= big_s:
                        if c + more > big_s:
                            break
                        both_filled |= m
                else:
                    count += 1
                    both = p | q
                    union |= both
                    every &= both
                    emptied &= (shut | q_shut | both_filled | ca | cb) & ~both
        if count == 0:
            got = (0, 0, 0)
        else:
            got = (((ca | cb) & ~union) | (emptied & ~(ca | cb)), every, count)
    g.facts[key] = got
    return got


def _touching(g: Geo, st: State) -> list[tuple[Unit, Unit]]:
    unk = st.unknown
    regs = [u for u in g.reg_units if st.need(u) > 0 and u.mask & unk]
    out: list[tuple[Unit, Unit]] = []
    for k, a in enumerate(regs):
        ca = a.mask & unk
        near = 0
        for i in bits(ca):
            near |= g.nb[i]
        out.extend((a, b) for b in regs[k + 1:] if near & b.mask & unk)
    return out


def entanglement(st: State) -> Step | None:
    """Entanglement: two touching regions listed together; marks as in the module's docstring."""
    g = st.geo
    for a, b in _touching(g, st):
        got = joint(st, a, b)
        if got is None:
            continue
        black, star, count = got[0] & st.unknown, got[1] & st.unknown, got[2]
        if count == 0:
            raise Broken(broken_step(g, "Entanglement", f"{a.name} and {b.name} cannot both place their stars.",
                                     (a.mask | b.mask) & st.unknown, EXPERT))
        if black or star:
            return make_step(g, "Entanglement", EXPERT, f"Entanglement: {a.name} and {b.name} touch, and of the "
                             f"{count} ways to place their stars together (no touching, no row or column "
                             f"over its count) every one agrees that " + said(g, black, star) + ".",
                             (a.mask | b.mask) & st.unknown, black=black, star=star)
    return None
