"""R5.6 Set Differential over blocks of three or more consecutive lines.

``set_differentials`` adds single lines, two neighbouring lines or the two outer lines of each kind. Here one
side is a block of 3 to n/2 consecutive rows (or columns), the other any block of columns (rows):
add the rows, add the columns, subtract every region lying inside their union. When no candidate is
counted twice, the candidates counted once hold exactly the resulting number of stars; none if it is
zero (R5.6c), otherwise a cell whose star leaves them too little room is empty.

Such a sum has at least five operations (three lines, a line and a region), which the seed grades
Expert+. With about 1,300 block pairs a board on 10x10 (~3 ms, three times the short differentials)
it runs after Placements, on the few boards nothing cheaper moves; line-set counting already does
the sums of one kind of line.
"""

from __future__ import annotations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit
from gridlogic.puzzles.starbattle.rules.set_differentials import differential, differential_step, line_blocks
from gridlogic.puzzles.starbattle.rules.state import State

MIN_OPS = 5


def long_blocks(g: Geo, kind: str) -> list[tuple[list[Unit], int]]:
    """Every run of 3 to n/2 consecutive lines of ``kind`` with its mask."""
    lines = g.units(kind)
    out = []
    for size in range(3, g.n // 2 + 1):
        for start in range(g.n - size + 1):
            run = lines[start:start + size]
            mask = 0
            for ln in run:
                mask |= ln.mask
            out.append((run, mask))
    return out


def _pairs(g: Geo) -> list[tuple[list[Unit], int, list[Unit], int]]:
    """(rows, mask, columns, mask) with at least one side a long block (once per puzzle)."""
    got = g.facts.get(("R5.6 blocks",))
    if got is None:
        rows_long, cols_long = long_blocks(g, "row"), long_blocks(g, "column")
        cols_all = line_blocks(g, "column") + cols_long
        pairs = [(rs, rm, cs, cm) for rs, rm in rows_long for cs, cm in cols_all]
        pairs += [(rs, rm, cs, cm) for rs, rm in line_blocks(g, "row") for cs, cm in cols_long]
        got = g.facts[("R5.6 blocks",)] = pairs
    return got  # type: ignore[return-value]


def r5_6_blocks(st: State) -> Step | None:
    """R5.6 over a block of 3+ consecutive rows (or columns) plus columns (rows), less the regions
    inside: the candidates counted once hold an exact number of stars."""
    g = st.geo
    for rows, rmask, cols, cmask in _pairs(g):
        d = differential(st, rows, cols, rmask, cmask)
        if d is None:
            continue
        regs, comp, total = d
        if len(rows) + len(cols) + len(regs) < MIN_OPS or not comp:
            continue
        step = differential_step(st, rows, cols, regs, comp, total, EXPERT_PLUS, "Set differential over a block")
        if step is not None:
            return step
    return None
