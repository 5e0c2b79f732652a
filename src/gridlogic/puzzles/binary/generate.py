"""Generating Binary puzzles at a level: unique, solvable with the rules up to that level and not
with the rules below it.

A random solution comes from the SAT model with random phases. Givens are then removed in random
order while the puzzle stays solvable at level D-1 (a minimal puzzle for D-1); one more removal
that keeps it solvable at D makes it need D (fewer givens never make a puzzle easier), and the
removals go on at level D (when no single removal steps up, the solution is reduced straight at D
and kept if its grade is D; at level 5 with a one-supposition test, which is sufficient; the
generator never needs the nested search). Solvable by sound rules implies unique; the result is
graded by the step engine, whose hardest level used is the lowest cap that solves (so: solved at
D, stuck below).
"""

from __future__ import annotations

import random
import re

from gridlogic.core.errors import Contradiction, GridlogicError, ParseError
from gridlogic.core.registry import Generated
from gridlogic.core.step import Grade
from gridlogic.puzzles.binary import exact, human
from gridlogic.puzzles.binary.model import Binary, validate
from gridlogic.puzzles.binary.rules.case import NESTED_BUDGET, Budget, OutOfBudget, closure, refutes
from gridlogic.puzzles.binary.rules.levels import LINE
from gridlogic.puzzles.binary.rules.lines import Lines

ATTEMPTS = 40
MAX_GENERATE_SIDE = 22
SOLVABLE_BUDGET = 4 * NESTED_BUDGET


class GenerationError(GridlogicError):
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
    """A random complete grid, flat, 0/1."""
    model = exact.encode(Binary.empty(width, height, unique_lines))
    n = width * height  # variable k + 1 is cell k: every cell is unknown
    with model.solver() as s:
        s.set_phases([v if rng.random() < 0.5 else -v for v in range(1, n + 1)])
        if not s.solve():
            raise GenerationError(f"no {width}x{height} grid exists under these rules")
        m = s.get_model()
    return [1 if m[i] > 0 else 0 for i in range(n)]


def _lines(shape: tuple[int, int, bool], cells: list[int]) -> Lines | None:
    w, h, unique = shape
    lb = Lines(h, w, unique, [0] * (w + h), [0] * (w + h))
    try:
        for i, v in enumerate(cells):
            if v >= 0:
                lb.set_cell(*divmod(i, w), v)
    except Contradiction:
        return None
    return lb


def solvable(shape: tuple[int, int, bool], cells: list[int], level: int) -> bool:
    """Whether the rules up to ``level`` solve the givens ``cells`` (-1 unknown): the fast path of
    the engine (same rules, to a fixpoint, without steps)."""
    lb = _lines(shape, cells)
    if lb is None:
        return False
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
    lb = _lines(shape, trial)
    if lb is None:
        return False
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
    """Remove givens in ``order`` while the rules up to ``level`` still solve the puzzle."""
    for i in order:
        if cells[i] >= 0 and removable(shape, cells, i, level):
            cells[i] = -1
    return cells


def _puzzle(width: int, height: int, unique_lines: bool, cells: list[int]) -> Binary:
    rows = ["".join("." if v < 0 else str(v) for v in cells[r * width:(r + 1) * width]) for r in range(height)]
    return Binary(width, height, tuple(rows), unique_lines)


def attempt(width: int, height: int, level: int, unique_lines: bool,
            rng: random.Random) -> tuple[Binary, Grade] | None:
    """One try: a random solution reduced to a puzzle of exactly ``level`` (with its grade), or None."""
    solution = random_solution(width, height, unique_lines, rng)
    order = list(range(width * height))
    rng.shuffle(order)
    shape = (width, height, unique_lines)
    cells = list(solution)
    for below in range(min(level - 1, LINE), level):
        cells = _reduce(shape, cells, order, below)
    if level > 1:
        rng.shuffle(order)
        up = next((i for i in order if cells[i] >= 0 and removable(shape, cells, i, level)), None)
        if up is None:  # no single step up: reduce straight at D and hope the grade is D
            cells = list(solution)
        else:
            cells[up] = -1
    cells = _reduce(shape, cells, order, level)
    puzzle = _puzzle(width, height, unique_lines, cells)
    grade = human.grade(puzzle)  # the hardest level an uncapped run uses is the lowest cap that solves
    return (puzzle, grade) if grade.level == level else None


def generate(width: int, height: int, level: int, seed: int, unique_lines: bool = True) -> Generated:
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        found = attempt(width, height, level, unique_lines, rng)
        if found is not None:
            puzzle, grade = found
            return Generated(puzzle, grade, next(exact.solve_iter(puzzle)))
    raise GenerationError(f"no {width}x{height} puzzle at level {level} found in {ATTEMPTS} attempts "
                          f"(seed {seed}); try another seed or level")
