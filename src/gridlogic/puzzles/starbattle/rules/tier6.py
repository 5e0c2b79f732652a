"""Tier 6 (Expert): geometric patterns: Kissing Ls, the M, the pressured T, fish, finned fish and
the n-rooks property of (4S+2)-boards."""

from __future__ import annotations

from itertools import pairwise, permutations

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules.base import EXPERT
from gridlogic.puzzles.starbattle.rules.facts import in_line, strip_cover, windows
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said
from gridlogic.puzzles.starbattle.rules.tier3 import exclusion
from gridlogic.puzzles.starbattle.rules.tier4 import pressure
from gridlogic.puzzles.starbattle.rules.tier5 import HYPO_BUDGET, _mask, _span, _suppose, names, undercounts


def r6_1(st: State) -> Step | None:
    """R6.1 Kissing Ls: X in a star-containing 2x2 A; if X were A's star, another star-containing
    2x2 B would be left with candidates only in X's row (or column), which with the line's known
    stars, 1xn's and 2x2s makes more than S; or B would have no candidate left. So X is empty."""
    g, unk = st.geo, st.unknown
    wins = windows(st, EXPERT)
    for a in wins:
        for x in bits(a.mask & unk):
            for b in wins:
                if b.mask & a.mask:
                    continue
                left = b.mask & unk & ~g.closed[x]
                if not left:
                    return make_step(g, "R6.1", EXPERT, f"A star at {g.cell_name(x)} would empty every candidate "
                                     f"of the 2x2 at {g.cells_name(b.mask & unk)}, which must hold a star "
                                     f"({b.source}); so {g.cell_name(x)} is empty.", b.mask & unk, black=1 << x)
                for kind in ("row", "column"):
                    line = g.line_of(x, kind)
                    if left & ~line.mask:
                        continue
                    others = [w for w in wins if w is not a and w is not b]
                    count, used, why = pressure(st, line, a.mask | b.mask | g.closed[x], others)
                    if count + 2 > g.S:
                        extra = f" ({'; '.join(why)})" if why else ""
                        return make_step(g, "R6.1", EXPERT, f"Kissing Ls: if {g.cell_name(x)} held the star of its "
                                         f"2x2 ({a.source}), the 2x2 at {g.cells_name(b.mask & unk)} ({b.source}) "
                                         f"would put its star in {line.name} too{extra}: too many for "
                                         f"{line.name}. So {g.cell_name(x)} is empty.",
                                         (a.mask | b.mask) & unk | used, black=1 << x)
    return None


def r6_2(st: State) -> Step | None:
    """R6.2 The M (exact squeeze): two neighbouring lines whose candidates need one 2x2 more than
    their stars, but whose exact maximum (an M, or any shape that wastes a 2x2) equals the stars
    they need; then a cell whose star would leave too little room is empty."""
    g = st.geo
    for lines in (g.row_units, g.col_units):
        for a, b in pairwise(lines):
            cover, strip, need = strip_cover(st, a, b)
            if not strip or need <= 0 or len(cover) <= need or g.fits(strip, need + 1):
                continue
            black = exclusion(g, strip, need)
            if black:
                return make_step(g, "R6.2", EXPERT, f"{cap(names([a, b]))} need {need} stars; their cells "
                                 f"take {len(cover)} 2x2s but hold {need} stars at most (an M-like shape), "
                                 f"so {g.cells_name(black)} would leave too little room and "
                                 f"{'is' if black.bit_count() == 1 else 'are'} empty.", strip, black=black)
    return None


def _pair_feasible(st: State, a: Unit, b: Unit, forced: int) -> bool:
    """Can the two neighbouring lines get exactly their stars, with every region taking no more than
    it needs and every 1xn of the two lines at least its count, with ``forced`` a star?"""
    g = st.geo
    unk = st.unknown
    lines = (a, b)
    cells_by_pos: list[list[int]] = []
    for p in range(g.n):
        pos = []
        for ln in lines:
            i = ln.index * g.n + p if ln.kind == "row" else p * g.n + ln.index
            if unk >> i & 1:
                pos.append(i)
        cells_by_pos.append(pos)
    if forced:
        f = forced.bit_length() - 1
        allowed = unk & ~g.nb[f]
    else:
        allowed = unk
    needs = [st.need(a), st.need(b)]
    reg_need = {u.index: st.need(u) for u in g.reg_units}
    xs = [(x, lines.index(x.line)) for ln in lines for x in in_line(st, ln)]
    n = g.n

    def dfs(p: int, prev: bool, counts: list[int], regs: dict[int, int], chosen: int) -> bool:
        if p == n:
            if counts != needs:
                return False
            return all((chosen & x.cells).bit_count() >= x.least for x, _ in xs)
        remaining = (n - p + 1) // 2
        if sum(needs) - sum(counts) > remaining:
            return False
        opts: list[int | None] = [None]
        opts += [i for i in cells_by_pos[p] if allowed >> i & 1 and not prev]
        if forced and any(i == forced.bit_length() - 1 for i in cells_by_pos[p]):
            opts = [forced.bit_length() - 1]
        for i in opts:
            if i is None:
                if dfs(p + 1, False, counts, regs, chosen):
                    return True
                continue
            k = 0 if lines[0].mask >> i & 1 else 1
            r = g.reg_of[i]
            if counts[k] >= needs[k] or regs.get(r, 0) >= reg_need[r]:
                continue
            counts[k] += 1
            regs[r] = regs.get(r, 0) + 1
            ok = dfs(p + 1, True, counts, regs, chosen | 1 << i)
            counts[k] -= 1
            regs[r] -= 1
            if ok:
                return True
        return False

    return dfs(0, False, [0, 0], {}, 0)


