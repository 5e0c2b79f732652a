"""Generating Binary puzzles at a level: unique, solvable with the rules up to that level and not
with the rules below it.

Each attempt reduces a random solution (:mod:`.grids`). Givens are removed in random order while
levels 1-2 solve the puzzle (level 1 at very-hard and expert), in chunks, then one by one; at medium
(D = 2) that is all, and the puzzle is kept when level 1 is stuck on it. Then (D >= 3) one pass, the climb
(:func:`_climb`): a given the rules below D deduce from the others goes; the first one only D
deduces goes too (from then on the puzzle needs D: fewer givens never make a puzzle easier), and
after it every given D deduces. Every level runs on the propagation engine (:mod:`.propagate`);
level 5 tests a removal with one supposition (sufficient), on small boards with the whole search.
When no single removal steps up, the solution is reduced straight at D and kept if D-1 does not
solve it. Solvable by sound rules implies unique; the grade follows from the construction
(:func:`grade_of`). Attempts go on until the time limit (or ``attempts``); then a negative answer
saying what was tried. The RNG is seeded by size, level, line rule and seed.
"""

from __future__ import annotations

import random
import re

from gridlogic.core.errors import ParseError
from gridlogic.core.generation import LEVEL_SHIFT, Allowance, progress_of, seeded, tally_of
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade
from gridlogic.puzzles.binary.board import Board
from gridlogic.puzzles.binary.grids import GenerationError, random_solution, seed_grids
from gridlogic.puzzles.binary.levels import BLOCKER, COMPLETE, LEVELS, LINE, SEARCH, TRIO
from gridlogic.puzzles.binary.model import Binary, validate_size
from gridlogic.puzzles.binary.propagate import FIXPOINT, TARGET, WholeBoard, close, refuted, search, whole_board

MAX_GENERATE_SIDE = 22
CHUNK = 24
GROUP = 4
SEARCH_CELLS = 30
DEEP_AREA = 64
"""On boards of at most :data:`DEEP_AREA` cells, where expert puzzles are rare, a given the
one-supposition test keeps is tried with the whole search (suppositions anywhere) when at most
:data:`SEARCH_CELLS` cells are open: 6x6 without the distinct rule took 755 attempts for 10 seeds
without it, 324 with it; at 10x10 and 14x14 it found no more puzzles and cost 20-100% more time."""

Shape = tuple[int, int, bool]
"""``(width, height, unique_lines)``."""


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:x\s*(\d+))?\s*", text)
    if m is None:
        raise ParseError(f"size {text!r} is not N or WxH", "--size")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    validate_size(w, h)
    if max(w, h) > MAX_GENERATE_SIDE:
        raise ParseError(f"size {w}x{h}: the generator goes up to {MAX_GENERATE_SIDE} per side", "--size")
    return w, h


def givens(shape: Shape, cells: list[int]) -> Board:
    """``cells`` (flat, -1 unknown) as a board."""
    w, h, unique = shape
    return Board.of_cells(h, w, unique, cells)


def _every(b: Board) -> set[int]:
    return set(range(b.count))


def _solves(b: Board, level: int, solution: list[int]) -> bool:
    """Whether the rules up to ``level`` solve the givens ``b`` (left unchanged); ``solution``: the
    ones of each row."""
    t = b.givens()
    if level > LINE:
        return search(t, solution, _every(t))
    return close(t, level, _every(t)) == FIXPOINT and t.is_solved()


def solvable(shape: Shape, cells: list[int], level: int, solution: list[int]) -> bool:
    """Whether the rules up to ``level`` solve the givens ``cells`` (-1 unknown) of a puzzle whose
    solution (the ones of each row) they are part of (levels 1-2 on the whole board at once)."""
    if level <= COMPLETE:
        b = whole_board(shape[0], shape[1])
        o, z = b.close(*b.masks(cells), level)
        return o | z == b.cells
    return _solves(givens(shape, cells), level, solution)


