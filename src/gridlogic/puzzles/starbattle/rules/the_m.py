"""R6.2 The M (Kris's guide §4.2): a squeeze that is one 2x2 short until a piece of the pair is
seen to hold fewer stars than the 2x2s it takes.

Two neighbouring lines hold at most one star per position along them and none at neighbouring
positions, so the most stars any set of their cells can hold is the greedy count of its projection
(:func:`pair_max`, exact; it is also the aligned 2x2 cover R5.5 counts). The seed's geometric M (3
tiles, 2 stars) therefore never occurs inside two lines; what the M *does* in the guide, turning an
uninformative squeeze (one 2x2 more than stars) into an informative one, happens when a piece of
the pair is capped by a count: here a region whose cells in the pair take more 2x2s than the stars
it still needs (ours; the seed's M is the special case where that region is the M). With every such
piece capped the pair can hold exactly the stars it needs, so a cell whose star would leave less
room (counting the caps it lowers) is empty.

:func:`capped_squeeze` is shared with the Pressured T (``pressured_t.py``), whose piece is a T capped
by its line's pressure.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step


def pair_max(g: Geo, first: Unit, mask: int) -> int:
    """The most non-touching stars the cells ``mask`` of ``first`` and the next line can hold."""
    n = g.n
    if first.kind == "row":
        top = first.index * n
        proj = ((mask >> top) | (mask >> (top + n))) & ((1 << n) - 1)
    else:
        proj = 0
        for i in bits(mask):
            proj |= 1 << (i // n)
    count = 0
    while proj:
        count += 1
        proj &= ~(0b11 << ((proj & -proj).bit_length() - 1))
    return count


@dataclass(frozen=True)
class Piece:
    """Cells of a pair that hold at most ``most`` stars because ``source`` (a region or a line) has
    only that many left for them; a star of ``source`` outside ``spare`` lowers the cap by one."""

    cells: int
    most: int
    source: int
    spare: int = 0


def _bound(g: Geo, first: Unit, cand: int, pieces: list[Piece], x: int | None) -> int:
    """The most stars the pair's candidates ``cand`` hold with each piece capped, after a star at
    ``x`` (None: as the board is) empties its neighbours; ``x`` itself counts if it is in ``cand``."""
    taken = 0
    if x is not None:
        taken = 1 if cand >> x & 1 else 0
        cand &= ~g.closed[x]
    rest = cand
    total = taken
    for p in pieces:
        own = p.cells & cand
        rest &= ~p.cells
        most = p.most
        if x is not None and p.source >> x & 1 and not p.spare >> x & 1:
            most -= 1
        total += min(pair_max(g, first, own), max(most, 0))
    return total + pair_max(g, first, rest)


def capped_squeeze(st: State, first: Unit, pieces: list[Piece], rule: str = "R6.2",
                   ) -> tuple[int, int, int] | None:
    """(need, stars the capped pair can hold, cells excluded) for the pair from ``first`` when the
    caps make its squeeze tight (the pieces' caps bring the pair's room down to its need); None when
    it stays loose. Raises :class:`Broken` when the caps leave less room than the need."""
    g = st.geo
    second = g.units(first.kind)[first.index + 1]
    pair = first.mask | second.mask
    cand = pair & st.unknown
    need = st.need(first) + st.need(second)
    if need <= 0 or not cand:
        return None
    room = _bound(g, first, cand, pieces, None)
    if room > need:
        return None
    if room < need:
        raise Broken(broken_step(g, rule, f"the {first.kind}s {first.index + 1} and {second.index + 1} need "
                                 f"{need} stars but their capped cells hold {room} at most.", cand, EXPERT))
    targets = cand
    for p in pieces:
        targets |= p.source
    near = 0
    for i in bits(cand):
        near |= g.nb[i]
    targets = (targets | near) & st.unknown
    black = 0
    for x in bits(targets):
        if _bound(g, first, cand, pieces, x) < need:
            black |= 1 << x
    return need, room, black


def _pairs(g: Geo) -> list[Unit]:
    return [a for lines in (g.row_units, g.col_units) for a, _ in pairwise(lines)]


def _lines_name(first: Unit) -> str:
    return f"{first.kind}s {first.index + 1} and {first.index + 2}"


def r6_2(st: State) -> Step | None:
    """R6.2 The M: two neighbouring lines whose candidates take one 2x2 (or more) beyond the stars
    they need, where regions' cells in the pair take more 2x2s than the regions' remaining stars;
    with those regions capped the pair holds just its need, so a cell whose star leaves less room is
    empty."""
    g = st.geo
    changed = st.changed_since("R6.2")
    unk = st.unknown
    for first in _pairs(g):
        second = g.units(first.kind)[first.index + 1]
        pair = first.mask | second.mask
        cand = pair & unk
        reads = pair
        for r in {g.reg_of[i] for i in bits(cand)}:
            reads |= g.regs[r]
        if not reads & changed:
            continue
        need = st.need(first) + st.need(second)
        if need <= 0 or pair_max(g, first, cand) <= need:
            continue
        pieces = []
        for reg in g.reg_units:
            own = reg.mask & cand
            if own and pair_max(g, first, own) > st.need(reg):
                pieces.append(Piece(own, st.need(reg), reg.mask & unk))
        if not pieces:
            continue
        got = capped_squeeze(st, first, pieces)
        if got is None or not got[2]:
            continue
        need, _, black = got
        capped = "; ".join(f"{g.reg_units[g.reg_of[(p.cells & -p.cells).bit_length() - 1]].name}'s cells "
                           f"{g.cells_name(p.cells)} hold at most {p.most}" for p in pieces)
        return make_step(g, "R6.2", EXPERT, f"The M: {_lines_name(first)} need {need} stars and their cells "
                         f"take {pair_max(g, first, cand)} 2x2s, but {capped}; so they hold just {need}, and "
                         f"{g.cells_name(black)} would leave too little room: "
                         f"{'it is' if black.bit_count() == 1 else 'they are'} empty.",
                         cand | sum(p.source for p in pieces), black=black)
    st.found_nothing("R6.2")
    return None


__all__ = ["Piece", "capped_squeeze", "pair_max", "r6_2"]
