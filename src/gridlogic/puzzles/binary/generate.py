"""Generating Binary puzzles at a level: unique, solvable with the rules up to that level and not
with the rules below it.

A random solution comes row by row (:func:`random_solution`); on small boards, where grids are
few, a seed's attempts use grids of the seed's class (:func:`seed_grids`: seeds less than 100 apart
never share a solution).
Givens are removed in random order while levels 1-2 solve the puzzle (level 1 at expert), on one
bitset of the whole board (:class:`_Board`), in chunks, then one by one. Then one pass, the climb
(:func:`_climb`): a given the rules below D deduce from the others goes; the first one only D
deduces goes too (from then on the puzzle needs D: fewer givens never make a puzzle easier), and
after it every given D deduces. Levels 3-5 run on the memoised fast path (:mod:`.rules.fast`);
level 5 tests a removal with one supposition (sufficient), on small boards with the whole search.
When no single removal steps up, the solution is reduced straight at D and kept if D-1 does not
solve it. Solvable by sound rules implies unique; the grade follows from the construction
(:func:`grade_of`). Attempts go on until the time limit (or ``attempts``); then a negative answer
saying what was tried. The RNG is seeded by size, level, line rule and seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from itertools import islice, repeat

from pysat.solvers import Solver

from gridlogic.core.errors import GenerationFailed, ParseError
from gridlogic.core.generation import LEVEL_SHIFT, VARIETY, Allowance, progress_of, seed_solutions, seeded, tally_of
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade
from gridlogic.puzzles.binary import exact
from gridlogic.puzzles.binary.model import Binary, ones_in, validate, zeros_in
from gridlogic.puzzles.binary.rules import fast
from gridlogic.puzzles.binary.rules.levels import BLOCKER, COMPLETE, LEVELS, LINE, SEARCH, TRIO
from gridlogic.puzzles.binary.rules.lines import Lines, patterns, save_blocker

MAX_GENERATE_SIDE = 22
CHUNK = 24
DECISIONS = 16
"""Random cells fixed by assumptions before the SAT solver completes a random grid."""
SEARCH_CELLS = 30
DEEP_AREA = 64
"""On boards of at most :data:`DEEP_AREA` cells, where expert puzzles are rare, a given the
one-supposition test keeps is tried with the whole search (suppositions anywhere) when at most
:data:`SEARCH_CELLS` cells are open: 6x6 without the distinct rule took 755 attempts for 10 seeds
without it, 324 with it; at 10x10 and 14x14 it found no more puzzles and cost 20-100% more time."""
CLASSED = 64
"""Boards of at most this many cells build a seed's attempts on grids of the seed's class
(:func:`seed_grids`): 6x6 has 4,140 grids with the distinct rule, so 100 free draws repeat one with
probability ~70 %; 8x8 has millions."""
LISTED = 35
"""Boards smaller than 6x6 are first listed whole (:func:`grids_listed`): some have fewer grids
than seeds in a window."""


class GenerationError(GenerationFailed):
    """No puzzle of the asked kind was found within the attempts."""


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:x\s*(\d+))?\s*", text)
    if m is None:
        raise ParseError(f"size {text!r} is not N or WxH", "--size")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    validate(w, h, ["." * w] * h)
    if max(w, h) > MAX_GENERATE_SIDE:
        raise ParseError(f"size {w}x{h}: the generator goes up to {MAX_GENERATE_SIDE} per side", "--size")
    return w, h


def random_solution(width: int, height: int, unique_lines: bool, rng: random.Random) -> list[int]:
    """A random complete grid, flat, 0/1, that depends on ``rng`` alone: row by row, each a valid
    row (:func:`.lines.patterns`) drawn at random among those the columns allow (levels 1-3 on the
    columns after each row; no repeated row), backtracking when none fits; then a random symmetry.
    After :data:`FILL_TRIES` tries of :data:`FILL_NODES` rows each, the SAT model completes a grid
    from random assumptions instead."""
    for _ in range(FILL_TRIES):
        rows = _fill(width, height, unique_lines, rng)
        if rows is not None:
            return _symmetry([[row >> c & 1 for c in range(width)] for row in rows], rng)
    return _sat_solution(width, height, unique_lines, rng)


def _symmetry(rows: list[list[int]], rng: random.Random) -> list[int]:
    """``rows`` under a random symmetry of the board, flat: the filling order favours grids whose
    rows had few rivals; symmetric images spread that (6x6, 2,000 grids: 1,520 distinct, as
    many as uniform draws give, instead of 1,245)."""
    h, w = len(rows), len(rows[0])
    if rng.random() < 0.5:
        rows = rows[::-1]
    if rng.random() < 0.5:
        rows = [row[::-1] for row in rows]
    if w == h and rng.random() < 0.5:
        rows = [list(col) for col in zip(*rows, strict=True)]
    if w % 2 == 0 and h % 2 == 0 and rng.random() < 0.5:  # odd lines hold one more 1: no swap
        rows = [[1 - v for v in row] for row in rows]
    return [v for row in rows for v in row]


FILL_TRIES = 20
FILL_NODES = 400
FILL_LEVEL = BLOCKER


def _fill(width: int, height: int, unique: bool, rng: random.Random) -> list[int] | None:
    table = patterns(width)
    full = (1 << width) - 1
    nodes = 0
    empty = fast.Board(width, height, unique, [0] * (width + height), [0] * (width + height))
    columns = set(range(height, height + width))

    def extend(b: fast.Board, r: int) -> list[int] | None:
        nonlocal nodes
        if r == height:
            return b.ones[:height]
        o, z = b.ones[r], b.zeros[r]
        cands: list[int] = table[(table & (o | z)) == o].tolist()
        if unique and r:
            used = set(b.ones[:r])
            cands = [p for p in cands if p not in used]
        while cands:
            nodes += 1
            if nodes > FILL_NODES:
                return None
            i = rng.randrange(len(cands))
            p = cands[i]
            cands[i] = cands[-1]
            cands.pop()
            t = b.copy()
            t.ones[r], t.zeros[r] = p, full & ~p
            bit = 1 << r
            for c in range(width):
                t.ones[height + c] |= (p >> c & 1) * bit
                t.zeros[height + c] |= (~p >> c & 1) * bit
            if fast.close(t, FILL_LEVEL, {r, *columns}) != fast.BROKEN:
                done = extend(t, r + 1)
                if done is not None:
                    return done
        return None

    return extend(empty, 0)


def _sat_solution(width: int, height: int, unique_lines: bool, rng: random.Random) -> list[int]:
    """A random complete grid from the SAT model: :data:`DECISIONS` random cells take random digits
    by assumptions (all at once; when the grid cannot be completed so, one by one, each kept only
    while it stays completable); the solver (one per shape, kept) completes the rest."""
    s = _empty_solver(width, height, unique_lines)
    n = width * height  # variable k + 1 is cell k: every cell is unknown
    wanted = [v if rng.random() < 0.5 else -v for v in rng.sample(range(1, n + 1), min(DECISIONS, n))]
    ok = s.solve(assumptions=wanted)  # mostly completable at once: one solve
    assumed: list[int] = []
    if not ok:
        if not s.solve():
            raise GenerationError(f"no {width}x{height} grid exists under these rules")
        for lit in wanted:
            assumed.append(lit if s.solve(assumptions=[*assumed, lit]) else -lit)
        ok = s.solve(assumptions=assumed)
    assert ok, "every assumption kept leaves the grid completable"
    m = s.get_model()
    assert m is not None
    return [1 if m[i] > 0 else 0 for i in range(n)]


@cache
def _empty_solver(width: int, height: int, unique_lines: bool) -> Solver:
    return exact.encode(Binary.empty(width, height, unique_lines)).solver()


def _lines(shape: tuple[int, int, bool], cells: list[int]) -> Lines:
    """The engine's line bitsets of ``cells`` (-1 unknown), every line to be looked at."""
    b = _givens(shape, cells)
    return Lines(b.h, b.w, b.unique, b.ones, b.zeros, set(range(b.h)))


