"""R6.3 generalised (ours): the pressured squeeze. Two (or, at Expert+, 3-5) neighbouring lines must
get exactly their stars with every region no more than it needs and every 1xn of the lines at
least its count: an exact position-by-position search with a memo of failed states, bounded
(:data:`STRIP_BUDGET` states per question, :data:`SQUEEZE_BUDGET` per scan: past that it marks
nothing). A cell whose star leaves no way is empty. The pattern it generalises, the Pressured T, is
``pressured_t.py``."""

from __future__ import annotations

from functools import cache

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT
from gridlogic.puzzles.starbattle.rules.counting import names
from gridlogic.puzzles.starbattle.rules.facts import in_line
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step

STRIP_BUDGET = 2500
"""Search states per strip question; past it the answer is "unknown" and nothing is marked."""
UNKNOWN = -1
SQUEEZE_BUDGET = 40_000
"""Search states of one whole R6.3 scan."""


class _OutOfBudget(Exception):  # noqa: N818 - internal signal
    pass


def _no_touch_subsets(k: int) -> list[int]:
    """Subsets of k stacked cells (bit = line offset) with no two neighbouring offsets."""
    return [m for m in range(1 << k) if not m & (m >> 1)]


def strip_feasible(st: State, lines: list[Unit], forced: int, total: list[int] | None = None) -> int | None:
    """Stars (a mask) by which the neighbouring ``lines`` get exactly their stars, every region no
    more than it needs and every 1xn of the lines at least its count, with ``forced`` (a one-cell
    mask, or 0) a star; None if there is no way; ``UNKNOWN`` (-1) when the bounded search gives up.

    The answer and the search states it costs depend only on the lines' cells, needs, regions'
    needs and 1xn's, so both are memoised per puzzle and replayed against ``total`` exactly as the
    search itself would have spent it (same answers, same budget, on any board)."""
    g = st.geo
    unk = st.unknown
    allowed = unk & ~g.nb[forced.bit_length() - 1] if forced else unk
    context, group = _strip_context(st, lines)
    key = (context, forced, allowed & group)
    got = g.squeezes.get(key)
    if got is None:
        spent = [0]
        got = (_strip_search(st, lines, forced, spent), spent[0])
        g.squeezes[key] = got
    answer, cost = got
    if total is None:
        return answer
    if cost == 0 or total[0] >= cost:
        total[0] -= cost
        return answer
    total[0] = -1 if total[0] >= 0 else total[0] - 1
    return UNKNOWN


def _strip_context(st: State, lines: list[Unit]) -> tuple[int, int]:
    """What a strip question reads from this board besides its cells, as a number per puzzle (the
    lines, their needs, the needs of the regions their candidates meet, their 1xn's), and the
    lines' cells; once per board and group of lines."""
    cache_key = ("R6.3 context", lines[0].kind, lines[0].index, len(lines))
    got: tuple[int, int] | None = st.cache.get(cache_key)
    if got is None:
        g = st.geo
        names_key = tuple((ln.kind, ln.index) for ln in lines)
        group = 0
        for ln in lines:
            group |= ln.mask
        regs = sorted({g.reg_of[i] for i in bits(group & st.unknown)})
        context = (names_key, tuple(st.need(ln) for ln in lines),
                   tuple((r, st.need(g.reg_units[r])) for r in regs),
                   tuple((x.cells, x.least) for ln in lines for x in in_line(st, ln)))
        ids = g.strip_contexts
        number = ids.setdefault(context, len(ids))
        got = st.cache[cache_key] = (number, group)
    return got


def _picks(g: Geo, lines: list[Unit]) -> list[list[tuple[int, int, tuple[int, ...]]]]:
    """Per position along ``lines``: each no-touch subset of the stacked cells, its cell mask and
    its cells."""
    return _stacked_picks(g.n, tuple((ln.kind, ln.index) for ln in lines))


@cache
def _stacked_picks(n: int, lines: tuple[tuple[str, int], ...]) -> list[list[tuple[int, int, tuple[int, ...]]]]:
    """:func:`_picks` for ``lines`` (kind, index) of an ``n`` x ``n`` board (the same on every board
    of that size; shared, read-only)."""
    out = []
    k = len(lines)
    for p in range(n):
        here = [(index * n + p if kind == "row" else p * n + index) for kind, index in lines]
        out.append([(m, sum(1 << here[j] for j in range(k) if m >> j & 1),
                     tuple(here[j] for j in range(k) if m >> j & 1))
                    for m in _no_touch_subsets(k)])
    return out


