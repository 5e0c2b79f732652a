"""The *Star board as a graph: nodes (sector, ring, position), edges, peries, quarks, labels.

Ring x (1..R) holds 5x nodes.  Node (s, x, y) has sector s = 0..4 (named ``*STAR``, clockwise) and
position y = 0..x-1 counted clockwise from the sector's arm.  Node indices run ring by ring from the
centre: ring x starts at 5x(x-1)/2 and node (s, x, y) is at that offset plus s*x + y.

Labels are ``Nxy``: sector character, last digit of the ring, position (``T43``, ``*00`` on 10 rings).
Boards of more than 10 rings would make that ambiguous, so they use ``N<ring>.<pos>`` (``S11.3``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

SECTORS = "*STAR"
MIN_RINGS = 2
MAX_RINGS = 19
STANDARD_LABEL_MAX_RINGS = 10


def ring_start(x: int) -> int:
    """Index of node (0, x, 0): the first node of ring x."""
    return 5 * x * (x - 1) // 2


def node_count(rings: int) -> int:
    return 5 * rings * (rings + 1) // 2


def edge_count(rings: int) -> int:
    return 5 * rings * (3 * rings + 1) // 2


@dataclass(frozen=True, eq=False)
class StarGraph:
    """Immutable board graph for ``rings`` rings; build it with :func:`star_graph` (cached)."""

    rings: int
    size: int = field(repr=False)  # number of nodes (playable points)
    coords: tuple[tuple[int, int, int], ...] = field(repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(repr=False)
    labels: tuple[str, ...] = field(repr=False)
    peries: tuple[int, ...] = field(repr=False)
    quarks: tuple[int, ...] = field(repr=False)
    is_peri: tuple[bool, ...] = field(repr=False)
    is_quark: tuple[bool, ...] = field(repr=False)
    _by_label: dict[str, int] = field(repr=False)

    def __repr__(self) -> str:
        return f"star_graph({self.rings})"

    def index(self, s: int, x: int, y: int) -> int:
        if not (0 <= s < 5 and 1 <= x <= self.rings and 0 <= y < x):
            raise ValueError(f"no node ({s}, {x}, {y}) on a {self.rings}-ring board")
        return ring_start(x) + s * x + y

    def edges(self) -> list[tuple[int, int]]:
        """Every edge once, as (lower index, higher index), sorted."""
        return sorted((a, b) for a, nbrs in enumerate(self.neighbours) for b in nbrs if a < b)

    def label(self, node: int) -> str:
        return self.labels[node]

    def parse(self, text: str) -> int:
        """Node index of a label (case-insensitive sector letter); ValueError when there is none."""
        key = text.strip()
        if key[:1].isalpha():
            key = key[0].upper() + key[1:]
        node = self._by_label.get(key)
        if node is None:
            raise ValueError(f"{text.strip()!r} is not a node of the {self.rings}-ring board")
        return node


def _label(rings: int, s: int, x: int, y: int) -> str:
    if rings <= STANDARD_LABEL_MAX_RINGS:
        return f"{SECTORS[s]}{x % 10}{y}"
    return f"{SECTORS[s]}{x}.{y}"


def _build(rings: int) -> StarGraph:
    coords = [(s, x, y) for x in range(1, rings + 1) for s in range(5) for y in range(x)]

    def idx(s: int, x: int, y: int) -> int:
        return ring_start(x) + (s % 5) * x + y

    adj: list[set[int]] = [set() for _ in coords]

    def link(a: int, b: int) -> None:
        adj[a].add(b)
        adj[b].add(a)

    for x in range(1, rings + 1):
        for s in range(5):
            for y in range(x):
                here = idx(s, x, y)
                # along the ring, crossing into the next sector after the last position
                link(here, idx(s, x, y + 1) if y < x - 1 else idx(s + 1, x, 0))
                if x == 1:
                    continue
                if y <= x - 2:
                    link(here, idx(s, x - 1, y))  # radial
                if y >= 1:
                    link(here, idx(s, x - 1, y - 1))  # diagonal
                if y == x - 1:
                    link(here, idx(s + 1, x - 1, 0))  # corner-cross
    # the centre star: the five ring-1 nodes are all linked to each other
    for a in range(5):
        for b in range(a + 1, 5):
            link(a, b)

    labels = tuple(_label(rings, s, x, y) for (s, x, y) in coords)
    peries = tuple(idx(s, rings, y) for s in range(5) for y in range(rings))
    quarks = tuple(idx(s, rings, 0) for s in range(5))
    peri_set, quark_set = set(peries), set(quarks)
    return StarGraph(
        rings=rings,
        size=len(coords),
        coords=tuple(coords),
        neighbours=tuple(tuple(sorted(a)) for a in adj),
        labels=labels,
        peries=peries,
        quarks=quarks,
        is_peri=tuple(i in peri_set for i in range(len(coords))),
        is_quark=tuple(i in quark_set for i in range(len(coords))),
        _by_label={label: i for i, label in enumerate(labels)},
    )


@cache
def star_graph(rings: int) -> StarGraph:
    """The board graph for ``rings`` rings (2..19), built once and cached."""
    if not MIN_RINGS <= rings <= MAX_RINGS:
        raise ValueError(f"rings must be between {MIN_RINGS} and {MAX_RINGS}, not {rings}")
    return _build(rings)