def r6_3(st: State) -> Step | None:
    """R6.3 Pressured T, generalised as a pressured squeeze: two neighbouring lines must get exactly
    their stars, each region no more than it needs and each 1xn of the lines at least its count
    (the pressure that caps a T at one star); a cell whose star makes that impossible is empty."""
    g = st.geo
    for lines in (g.row_units, g.col_units):
        for a, b in pairwise(lines):
            strip = (a.mask | b.mask) & st.unknown
            if not strip:
                continue
            if not _pair_feasible(st, a, b, 0):
                raise Broken(broken_step(g, "R6.3", f"{cap(names([a, b]))} cannot get their stars "
                                         f"under their 1xn's and regions.", strip, EXPERT))
            black = 0
            for i in bits(strip):
                if not _pair_feasible(st, a, b, 1 << i):
                    black |= 1 << i
            if black:
                return make_step(g, "R6.3", EXPERT, f"{cap(names([a, b]))} must get exactly their stars "
                                 "while their 1xn's ("
                                 + "; ".join(x.describe(g) for x in in_line(st, a) + in_line(st, b))
                                 + f") keep their share: a star at {g.cells_name(black)} leaves no way to do it.",
                                 strip, black=black)
    return None


def _fish(st: State, kind: str, live: int | None, rule: str) -> tuple[list[Unit], list[Unit], int] | None:
    g, unk = st.geo, st.unknown
    other = "row" if kind == "column" else "column"
    for cs, rs in undercounts(st, g.units(kind), g.units(other), live):
        marks = _mask(rs) & unk & ~_mask(cs)
        if marks:
            return cs, rs, marks
    return None


def r6_4(st: State) -> Step | None:
    """R6.4 Fish: N columns whose stars can only be in N rows fill those rows (and the other way)."""
    g = st.geo
    for kind in ("column", "row"):
        got = _fish(st, kind, None, "R6.4")
        if got:
            cs, rs, marks = got
            return make_step(g, "R6.4", EXPERT, f"Fish: the stars of {names(cs)} can only be in {names(rs)}, "
                             f"which they fill; so {said(g, marks)}.", _mask(cs) & st.unknown,
                             black=marks)
    return None


def r6_5(st: State) -> Step | None:
    """R6.5 Finned Fish: if a star at X (emptying its neighbours) would make a fish whose eliminations
    include X, X is empty."""
    g, unk = st.geo, st.unknown
    budget = [HYPO_BUDGET]
    for kind in ("column", "row"):
        other = "row" if kind == "column" else "column"
        for i in bits(unk):
            if budget[0] < 0:
                return None
            live = _suppose(st, i)
            now = g.full & ~st.empty
            units = g.units(kind)
            changed = [u.index for u in units if u.mask & g.nb[i] & unk
                       and _span(g, u.mask & live, g.units(other)) != _span(g, u.mask & now, g.units(other))]
            found = []
            for k in changed:
                try:
                    found = [(cs, rs) for cs, rs in undercounts(st, units, g.units(other), live, must=k,
                                                                budget=budget)
                             if _mask(rs) >> i & 1 and not _mask(cs) >> i & 1][:1]
                except Broken:
                    found = []
                if found:
                    break
            for cs, rs in found:
                return make_step(g, "R6.5", EXPERT, f"Finned fish: a star at {g.cell_name(i)} would empty its "
                                 f"neighbours and leave the stars of {names(cs)} only in {names(rs)}, which "
                                 f"would then exclude {g.cell_name(i)} itself; so it is empty.",
                                 _mask(cs) & unk, black=1 << i)
    return None


def _blocks(g: Geo) -> list[list[int]]:
    m = g.n // 2
    return [[g.windows[(2 * i) * (g.n - 1) + 2 * j] for j in range(m)] for i in range(m)]


def r6_6(st: State) -> Step | None:
    """R6.6 N-Rooks ((4S+2)-boards): of the (2S+1)^2 aligned 2x2 blocks exactly 2S+1 are empty, one in
    every block row and block column. Blocks that hold a star (or are a known star-containing 2x2)
    cannot be the empty one; a block that no rook placement leaves non-empty is empty, and a block
    that every placement leaves non-empty with one candidate left is a star."""
    g = st.geo
    if g.n != 4 * g.S + 2:
        return None
    unk = st.unknown
    blocks = _blocks(g)
    m = len(blocks)
    known = {w.mask for w in windows(st, EXPERT)}
    can_empty = [[not (blk & st.star) and blk not in known for blk in row] for row in blocks]
    is_empty = [[blk & ~st.empty == 0 for blk in row] for row in blocks]
    rooks = [p for p in permutations(range(m))
             if all(can_empty[i][p[i]] for i in range(m))
             and all(p[i] == j for i in range(m) for j in range(m) if is_empty[i][j])]
    if not rooks:
        raise Broken(broken_step(g, "R6.6", "No block in some block row or column can be the empty 2x2 "
                                 "the n-rooks property needs.", unk, EXPERT))
    black = star = 0
    for i in range(m):
        for j in range(m):
            blk = blocks[i][j]
            empty_in = [p[i] == j for p in rooks]
            if all(empty_in):
                black |= blk & unk
            elif not any(empty_in) and (blk & unk).bit_count() == 1 and not blk & st.star:
                star |= blk & unk
    if black or star:
        return make_step(g, "R6.6", EXPERT, f"N-rooks: one aligned 2x2 block in each block row and column is "
                         f"empty and the others hold one star each; only {len(rooks)} arrangement"
                         f"{'s' if len(rooks) > 1 else ''} fit, so " + said(g, black, star) + ".",
                         black | star, black=black, star=star)
    return None

