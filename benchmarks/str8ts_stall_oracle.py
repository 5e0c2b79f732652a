"""What the puzzles that stall at diabolical need: full-strength non-chain reasoning at the stall.

For every unique corpus puzzle that the rules capped at diabolical do not solve, take the board
where they stop and try, one at a time and then together, the strongest forms of the non-chain
strategies of issue 27 (each as an *oracle*: exact within its scope, so no named form of it can do
more):

- ``line``: every complete filling of one row or column (distinct digits, each compartment a
  straight, no black digit) enumerated; a candidate in none is removed. The naked and hidden sets
  (in a compartment, across compartments), locked compartments, stranded digits, high/low,
  required digits and mind the gap are all single-line deductions, so none of them does more.
- ``digit``: for one digit, every set of cells holding it (at most one per row and column, every
  row and column that requires it covered, placed ones kept) enumerated; a candidate in none is
  removed, one in all placed. X-Wing, Swordfish, Jellyfish (any size, Str8ts-aware: only the lines
  that must hold the digit are base lines) and the one-digit Setti's rule are single-digit
  deductions over required lines, so none of them does more.
- ``setti``: Setti's rule for every *set* of digits S (the cells holding a digit of S are as many
  counted by rows as by columns), each line's count of S taken over its exact combinations of
  straights; a line whose count is then bounded keeps the combinations within the bound (the
  "oddness" argument is S = the odd digits).
- ``all``: the three together, with the diabolical rules, to a fixpoint.

Y-Wing is not tried apart: AlternatingChain (diabolical) covers every Y-Wing with the same links.
Every removal is checked against the unique solution.

    PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.str8ts_stall_oracle [--limit N]
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from itertools import product

from benchmarks.bench_str8ts import corpus_rows
from gridlogic.core.engine import Rule, run
from gridlogic.core.step import Mark, Step
from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.levels import DIABOLICAL
from gridlogic.puzzles.str8ts.rules import LOGIC, State, techniques
from gridlogic.puzzles.str8ts.rules.state import black_digits, line_compartments, removal

POP = [bin(m).count("1") for m in range(1 << 9)]


def _step(rule: str, marks: tuple[Mark, ...]) -> Step | None:
    return Step(rule, DIABOLICAL, rule, (), marks) if marks else None


def _combos(s: State, k: int) -> list[tuple[int, ...]]:
    """Line k's choices: one window per compartment, pairwise disjoint, no black digit."""
    comps, allowed, _ = s.line(k)
    black = black_digits(s.puzzle)[k]
    out = []
    for ws in product(*allowed):
        used = 0
        ok = True
        for w in ws:
            if w & (used | black):
                ok = False
                break
            used |= w
        if ok:
            out.append(ws)
    return out


def _support(s: State, k: int, combos: list[tuple[int, ...]]) -> dict[int, int]:
    """Per cell of line k: the digits it takes in some filling of some of ``combos``."""
    comps = line_compartments(s.puzzle)[k]
    ok: dict[int, int] = {i: 0 for c in comps for i in c.cells}
    for ci, comp in enumerate(comps):
        fits = dict(s.fits(comp))
        for w in {ws[ci] for ws in combos}:
            for q, i in enumerate(comp.cells):
                ok[i] |= fits.get(w, (0,) * len(comp.cells))[q]
    return ok


def line_oracle(s: State) -> Step | None:
    """Exact per line: every filling of the line's cells, enumerated cell by cell."""
    p = s.puzzle
    for k in range(len(p.lines)):
        comps = line_compartments(p)[k]
        cells = [i for c in comps for i in c.cells]
        black = black_digits(p)[k]
        masks = [s.mask(i) for i in cells]
        total = 1
        for m in masks:
            total *= POP[m]
        if total > 200_000:
            continue
        ok = {i: 0 for i in cells}
        where = {i: (ci, q) for ci, c in enumerate(comps) for q, i in enumerate(c.cells)}
        vals = [0] * len(cells)

        def walk(x: int, used: int) -> None:
            if x == len(cells):
                for ci, c in enumerate(comps):
                    got = [vals[cells.index(i)] for i in c.cells]
                    if max(got) - min(got) != len(got) - 1:
                        return
                for y, i in enumerate(cells):
                    ok[i] |= 1 << (vals[y] - 1)
                return
            m = masks[x] & ~used & ~black
            while m:
                b = m & -m
                m ^= b
                vals[x] = b.bit_length()
                walk(x + 1, used | b)

        _ = where
        walk(0, 0)
        for i in cells:
            marks = removal(s, (i,), ~ok[i])
            if marks:
                return _step("line", marks)
    return None