class _Board:
    """One shape's whole board as one bitset: cell (r, c) is bit ``r * (w + 2) + c``; the two guard
    columns after each row stay empty, so shifts by 1 and 2 never join cells of different rows."""

    def __init__(self, w: int, h: int) -> None:
        self.stride = s = w + 2
        self.pos = [r * s + c for r in range(h) for c in range(w)]
        row = (1 << w) - 1
        col = sum(1 << (r * s) for r in range(h))
        self.cells = sum(row << (r * s) for r in range(h))
        # (mask, ones, zeros) a finished line holds, rows then columns
        self.lines = [(row << (r * s), ones_in(w), zeros_in(w)) for r in range(h)]
        self.lines += [(col << c, ones_in(h), zeros_in(h)) for c in range(w)]

    def masks(self, cells: list[int]) -> tuple[int, int]:
        """(ones, zeros) of ``cells`` (-1 unknown)."""
        o = z = 0
        for p, v in zip(self.pos, cells, strict=True):
            if v == 1:
                o |= 1 << p
            elif v == 0:
                z |= 1 << p
        return o, z

    def fixpoint(self, o: int, z: int, level: int, stop: int = 0) -> tuple[int, int]:
        """The fixpoint of PreventTrio (and CompleteRowColumn from level 2) from ``o``/``z``, which
        are part of a solution (so no contradiction can arise and none is looked for): the rules of
        levels 1-2 exactly as the engine applies them, on the whole board at once. It stops as soon
        as a cell of ``stop`` is known."""
        s, t, full = self.stride, 2 * self.stride, self.cells
        while True:
            unknown = full & ~(o | z)
            if not unknown or (o | z) & stop:
                return o, z
            to0 = unknown & ((o >> 1 & o >> 2) | (o << 1 & o << 2) | (o << 1 & o >> 1)
                             | (o >> s & o >> t) | (o << s & o << t) | (o << s & o >> s))
            to1 = unknown & ((z >> 1 & z >> 2) | (z << 1 & z << 2) | (z << 1 & z >> 1)
                             | (z >> s & z >> t) | (z << s & z << t) | (z << s & z >> s))
            if not to0 | to1 and level >= COMPLETE:
                for mask, n1, n0 in self.lines:
                    if unknown & mask:
                        if (o & mask).bit_count() == n1:
                            to0 |= unknown & mask
                        elif (z & mask).bit_count() == n0:
                            to1 |= unknown & mask
            if not to0 | to1:
                return o, z
            o |= to1
            z |= to0