def _deduces(t: Board, r: int, c: int, level: int, solution: list[int], dirty: set[int] | None = None) -> bool:
    """Whether the rules up to ``level`` deduce cell ``r, c`` of the givens ``t`` (which lack it;
    ``t`` is closed in place from the ``dirty`` lines, default all). At level 5 a sufficient test
    that costs one supposition (after levels 1-4, the wrong digit there breaks a rule), on small
    boards then the whole search (:data:`DEEP_AREA`)."""
    if close(t, min(level, LINE), _every(t) if dirty is None else dirty, (r, c)) == TARGET:
        return True
    if level <= LINE:
        return False
    if refuted(t, r, c, 1 - (solution[r] >> c & 1), LINE):
        return True
    return t.width * t.height <= DEEP_AREA and t.unknown_count() <= SEARCH_CELLS and search(t, solution, set())


class _Rivals:
    """A cheap proof that a given is needed: another valid grid that agrees with every other given
    (then no sound rule deduces it, at any level). It looks for a rectangle ``a b / b a`` of cells
    through the given whose three other corners are not givens, swapped without making a trio
    (nor, with the distinct rule, two equal lines). Sufficient only: a given it does not prove
    needed is tested as before; the decisions are the same, a failing test is skipped."""

    def __init__(self, rows: list[int], width: int, height: int, unique: bool, cols: list[int] | None = None) -> None:
        self.rows, self.width, self.height, self.unique = rows, width, height, unique
        self.cols = cols if cols is not None else \
            [sum((rows[r] >> c & 1) << r for r in range(height)) for c in range(width)]
        self.row_set, self.col_set = set(rows), set(self.cols)

    def needed(self, r: int, c: int, present: list[int]) -> bool:  # noqa: C901 - one search, flat
        """Whether a swapped rectangle through ``r, c`` avoids every given of ``present`` (each row's
        givens; the cell itself is not looked at)."""
        w, h, rows, cols = self.width, self.height, self.rows, self.cols
        fw, fh = (1 << w) - 1, (1 << h) - 1
        row, col = rows[r], cols[c]
        v = row >> c & 1
        across = fw & ~present[r] & (row if not v else ~row) & ~(1 << c)  # row r: open cells of the other digit
        if not across:
            return False
        down = fh & (col if not v else ~col) & ~(1 << r)  # column c: rows holding the other digit
        while down:
            low = down & -down
            down ^= low
            r2 = low.bit_length() - 1
            p2 = present[r2]
            if p2 >> c & 1:
                continue
            row2 = rows[r2]
            m = across & ~p2 & (row2 if v else ~row2)
            while m:
                lc = m & -m
                m ^= lc
                flip = 1 << c | lc
                x, y = row ^ flip, row2 ^ flip
                nx, ny = fw & ~x, fw & ~y
                if x & x >> 1 & x >> 2 or y & y >> 1 & y >> 2 or nx & nx >> 1 & nx >> 2 or ny & ny >> 1 & ny >> 2:
                    continue
                c2 = lc.bit_length() - 1
                flip = 1 << r | low
                xc, yc = col ^ flip, cols[c2] ^ flip
                nx, ny = fh & ~xc, fh & ~yc
                if xc & xc >> 1 & xc >> 2 or yc & yc >> 1 & yc >> 2 or nx & nx >> 1 & nx >> 2 or ny & ny >> 1 & ny >> 2:
                    continue
                if self.unique and not self._distinct(x, y, row, row2, xc, yc, col, cols[c2]):
                    continue
                return True
        return False

    def _distinct(self, x: int, y: int, row: int, row2: int, xc: int, yc: int, col: int, col2: int) -> bool:
        """Whether the swapped rows ``x, y`` (were ``row, row2``) and columns ``xc, yc`` (were
        ``col, col2``) leave every line of a direction different."""
        rs, cs = self.row_set, self.col_set
        return x != y and xc != yc and (x not in rs or x == row2) and (y not in rs or y == row) \
            and (xc not in cs or xc == col2) and (yc not in cs or yc == col)