def _layout(st: State, lines: list[Unit]) -> tuple[list[int], dict[int, int], tuple[int, ...]]:
    """The packed-count layout of :func:`_strip_search` for ``lines`` on this board (shared by every
    forced cell): start value and masks, each candidate's delta. Fields: per line and per region
    met by the lines' candidates the stars it may still take (plus a guard bit 128), per 1xn the
    stars it got; per position, the most stars the lines' fields can still lose from there on."""
    key = ("R6.3 layout", lines[0].kind, lines[0].index, len(lines))
    got = st.cache.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    g = st.geo
    n, k = g.n, len(lines)
    unk, star, big_s = st.unknown, st.star, g.S
    group = 0
    for ln in lines:
        group |= ln.mask
    cand = group & unk
    regs = [r for r, m in enumerate(g.regs) if m & cand]
    xs = [x for ln in lines for x in in_line(st, ln)]
    caps = ([max(0, big_s - (star & ln.mask).bit_count()) for ln in lines]
            + [max(0, big_s - (star & g.regs[r]).bit_count()) for r in regs])
    reg_field = {r: 1 << (8 * (k + q)) for q, r in enumerate(regs)}
    guard = _fields(len(caps), 128)
    start = guard + sum(c << (8 * f) for f, c in enumerate(caps))
    line_low, line_guard, bound = _strip_bounds(n, k)
    x_shift = 8 * len(caps)
    x_low = _fields(len(xs), 127) << x_shift
    x_guard = _fields(len(xs), 128) << x_shift
    x_add = sum((128 - x.least) << (x_shift + 8 * j) for j, x in enumerate(xs))
    x_bits = [(x.cells, 1 << (x_shift + 8 * f)) for f, x in enumerate(xs)]
    reg_of = g.reg_of
    delta_of = {}
    for j, ln in enumerate(lines):
        line_bit = 1 << (8 * j)
        todo = ln.mask & unk
        while todo:
            low = todo & -todo
            todo ^= low
            i = low.bit_length() - 1
            d = -line_bit - reg_field[reg_of[i]]
            for cells, bit in x_bits:
                if cells & low:
                    d += bit
            delta_of[i] = d
    got = ([start, guard, line_low, line_guard, 0, x_low, x_guard, x_add], delta_of, bound)
    st.cache[key] = got
    return got


@cache
def _fields(count: int, value: int) -> int:
    """``value`` in each of ``count`` 8-bit fields."""
    return sum(value << (8 * f) for f in range(count))


