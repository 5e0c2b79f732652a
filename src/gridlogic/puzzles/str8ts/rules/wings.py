"""Diabolical patterns of two-candidate cells: the Y-Wing, and (only with --allow-uniqueness) the
unique rectangle, Str8ts' unique-solution constraint."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.grid import cell_name
from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.rules.state import State, alternatives, digits, removal, white_peers


def _pairs(s: State) -> list[int]:
    masks = s.board.masks
    return [i for i in s.puzzle.white if not s.placed[i] and masks[i].bit_count() == 2]


def y_wing(level: int) -> Callable[[State], Step | None]:
    """YWing: a pivot cell holding a or b sees (shares a row or column with) a pincer holding a or
    c and a pincer holding b or c; whichever the pivot is, one pincer is c, so c leaves every cell
    that sees both pincers."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        masks = s.board.masks
        peers = white_peers(p)
        pairs = _pairs(s)
        pair_set = set(pairs)
        for pivot in pairs:
            pm = masks[pivot]
            wings = [j for j in peers[pivot] if j in pair_set and (masks[j] & pm).bit_count() == 1]
            for x in wings:
                for y in wings:
                    if y <= x:
                        continue
                    cx, cy = masks[x] & ~pm, masks[y] & ~pm
                    if cx != cy or masks[x] & masks[y] & pm:
                        continue
                    both = set(peers[x]) & set(peers[y])
                    victims = sorted(j for j in both if j not in (pivot, x, y) and not s.placed[j])
                    marks = removal(s, victims, cx)
                    if marks:
                        c = cx.bit_length()
                        a, b = digits(pm)
                        return Step("YWing", level,
                                    f"pivot {cell_name(s.cell(pivot))} is {a} or {b}; its pincers "
                                    f"{cell_name(s.cell(x))} and {cell_name(s.cell(y))} ({alternatives(masks[x])}, "
                                    f"{alternatives(masks[y])}) mean one of them is {c}, so {c} leaves the cells "
                                    "seeing both",
                                    (s.cell(pivot), s.cell(x), s.cell(y)), marks)
        return None

    return find


def unique_rectangle(level: int) -> Callable[[State], Step | None]:
    """UniqueRectangle (a unique-solution constraint; only with --allow-uniqueness): four cells at
    the corners of a rectangle, no given among them, each row pair in one compartment and each column
    pair in one compartment. If all four held only a and b, swapping them would give a second
    solution (every compartment keeps its digits); so when three corners hold just a or b, a and b
    leave the fourth."""

    def find(s: State) -> Step | None:
        p = s.puzzle
        n = p.n
        masks = s.board.masks
        comp_of = {}
        for k, comp in enumerate(p.compartments):
            for i in comp.cells:
                comp_of[(i, comp.axis)] = k
        free = [i for i in p.white if not s.placed[i] and not p.givens[i]]
        pairs = {i for i in free if masks[i].bit_count() == 2}
        for i in sorted(pairs):
            r1, c1 = divmod(i, n)
            ab = masks[i]
            for c2 in range(c1 + 1, n):
                j = r1 * n + c2
                if j not in pairs or masks[j] != ab or comp_of.get((j, "row")) != comp_of.get((i, "row")):
                    continue
                for r2 in range(n):
                    if r2 == r1:
                        continue
                    u, v = r2 * n + c1, r2 * n + c2
                    if p.black[u] or p.black[v] or p.givens[u] or p.givens[v] or s.placed[u] or s.placed[v]:
                        continue
                    if comp_of.get((u, "row")) != comp_of.get((v, "row")) or \
                            comp_of.get((u, "column")) != comp_of.get((i, "column")) or \
                            comp_of.get((v, "column")) != comp_of.get((j, "column")):
                        continue
                    for a, b in ((u, v), (v, u)):
                        if masks[a] == ab and masks[b] & ab == ab and masks[b] != ab:
                            marks = removal(s, (b,), ab)
                            x, y = digits(ab)
                            return Step("UniqueRectangle", level,
                                        f"{cell_name(s.cell(i))}, {cell_name(s.cell(j))} and {cell_name(s.cell(a))} "
                                        f"hold only {x} or {y}; if {cell_name(s.cell(b))} did too, {x} and {y} could "
                                        f"swap around the rectangle (each compartment keeps its digits): a second "
                                        f"solution, so {cell_name(s.cell(b))} is neither", (s.cell(i), s.cell(j),
                                                                                           s.cell(a)), marks)
        return None

    return find


__all__ = ["unique_rectangle", "y_wing"]