def _present(b: Board) -> list[int]:
    """Each row's givens of ``b``."""
    return [b.ones[r] | b.zeros[r] for r in range(b.height)]


def removable(b: Board, i: int, level: int, solution: list[int]) -> bool:
    """Whether the givens ``b`` (solvable at ``level``) stay solvable there without given ``i``: the
    rules deduce it from the others (then they deduce all they did before: rules are monotone)."""
    r, c = divmod(i, b.width)
    t = b.givens()
    t.drop(r, c)
    return _deduces(t, r, c, level, solution)


def _chunks(shape: Shape, cells: list[int], order: list[int], level: int) -> list[int]:
    """Remove, chunk by chunk of ``order``, the givens the rules up to ``level`` (1-4) deduce from
    the others: they all go at once (the rules are monotone: with the rest of the chunk given,
    they deduce those again)."""
    w = shape[0]
    b = givens(shape, cells)
    todo = [i for i in order if cells[i] >= 0]
    for k in range(0, len(todo), CHUNK):
        chunk = [divmod(i, w) for i in todo[k:k + CHUNK]]
        t = b.givens()
        for r, c in chunk:
            t.drop(r, c)
        close(t, level, _every(t))
        for r, c in chunk:
            if t.known(r, c):
                b.drop(r, c)
    return _cells(b, cells)


def _cells(b: Board, cells: list[int]) -> list[int]:
    """``cells`` without the givens ``b`` lacks."""
    return [v if b.known(*divmod(i, b.width)) else -1 for i, v in enumerate(cells)]


def _reduce(shape: Shape, cells: list[int], order: list[int], level: int, solution: list[int],
            rivals: _Rivals | None = None) -> list[int]:
    """Remove givens in ``order`` while the rules up to ``level`` still solve the puzzle: first in
    chunks where a removal is a plain re-solve (the levels up to LINE), then one by one (a given
    :class:`_Rivals` proves needed stays without a test)."""
    if level <= COMPLETE:
        return _reduce_bare(shape, cells, order, level)
    if level <= LINE:
        cells = _chunks(shape, cells, order, level)
    b = givens(shape, cells)
    rivals = rivals or _Rivals(solution, shape[0], shape[1], shape[2])
    present = _present(b)
    for i in order:
        r, c = divmod(i, b.width)
        if b.known(r, c) and not rivals.needed(r, c, present) and removable(b, i, level, solution):
            b.drop(r, c)
            present[r] &= ~(1 << c)
    return _cells(b, cells)


