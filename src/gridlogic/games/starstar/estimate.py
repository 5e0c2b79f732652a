"""Ownership and final-score estimate of a position: who ends up owning each peri, and by how much.

``estimate(state)`` plays bridge-defending playouts from the position (the default player's policy),
scores every filled board exactly and averages: Black's share of the wins, Black's mean margin, both
players' mean conventional points (peries + quark peri + adjustment) and, per peri, P(Black owns it)
- P(White owns it) in [-1, 1] (the page draws it as a dot outside each peri; 0 is contested or
neutral).  A full board is scored once, exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gridlogic.core.jit import HAVE_NUMBA
from gridlogic.games.starstar import kernels
from gridlogic.games.starstar.graph import StarGraph
from gridlogic.games.starstar.playout import get_playout, tables
from gridlogic.games.starstar.scoring import analyse, score
from gridlogic.games.starstar.state import StarState


@dataclass(frozen=True)
class Estimate:
    playouts: int
    black_wins: float  # share of the playouts Black wins (a draw counts half)
    margin: float  # Black's mean conventional margin
    points: tuple[float, float]  # (Black, White) mean conventional points; their difference is ``margin``
    ownership: tuple[float, ...]  # per peri, in graph.peries order: P(Black owns) - P(White owns)

    def by_label(self, graph: StarGraph) -> dict[str, float]:
        return {graph.label(p): round(v, 3) for p, v in zip(graph.peries, self.ownership, strict=True)}


def peri_owners(graph: StarGraph, cells: list[int]) -> list[int]:
    """Owner of each peri of a full board (0 nobody, 1 Black, 2 White), by the reference scorer."""
    owner = dict.fromkeys(graph.peries, 0)
    analysis = analyse(graph, cells)
    for star in analysis.stars:
        for p in star.owned:
            owner[p] = star.player + 1
    for region in analysis.regions:
        for a in region.nodes:
            if a in owner and region.owner is not None:
                owner[a] = region.owner + 1
    return [owner[p] for p in graph.peries]


def _owners(state: StarState, board: npt.NDArray[np.int8], out: npt.NDArray[np.int8]) -> tuple[int, int]:
    t = tables(state.graph.rings)
    if HAVE_NUMBA:
        margin, lead = kernels.score_kernel(board, t.np_edges, t.np_nbr_ptr, t.np_nbr_idx, t.np_peries,
                                            t.np_is_quark, out)
        return int(margin), int(lead)
    cells = [int(c) for c in board]  # pragma: no cover - without numba
    out[:] = peri_owners(state.graph, cells)
    s = score(state.graph, cells)
    return s.margin(), s.quarks[0] - s.quarks[1]


def estimate(state: StarState, playouts: int = 1000, rng: random.Random | None = None) -> Estimate:
    """Average of ``playouts`` bridge playouts from ``state`` (one exact scoring when it is full)."""
    if playouts < 1:
        raise ValueError("estimate needs at least one playout")
    rng = rng or random.Random(0)
    t = tables(state.graph.rings)
    playout = get_playout(None, "bridge")
    last = state.moves[-1].action if state.moves else -1
    last = last if last < state.graph.size else -1
    runs = 1 if state.is_full() else playouts
    out = np.empty(len(state.graph.peries), dtype=np.int8)
    own = np.zeros(len(state.graph.peries))
    quark = np.array([state.graph.is_quark[p] for p in state.graph.peries], dtype=bool)
    wins = margins = shared = 0.0
    for _ in range(runs):
        board = np.array(state.cells, dtype=np.int8) if state.is_full() else playout(
            t, state.cells, state.to_play, rng, last)[1]
        margin, lead = _owners(state, board, out)
        own += (out == 1).astype(np.float64) - (out == 2)
        margins += margin
        # conventional points: peries + quark peri + adjustment; the adjustments cancel in the sum
        shared += float((out != 0).sum()) + int((quark & (out == 1)).sum() >= 3) + int((quark & (out == 2)).sum() >= 3)
        lead = margin or lead
        wins += 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    points = ((shared + margins) / 2 / runs, (shared - margins) / 2 / runs)
    return Estimate(runs, wins / runs, margins / runs, points, tuple(float(v) for v in own / runs))
