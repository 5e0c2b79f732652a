"""Fast playouts: fill the empty nodes alternately (at random, or defending bridges), then score.

Two interchangeable back ends compute the same thing:

* ``python``: pure Python over precomputed flat tables (edge list, peri list, neighbour lists),
  union-find over a flat parent list, random fill by sampling the second player's half of the
  empty nodes (the same distribution as shuffling them and placing alternately);
* ``numba``: the same fill compiled with numba (used automatically when numba is installed), with
  its own xorshift generator seeded from the caller's ``random.Random``; its scorer labels only the
  groups that hold a peri, with branch-free pushes, instead of a union-find (``kernels.py``): the
  same score, faster on boards whose colour tests are coin flips.

Both return Black's conventional margin and quark difference of the filled board, and the filled
board itself (MCTS uses it for the all-moves-as-first statistics).  The ``bridge`` policy
(``bridges.py``) answers an intrusion into a bridge or edge template; ``random`` does not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

import numpy as np
import numpy.typing as npt

from gridlogic.core.jit import HAVE_NUMBA, numba
from gridlogic.games.starstar import kernels
from gridlogic.games.starstar.bridges import bridge_fill, bridge_table
from gridlogic.games.starstar.graph import StarGraph, star_graph

Cells = npt.NDArray[np.int8]
__all__ = ["HAVE_NUMBA", "numba"]


@dataclass(frozen=True)
class Outcome:
    """A scored full board: Black's margin and quark lead, and the reward to Black (1, 0.5 or 0)."""

    margin: int
    quark_lead: int

    @property
    def winner(self) -> int | None:
        lead = self.margin if self.margin else self.quark_lead
        if lead == 0:
            return None
        return 0 if lead > 0 else 1

    @property
    def black_reward(self) -> float:
        winner = self.winner
        return 0.5 if winner is None else 1.0 - winner


