"""Fast random playouts: fill the empty nodes at random, alternately, then score the full board.

Two interchangeable back ends compute the same thing:

* ``python``: pure Python over precomputed flat tables (edge list, peri list, neighbour lists),
  union-find over a flat parent list, random fill by sampling the second player's half of the
  empty nodes (the same distribution as shuffling them and placing alternately);
* ``numba``: the same algorithm compiled with numba (used automatically when numba is installed),
  with its own xorshift generator seeded from the caller's ``random.Random``.

Both return Black's conventional margin and quark difference of the filled board, and the filled
board itself (MCTS uses it for the all-moves-as-first statistics).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from gridlogic.games.starstar.graph import StarGraph, star_graph

Cells = npt.NDArray[np.int8]

numba: Any
try:  # optional accelerator
    numba = importlib.import_module("numba")
except ImportError:  # pragma: no cover - depends on the environment
    numba = None
HAVE_NUMBA = numba is not None


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


def playout_python(t: Tables, cells: Sequence[int], to_play: int, rng: random.Random) -> tuple[Outcome, Cells]:
    board = random_fill(list(cells), to_play, rng)
    return full_board_outcome(t, board), np.array(board, dtype=np.int8)


# -- numba ---------------------------------------------------------------------------------------
def _kernel_source(
    cells: Any, to_play: int, seed: int, edges: Any, ptr: Any, idx: Any, peries: Any, is_quark: Any
) -> tuple[int, int]:  # pragma: no cover - compiled by numba, tested through playout_numba
    n = cells.shape[0]
    # xorshift64* seeded through splitmix64
    state: Any = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    state = (state ^ (state >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    state = (state ^ (state >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    state = state ^ (state >> np.uint64(31))
    if state == np.uint64(0):
        state = np.uint64(1)
    empties = np.empty(n, dtype=np.int32)
    m = 0
    for a in range(n):
        if cells[a] == 0:
            empties[m] = a
            m += 1
    for i in range(m - 1, 0, -1):
        state ^= state >> np.uint64(12)
        state ^= state << np.uint64(25)
        state ^= state >> np.uint64(27)
        r = (state * np.uint64(2685821657736338717)) >> np.uint64(33)
        j = np.int64(r % np.uint64(i + 1))
        empties[i], empties[j] = empties[j], empties[i]
    first = np.int8(to_play + 1)
    second = np.int8(2 - to_play)
    for i in range(m):
        cells[empties[i]] = first if i % 2 == 0 else second
    parent = np.arange(n, dtype=np.int32)
    for e in range(edges.shape[0]):
        a = edges[e, 0]
        b = edges[e, 1]
        if cells[a] == cells[b]:
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            while parent[b] != b:
                parent[b] = parent[parent[b]]
                b = parent[b]
            if a != b:
                parent[b] = a
    for a in range(n):  # full compression: parent[a] is a's root
        r = a
        while parent[r] != r:
            r = parent[r]
        parent[a] = r
    count = np.zeros(n, dtype=np.int32)
    for k in range(peries.shape[0]):
        count[parent[peries[k]]] += 1
    stars_b = 0
    stars_w = 0
    for a in range(n):
        if parent[a] == a and count[a] >= 2:
            if cells[a] == 1:
                stars_b += 1
            else:
                stars_w += 1
    owner = np.full(n, -1, dtype=np.int8)
    stack = np.empty(n, dtype=np.int32)
    region = np.empty(n, dtype=np.int32)
    per = np.zeros(3, dtype=np.int32)
    qua = np.zeros(3, dtype=np.int32)
    for k in range(peries.shape[0]):
        p = peries[k]
        if count[parent[p]] >= 2:
            colour = cells[p]
        elif owner[p] >= 0:
            colour = owner[p]
        else:
            owner[p] = 0
            top = 0
            size = 0
            stack[top] = p
            top += 1
            border = 0
            while top > 0:
                top -= 1
                a = stack[top]
                region[size] = a
                size += 1
                for q in range(ptr[a], ptr[a + 1]):
                    b = idx[q]
                    if count[parent[b]] >= 2:
                        border |= cells[b]
                    elif owner[b] < 0:
                        owner[b] = 0
                        stack[top] = b
                        top += 1
            colour = border if border in {1, 2} else 0
            for i in range(size):
                owner[region[i]] = colour
        per[colour] += 1
        if is_quark[p]:
            qua[colour] += 1
    bonus_b = 1 if qua[1] >= 3 else 0
    bonus_w = 1 if qua[2] >= 3 else 0
    margin = per[1] - per[2] + bonus_b - bonus_w + 4 * (stars_w - stars_b)
    return margin, qua[1] - qua[2]


_kernel: Callable[..., tuple[int, int]] | None = None


def _compiled() -> Callable[..., tuple[int, int]]:
    global _kernel  # noqa: PLW0603 - compiled once, lazily
    if _kernel is None:
        if numba is None:  # pragma: no cover
            raise RuntimeError("numba is not installed")
        _kernel = numba.njit(cache=True, nogil=True)(_kernel_source)
    return _kernel


def playout_numba(t: Tables, cells: Sequence[int], to_play: int, rng: random.Random) -> tuple[Outcome, Cells]:
    board = np.frombuffer(bytearray(cells), dtype=np.int8)  # a writable copy, ~5x cheaper than np.array
    margin, lead = _compiled()(
        board, to_play, rng.getrandbits(63), t.np_edges, t.np_nbr_ptr, t.np_nbr_idx, t.np_peries, t.np_is_quark
    )
    return Outcome(int(margin), int(lead)), board


Playout = Callable[[Tables, Sequence[int], int, random.Random], tuple[Outcome, Cells]]
BACKENDS: dict[str, Playout] = {"python": playout_python}
if HAVE_NUMBA:
    BACKENDS["numba"] = playout_numba
DEFAULT_BACKEND = "numba" if HAVE_NUMBA else "python"


def get_playout(backend: str | None = None) -> Playout:
    """The playout function of a back end (default: numba when installed, else pure Python)."""
    name = backend or DEFAULT_BACKEND
    if name not in BACKENDS:
        raise ValueError(f"unknown playout back end {name!r} (have {', '.join(BACKENDS)})")
    return BACKENDS[name]
