"""Bridges and edge templates: the table is exact, and the bridge playouts answer every intrusion."""

import random

import numpy as np
import pytest

from gridlogic.games.starstar.bridges import bridge_fill, bridge_table, defence, star_graph_rings
from gridlogic.games.starstar.graph import node_count, star_graph
from gridlogic.games.starstar.playout import BACKENDS, get_playout, tables


@pytest.mark.parametrize("rings", [3, 6, 10])
def test_every_triple_is_a_bridge_or_an_edge_template(rings: int) -> None:
    g, table = star_graph(rings), bridge_table(rings)
    nbr = [set(n) for n in g.neighbours]
    seen = set()
    for m in range(g.size):
        for a, b, x in table.triples(m):
            assert x != m and m in nbr[a] and x in nbr[a]
            if b < 0:  # edge template: a on ring R-1 whose only peri neighbours are m and x
                assert g.coords[a][1] == rings - 1 and g.is_peri[m] and g.is_peri[x]
                assert {p for p in nbr[a] if g.is_peri[p]} == {m, x}
            else:
                assert b not in nbr[a] and nbr[a] & nbr[b] == {m, x}
                seen.add((a, b))
    # every non-adjacent pair with exactly two common neighbours is there, each once per carrier
    pairs = {(a, b) for a in range(g.size) for b in range(a + 1, g.size)
             if b not in nbr[a] and len(nbr[a] & nbr[b]) == 2}
    assert seen == pairs
    assert len(table.a) == 2 * len(pairs) + 2 * sum(
        1 for a in range(g.size) if g.coords[a][1] == rings - 1 and sum(g.is_peri[p] for p in nbr[a]) == 2)


def intrusion(rings: int, edge: bool) -> tuple[list[int], int, int]:
    """Cells with a Black bridge (or edge template) intruded by White at m; returns (cells, m, x)."""
    table = bridge_table(rings)
    for m in range(node_count(rings)):
        for a, b, x in table.triples(m):
            if (b < 0) == edge:
                cells = [0] * node_count(rings)
                cells[a] = 1
                if b >= 0:
                    cells[b] = 1
                cells[m] = 2
                return cells, m, x
    raise AssertionError("no bridge found")


@pytest.mark.parametrize("backend", sorted(BACKENDS))
@pytest.mark.parametrize("edge", [False, True])
def test_the_bridge_playout_answers_the_intrusion(backend: str, edge: bool) -> None:
    cells, m, x = intrusion(6, edge)
    t, rng = tables(6), random.Random(3)
    bridge, uniform = get_playout(backend, "bridge"), get_playout(backend, "random")
    assert all(bridge(t, cells, 0, rng, m)[1][x] == 1 for _ in range(40))
    taken = [uniform(t, cells, 0, rng, m)[1][x] == 1 for _ in range(200)]
    assert 60 < sum(taken) < 140  # the random policy takes x about half the time
    # no intrusion to answer (no last stone): x is not always Black's
    assert not all(bridge(t, cells, 0, rng, -1)[1][x] == 1 for _ in range(40))


def test_defence_and_fill_in_python() -> None:
    cells, m, x = intrusion(4, False)
    table = bridge_table(4)
    assert defence(table, cells, m, 1) == [x]
    assert defence(table, cells, m, 2) == [] and defence(table, cells, -1, 1) == []
    filled = bridge_fill(list(cells), 0, m, random.Random(0))
    assert filled[x] == 1 and 0 not in filled
    assert np.bincount(filled, minlength=3)[1:].tolist() in ([26, 24], [25, 25])
    assert [star_graph_rings(node_count(r)) for r in range(2, 13)] == list(range(2, 13))
