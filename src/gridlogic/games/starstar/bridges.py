"""Bridges and edge templates, and the playout policy that defends them.

A *bridge* is two stones a, b of one colour, not adjacent, whose common neighbours are exactly two
empty nodes {m, x}: the opponent cannot cut them in one move, because when it takes m the owner takes
x (and the other way round).  An *edge template* is the same with the perimeter in place of b: a stone
on ring R-1 with exactly two peri neighbours {m, x} reaches the perimeter whatever the opponent does.

``BridgeTable`` lists, for every node m, the triples (a, b, x) that an opponent stone on m intrudes
into (b = -1 for the perimeter).  The bridge playout fills the board like the random one, except that
when the last stone intruded into a bridge of the player to move whose other carrier x is empty, that
player answers on x (on one of them at random when there are several).  Random playouts would let
half of all bridges be cut; this policy keeps the connections a real player keeps, so the playouts'
verdict on who owns which peri is closer to the truth (Lynx, MoHex).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from gridlogic.games.starstar.graph import StarGraph, star_graph

Ints = npt.NDArray[np.int32]


@dataclass(frozen=True, eq=False)
class BridgeTable:
    """For node m: triples ``(a[q], b[q], x[q])`` for q in ``ptr[m]:ptr[m + 1]`` (b = -1: the edge)."""

    rings: int
    ptr: Ints = field(repr=False)
    a: Ints = field(repr=False)
    b: Ints = field(repr=False)
    x: Ints = field(repr=False)
    per_node: tuple[tuple[tuple[int, int, int], ...], ...] = field(repr=False)  # the same, as Python ints

    def __repr__(self) -> str:
        return f"bridge_table({self.rings})"

    def triples(self, m: int) -> tuple[tuple[int, int, int], ...]:
        return self.per_node[m]


def bridge_triples(g: StarGraph) -> list[list[tuple[int, int, int]]]:
    """Per node m, the (a, b, x) it intrudes into, in a fixed order."""
    nbr = [set(n) for n in g.neighbours]
    per: list[list[tuple[int, int, int]]] = [[] for _ in range(g.size)]
    for a in range(g.size):
        partners = {b for m in nbr[a] for b in nbr[m] if b > a and b not in nbr[a]}
        for b in sorted(partners):
            common = sorted(nbr[a] & nbr[b])
            if len(common) == 2:
                m, x = common
                per[m].append((a, b, x))
                per[x].append((a, b, m))
    for a in range(g.size):
        if g.coords[a][1] == g.rings - 1:
            edge = [p for p in g.neighbours[a] if g.is_peri[p]]
            if len(edge) == 2:
                per[edge[0]].append((a, -1, edge[1]))
                per[edge[1]].append((a, -1, edge[0]))
    return per


@cache
def bridge_table(rings: int) -> BridgeTable:
    per = bridge_triples(star_graph(rings))
    flat = [t for triples in per for t in triples]
    ptr = np.zeros(len(per) + 1, dtype=np.int32)
    ptr[1:] = np.cumsum([len(t) for t in per])
    arr = np.array(flat, dtype=np.int32).reshape(-1, 3)
    per_node = tuple(tuple(triples) for triples in per)
    return BridgeTable(rings, ptr, arr[:, 0].copy(), arr[:, 1].copy(), arr[:, 2].copy(), per_node)


def defence(table: BridgeTable, cells: list[int], last: int, colour: int) -> list[int]:
    """Empty carriers x that ``colour`` (1 or 2) should take after the opponent's stone on ``last``."""
    if last < 0:
        return []
    return [
        x
        for a, b, x in table.triples(last)
        if cells[x] == 0 and cells[a] == colour and (b < 0 or cells[b] == colour)
    ]


def bridge_fill(cells: list[int], to_play: int, last: int, rng: random.Random) -> list[int]:
    """Fill every empty node in place, alternately from ``to_play``, defending bridges (see above)."""
    table = bridge_table(star_graph_rings(len(cells)))
    order = [a for a, c in enumerate(cells) if c == 0]
    rng.shuffle(order)
    colour, i = to_play + 1, 0
    for _ in range(len(order)):
        answers = defence(table, cells, last, colour)
        if answers:
            move = answers[0] if len(answers) == 1 else rng.choice(answers)
        else:
            while cells[order[i]] != 0:
                i += 1
            move = order[i]
        cells[move] = colour
        last, colour = move, 3 - colour
    return cells


def star_graph_rings(size: int) -> int:
    """The number of rings of the board with ``size`` nodes."""
    rings = 1
    while 5 * rings * (rings + 1) // 2 < size:
        rings += 1
    return rings
