"""Regions <-> border bits, shared by the border-coded formats (puzz.link, StarBattleLab).

A border bit says whether two neighbouring cells are separated; regions are the connected areas."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.errors import UnsupportedError

Regions = tuple[tuple[int, ...], ...]


def regions_from_borders(n: int, right: Sequence[bool], down: Sequence[bool]) -> Regions:
    """Connected areas of an n x n grid. ``right[r*(n-1)+c]``: border between (r,c) and (r,c+1);
    ``down[r*n+c]``: border between (r,c) and (r+1,c). Areas are numbered in row-major order."""
    label = [-1] * (n * n)
    count = 0
    for start in range(n * n):
        if label[start] >= 0:
            continue
        label[start] = count
        stack = [start]
        while stack:
            i = stack.pop()
            r, c = divmod(i, n)
            for j, open_ in _open_neighbours(n, r, c, right, down):
                if open_ and label[j] < 0:
                    label[j] = count
                    stack.append(j)
        count += 1
    return tuple(tuple(label[r * n:(r + 1) * n]) for r in range(n))


def _open_neighbours(n: int, r: int, c: int, right: Sequence[bool],
                     down: Sequence[bool]) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []
    if c + 1 < n:
        out.append((r * n + c + 1, not right[r * (n - 1) + c]))
    if c > 0:
        out.append((r * n + c - 1, not right[r * (n - 1) + c - 1]))
    if r + 1 < n:
        out.append(((r + 1) * n + c, not down[r * n + c]))
    if r > 0:
        out.append(((r - 1) * n + c, not down[(r - 1) * n + c]))
    return out


def borders_from_regions(regions: Regions) -> tuple[list[bool], list[bool]]:
    """``(right, down)`` border bits of a region map (the inverse of :func:`regions_from_borders`).
    Raises :class:`UnsupportedError` if a region is not connected (borders cannot express it)."""
    n = len(regions)
    right = [regions[r][c] != regions[r][c + 1] for r in range(n) for c in range(n - 1)]
    down = [regions[r][c] != regions[r + 1][c] for r in range(n - 1) for c in range(n)]
    back = regions_from_borders(n, right, down)
    if len({g for row in back for g in row}) != len({g for row in regions for g in row}):
        raise UnsupportedError("a region is not connected: border-coded formats cannot express it")
    return right, down