def _climb(shape: Shape, cells: list[int], order: list[int], level: int, solution: list[int],
           minimal: bool, rivals: _Rivals | None = None) -> list[int] | None:
    """One pass over the givens in ``order`` of a puzzle solvable at ``level - 1`` (``minimal``
    there, or not): a given the rules up to ``level - 1`` deduce from the others goes; the first one
    only ``level`` deduces goes too (the step up: from then on the puzzle is stuck below ``level``),
    and after it every given ``level`` deduces from the others. A given kept stays needed as more
    go (fewer givens never make a puzzle easier), so one pass suffices. None if no step up.

    The givens go :data:`GROUP` at a time (:class:`_Group`, below ``level`` before the step up, at
    ``level`` after it): each test starts from the closure of the kept givens and those not looked
    at yet without the group's, with the group's other givens added. That closure starts from the
    closure of the kept givens (part of the closure of every later puzzle), brought up to date when
    a group starts. A given its group's closure deduces goes without a test; one ``rivals`` proves
    needed (:class:`_Rivals`) stays without one."""
    w, h, unique = shape
    lines = range(w + h)
    todo = givens(shape, cells)  # the givens not looked at yet
    base = Board.empty(h, w, unique)  # closure of the kept givens
    kept: list[int] = []
    stale: set[int] = set()  # the lines of the givens kept since base was last closed (when a group starts)
    stepped = False
    below = min(level if minimal else level - 1, LINE)
    members = [i for i in order if cells[i] >= 0]
    group = _Group(members, solution, level)
    lower = _Group(members, solution, level - 1)  # the tests below level before the step up
    rivals = rivals or _Rivals(solution, w, h, unique)
    present = _present(todo)  # the givens kept or not looked at yet
    for i in order:
        r, c = divmod(i, w)
        if not todo.known(r, c):
            continue
        todo.drop(r, c)
        if base.known(r, c):  # the kept givens alone deduce it (at level, when minimal below: a step up)
            present[r] &= ~(1 << c)
            stepped = stepped or minimal
            continue
        tests = group if stepped or minimal else lower
        if tests.current == tests.index[i] and tests.base.known(r, c):  # its group's closure deduces it
            present[r] &= ~(1 << c)
            if tests is lower:
                continue
            ok = True
        elif rivals.needed(r, c, present):
            ok = False
        elif stepped or minimal:
            if stale and group.index[i] != group.current:  # a new group starts from the kept givens' closure
                close(base, below, stale)
                stale.clear()
            ok = group.deduces(i, base, todo, kept)
        else:
            if stale and lower.index[i] != lower.current:
                close(base, below, stale)
                stale.clear()
            start = lower.start(i, base, todo, kept)
            if start is None or _deduces(start[0], r, c, level - 1, solution, start[1]):
                present[r] &= ~(1 << c)
                continue
            ok = _deduces(start[0], r, c, level, solution)  # it holds the closure below: it goes on from there
        if ok:
            present[r] &= ~(1 << c)  # (again when its group's closure deduced it: no matter)
            if not stepped and below < min(level, LINE):
                below = min(level, LINE)
                close(base, below, set(lines))
                stale.clear()
            stepped = True
        else:
            kept.append(i)
            base.place(r, c, solution[r] >> c & 1)
            stale.update((r, h + c))
    if not stepped:
        return None
    out = [-1] * len(cells)
    for i in kept:
        out[i] = cells[i]
    return out


