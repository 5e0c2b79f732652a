"""Scoring a *Star position: stars, dead groups, owned peries, quarks, three scoring systems.

As the seed says, a *star* is a connected one-colour group that *owns* at least two peries, and a
group owns a peri when it occupies it or encloses it.  A group encloses the peries of every part of
the board it cuts off (a connected component of the board without the group's nodes) that holds no
stone of the other colour.  Every other group is dead and taken off.  Each maximal connected region
of non-star nodes (empty nodes and dead stones) belongs to a player when every star bordering it is
that player's, and its peries count for them.

Ownership only grows as stones of the other colour go, so taking the dead groups off and asking
again changes nothing: one pass finds the stars.  On a full board a group's cut-off parts always
hold enemy stones, so there the stars are exactly the groups occupying two peries or more.

Conventional score = owned peries + 1 for owning three or more quarks (the quark peri)
+ 2 x (opponent's stars - own stars).  On a decided board the two totals add up to 5R + 1.
Simplified score = owned peries - 4 x own stars + quark peri.  Schmittberger's score = own peries
and quark peri - the opponent's + own adjustment - the opponent's.  All three give the same winner
and the same margin (Black's score minus White's; Schmittberger's Black score is that margin).
Ties go to the player owning more quarks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from gridlogic.games.starstar.graph import StarGraph

EMPTY = 0
BLACK_STONE = 1
WHITE_STONE = 2
Scoring = Literal["conventional", "simplified", "schmittberger"]
SCORINGS: tuple[Scoring, ...] = ("conventional", "simplified", "schmittberger")


@dataclass(frozen=True)
class Star:
    """A living group: its colour (0 Black, 1 White), stones, the peries it occupies and those it encloses."""

    player: int
    stones: tuple[int, ...]
    peries: tuple[int, ...]
    enclosed: tuple[int, ...] = ()

    @property
    def owned(self) -> tuple[int, ...]:
        """Occupied and enclosed peries, sorted."""
        return tuple(sorted(self.peries + self.enclosed))


@dataclass(frozen=True)
class Region:
    """A maximal connected set of non-star nodes, the stars around it and its owner (None: nobody)."""

    nodes: tuple[int, ...]
    bordering: tuple[int, ...]  # indices into Analysis.stars
    owner: int | None


@dataclass(frozen=True)
class Analysis:
    stars: tuple[Star, ...]
    regions: tuple[Region, ...]
    dead: tuple[int, ...]  # stones of groups that are not stars


@dataclass(frozen=True)
class Score:
    """Peries, quarks and stars per player (index 0 Black, 1 White) and the scores derived from them."""

    peries: tuple[int, int]
    quarks: tuple[int, int]
    stars: tuple[int, int]
    neutral_peries: int = 0

    def quark_peri(self, player: int) -> int:
        return 1 if self.quarks[player] >= 3 else 0

    def adjustment(self, player: int) -> int:
        return 2 * (self.stars[1 - player] - self.stars[player])

    def conventional(self, player: int) -> int:
        return self.peries[player] + self.quark_peri(player) + self.adjustment(player)

    def simplified(self, player: int) -> int:
        return self.peries[player] - 4 * self.stars[player] + self.quark_peri(player)

    def schmittberger(self, player: int) -> int:
        other = 1 - player
        return (
            self.peries[player]
            + self.quark_peri(player)
            - self.peries[other]
            - self.quark_peri(other)
            + self.adjustment(player)
            - self.adjustment(other)
        )

    def points(self, scoring: Scoring = "conventional") -> tuple[int, int]:
        """(Black, White) under the named scoring system."""
        fn = {
            "conventional": self.conventional,
            "simplified": self.simplified,
            "schmittberger": self.schmittberger,
        }[scoring]
        return fn(0), fn(1)

    def margin(self, scoring: Scoring = "conventional") -> int:
        """Black's lead (negative when White leads); the same number under every scoring."""
        if scoring == "schmittberger":
            return self.schmittberger(0)
        black, white = self.points(scoring)
        return black - white

    @property
    def decided(self) -> bool:
        """Every peri (and so every quark) has an owner."""
        return self.neutral_peries == 0

    @property
    def winner(self) -> int | None:
        """0 Black, 1 White, None when both the score and the quarks are level."""
        lead = self.margin()
        if lead == 0:
            lead = self.quarks[0] - self.quarks[1]
        if lead == 0:
            return None
        return 0 if lead > 0 else 1

    def result(self) -> str:
        """``B+n`` / ``W+n`` (n may be 0 when the quarks break a tie), ``0`` for a true draw."""
        winner = self.winner
        if winner is None:
            return "0"
        return f"{'BW'[winner]}+{abs(self.margin())}"


