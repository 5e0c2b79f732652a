"""Region shape measures, to compare generated puzzles with published ones: region sizes, straight
regions (one row or one column), and one-cell-wide snakes (the longest run of a region's cells that
lie in no 2x2 block of the region)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from gridlogic.puzzles.starbattle.model import StarBattle


def straight(n: int, unit: tuple[int, ...]) -> bool:
    """A region of two cells or more in one row or one column."""
    return len(unit) > 1 and (len({i // n for i in unit}) == 1 or len({i % n for i in unit}) == 1)


def snake(n: int, unit: tuple[int, ...]) -> int:
    """The most cells of ``unit`` connected through cells that lie in no 2x2 block of ``unit``."""
    cells = set(unit)
    blocked: set[int] = set()
    for i in unit:
        if (i % n) + 1 < n and {i + 1, i + n, i + n + 1} <= cells:
            blocked |= {i, i + 1, i + n, i + n + 1}
    thin = cells - blocked
    best = 0
    seen: set[int] = set()
    for start in thin:
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            a = stack.pop()
            size += 1
            c = a % n
            for b in (a - n, a + n, a - 1 if c else -1, a + 1 if c + 1 < n else -1):
                if b in thin and b not in seen:
                    seen.add(b)
                    stack.append(b)
        best = max(best, size)
    return best


@dataclass(frozen=True)
class Shape:
    """One puzzle's region measures."""

    smallest: int
    largest: int
    median: float
    straight: int
    regions: int
    snake: int


def shape(p: StarBattle) -> Shape:
    sizes = [len(u) for u in p.units]
    return Shape(min(sizes), max(sizes), statistics.median(sizes), sum(straight(p.n, u) for u in p.units),
                 len(p.units), max(snake(p.n, u) for u in p.units))