class _Group:
    """The climb's tests at one level, :data:`GROUP` givens at a time (in the order they are
    looked at): the closure of the kept givens and of those not looked at yet, without the group's,
    is part of the closure of each of the group's tests (only the group's givens go meanwhile), so
    each test starts there and adds the group's other givens still there (kept or not looked at),
    closing from their lines alone."""

    def __init__(self, members: list[int], solution: list[int], level: int) -> None:
        self.members, self.solution, self.level = members, solution, level
        self.index = {i: k // GROUP for k, i in enumerate(members)}
        self.current = -1  # the group self.base is the closure without
        self.base = Board.empty(0, 0, False)

    def deduces(self, i: int, kept_base: Board, todo: Board, kept: list[int]) -> bool:
        """Whether the rules up to the level deduce given ``i`` from the kept givens (closed in
        ``kept_base``, ``kept``) and those not looked at yet (``todo``)."""
        start = self.start(i, kept_base, todo, kept)
        return start is None or _deduces(start[0], *divmod(i, todo.width), self.level, self.solution, start[1])

    def start(self, i: int, kept_base: Board, todo: Board, kept: list[int]) -> tuple[Board, set[int]] | None:
        """Where the test of given ``i`` starts: the group's closure (at the level, at most
        :data:`LINE`) with the group's other givens added, and their lines; None when that closure
        already deduces ``i``."""
        level, w, g = self.level, todo.width, self.index[i]
        mine = self.members[g * GROUP:(g + 1) * GROUP]
        if g != self.current:
            self.current = g
            self.base = b = kept_base.copy()
            rest = todo.givens()
            for j in mine:
                rest.drop(*divmod(j, w))
            dirty = {k for k in range(b.count) if rest.ones[k] & ~b.ones[k] or rest.zeros[k] & ~b.zeros[k]}
            for k in dirty:
                b.ones[k] |= rest.ones[k]
                b.zeros[k] |= rest.zeros[k]
            close(b, min(level, LINE), dirty)
        r, c = divmod(i, w)
        if self.base.known(r, c):
            return None
        t = self.base.copy()
        dirty = set()
        for j in mine:
            rj, cj = divmod(j, w)
            if j != i and (todo.known(rj, cj) or j in kept) and not t.known(rj, cj):
                t.place(rj, cj, self.solution[rj] >> cj & 1)
                dirty.update((rj, t.height + cj))
        return t, dirty


def _reduce_bare(shape: Shape, cells: list[int], order: list[int], level: int,
                 rivals: _Rivals | None = None) -> list[int]:
    """:func:`_reduce` at levels 1-2 on the whole board at once: the same chunks, then one by one
    (:func:`_singles_bare`)."""
    b = whole_board(shape[0], shape[1])
    live = [i for i in order if cells[i] >= 0]
    bits = [b.both[i] for i in live]
    x = _singles_bare(b, _chunks_bare(b, b.pack(cells), bits, level), bits, level, rivals, live)
    return _unpack(b, x, cells)


def _singles_bare(b: WholeBoard, x: int, bits: list[int], level: int, rivals: _Rivals | None = None,
                  where: list[int] | None = None) -> int:
    """The packed givens ``x`` without each given of ``bits`` (in turn) the others deduce. The
    givens are taken :data:`GROUP` at a time: the closure without the whole group (valid while
    only the group's givens go) is where each test of one of them starts, adding the group's other
    givens (only their lines are counted anew); a given that closure already deduces goes at once.
    The same decisions as one closure per given from the givens alone, 8-12 % less CPU. With
    ``rivals`` (and ``where``, each given's flat index), a given it proves needed stays without a
    test."""
    shift, every = b.shift, b.cells
    live = [bit for bit in bits if x & bit]
    cell, present, w = {}, [], 1
    if rivals is not None and where is not None:
        cell, w, s = dict(zip(bits, where, strict=True)), rivals.width, b.stride
        known = (x | x >> shift) & every
        present = [known >> (r * s) & ((1 << w) - 1) for r in range(rivals.height)]
    for k in range(0, len(live), GROUP):
        group = live[k:k + GROUP]
        base = b.closed(x & ~sum(group), level)
        for bit in group:
            if not base & bit:
                if present and rivals is not None and rivals.needed(*divmod(cell[bit], w), present):
                    continue
                rest = x & ~base & ~bit  # the group's other givens still there
                if not b.closed(base | x & ~bit, level, bit, (rest | rest >> shift) & every) & bit:
                    continue
            x &= ~bit  # deduced again: then all it deduced before (monotone rules)
            if present:
                r, c = divmod(cell[bit], w)
                present[r] &= ~(1 << c)
    return x


def _chunks_bare(b: WholeBoard, x: int, bits: list[int], level: int) -> int:
    """:func:`_chunks` on the packed givens ``x``, whose given cells are ``bits`` in order."""
    for k in range(0, len(bits), CHUNK):
        chunk = sum(bits[k:k + CHUNK]) & x
        deduced = chunk & b.closed(x & ~chunk, level)
        x &= ~(deduced | deduced >> b.shift | (deduced & b.cells) << b.shift)
    return x


def _unpack(b: WholeBoard, x: int, cells: list[int]) -> list[int]:
    """``cells`` without the givens the packed givens ``x`` lacks."""
    return [v if v < 0 or x & bit else -1 for v, bit in zip(cells, b.both, strict=True)]


def _puzzle(width: int, height: int, unique_lines: bool, cells: list[int]) -> Binary:
    rows = ["".join("." if v < 0 else str(v) for v in cells[r * width:(r + 1) * width]) for r in range(height)]
    return Binary(width, height, tuple(rows), unique_lines)


def attempt(width: int, height: int, level: int, unique_lines: bool, rng: random.Random,
            solution: list[int] | None = None) -> tuple[Binary, Grade, tuple[tuple[int, ...], ...]] | None:
    """One try: ``solution`` (default: a random one) reduced to a puzzle of exactly ``level`` (with
    its grade and solution), or None."""
    if solution is None:
        solution = random_solution(width, height, unique_lines, rng)
    digits = "".join(map(str, solution))
    rows = [int(digits[r * width:(r + 1) * width][::-1], 2) for r in range(height)]
    order = list(range(width * height))
    rng.shuffle(order)
    shape = (width, height, unique_lines)
    rivals = _Rivals(rows, width, height, unique_lines, [int(digits[c::width][::-1], 2) for c in range(width)])
    if level == COMPLETE:  # minimal at level 2 in one pass, kept when level 1 is stuck on it (nearly always)
        cells = _reduce_bare(shape, list(solution), order, level, rivals)
        return None if solvable(shape, cells, TRIO, rows) else _found(shape, cells, solution, level)
    # levels 1-2 first, on the whole board at once (cheap, and they leave far fewer givens for the costly closures);
    # only level 1 at very-hard and expert: a puzzle minimal at level 2 rarely has a given only level 5 can do
    # without (measured at 14x14: 46 ms per expert puzzle after level 1, 63 ms after none); at very-hard the
    # climb steps up as often either way and levels 1-2 cost more than the level-3 chunks they spare (10x10 and
    # 14x14: ~20 % less CPU a very-hard puzzle)
    bare = COMPLETE if level == BLOCKER else TRIO  # (at easy, level 1: stuck at level 0)
    cells = _reduce_bare(shape, list(solution), order, bare, rivals if bare == COMPLETE else None)
    if level == 1:  # stuck at level 0: something to do
        return _found(shape, cells, solution, level) if -1 in cells else None
    rng.shuffle(order)
    if level - 1 >= BLOCKER:
        cells = _chunks(shape, cells, order, level - 1)
    climbed = _climb(shape, cells, order, level, rows, minimal=level - 1 == COMPLETE, rivals=rivals)
    if climbed is None:  # no single step up: reduce straight at D and hope the grade is D
        climbed = _reduce(shape, list(solution), order, level, rows, rivals)
        if solvable(shape, climbed, level - 1, rows):
            return None
    return _found(shape, climbed, solution, level)


def _found(shape: Shape, cells: list[int], solution: list[int],
           level: int) -> tuple[Binary, Grade, tuple[tuple[int, ...], ...]]:
    width, height, unique_lines = shape
    puzzle = _puzzle(width, height, unique_lines, cells)
    # solved by sound rules, so unique: its solution is the grid it came from
    return puzzle, grade_of(shape, cells, level), tuple(tuple(solution[r * width:(r + 1) * width])
                                                       for r in range(height))


def grade_of(shape: Shape, cells: list[int], level: int) -> Grade:
    """The step engine's grade of a puzzle solved at ``level`` and stuck below, without running it.
    Its hardest rule is the latest rule in engine order with a step at ``level`` (core/engine.run).
    Only level 3 has two rules, SaveBlocker then UniqueRowColumn (with the distinct rule): the engine
    takes UniqueRowColumn only where the rules before it have nothing, and the rules before it reach
    one fixpoint whatever their order, so UniqueRowColumn has a step exactly when levels 1-2 with
    SaveBlocker (the closure at level 3 without the distinct rule) leave the puzzle open. At level 5
    ZeroOrOne is the rule: the generator's puzzles never need the nested search."""
    rule = HARDEST[level]
    if level == BLOCKER and shape[2]:
        w, h, _ = shape
        b = Board.of_cells(h, w, False, cells)
        close(b, BLOCKER, set(range(b.count)))
        if not b.is_solved():
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