def enclosed_peries(graph: StarGraph, cells: Sequence[int], stones: Sequence[int]) -> tuple[int, ...]:
    """Peries the group ``stones`` encloses: those of the parts of the board it cuts off (components of
    the board without its nodes) that hold no stone of the other colour."""
    colour = cells[stones[0]]
    seen = [False] * graph.size
    for a in stones:
        seen[a] = True
    out: list[int] = []
    for start in graph.peries:
        if seen[start]:
            continue
        seen[start] = True
        stack, part, enemy = [start], [], False
        while stack:
            a = stack.pop()
            if graph.is_peri[a]:
                part.append(a)
            enemy = enemy or cells[a] not in (EMPTY, colour)
            for b in graph.neighbours[a]:
                if not seen[b]:
                    seen[b] = True
                    stack.append(b)
        if not enemy:
            out.extend(part)
    return tuple(sorted(out))


def analyse(graph: StarGraph, cells: Sequence[int]) -> Analysis:
    """Find stars, dead stones and regions with their owners."""
    n = graph.size
    if len(cells) != n:
        raise ValueError(f"expected {n} cells for {graph.rings} rings, got {len(cells)}")
    nbrs = graph.neighbours
    parent = list(range(n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for a in range(n):
        colour = cells[a]
        if colour == EMPTY:
            continue
        for b in nbrs[a]:
            if b > a and cells[b] == colour:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[rb] = ra
    groups: dict[int, list[int]] = {}
    for a in range(n):
        if cells[a] != EMPTY:
            groups.setdefault(find(a), []).append(a)
    stars: list[Star] = []
    star_of = [-1] * n
    dead: list[int] = []
    for stones in groups.values():
        peries = tuple(a for a in stones if graph.is_peri[a])
        enclosed = () if len(peries) >= 2 else enclosed_peries(graph, cells, stones)
        if len(peries) + len(enclosed) >= 2:
            for a in stones:
                star_of[a] = len(stars)
            stars.append(Star(cells[stones[0]] - 1, tuple(stones), peries, enclosed))
        else:
            dead.extend(stones)
    regions: list[Region] = []
    seen = [False] * n
    for start in range(n):
        if seen[start] or star_of[start] >= 0:
            continue
        seen[start] = True
        stack, nodes, border = [start], [], set()
        while stack:
            a = stack.pop()
            nodes.append(a)
            for b in nbrs[a]:
                if star_of[b] >= 0:
                    border.add(star_of[b])
                elif not seen[b]:
                    seen[b] = True
                    stack.append(b)
        owners = {stars[i].player for i in border}
        owner = owners.pop() if len(owners) == 1 else None
        regions.append(Region(tuple(sorted(nodes)), tuple(sorted(border)), owner))
    return Analysis(tuple(stars), tuple(regions), tuple(sorted(dead)))


def score(graph: StarGraph, cells: Sequence[int]) -> Score:
    """Score any position (full or not); on a full board this is the final score."""
    info = analyse(graph, cells)
    peries = [0, 0]
    quarks = [0, 0]
    stars = [0, 0]
    neutral = 0
    for star in info.stars:
        stars[star.player] += 1
        peries[star.player] += len(star.peries)
        quarks[star.player] += sum(1 for a in star.peries if graph.is_quark[a])
    for region in info.regions:
        region_peries = [a for a in region.nodes if graph.is_peri[a]]
        if region.owner is None:
            neutral += len(region_peries)
            continue
        peries[region.owner] += len(region_peries)
        quarks[region.owner] += sum(1 for a in region_peries if graph.is_quark[a])
    return Score((peries[0], peries[1]), (quarks[0], quarks[1]), (stars[0], stars[1]), neutral)