@cache
def _board(w: int, h: int) -> _Board:
    return _Board(w, h)


def _pairs_and_halves(shape: tuple[int, int, bool], cells: list[int], level: int) -> tuple[list[int], list[int]]:
    """The fixpoint of levels 1-2 (:meth:`_Board.fixpoint`) from ``cells``, as (ones, zeros) of
    every line."""
    w, h, _ = shape
    b = _board(w, h)
    o, z = b.fixpoint(*b.masks(cells), level)
    ones, zeros = [0] * (w + h), [0] * (w + h)
    for i, p in enumerate(b.pos):
        r, c = divmod(i, w)
        for bits, m in ((o, ones), (z, zeros)):
            if bits >> p & 1:
                m[r] |= 1 << c
                m[h + c] |= 1 << r
    return ones, zeros


def _givens(shape: tuple[int, int, bool], cells: list[int]) -> fast.Board:
    """``cells`` (-1 unknown) as the fast path's line bitsets."""
    w, h, unique = shape
    ones, zeros = [0] * (w + h), [0] * (w + h)
    for i, v in enumerate(cells):
        if v >= 0:
            r, c = divmod(i, w)
            m = ones if v else zeros
            m[r] |= 1 << c
            m[h + c] |= 1 << r
    return fast.Board(w, h, unique, ones, zeros)


def _without(b: fast.Board, i: int) -> fast.Board:
    """A fresh copy of the givens ``b`` without cell ``i``."""
    t = fast.Board(b.w, b.h, b.unique, b.ones.copy(), b.zeros.copy())
    _drop(t, i)
    return t


def _solves(b: fast.Board, level: int, solution: list[int]) -> bool:
    """Whether the rules up to ``level`` solve the givens ``b`` (left unchanged); ``solution``: the
    ones of each row."""
    t = fast.Board(b.w, b.h, b.unique, b.ones.copy(), b.zeros.copy())
    everything = set(range(b.w + b.h))
    if level > LINE:
        return fast.search(t, solution, everything)
    return fast.close(t, level, everything) == fast.FIXPOINT and t.is_solved()


def solvable(shape: tuple[int, int, bool], cells: list[int], level: int, solution: list[int]) -> bool:
    """Whether the rules up to ``level`` solve the givens ``cells`` (-1 unknown) of a puzzle whose
    solution (the ones of each row) they are part of: the fast path of the engine (same rules, to a
    fixpoint, without steps); levels 1-2 on the whole-board bitset, 3-5 on :mod:`.rules.fast`."""
    if level <= COMPLETE:
        b = _board(shape[0], shape[1])
        o, z = b.fixpoint(*b.masks(cells), level)
        return o | z == b.cells
    return _solves(_givens(shape, cells), level, solution)