def digit_oracle(s: State) -> Step | None:
    """Exact per digit: placements one per row/column covering the required lines."""
    p = s.puzzle
    n = p.n
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        req_r = [bool(s.line(r)[2] & bit) for r in range(n)]
        req_c = 0
        for c in range(n):
            if s.line(n + c)[2] & bit:
                req_c |= 1 << c
        opts: list[list[int]] = []  # per row: allowed columns (-1 = none)
        for r in range(n):
            forced = [c for c in range(n) if (s.digit(r * n + c) == d)]
            if forced:
                opts.append(forced)
                continue
            row = [c for c in range(n) if not p.black[r * n + c] and s.mask(r * n + c) & bit]
            opts.append(row if req_r[r] else [*row, -1])
        memo: dict[tuple[int, int], bool] = {}

        def can(r: int, used: int) -> bool:
            if r == n:
                return used & req_c == req_c
            key = (r, used)
            if key not in memo:
                memo[key] = any(c == -1 and can(r + 1, used) or c >= 0 and not used >> c & 1
                                and can(r + 1, used | 1 << c) for c in opts[r])
            return memo[key]

        reach: list[set[int]] = [set() for _ in range(n + 1)]
        reach[0].add(0)
        inn: set[int] = set()
        always: dict[int, bool] = {}
        for r in range(n):
            for used in reach[r]:
                if not can(r, used):
                    continue
                for c in opts[r]:
                    nxt = used if c == -1 else used | 1 << c
                    if c >= 0 and used >> c & 1:
                        continue
                    if can(r + 1, nxt):
                        reach[r + 1].add(nxt)
                        if c >= 0:
                            inn.add(r * n + c)
            # a cell in every placement: no other option of its row survives
        for r in range(n):
            for c in range(n):
                i = r * n + c
                if p.black[i] or s.placed[i] or not s.mask(i) & bit:
                    continue
                if i not in inn:
                    return _step("digit", removal(s, (i,), bit))
        _ = always
        # placements: a row/column whose every surviving option is one cell
        for r in range(n):
            live = {c for c in opts[r] if c >= 0 and r * n + c in inn}
            row_none = -1 in opts[r] and any(can(r + 1, u) and can(r, u) for u in reach[r])
            if len(live) == 1 and not row_none:
                i = r * n + live.pop()
                if not s.placed[i]:
                    marks = removal(s, (i,), ~bit)
                    if marks:
                        return _step("digit", marks)
    return None


def setti_oracle(s: State) -> Step | None:
    """Setti's rule over every set of digits, on each line's exact combinations."""
    p = s.puzzle
    n = p.n
    full = (1 << n) - 1
    lines = range(2 * n)
    combos = {k: _combos(s, k) for k in lines}
    used = {k: [sum(ws) if ws else 0 for ws in combos[k]] for k in lines}
    if any(not combos[k] and line_compartments(p)[k] for k in lines):
        return None
    for S in range(1, full + 1):
        rng = {}
        for k in lines:
            cs = [POP[u & S] for u in used[k]] or [0]
            rng[k] = (min(cs), max(cs))
        lo_r = sum(rng[k][0] for k in range(n))
        hi_r = sum(rng[k][1] for k in range(n))
        lo_c = sum(rng[k][0] for k in range(n, 2 * n))
        hi_c = sum(rng[k][1] for k in range(n, 2 * n))
        t_lo, t_hi = max(lo_r, lo_c), min(hi_r, hi_c)
        for k in lines:
            base = range(n) if k < n else range(n, 2 * n)
            slo = sum(rng[j][0] for j in base)
            shi = sum(rng[j][1] for j in base)
            lo = t_lo - (shi - rng[k][1])
            hi = t_hi - (slo - rng[k][0])
            if lo <= rng[k][0] and hi >= rng[k][1]:
                continue
            keep = [ws for ws, u in zip(combos[k], used[k], strict=True) if lo <= POP[u & S] <= hi]
            ok = _support(s, k, keep)
            for i, m in ok.items():
                marks = removal(s, (i,), ~m)
                if marks:
                    return _step("setti", marks)
    return None


ORACLES: dict[str, Callable[[State], Step | None]] = {
    "line": line_oracle, "digit": digit_oracle, "setti": setti_oracle}


def solve(p: object, extra: list[Rule[State]], uniq: bool = False) -> tuple[State, str]:
    s = State.start(p)  # type: ignore[arg-type]
    rules = [*techniques(uniq), *extra]
    out = run(s, rules, DIABOLICAL)
    return s, out.status


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    rows = [r for r in corpus_rows() if r[2] == "1"]
    if a.only:
        rows = [r for r in rows if r[0] in a.only.split(",")]
    if a.limit:
        rows = rows[: a.limit]
    fires: Counter[str] = Counter()
    solves: Counter[str] = Counter()
    wrong = 0
    stalled = 0
    for r in rows:
        p = s81.read(r[1])
        sol = r[3]
        s, status = solve(p, [])
        if status == "solved":
            continue
        stalled += 1
        line = [r[0]]
        for name, fn in [*ORACLES.items(), ("all", None)]:
            if fn is not None:
                st = fn(s.copy())
                if st is not None:
                    fires[name] += 1
                    for m in st.marks:
                        i = (m.cell[0]) * p.n + m.cell[1] if isinstance(m.cell, tuple) else None
                        _ = i
                extra = [Rule(name, DIABOLICAL, fn)]
            else:
                extra = [Rule(k, DIABOLICAL, f) for k, f in ORACLES.items()]
            s2, st2 = solve(p, extra)
            bad = [i for i in range(p.size) if not p.black[i]
                   and not s2.mask(i) >> (int(sol[i]) - 1) & 1]
            wrong += bool(bad)
            if st2 == "solved":
                solves[name] += 1
            line.append(f"{name}:{'fires' if fn is None or st is not None else '-'}/{st2}")
        print("  ".join(line), flush=True)
    print(f"stalled {stalled}; fires {dict(fires)}; solves {dict(solves)}; puzzles with a wrong mark {wrong}")
    _ = LOGIC


if __name__ == "__main__":
    main()