@cache
def _strip_bounds(n: int, k: int) -> tuple[int, int, tuple[int, ...]]:
    """For ``k`` lines of ``n`` cells: the low bits and the guard bits of their fields, and per
    position the most stars each line can still take from there on, as a value that sets a guard
    bit when added to a field that needs more."""
    over = tuple(_fields(k, 127 - left) for left in range(n + 1))
    return _fields(k, 127), _fields(k, 128), tuple(over[(n - p + 1) // 2] for p in range(n + 1))


_Option = tuple[int, int, int]
"""A pick at one position: its subset of the stacked cells (bit = line offset), its cells, its delta."""


def _base_options(st: State, lines: list[Unit], unk: int, delta_of: dict[int, int],
                  ) -> list[list[list[_Option]]]:
    """Per position along ``lines`` and per pick at the position before (its subset, as an index):
    the picks whose cells are all candidates and do not touch it, with their deltas (once per board
    and group of lines; a forced star only filters them)."""
    key = ("R6.3 options", lines[0].kind, lines[0].index, len(lines))
    got: list[list[list[_Option]]] | None = st.cache.get(key)
    if got is None:
        k = len(lines)
        got = []
        for picks in _picks(st.geo, lines):
            opts = []
            for m, picked, cells in picks:
                if picked & ~unk:
                    continue
                delta = 0
                for i in cells:
                    delta += delta_of[i]
                opts.append((m, picked, delta))
            got.append(_after(opts, k))
        st.cache[key] = got
    return got


_NOTHING: list[_Option] = []
"""The options after a pick that is not a no-touch subset (never looked up; shared, read-only)."""


@cache
def _prev_picks(k: int) -> tuple[tuple[int, int], ...]:
    """Each no-touch subset of ``k`` stacked cells but the empty one, and the offsets it touches."""
    return tuple((prev, prev | prev << 1 | prev >> 1) for prev in _no_touch_subsets(k) if prev)


def _after(opts: list[_Option], k: int) -> list[list[_Option]]:
    """``opts`` per previous pick (of ``k`` stacked cells, as an index): those not touching it
    (only the picks that can come before are filled in; after the empty pick, ``opts`` itself)."""
    if k == 2:  # a pick on either line touches both cells of the next position: only the empty pick
        empty = opts[:1] if opts and not opts[0][0] else _NOTHING
        return [opts, empty, empty, _NOTHING]
    out = [_NOTHING] * (1 << k)
    out[0] = opts
    for prev, near in _prev_picks(k):
        out[prev] = [o for o in opts if not o[0] & near]
    return out


def _strip_search(st: State, lines: list[Unit], forced: int, spent: list[int]) -> int | None:
    """The search of :func:`strip_feasible` with a fresh budget; ``spent`` gets the states it cost.

    The counts travel packed in one int, 8 bits a field: per line and per region the stars it may
    still take (plus a guard bit 128 that a subtraction below zero clears), per 1xn the stars it got."""
    g = st.geo
    n = g.n
    allowed = st.unknown & ~g.nb[forced.bit_length() - 1] if forced else st.unknown
    layout = _layout(st, lines)
    start, guard, line_low, line_guard, _, x_low, x_guard, x_add = layout[0]
    bound = layout[2]
    delta_of = layout[1]
    unk = st.unknown
    base = _base_options(st, lines, unk, delta_of)
    if not forced:
        options = base
    else:
        # The picks are candidates already: only the forced cell's position (which must pick it)
        # and its two neighbours (which lose its neighbours) change.
        options = list(base)
        i = forced.bit_length() - 1
        here = i % n if lines[0].kind == "row" else i // n
        k = len(lines)
        for p in range(max(0, here - 1), min(n, here + 2)):
            every = base[p][0]  # the options after an empty pick: all of them
            if p == here:
                options[p] = _after([o for o in every if o[1] & forced and not o[1] & ~allowed], k)
            else:
                options[p] = _after([o for o in every if not o[1] & ~allowed], k)
    states = 0
    failed: set[int] = set()
    # A state as one int: vec, then the position (``p_bits`` bits), then the pick (a bit per line).
    p_bits, k_bits = n.bit_length(), len(lines)
    v_shift = p_bits + k_bits

    def dfs(p: int, prev: int, vec: int, budget: int = STRIP_BUDGET) -> int | None:
        # The caller has checked what ends a state without a search state: the end of the strip,
        # a line over its count, a state already failed.
        nonlocal states
        states += 1
        if states > budget:
            raise _OutOfBudget
        q = p + 1
        if q == n:
            for _, picked, delta in options[p][prev]:
                nxt = vec + delta
                if nxt & guard == guard and not nxt & line_low and ((nxt & x_low) + x_add) & x_guard == x_guard:
                    return picked
            failed.add(vec << v_shift | p << k_bits | prev)
            return None
        ahead = bound[q]
        at = q << k_bits
        for m, picked, delta in options[p][prev]:
            nxt = vec + delta
            if nxt & guard != guard or ((nxt & line_low) + ahead) & line_guard or (nxt << v_shift | at | m) in failed:
                continue
            got = dfs(q, m, nxt)
            if got is not None:
                return got | picked
        failed.add(vec << v_shift | p << k_bits | prev)
        return None

    if ((start & line_low) + bound[0]) & line_guard:
        return None
    try:
        return dfs(0, 0, start)
    except _OutOfBudget:
        return UNKNOWN
    finally:
        spent[0] += states


def r6_3(st: State) -> Step | None:
    """R6.3 Pressured T, generalised as a pressured squeeze: two neighbouring lines must get exactly
    their stars, each region no more than it needs and each 1xn of the lines at least its count (the
    pressure that caps a T at one star); a cell whose star makes that impossible is empty."""
    return squeeze(st, (2,), SQUEEZE_BUDGET, EXPERT)


def squeeze(st: State, widths: tuple[int, ...], budget: int, level: int) -> Step | None:
    """The pressured squeeze over every strip of ``width`` neighbouring lines, widths in order, rows
    then columns, with ``budget`` search states for the whole scan; the step is graded ``level``."""
    g = st.geo
    total = [budget]
    for width in widths:
        if width > g.n:
            break
        over = "" if width == 2 else f" over {width} lines"
        for lines in (g.row_units, g.col_units):
            for start in range(g.n - width + 1):
                group = lines[start:start + width]
                mask = 0
                for ln in group:
                    mask |= ln.mask
                strip = mask & st.unknown
                if not strip:
                    continue
                if total[0] < 0:
                    return None
                witness = strip_feasible(st, group, 0, total)
                if witness == UNKNOWN:
                    continue
                if witness is None:
                    raise Broken(broken_step(g, "R6.3", f"{cap(names(group))} cannot get their stars "
                                             f"with their regions' and 1xn's counts.", strip, level))
                black = 0
                supported = witness
                for i in bits(strip & ~supported):
                    if supported >> i & 1:
                        continue
                    found = strip_feasible(st, group, 1 << i, total)
                    if found is None:
                        black |= 1 << i
                    elif found != UNKNOWN:
                        supported |= found
                if black:
                    xs = [x for ln in group for x in in_line(st, ln)]
                    why = f" (and their 1xn's: {'; '.join(x.describe(g) for x in xs)})" if xs else ""
                    return make_step(g, "R6.3", level, f"Pressured squeeze{over}: {names(group)} must get "
                                     f"exactly their stars with no region over its count{why}; a star at "
                                     f"{g.cells_name(black)} leaves no way to do it, so "
                                     f"{'it is' if black.bit_count() == 1 else 'they are'} empty.",
                                     strip, black=black)
    return None