def _drop(b: fast.Board, i: int) -> None:
    r, c = divmod(i, b.w)
    keep_r, keep_c = ~(1 << c), ~(1 << r)
    for m in (b.ones, b.zeros):
        m[r] &= keep_r
        m[b.h + c] &= keep_c


def _deduces(t: fast.Board, r: int, c: int, level: int, solution: list[int], dirty: set[int] | None = None) -> bool:
    """Whether the rules up to ``level`` deduce cell ``r, c`` of the givens ``t`` (which lack it;
    ``t`` is closed in place from the ``dirty`` lines, default all). At level 5 a sufficient test
    that costs one supposition (after levels 1-4, the wrong digit there breaks a rule), on small
    boards then the whole search (:data:`DEEP_AREA`)."""
    if fast.close(t, min(level, LINE), set(range(t.w + t.h)) if dirty is None else dirty, (r, c)) == fast.TARGET:
        return True
    if level <= LINE:
        return False
    if fast.refuted(t, r, c, 1 - (solution[r] >> c & 1), LINE):
        return True
    return t.w * t.h <= DEEP_AREA and t.unknown_count() <= SEARCH_CELLS and fast.search(t, solution, set())


def removable(b: fast.Board, i: int, level: int, solution: list[int]) -> bool:
    """Whether the givens ``b`` (solvable at ``level`` >= 3) stay solvable there without given
    ``i``: the rules deduce it from the others (then they deduce all they did before: rules are
    monotone)."""
    r, c = divmod(i, b.w)
    return _deduces(_without(b, i), r, c, level, solution)


def _chunks(shape: tuple[int, int, bool], cells: list[int], order: list[int], level: int) -> list[int]:
    """Remove, chunk by chunk of ``order``, the givens the rules up to ``level`` (3-4) deduce from
    the others: they all go at once (the rules are monotone: with the rest of the chunk given,
    they deduce those again)."""
    w, h, _ = shape
    b = _givens(shape, cells)
    todo = [i for i in order if cells[i] >= 0]
    for k in range(0, len(todo), CHUNK):
        chunk = todo[k:k + CHUNK]
        t = fast.Board(w, h, b.unique, b.ones.copy(), b.zeros.copy())
        for i in chunk:
            _drop(t, i)
        fast.close(t, level, set(range(w + h)))
        for i in chunk:
            if t.known(*divmod(i, w)):
                _drop(b, i)
    return _cells(b, cells)


def _cells(b: fast.Board, cells: list[int]) -> list[int]:
    """``cells`` without the givens ``b`` lacks."""
    return [v if b.known(*divmod(i, b.w)) else -1 for i, v in enumerate(cells)]


def _reduce(shape: tuple[int, int, bool], cells: list[int], order: list[int], level: int,
            solution: list[int]) -> list[int]:
    """Remove givens in ``order`` while the rules up to ``level`` still solve the puzzle: first in
    chunks where a removal is a plain re-solve (the levels up to LINE), then one by one."""
    if level <= COMPLETE:
        return _reduce_bare(shape, cells, order, level)
    if level <= LINE:
        cells = _chunks(shape, cells, order, level)
    b = _givens(shape, cells)
    for i in order:
        if b.known(*divmod(i, b.w)) and removable(b, i, level, solution):
            _drop(b, i)
    return _cells(b, cells)


