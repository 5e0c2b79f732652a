"""Ownership and score estimate: the kernel's peri owners match the reference scorer; estimates make sense."""

import random

import numpy as np
import pytest

from gridlogic.core.jit import HAVE_NUMBA
from gridlogic.games.starstar import kernels
from gridlogic.games.starstar.estimate import estimate, peri_owners
from gridlogic.games.starstar.playout import random_fill, tables
from gridlogic.games.starstar.scoring import score
from gridlogic.games.starstar.state import StarState


@pytest.mark.skipif(not HAVE_NUMBA, reason="numba is not installed")
@pytest.mark.parametrize("rings", [3, 6, 10])
def test_kernel_peri_owners_match_the_reference_scorer(rings: int) -> None:
    t, rng = tables(rings), random.Random(rings)
    out = np.empty(len(t.graph.peries), dtype=np.int8)
    for _ in range(60):
        cells = random_fill([0] * t.graph.size, rng.randrange(2), rng)
        margin, _ = kernels.score_kernel(np.array(cells, dtype=np.int8), t.np_edges, t.np_nbr_ptr, t.np_nbr_idx,
                                         t.np_peries, t.np_is_quark, out)
        owners = peri_owners(t.graph, cells)
        assert out.tolist() == owners
        s = score(t.graph, cells)
        assert margin == s.margin()
        assert (owners.count(1), owners.count(2)) == s.peries


def test_a_full_board_is_scored_exactly_once() -> None:
    state = StarState.new(3)
    rng = random.Random(1)
    while not state.is_full():
        state.apply_action(rng.choice(state.empty_nodes()))
    est = estimate(state, playouts=50)
    s = state.score()
    assert est.playouts == 1 and est.margin == s.margin()
    assert est.points == s.points()
    assert est.black_wins == (0.5 if s.winner is None else 1.0 - s.winner)
    assert est.ownership == tuple(float((o == 1) - (o == 2)) for o in peri_owners(state.graph, state.cells))


def test_estimate_of_an_open_position() -> None:
    empty = estimate(StarState.new(4), playouts=400, rng=random.Random(2))
    assert empty.playouts == 400 and 0.3 < empty.black_wins < 0.8
    assert len(empty.ownership) == 20 and all(-1.0 <= v <= 1.0 for v in empty.ownership)
    assert empty.points[0] - empty.points[1] == pytest.approx(empty.margin)
    assert 0 < empty.points[0] < 22 and 0 < empty.points[1] < 22  # 20 peries, one quark peri, small adjustments
    # Black holding a whole side of the perimeter owns those peries in (nearly) every playout
    state = StarState.new(4)
    side = [p for p in state.graph.peries if state.graph.coords[p][0] == 0]
    for p in side:
        state.apply_action(p)
        state.apply_action(state.empty_nodes()[0])
    est = estimate(state, playouts=200, rng=random.Random(3))
    by = est.by_label(state.graph)
    assert all(by[state.graph.label(p)] > 0.5 for p in side)
    with pytest.raises(ValueError, match="playout"):
        estimate(state, playouts=0)


@pytest.mark.parametrize("rings", [3, 5])
def test_points_of_full_boards_match_the_scorer(rings: int) -> None:
    rng = random.Random(rings)
    for _ in range(20):
        state = StarState.new(rings)
        while not state.is_full():
            state.apply_action(rng.choice(state.empty_nodes()))
        est = estimate(state)
        assert est.points == state.score().points()
