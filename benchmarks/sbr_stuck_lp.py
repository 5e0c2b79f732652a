"""Where the Star Battle rules stall without Trial, and how far the linear relaxation of the same counts
reaches from there (issue 26: a diagnostic, not a rule).

For each puzzle the rules up to Expert+ run until they stall. From a stalled board the *count relaxation* is
asked, cell by cell, whether the cell can be a star and whether it can be empty: a linear programme over
fractional stars x in [0, 1] with every row, column and region summing to S and every 2x2 window to at most
1 (the exact constraints of the guide's counting: set differentials, squeezes and 2x2 tilings are all sums
of these). A cell the relaxation forbids is forbidden in the puzzle too (the relaxation has every
solution), so its marks are sound; they are checked against the exact solver's unique solution anyway.
The rules then run again, and so on, until solved or until the relaxation finds nothing.

A deduction of the relaxation is a weighted sum of rows, columns, regions and 2x2 windows (its dual
certificate): the figures say how much of the stuck corpus such sums decide, and the certificates printed
with ``--certificates`` say how large they are (not one sentence: see benchmarks/results/starbattle-techniques.md).

Needs SciPy (HiGHS), not a dependency of gridlogic: ``pip install --target /tmp/sp scipy`` and
``PYTHONPATH=src:/tmp/sp``.

    nice -n 10 .venv/bin/python -m benchmarks.sbr_stuck_lp --only 14-3-unsorted,17-4-unsorted [--limit N]
"""

from __future__ import annotations

import argparse
import time
from itertools import islice
from typing import Any

from benchmarks.bench_starbattle_human import Item, masonomara, others, starbattlelab
from gridlogic.core import engine
from gridlogic.core.grid import Cell
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules import rules
from gridlogic.puzzles.starbattle.rules.geometry import Geo
from gridlogic.puzzles.starbattle.rules.state import BLACK, STAR, State


def relaxation(g: Geo) -> tuple[Any, Any]:
    """The equality rows (one per unit) and the window rows of the relaxation, as dense arrays."""
    import numpy as np  # noqa: PLC0415 - only the diagnostic needs it

    size = g.n * g.n
    eq = np.array([[m >> j & 1 for j in range(size)] for m in g.unit_masks], dtype=float)
    ub = np.array([[w >> j & 1 for j in range(size)] for w in g.windows], dtype=float)
    return eq, ub


def relaxed_marks(st: State, arrays: tuple[Any, Any]) -> tuple[int, int, int]:
    """(cells that cannot be stars, cells that cannot be empty, LPs solved) on the board ``st``, by the
    relaxation. A feasible point found on the way witnesses every value it takes, so those are not asked."""
    import numpy as np  # noqa: PLC0415
    from scipy.optimize import linprog  # noqa: PLC0415 - optional, see the module docstring

    g = st.geo
    size = g.n * g.n
    eq, ub = arrays
    base = [(1.0, 1.0) if st.star >> j & 1 else (0.0, 0.0) if st.empty >> j & 1 else (0.0, 1.0) for j in range(size)]
    b_eq = np.full(len(eq), float(g.S))
    b_ub = np.ones(len(ub))
    can_star = can_empty = 0
    no_star = no_empty = 0
    lps = 0
    unknown = [j for j in range(size) if base[j] == (0.0, 1.0)]
    for value in (1.0, 0.0):
        for j in unknown:
            seen = can_star if value == 1.0 else can_empty
            if seen >> j & 1:
                continue
            bounds = list(base)
            bounds[j] = (value, value)
            got = linprog(np.zeros(size), A_ub=ub, b_ub=b_ub, A_eq=eq, b_eq=b_eq, bounds=bounds, method="highs")
            lps += 1
            if got.status == 2:
                if value == 1.0:
                    no_star |= 1 << j
                else:
                    no_empty |= 1 << j
                continue
            if got.status == 0:
                for k in unknown:
                    if got.x[k] > 1 - 1e-9:
                        can_star |= 1 << k
                    if got.x[k] < 1e-9:
                        can_empty |= 1 << k
    return no_star, no_empty, lps


def follow(item: Item, solution: frozenset[Cell], max_rounds: int) -> dict[str, Any]:
    """Rules until stalled, then relaxation rounds; what happened."""
    st = State.start(item.puzzle)
    chosen = rules(EXPERT_PLUS)
    t0 = time.process_time()
    out = engine.run(st, chosen, max_steps=10_000)
    first_open = st.unknown.bit_count()
    rounds = lps = wrong = marked = 0
    status = out.status
    arrays = relaxation(st.geo) if status == "stuck" else None
    while status == "stuck" and rounds < max_rounds and arrays is not None:
        black, star, asked = relaxed_marks(st, arrays)
        lps += asked
        rounds += 1
        if not black | star:
            break
        n = st.geo.n
        marks = tuple(Mark(divmod(j, n), STAR if star >> j & 1 else BLACK) for j in range(n * n)
                      if (black | star) >> j & 1)
        wrong += sum((m.value == STAR) != (m.cell in solution) for m in marks)
        marked += len(marks)
        st.apply(Step("Relaxation", EXPERT_PLUS, "count relaxation", (), marks))
        status = engine.run(st, chosen, max_steps=10_000).status
    return {"id": item.id, "first_open": first_open, "status": status, "rounds": rounds, "lps": lps,
            "marked": marked, "wrong": wrong, "open": st.unknown.bit_count(), "cpu": time.process_time() - t0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="14-3-unsorted,17-4-unsorted", help="corpus file stems or ids, comma-separated")
    ap.add_argument("--limit", type=int, default=0, help="at most N stalled puzzles")
    ap.add_argument("--rounds", type=int, default=40, help="relaxation rounds per puzzle")
    args = ap.parse_args()
    wanted = [w for w in args.only.split(",") if w]
    items = [it for it in (*masonomara(), *starbattlelab(), *others())
             if any(it.id == w or it.id.split("#")[0] == w for w in wanted)]
    stalled = solved = wrong = 0
    for item in items:
        sols = list(islice(solutions(item.puzzle), 2))
        if len(sols) != 1:
            continue
        row = follow(item, sols[0], args.rounds)
        if row["rounds"] == 0 and row["status"] != "stuck":
            continue
        stalled += 1
        solved += row["status"] == "solved"
        wrong += row["wrong"]
        print(f"{row['id']}: stalled at {row['first_open']} open; {row['rounds']} relaxation rounds "
              f"({row['lps']} LPs, {row['marked']} marks, {row['wrong']} wrong) -> {row['status']}, "
              f"{row['open']} open, CPU {row['cpu']:.1f} s", flush=True)
        if args.limit and stalled >= args.limit:
            break
    print(f"{stalled} stalled without Trial; {solved} solved with the count relaxation between the rules; "
          f"{wrong} wrong marks")


if __name__ == "__main__":
    main()