def _climb(shape: tuple[int, int, bool], cells: list[int], order: list[int], level: int, solution: list[int],
           minimal: bool) -> list[int] | None:
    """One pass over the givens in ``order`` of a puzzle solvable at ``level - 1`` (``minimal``
    there, or not): a given the rules up to ``level - 1`` deduce from the others goes; the first one
    only ``level`` deduces goes too (the step up: from then on the puzzle is stuck below ``level``),
    and after it every given ``level`` deduces from the others. A given kept stays needed as more
    go (fewer givens never make a puzzle easier), so one pass suffices. None if no step up.

    Each test starts from the closure of the givens kept so far (part of the closure of every
    later puzzle), kept up to date as givens are kept, with the givens not yet looked at added."""
    w, h, unique = shape
    lines = range(w + h)
    todo = _givens(shape, cells)  # the givens not looked at yet
    base = fast.Board(w, h, unique, [0] * (w + h), [0] * (w + h))  # closure of the kept givens
    kept: list[int] = []
    stepped = False
    below = min(level if minimal else level - 1, LINE)
    for i in order:
        r, c = divmod(i, w)
        if not todo.known(r, c):
            continue
        _drop(todo, i)
        if base.known(r, c):  # the kept givens alone deduce it
            continue
        t = base.copy()
        dirty = {k for k in lines if todo.ones[k] & ~t.ones[k] or todo.zeros[k] & ~t.zeros[k]}
        for k in dirty:
            t.ones[k] |= todo.ones[k]
            t.zeros[k] |= todo.zeros[k]
        if stepped or minimal:
            ok = _deduces(t, r, c, level, solution, dirty)
        elif _deduces(t, r, c, level - 1, solution, dirty):
            continue
        else:
            ok = _deduces(t, r, c, level, solution)  # t holds the closure below: it goes on from there
        if ok:
            if not stepped and below < min(level, LINE):
                below = min(level, LINE)
                fast.close(base, below, set(lines))
            stepped = True
        else:
            kept.append(i)
            base.put(r, c, solution[r] >> c & 1)
            fast.close(base, below, {r, h + c})
    if not stepped:
        return None
    out = [-1] * len(cells)
    for i in kept:
        out[i] = cells[i]
    return out


def _reduce_bare(shape: tuple[int, int, bool], cells: list[int], order: list[int], level: int) -> list[int]:
    """:func:`_reduce` at levels 1-2 on the whole-board bitsets: the same chunks, then one by one."""
    b = _board(shape[0], shape[1])
    todo = [i for i in order if cells[i] >= 0]
    o, z = b.masks(cells)
    bits = [1 << b.pos[i] for i in todo]
    for k in range(0, len(bits), CHUNK):
        chunk = sum(bits[k:k + CHUNK]) & (o | z)
        fo, fz = b.fixpoint(o & ~chunk, z & ~chunk, level)
        deduced = chunk & (fo | fz)
        o &= ~deduced
        z &= ~deduced
    for bit in bits:
        if (o | z) & bit:
            fo, fz = b.fixpoint(o & ~bit, z & ~bit, level, bit)
            if (fo | fz) & bit:  # deduced again: then all it deduced before (monotone rules)
                o &= ~bit
                z &= ~bit
    for i, bit in zip(todo, bits, strict=True):
        if not (o | z) & bit:
            cells[i] = -1
    return cells


def grids_listed(width: int, height: int, unique_lines: bool) -> list[list[int]] | None:
    """Every grid of the size (flat) when there are at most :data:`~gridlogic.core.generation.VARIETY`
    (4x4: 72 with the distinct rule), in an order shuffled once; else None."""
    return _listed(width, height, unique_lines)


@cache
def _listed(width: int, height: int, unique_lines: bool) -> list[list[int]] | None:
    empty = Binary(width, height, tuple("." * width for _ in range(height)), unique_lines)
    found = [[v for row in grid for v in row] for grid in islice(exact.plain(empty), VARIETY + 1)]
    if len(found) > VARIETY:
        return None
    random.Random(f"binary grids {width}x{height} {unique_lines}").shuffle(found)
    return found


def seed_grids(width: int, height: int, unique_lines: bool, seed: int,
               rng: random.Random) -> Iterator[list[int] | None]:
    """The solutions a seed's attempts are built on: on boards of at most :data:`CLASSED` cells
    (6x6 has 4,140 grids with the distinct rule) each drawn in the seed's class
    (:func:`~gridlogic.core.generation.seed_solutions`: seeds less than 100 apart never share one),
    or where a size has fewer grids than that the seed's own of the list; on bigger boards None (a
    fresh draw per attempt)."""
    if width * height > CLASSED:
        yield from repeat(None)
    listed = grids_listed(width, height, unique_lines) if width * height <= LISTED else None
    if listed == []:
        raise GenerationError(f"no {width}x{height} grid exists under these rules")
    if listed is not None:
        yield from repeat(listed[seed % len(listed)])
    yield from seed_solutions(seed, lambda: random_solution(width, height, unique_lines, rng), bytes)


def _puzzle(width: int, height: int, unique_lines: bool, cells: list[int]) -> Binary:
    rows = ["".join("." if v < 0 else str(v) for v in cells[r * width:(r + 1) * width]) for r in range(height)]
    return Binary(width, height, tuple(rows), unique_lines)


