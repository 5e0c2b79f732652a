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
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import UNIQUENESS, State, techniques
from gridlogic.puzzles.str8ts.rules.state import black_digits, line_compartments, removal

POP = [bin(m).count("1") for m in range(1 << 9)]


def _step(rule: str, marks: tuple[Mark, ...]) -> Step | None:
    return Step(rule, DIABOLICAL, rule, (), marks) if marks else None


def _combos(s: State, k: int) -> list[tuple[int, ...]]:
    """Line k's choices: one window per compartment, pairwise disjoint, no black digit."""
    _, allowed, _ = s.line(k)
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
    """Exact per line: every filling of the line's cells, enumerated cell by cell (distinct digits,
    no black digit, each compartment's digits within a straight's span as they come)."""
    p = s.puzzle
    for k in range(len(p.lines)):
        comps = line_compartments(p)[k]
        cells = [i for c in comps for i in c.cells]
        ends = {c.cells[-1]: len(c.cells) for c in comps}
        first = {i: c.cells[0] for c in comps for i in c.cells}
        black = black_digits(p)[k]
        ok = dict.fromkeys(cells, 0)
        _fill(s, cells, ends, first, black, ok)
        for i in cells:
            marks = removal(s, (i,), ~ok[i])
            if marks:
                return _step("line", marks)
    return None


def _fill(s: State, cells: list[int], ends: dict[int, int], first: dict[int, int], black: int,
          ok: dict[int, int]) -> None:
    vals: dict[int, int] = {}

    def walk(x: int, used: int) -> None:
        if x == len(cells):
            for i in cells:
                ok[i] |= 1 << (vals[i] - 1)
            return
        i = cells[x]
        m = s.mask(i) & ~used & ~black
        while m:
            b = m & -m
            m ^= b
            vals[i] = b.bit_length()
            span = [v for j, v in vals.items() if first[j] == first[i]]
            t = ends.get(i) or next(ln for e, ln in ends.items() if first[e] == first[i])
            if max(span) - min(span) < t:
                walk(x + 1, used | b)
            del vals[i]

    walk(0, 0)


def digit_oracle(s: State) -> Step | None:
    """Exact per digit: sets of cells holding it, one per row and column at most, covering every
    row and column that requires it (placed ones kept)."""
    p = s.puzzle
    n = p.n
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        req_c = sum(1 << c for c in range(n) if s.line(n + c)[2] & bit)
        opts: list[list[int]] = []  # per row: its possible columns, -1 for "none"
        for r in range(n):
            forced = [c for c in range(n) if s.digit(r * n + c) == d and not p.black[r * n + c]]
            row = [c for c in range(n) if not p.black[r * n + c] and s.mask(r * n + c) & bit]
            opts.append(forced or (row if s.line(r)[2] & bit else [*row, -1]))
        inn, free_rows = _placements(n, opts, req_c)
        for i in range(p.size):
            if not p.black[i] and not s.placed[i] and s.mask(i) & bit and i not in inn:
                return _step("digit", removal(s, (i,), bit))
        for r in range(n):
            live = [r * n + c for c in opts[r] if c >= 0 and r * n + c in inn]
            if len(live) == 1 and r not in free_rows and not s.placed[live[0]]:
                marks = removal(s, live, ~bit)
                if marks:
                    return _step("digit", marks)
    return None


def _placements(n: int, opts: list[list[int]], req_c: int) -> tuple[set[int], set[int]]:
    """The cells in some valid placement, and the rows some valid placement leaves empty."""
    memo: dict[tuple[int, int], bool] = {}

    def can(r: int, used: int) -> bool:
        if r == n:
            return used & req_c == req_c
        if (r, used) not in memo:
            memo[(r, used)] = any(can(r + 1, used if c < 0 else used | 1 << c)
                                  for c in opts[r] if c < 0 or not used >> c & 1)
        return memo[(r, used)]

    inn: set[int] = set()
    free: set[int] = set()
    reach = {0}
    for r in range(n):
        nxt: set[int] = set()
        for used in reach:
            for c in opts[r]:
                if c >= 0 and used >> c & 1:
                    continue
                after = used if c < 0 else used | 1 << c
                if can(r + 1, after):
                    nxt.add(after)
                    if c < 0:
                        free.add(r)
                    else:
                        inn.add(r * n + c)
        reach = nxt
    return inn, free


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
    for ds in range(1, full + 1):
        rng = {}
        for k in lines:
            cs = [POP[u & ds] for u in used[k]] or [0]
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
            keep = [ws for ws, u in zip(combos[k], used[k], strict=True) if lo <= POP[u & ds] <= hi]
            ok = _support(s, k, keep)
            for i, m in ok.items():
                marks = removal(s, (i,), ~m)
                if marks:
                    return _step("setti", marks)
    return None


ORACLES: dict[str, Callable[[State], Step | None]] = {
    "line": line_oracle, "digit": digit_oracle, "setti": setti_oracle}


def solve(p: Str8ts, extra: list[Rule[State]], uniq: bool = False, without: frozenset[str] = frozenset()
          ) -> tuple[State, str]:
    """The rules up to diabolical (less ``without``, plus ``extra``) run to a fixpoint."""
    s = State.start(p)
    rules = [t for t in techniques(uniq) if t.id not in without] + extra
    return s, run(s, rules, DIABOLICAL).status


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--only", default="", help="ids, comma-separated")
    ap.add_argument("--without", default="SettisRuleSet", help="rule ids left out of the table (default: this "
                    "session's SettisRuleSet, so the stall points are the 50 of the issue's last figure)")
    a = ap.parse_args()
    without = frozenset(x for x in a.without.split(",") if x)
    rows = [r for r in corpus_rows() if r[2] == "1"]
    if a.only:
        rows = [r for r in rows if r[0] in a.only.split(",")]
    if a.limit:
        rows = rows[: a.limit]
    fires: Counter[str] = Counter()
    solves: Counter[str] = Counter()
    wrong = stalled = 0
    tries: list[tuple[str, list[Rule[State]], bool]] = [
        *((k, [Rule(k, DIABOLICAL, f)], False) for k, f in ORACLES.items()),
        ("uniq", [], True),
        ("all", [Rule(k, DIABOLICAL, f) for k, f in ORACLES.items()], False),
        ("all+uniq", [Rule(k, DIABOLICAL, f) for k, f in ORACLES.items()], True)]
    for r in rows:
        p = s81.read(r[1])
        s, status = solve(p, [], without=without)
        if status == "solved":
            continue
        stalled += 1
        out = [r[0]]
        for name, extra, uniq in tries:
            first = UNIQUENESS.fn(s.copy()) if name == "uniq" else (
                extra[0].fn(s.copy()) if len(extra) == 1 else None)
            fires[name] += first is not None
            s2, st2 = solve(p, extra, uniq, without)
            wrong += any(not p.black[i] and not s2.mask(i) >> (int(r[3][i]) - 1) & 1 for i in range(p.size))
            solves[name] += st2 == "solved"
            out.append(f"{name}:{'fires' if first is not None else '-'}/{st2}")
        print("  ".join(out), flush=True)
    print(f"stalled {stalled}; fires at the stall point {dict(fires)}; solved at diabolical {dict(solves)}; "
          f"runs ending with a wrong mark {wrong}")


if __name__ == "__main__":
    main()
