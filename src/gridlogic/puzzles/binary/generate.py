"""Generating Binary puzzles at a level: unique, solvable with the rules up to that level and not
with the rules below it.

A random solution comes from the SAT model (built once per shape) with random cells assumed.
Givens are then removed in random order while the puzzle stays solvable at level D-1 (a minimal
puzzle for D-1); one more removal that keeps it solvable at D makes it need D (fewer givens never
make a puzzle easier), and the removals go on at level D (when no single removal steps up, the
solution is reduced straight at D and kept if its grade is D; at level 5 with a one-supposition
test, which is sufficient; the generator never needs the nested search). Solvable by sound rules
implies unique; the result is graded by the step engine, and kept only if the fast path of the
rules solves it at D, is stuck at D-1, and the grade says D. Levels 1-2 run on one bitset of the
whole board (:class:`_Board`); the closures of the higher levels start from that fixpoint. Givens
go first in chunks (one solve removes every given of a chunk the rules deduce from the rest), then
one by one. Attempts go on until the time limit (or ``attempts``); then a negative answer saying
what was tried. The RNG is seeded by size, level, line rule and seed.
"""

from __future__ import annotations

import random
import re
from functools import cache

from pysat.solvers import Solver

from gridlogic.core.errors import GenerationFailed, ParseError
from gridlogic.core.generation import Allowance, progress_of, seeded, tally_of
from gridlogic.core.registry import Generated, Options
from gridlogic.core.step import Grade
from gridlogic.puzzles.binary import exact, human
from gridlogic.puzzles.binary.model import Binary, ones_in, validate, zeros_in
from gridlogic.puzzles.binary.rules.case import NESTED_BUDGET, Budget, OutOfBudget, closure, refutes
from gridlogic.puzzles.binary.rules.levels import BLOCKER, COMPLETE, LEVELS, LINE
from gridlogic.puzzles.binary.rules.lines import Lines

MAX_GENERATE_SIDE = 22
CHUNK = 24
DECISIONS = 16
"""Random cells fixed by assumptions before the SAT solver completes a random grid."""
SOLVABLE_BUDGET = 4 * NESTED_BUDGET


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
    """A random complete grid, flat, 0/1: :data:`DECISIONS` random cells take random digits by
    assumptions (all at once; when the grid cannot be completed so, one by one, each kept only while
    it stays completable); the solver (one per shape, kept) completes the rest."""
    s = _empty_solver(width, height, unique_lines)
    n = width * height  # variable k + 1 is cell k: every cell is unknown
    if not s.solve():
        raise GenerationError(f"no {width}x{height} grid exists under these rules")
    wanted = [v if rng.random() < 0.5 else -v for v in rng.sample(range(1, n + 1), min(DECISIONS, n))]
    ok = s.solve(assumptions=wanted)  # mostly completable at once: one solve
    assumed: list[int] = []
    if not ok:
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
    """The line bitsets of ``cells`` (-1 unknown), every line to be looked at."""
    w, h, unique = shape
    masks = ([0] * (w + h), [0] * (w + h))
    for i, v in enumerate(cells):
        if v >= 0:
            r, c = divmod(i, w)
            m = masks[v]
            m[r] |= 1 << c
            m[h + c] |= 1 << r
    return Lines(h, w, unique, masks[1], masks[0], set(range(h)))


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

    def fixpoint(self, o: int, z: int, level: int) -> tuple[int, int]:
        """The fixpoint of PreventTrio (and CompleteRowColumn from level 2) from ``o``/``z``, which
        are part of a solution (so no contradiction can arise and none is looked for): the rules of
        levels 1-2 exactly as the engine applies them, on the whole board at once."""
        s, t, full = self.stride, 2 * self.stride, self.cells
        while True:
            unknown = full & ~(o | z)
            if not unknown:
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


def _settled(shape: tuple[int, int, bool], cells: list[int]) -> Lines:
    """The line bitsets of ``cells`` (part of a solution) after the bare levels 1-2: what every
    higher closure deduces first anyway (the rules are monotone), so it starts further on."""
    w, h, unique = shape
    b = _board(w, h)
    o, z = b.fixpoint(*b.masks(cells), COMPLETE)
    masks = ([0] * (w + h), [0] * (w + h))
    for i, p in enumerate(b.pos):
        m = masks[1] if o >> p & 1 else masks[0] if z >> p & 1 else None
        if m is not None:
            r, c = divmod(i, w)
            m[r] |= 1 << c
            m[h + c] |= 1 << r
    return Lines(h, w, unique, masks[1], masks[0], set(range(h)))


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


def solvable(shape: tuple[int, int, bool], cells: list[int], level: int) -> bool:
    """Whether the rules up to ``level`` solve the givens ``cells`` (-1 unknown): the fast path of
    the engine (same rules, to a fixpoint, without steps); levels 1-2 on bare bitsets."""
    if level <= COMPLETE:
        b = _board(shape[0], shape[1])
        o, z = b.fixpoint(*b.masks(cells), level)
        return o | z == b.cells
    lb = _settled(shape, cells)
    try:
        return closure(lb, level, None, Budget(SOLVABLE_BUDGET)) is None and lb.is_solved()
    except OutOfBudget:
        return False