def attempt(width: int, height: int, level: int, unique_lines: bool, rng: random.Random,
            solution: list[int] | None = None) -> tuple[Binary, Grade, tuple[tuple[int, ...], ...]] | None:
    """One try: ``solution`` (default: a random one) reduced to a puzzle of exactly ``level`` (with
    its grade and solution), or None."""
    if solution is None:
        solution = random_solution(width, height, unique_lines, rng)
    rows = [sum(v << c for c, v in enumerate(solution[r * width:(r + 1) * width])) for r in range(height)]
    order = list(range(width * height))
    rng.shuffle(order)
    shape = (width, height, unique_lines)
    # the bare levels 1-2 first (cheap, and they leave far fewer givens for the costly closures);
    # only level 1 at expert: a puzzle minimal at level 2 rarely has a given only level 5 can do
    # without (measured at 14x14: 46 ms per expert puzzle after level 1, 63 ms after none)
    cells = _reduce_bare(shape, list(solution), order, min(level - 1 or 1, COMPLETE) if level <= LINE else TRIO)
    if level == 1:  # stuck at level 0: something to do
        return _found(shape, cells, solution, level) if -1 in cells else None
    rng.shuffle(order)
    if level == COMPLETE:  # minimal at level 1: any removal at level 2 is a step up
        given = sum(v >= 0 for v in cells)
        cells = _reduce_bare(shape, cells, order, level)
        climbed: list[int] | None = cells if sum(v >= 0 for v in cells) < given else None
    else:
        if level - 1 >= BLOCKER:
            cells = _chunks(shape, cells, order, level - 1)
        climbed = _climb(shape, cells, order, level, rows, minimal=level - 1 == COMPLETE)
    if climbed is None:  # no single step up: reduce straight at D and hope the grade is D
        climbed = _reduce(shape, list(solution), order, level, rows)
        if solvable(shape, climbed, level - 1, rows):
            return None
    return _found(shape, climbed, solution, level)


def _found(shape: tuple[int, int, bool], cells: list[int], solution: list[int],
           level: int) -> tuple[Binary, Grade, tuple[tuple[int, ...], ...]]:
    width, height, unique_lines = shape
    puzzle = _puzzle(width, height, unique_lines, cells)
    # solved by sound rules, so unique: its solution is the grid it came from
    return puzzle, grade_of(shape, cells, level), tuple(tuple(solution[r * width:(r + 1) * width])
                                                       for r in range(height))


def grade_of(shape: tuple[int, int, bool], cells: list[int], level: int) -> Grade:
    """The step engine's grade of a puzzle solved at ``level`` and stuck below, without running it:
    its hardest rule is the first rule of ``level`` that fires on the board the rules below leave
    (the engine restarts from the cheapest rule after each step). At level 3 that board is the
    fixpoint of levels 1-2, where SaveBlocker goes before UniqueRowColumn; at level 5 ZeroOrOne
    always fires (the generator's puzzles never need the nested search)."""
    rule = HARDEST[level]
    if level == BLOCKER:
        ones, zeros = _pairs_and_halves(shape, cells, COMPLETE)
        lengths = [shape[0]] * shape[1] + [shape[1]] * shape[0]
        if not any(save_blocker(n, o, z) != (0, 0) for n, o, z in zip(lengths, ones, zeros, strict=True)):
            rule = "UniqueRowColumn"
    return Grade(level, LEVELS[level], rule)


HARDEST = {TRIO: "PreventTrio", COMPLETE: "CompleteRowColumn", BLOCKER: "SaveBlocker", LINE: "LineCompletions",
           SEARCH: "ZeroOrOne"}


def generate(width: int, height: int, level: int, seed: int, unique_lines: bool = True,
             options: Options | None = None) -> Generated:
    """A puzzle exactly at ``level`` (solved there, stuck below), or :class:`GenerationError`."""
    rng = seeded("binary", width, height, level, unique_lines, seed)
    progress = progress_of(options)
    tally = tally_of(options)
    allowance = Allowance(options)
    solutions = seed_grids(width, height, unique_lines, seed + LEVEL_SHIFT * level, rng)
    while allowance.more(tally.draws):
        tally.draws += 1
        found = attempt(width, height, level, unique_lines, rng, next(solutions))
        tally.candidates += 1
        if found is not None:
            return Generated(*found)
        if progress is not None:
            progress(f"{width}x{height} {LEVELS[level]}: {tally.draws} attempts")
    raise GenerationError(f"no {width}x{height} {LEVELS[level]} puzzle found in {allowance.said()} (seed {seed}): "
                          f"{tally.draws} attempts; try another seed, a longer --time-limit or another level")
