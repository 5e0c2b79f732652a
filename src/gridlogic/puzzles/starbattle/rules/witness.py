"""Which assumptions the trial search can skip: one solution of the board, found by the exact solver.

Every production rule is sound, so following an assumption that agrees with *some* solution of the
board never reaches a contradiction: it can only run out of steps or stall. The trial search keeps
the shortest contradiction chain, so skipping those assumptions changes no step it takes; it only
saves the time they would have cost (most of the search: for each cell one of "star" and "empty"
agrees with that solution). The solution never picks a step nor appears in one: the step is the
shortest chain of the assumptions that *can* break, and its reason is that chain.

A board with no solution at all (a hint on a board with a mistake) skips nothing.
"""

from __future__ import annotations

from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules.state import STAR, State

_KEY = ("witness",)


def witness(st: State) -> int | None:
    """The stars (a cell mask) of one solution that agrees with ``st``, else None. The last one
    found is kept on the puzzle's :class:`Geo` and reused while it still agrees."""
    g = st.geo
    known = g.facts.get(_KEY)
    if isinstance(known, int) and not st.star & ~known and not st.empty & known:
        return known
    none_key = ("no witness", st.star, st.empty)
    if none_key in g.facts:
        return None
    n = g.n
    givens = [(divmod(i, n), True) for i in range(n * n) if st.star >> i & 1]
    givens += [(divmod(i, n), False) for i in range(n * n) if st.empty >> i & 1]
    puzzle = StarBattle(n, g.S, g.puzzle.regions, tuple(givens))
    found = next(iter(solutions(puzzle)), None)
    if found is None:
        g.facts[none_key] = True
        return None
    mask = 0
    for r, c in found:
        mask |= 1 << (r * n + c)
    g.facts[_KEY] = mask
    return mask


def refutable(st: State, i: int, value: str) -> bool:
    """Whether assuming ``value`` at cell ``i`` can lead to a contradiction (it disagrees with the
    witness solution, or there is none)."""
    sol = witness(st)
    if sol is None:
        return True
    return bool(sol >> i & 1) != (value == STAR)
