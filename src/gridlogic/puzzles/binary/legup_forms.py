"""LEGUP's own, narrower forms of two Binary rules (``UniqueRowColumnDirectRule`` and
``WastedBlockerContradictionRule`` in LEGUP's sources), for the ``legup`` rule set: a proof LEGUP
itself must accept uses only these. Each is LEGUP's check intersected with gridlogic's exact rule
(:mod:`gridlogic.puzzles.binary.legup`), so it stays sound where LEGUP's is loose."""

from __future__ import annotations

from functools import lru_cache

from gridlogic.puzzles.binary.legup import (
    VALUES,
    ZERO,
    Change,
    LegupBoard,
    Line,
    completable,
    other,
    unique_row_column_at,
)


def unique_row_column_legup(b: LegupBoard) -> frozenset[Change]:
    """UniqueRowColumn in the form LEGUP's own code accepts it (``UniqueRowColumnDirectRule``), its
    two cases, each against a *finished* line of the same direction (index below the line's length,
    as LEGUP loops):

    - *opposite digit difference*: the line has at most two empty cells and equals the finished
      line on every known cell (with one empty cell, one known cell may differ); an empty cell takes
      the opposite of the finished line's digit there;
    - *one digit remaining*: the line lacks exactly one of a digit ``d`` (holds ``len // 2 - 1``)
      and equals the finished line on every known cell, however many are empty; an empty cell where
      the finished line holds ``d`` takes the other digit (placing ``d`` there would complete the
      line as a copy of the finished one).

    Intersected with :func:`~gridlogic.puzzles.binary.legup.unique_row_column` (checked at each
    candidate cell only), so it is also exact (LEGUP alone would accept it on
    a board that already must repeat a line; its first case with one differing cell holds by the
    line's balance, not by uniqueness)."""
    out: set[Change] = set()
    for fam in b.lines:
        finished = [(j, b.values(u)) for j, u in enumerate(fam) if None not in b.values(u)]
        for k, unit in enumerate(fam):
            line = b.values(unit)
            empty = [p for p, v in enumerate(line) if v is None]
            if not empty:
                continue
            short = [d for d in VALUES if line.count(d) == len(line) // 2 - 1]
            for j, full in finished:
                if j == k or j >= len(line):
                    continue
                differ = sum(v is not None and v != full[p] for p, v in enumerate(line))
                if len(empty) <= 2 and (differ == 0 or (differ == 1 and len(empty) == 1)):
                    out.update((unit[p], other(d)) for p in empty if (d := full[p]) is not None)
                if differ == 0:
                    out.update((unit[p], other(d)) for d in short for p in empty if full[p] == d)
    return frozenset(ch for ch in out if unique_row_column_at(b, *ch))


def _legup_needs(left: int, right: int, empty: int) -> tuple[int, int]:
    """LEGUP's count of the 0s and 1s a gap of ``empty`` cells between digits ``left`` and
    ``right`` (-1: the line's end) must hold to avoid a trio: ``(n + i + j) // 3`` zeros with a
    missing end read as 0, ``(n + (1 - i) + (1 - j)) // 3`` ones with it read as 1."""
    zeros = (empty + max(left, 0) + max(right, 0)) // 3
    ones = (empty + (1 - (1 if left < 0 else left)) + (1 - (1 if right < 0 else right))) // 3
    return zeros, ones


@lru_cache(maxsize=65536)
def legup_wasted(line: Line) -> bool:
    """LEGUP's Wasted Blocker on one line (``checkSequence``): the digits present plus those its
    gaps of two or more empty cells need exceed half the line. As LEGUP reads it: the left end of
    a trailing gap counts as missing when it is the line's first cell."""
    n = len(line)
    digit = [-1 if v is None else int(v) for v in line]
    need0 = need1 = 0
    run = 0
    for i, d in enumerate([*digit, -2]):
        if d == -1:
            run += 1
            continue
        if run > 1:
            start = i - run
            if d == -2:  # a trailing gap: LEGUP's bound check is one cell short
                left = -1 if n - run - 2 < 0 else digit[start - 1]
            else:
                left = -1 if start - 1 < 0 else digit[start - 1]
            z, o = _legup_needs(left, d if d >= 0 else -1, run)
            need0, need1 = need0 + z, need1 + o
        run = 0
    zeros = sum(v == ZERO for v in line)
    return zeros + need0 > n // 2 or (n - line.count(None) - zeros) + need1 > n // 2


def wasted_blocker_legup(b: LegupBoard) -> frozenset[int]:
    """Wasted Blocker where LEGUP's count fires on a line that indeed has no balanced, trio-free
    completion (gridlogic's exact Wasted Blocker): its cells."""
    return frozenset(i for u, v in zip(b.all_lines(), b.line_values, strict=True)
                     if not completable(v) and legup_wasted(v) for i in u)