@dataclass(frozen=True, eq=False)
class Tables:
    """Flat arrays describing one board for the playout kernels."""

    graph: StarGraph
    edges: tuple[tuple[int, int], ...] = field(repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(repr=False)
    peries: tuple[int, ...] = field(repr=False)
    is_peri: tuple[bool, ...] = field(repr=False)
    is_quark: tuple[bool, ...] = field(repr=False)
    np_edges: npt.NDArray[np.int32] = field(repr=False)
    np_nbr_ptr: npt.NDArray[np.int32] = field(repr=False)
    np_nbr_idx: npt.NDArray[np.int32] = field(repr=False)
    np_peries: npt.NDArray[np.int32] = field(repr=False)
    np_is_peri: npt.NDArray[np.int8] = field(repr=False)
    np_is_quark: npt.NDArray[np.int8] = field(repr=False)


@cache
def tables(rings: int) -> Tables:
    g = star_graph(rings)
    edges = tuple(g.edges())
    ptr = np.zeros(g.size + 1, dtype=np.int32)
    ptr[1:] = np.cumsum([len(n) for n in g.neighbours])
    return Tables(
        graph=g,
        edges=edges,
        neighbours=g.neighbours,
        peries=g.peries,
        is_peri=g.is_peri,
        is_quark=g.is_quark,
        np_edges=np.array(edges, dtype=np.int32).reshape(-1, 2),
        np_nbr_ptr=ptr,
        np_nbr_idx=np.array([b for n in g.neighbours for b in n], dtype=np.int32),
        np_peries=np.array(g.peries, dtype=np.int32),
        np_is_peri=np.array(g.is_peri, dtype=np.int8),
        np_is_quark=np.array(g.is_quark, dtype=np.int8),
    )


# -- pure Python ---------------------------------------------------------------------------------
def full_board_outcome(t: Tables, cells: Sequence[int]) -> Outcome:
    """Score a board with no empty node (dead stones and enclosed peries included), fast."""
    n = len(cells)
    parent = list(range(n))
    for a, b in t.edges:
        if cells[a] == cells[b]:
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            while parent[b] != b:
                parent[b] = parent[parent[b]]
                b = parent[b]
            if a != b:
                parent[b] = a
    count = [0] * n
    roots = []
    for p in t.peries:
        r = p
        while parent[r] != r:
            r = parent[r]
        roots.append(r)
        count[r] += 1
    stars = [0, 0, 0]
    star_root = [False] * n
    for r in set(roots):
        if count[r] >= 2:
            star_root[r] = True
            stars[cells[r]] += 1

    def in_star(a: int) -> bool:
        while parent[a] != a:
            a = parent[a]
        return star_root[a]

    owner = [0] * n  # per peri: 0 nobody, 1 black, 2 white
    peries = [0, 0, 0]
    quarks = [0, 0, 0]
    done = [False] * n
    is_quark = t.is_quark
    for p, r in zip(t.peries, roots, strict=True):
        if star_root[r]:
            colour = cells[p]
        elif done[p]:
            colour = owner[p]
        else:
            # flood the region of non-star nodes around this dead peri
            done[p] = True
            stack, region, border = [p], [], 0
            while stack:
                a = stack.pop()
                region.append(a)
                for b in t.neighbours[a]:
                    if in_star(b):
                        border |= cells[b]
                    elif not done[b]:
                        done[b] = True
                        stack.append(b)
            colour = border if border in (1, 2) else 0
            for a in region:
                owner[a] = colour
        peries[colour] += 1
        if is_quark[p]:
            quarks[colour] += 1
    margin = peries[1] - peries[2] + (quarks[1] >= 3) - (quarks[2] >= 3) + 4 * (stars[2] - stars[1])
    return Outcome(margin, quarks[1] - quarks[2])


def random_fill(cells: list[int], to_play: int, rng: random.Random) -> list[int]:
    """Fill every empty node in place, alternately from ``to_play`` (0 Black), in random order."""
    empties = [a for a, c in enumerate(cells) if c == 0]
    # alternate placement in a random order = a uniform random half (rounded down) for the second
    # player; sampling that half is cheaper than shuffling every empty node
    first, second = to_play + 1, 2 - to_play
    for a in empties:
        cells[a] = first
    for a in rng.sample(empties, len(empties) // 2):
        cells[a] = second
    return cells


def playout_python(
    t: Tables, cells: Sequence[int], to_play: int, rng: random.Random, last: int = -1
) -> tuple[Outcome, Cells]:
    board = random_fill(list(cells), to_play, rng)
    return full_board_outcome(t, board), np.array(board, dtype=np.int8)


# -- numba ---------------------------------------------------------------------------------------
def _writable(cells: Sequence[int]) -> Cells:
    return np.frombuffer(bytearray(cells), dtype=np.int8)  # a writable copy, ~5x cheaper than np.array


def playout_numba(
    t: Tables, cells: Sequence[int], to_play: int, rng: random.Random, last: int = -1
) -> tuple[Outcome, Cells]:
    board = _writable(cells)
    margin, lead = kernels.random_kernel(
        board, to_play, rng.getrandbits(63), t.np_edges, t.np_nbr_ptr, t.np_nbr_idx, t.np_peries, t.np_is_quark
    )
    return Outcome(int(margin), int(lead)), board


def bridge_playout_python(
    t: Tables, cells: Sequence[int], to_play: int, rng: random.Random, last: int = -1
) -> tuple[Outcome, Cells]:
    board = bridge_fill(list(cells), to_play, last, rng)
    return full_board_outcome(t, board), np.array(board, dtype=np.int8)


def bridge_playout_numba(
    t: Tables, cells: Sequence[int], to_play: int, rng: random.Random, last: int = -1
) -> tuple[Outcome, Cells]:
    board = _writable(cells)
    b = bridge_table(t.graph.rings)
    margin, lead = kernels.bridge_kernel(
        board, to_play, last, rng.getrandbits(63), t.np_edges, t.np_nbr_ptr, t.np_nbr_idx, t.np_peries,
        t.np_is_quark, b.ptr, b.a, b.b, b.x,
    )
    return Outcome(int(margin), int(lead)), board


class Playout(Protocol):
    """Fill the empty nodes of ``cells`` from ``to_play`` on (``last``: the last stone, -1 none), score."""

    def __call__(
        self, t: Tables, cells: Sequence[int], to_play: int, rng: random.Random, last: int = -1
    ) -> tuple[Outcome, Cells]: ...


POLICIES = ("random", "bridge")
BACKENDS: dict[str, dict[str, Playout]] = {"python": {"random": playout_python, "bridge": bridge_playout_python}}
if HAVE_NUMBA:
    BACKENDS["numba"] = {"random": playout_numba, "bridge": bridge_playout_numba}
DEFAULT_BACKEND = "numba" if HAVE_NUMBA else "python"


def get_playout(backend: str | None = None, policy: str = "random") -> Playout:
    """The playout of a back end (default: numba when installed, else pure Python) and a policy."""
    name = backend or DEFAULT_BACKEND
    if name not in BACKENDS:
        raise ValueError(f"unknown playout back end {name!r} (have {', '.join(BACKENDS)})")
    if policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r} (have {', '.join(POLICIES)})")
    return BACKENDS[name][policy]


def warm_up() -> None:
    """Compile (or load from the cache) every numba kernel now, so that no search pays for it."""
    t = tables(2)
    for policy in POLICIES:
        get_playout(None, policy)(t, [0] * t.graph.size, 0, random.Random(0))