def removable(shape: tuple[int, int, bool], cells: list[int], i: int, level: int) -> bool:
    """Whether ``cells`` (solvable at ``level``) stays solvable there without its given ``i``.
    For the search levels a sufficient test that costs one supposition: after the rules below
    ``level``, supposing the other digit at ``i`` is refuted (then ``i`` is known again, with more
    known than before, and fewer givens never make a puzzle harder)."""
    trial = [*cells[:i], -1, *cells[i + 1:]]
    if level <= LINE:
        return solvable(shape, trial, level)
    lb = _settled(shape, trial)
    try:
        if closure(lb, level - 1, None, Budget(SOLVABLE_BUDGET)) is not None:
            return False
        if lb.is_solved():
            return True
        r, c = divmod(i, shape[0])
        return refutes(lb, r, c, 1 - cells[i], level - 1, Budget(SOLVABLE_BUDGET)) is not None
    except OutOfBudget:
        return False


def _reduce(shape: tuple[int, int, bool], cells: list[int], order: list[int], level: int) -> list[int]:
    """Remove givens in ``order`` while the rules up to ``level`` still solve the puzzle: in chunks
    where a removal is a plain re-solve (the levels up to LINE), one by one for the search levels."""
    todo = [i for i in order if cells[i] >= 0]
    if level > LINE:
        for i in todo:
            if removable(shape, cells, i, level):
                cells[i] = -1
        return cells
    # first in chunks: the givens of a chunk that the rules deduce from the others all go at once
    # (the rules are monotone: with the rest of the chunk given, they deduce those again)
    w = shape[0]
    if level <= COMPLETE:
        return _reduce_bare(shape, cells, todo, level)
    for k in range(0, len(todo), CHUNK):
        chunk = [i for i in todo[k:k + CHUNK] if cells[i] >= 0]
        trial = [-1 if i in chunk else v for i, v in enumerate(cells)]
        lb = _settled(shape, trial)
        if closure(lb, level, None, Budget(SOLVABLE_BUDGET)) is not None:
            continue
        known = [lb.value(*divmod(i, w)) is not None for i in chunk]
        for i, deduced in zip(chunk, known, strict=True):
            if deduced:
                cells[i] = -1
    for i in todo:  # then one by one
        if cells[i] >= 0:
            keep, cells[i] = cells[i], -1
            if not solvable(shape, cells, level):
                cells[i] = keep
    return cells


def _reduce_bare(shape: tuple[int, int, bool], cells: list[int], todo: list[int], level: int) -> list[int]:
    """:func:`_reduce` at levels 1-2 on the whole-board bitsets: the same chunks, then one by one."""
    b = _board(shape[0], shape[1])
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
            fo, fz = b.fixpoint(o & ~bit, z & ~bit, level)
            if fo | fz == b.cells:
                o &= ~bit
                z &= ~bit
    for i, bit in zip(todo, bits, strict=True):
        if not (o | z) & bit:
            cells[i] = -1
    return cells


def _puzzle(width: int, height: int, unique_lines: bool, cells: list[int]) -> Binary:
    rows = ["".join("." if v < 0 else str(v) for v in cells[r * width:(r + 1) * width]) for r in range(height)]
    return Binary(width, height, tuple(rows), unique_lines)


def attempt(width: int, height: int, level: int, unique_lines: bool,
            rng: random.Random) -> tuple[Binary, Grade, tuple[tuple[int, ...], ...]] | None:
    """One try: a random solution reduced to a puzzle of exactly ``level`` (with its grade and
    solution), or None."""
    solution = random_solution(width, height, unique_lines, rng)
    order = list(range(width * height))
    rng.shuffle(order)
    shape = (width, height, unique_lines)
    cells = list(solution)
    # minimal for D-1; for very-hard the bare level 2 first (cheap, and it leaves far fewer givens
    # for the costly closures; measured: it does not pay at expert)
    for below in ([COMPLETE, BLOCKER] if level == LINE else [level - 1] if level > 1 else []):
        cells = _reduce(shape, cells, order, below)
    if level > 1:
        rng.shuffle(order)
        up = next((i for i in order if cells[i] >= 0 and removable(shape, cells, i, level)), None)
        if up is None:  # no single step up: reduce straight at D and hope the grade is D
            cells = list(solution)
        else:
            cells[up] = -1
    cells = _reduce(shape, cells, order, level)
    if not solvable(shape, cells, level) or (level > 1 and solvable(shape, cells, level - 1)):
        return None
    puzzle = _puzzle(width, height, unique_lines, cells)
    grade = human.grade(puzzle)
    if grade.level != level:
        return None
    # solved by sound rules, so unique: its solution is the grid it came from
    return puzzle, grade, tuple(tuple(solution[r * width:(r + 1) * width]) for r in range(height))


def generate(width: int, height: int, level: int, seed: int, unique_lines: bool = True,
             options: Options | None = None) -> Generated:
    """A puzzle exactly at ``level`` (solved there, stuck below), or :class:`GenerationError`."""
    rng = seeded("binary", width, height, level, unique_lines, seed)
    progress = progress_of(options)
    tally = tally_of(options)
    allowance = Allowance(options)
    while allowance.more(tally.draws):
        tally.draws += 1
        found = attempt(width, height, level, unique_lines, rng)
        tally.candidates += 1
        if found is not None:
            return Generated(*found)
        if progress is not None:
            progress(f"{width}x{height} {LEVELS[level]}: {tally.draws} attempts")
    raise GenerationError(f"no {width}x{height} {LEVELS[level]} puzzle found in {allowance.said()} (seed {seed}): "
                          f"{tally.draws} attempts; try another seed, a longer --time-limit or another level")
