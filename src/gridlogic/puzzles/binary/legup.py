"""LEGUP's Binary proof rules as exact checks (seed: ``binary-legup-rules.txt``).

Same shape as the Star Battle module: a lightweight :class:`LegupBoard` (no validation), *direct*
rules mapping a parent board to every change of an unknown cell they justify (each cell judged alone
against the parent, LEGUP's semantics), *contradiction* rules giving the cells where they fire, and
the *case* rule ``ZeroOrOne``.

Where LEGUP's descriptions are loose the checks are exact and line-local:

- ``PreventTrio``: two equal digits side by side or one apart force the opposite digit into the
  third cell of that window of three.
- ``CompleteRowColumn``: a line holding all its 0s (1s) takes 1s (0s) everywhere else.
- ``SaveBlocker``: the opposite digit would leave the line with no completion that is balanced and
  trio-free, while the digit itself leaves one (checked exactly, line alone).
- ``UniqueRowColumn``: the opposite digit would make every valid completion of the line repeat an
  already full line of the same direction (only when lines must be distinct; lines with at most
  :data:`MAX_ENUMERATED` unknowns).
- ``WastedBlocker`` (contradiction): some line has no balanced, trio-free completion.

Odd-length lines hold one more 1 than 0, as in the model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import product

from pysat.solvers import Solver

from gridlogic.core import legupfile
from gridlogic.core.errors import ParseError
from gridlogic.core.grid import grid
from gridlogic.core.sat import SatModel

ZERO, ONE = "0", "1"
VALUES = (ZERO, ONE)
Change = tuple[int, str]
Line = tuple[str | None, ...]
MAX_ENUMERATED = 12


def quota(length: int, digit: str) -> int:
    """How many of ``digit`` a line of ``length`` holds."""
    return (length + 1) // 2 if digit == ONE else length // 2


def other(digit: str) -> str:
    return ONE if digit == ZERO else ZERO


@dataclass(frozen=True)
class LegupBoard:
    """A ``width`` x ``height`` Binary position; ``cells`` flat, ``"0"``/``"1"``/``None``."""

    width: int
    height: int
    cells: tuple[str | None, ...]
    unique_lines: bool = True
    lines: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.cells) != self.width * self.height:
            raise ParseError(f"a {self.width}x{self.height} board needs {self.width * self.height} cells",
                             "LegupBoard")
        g = grid(self.height, self.width)
        object.__setattr__(self, "lines", (g.row_units, g.col_units))

    @classmethod
    def from_rows(cls, rows: Sequence[str], unique_lines: bool = True) -> LegupBoard:
        """From rows of ``.``, ``0``, ``1``."""
        bad = [ch for row in rows for ch in row if ch not in ".01"]
        if bad:
            raise ParseError(f"cell character {bad[0]!r} is not one of . 0 1", "board rows")
        cells = tuple(None if ch == "." else ch for row in rows for ch in row)
        return cls(len(rows[0]) if rows else 0, len(rows), cells, unique_lines)

    def rows(self) -> list[str]:
        w = self.width
        return ["".join(v or "." for v in self.cells[r * w:(r + 1) * w]) for r in range(self.height)]

    def with_changes(self, changes: Iterable[tuple[int, str | None]]) -> LegupBoard:
        cells = list(self.cells)
        for i, v in changes:
            cells[i] = v
        return LegupBoard(self.width, self.height, tuple(cells), self.unique_lines)

    def all_lines(self) -> tuple[tuple[int, ...], ...]:
        return self.lines[0] + self.lines[1]

    def values(self, unit: Sequence[int]) -> Line:
        return tuple(self.cells[i] for i in unit)

    @cached_property
    def line_values(self) -> tuple[Line, ...]:
        """The values of every line, in :meth:`all_lines` order (computed once per board: the
        contradiction rules read them again and again while a proof is translated)."""
        return tuple(self.values(u) for u in self.all_lines())


LEGUP_VALUE = {0: ZERO, 1: ONE, 2: None}
"""LEGUP's Binary cell values (2 unknown)."""
MAX_LEGUP_SIZE = 100


def board_from_legup(text: str) -> LegupBoard:
    """A LEGUP Binary file's board as LEGUP loads it: cells as given, no check that the puzzle
    can be solved; only the shape is checked. ``<board unique_lines="false">`` (written by
    gridlogic, ignored by LEGUP) turns the distinct-lines rule off."""
    _, board = legupfile.puzzle_board(legupfile.parse(text), "Binary")
    width, height = legupfile.int_attr(board, "width", "<board>"), legupfile.int_attr(board, "height", "<board>")
    if not (0 < width <= MAX_LEGUP_SIZE and 0 < height <= MAX_LEGUP_SIZE):
        raise ParseError(f"board size {width}x{height} is not a usable size", "<board>")
    cells: list[str | None] = [None] * (width * height)
    for cell in (c for part in board if part.tag != "goal" for c in part.iter("cell")):
        where = f"cell x={cell.get('x')} y={cell.get('y')}"
        x, y = legupfile.int_attr(cell, "x", where), legupfile.int_attr(cell, "y", where)
        v = legupfile.int_attr(cell, "value", where)
        if not (0 <= x < width and 0 <= y < height):
            raise ParseError(f"cell is outside the {width}x{height} board", where)
        if v not in LEGUP_VALUE:
            raise ParseError(f"cell value {v} is not 0, 1 or 2 (unknown)", where)
        cells[y * width + x] = LEGUP_VALUE[v]
    return LegupBoard(width, height, tuple(cells), board.get("unique_lines", "true").strip().lower() != "false")


# ----------------------------------------------------------------- line reasoning (exact, one line)

@lru_cache(maxsize=65536)
def completable(line: Line) -> bool:
    """Does ``line`` have a completion with its quota of each digit and no three equal in a row?"""
    n = len(line)
    need = quota(n, ONE)
    states = {(0, "", 0)}  # (ones so far, last digit, run length)
    for v in line:
        nxt = set()
        for ones, last, run in states:
            for d in ((v,) if v is not None else VALUES):
                r = run + 1 if d == last else 1
                o = ones + (d == ONE)
                if r < 3 and o <= need:
                    nxt.add((o, d, r))
        states = nxt
    return any(ones == need for ones, _, _ in states)


def completions(line: Line) -> Iterator[Line]:
    """Every valid completion of a line with at most :data:`MAX_ENUMERATED` unknowns."""
    holes = [k for k, v in enumerate(line) if v is None]
    if len(holes) > MAX_ENUMERATED:
        return
    for fill in product(VALUES, repeat=len(holes)):
        full = list(line)
        for k, d in zip(holes, fill, strict=True):
            full[k] = d
        t = tuple(full)
        if completable(t):
            yield t


def _line_changes(b: LegupBoard, test: Callable[[LegupBoard, tuple[int, ...], int, Line, str], bool]
                  ) -> frozenset[Change]:
    out: set[Change] = set()
    for unit in b.all_lines():
        vals = b.values(unit)
        for k, i in enumerate(unit):
            if vals[k] is None:
                out.update((i, d) for d in VALUES if test(b, unit, k, vals, d))
    return frozenset(out)


def _set(line: Line, k: int, d: str) -> Line:
    return (*line[:k], d, *line[k + 1:])


# ----------------------------------------------------------------- direct rules

def prevent_trio(b: LegupBoard) -> frozenset[Change]:
    """PreventTrio: the third cell of a window of three whose other two hold the same digit."""
    def test(_b: LegupBoard, _u: tuple[int, ...], k: int, line: Line, d: str) -> bool:
        o = other(d)
        windows = [(k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)]
        return any(a >= 0 and b_ < len(line) and line[a] == o and line[b_] == o for a, b_ in windows)
    return _line_changes(b, test)


def complete_row_column(b: LegupBoard) -> frozenset[Change]:
    """CompleteRowColumn: a line holding all its ``o`` digits takes the other digit elsewhere."""
    def test(_b: LegupBoard, _u: tuple[int, ...], _k: int, line: Line, d: str) -> bool:
        o = other(d)
        return line.count(o) >= quota(len(line), o)
    return _line_changes(b, test)


def save_blocker(b: LegupBoard) -> frozenset[Change]:
    """SaveBlocker: the opposite digit leaves the line no balanced trio-free completion; this one does."""
    def test(_b: LegupBoard, _u: tuple[int, ...], k: int, line: Line, d: str) -> bool:
        return completable(_set(line, k, d)) and not completable(_set(line, k, other(d)))
    return _line_changes(b, test)


def unique_in_line(line: Line, seen: frozenset[Line]) -> frozenset[tuple[int, str]]:
    """``(position, digit)`` pairs of ``line`` that UniqueRowColumn justifies against the full lines
    ``seen`` of its direction: every valid completion with the other digit there is in ``seen``, and
    some completion with this digit is not. Each completion of the line is enumerated once (lines
    with at most :data:`MAX_ENUMERATED` unknowns)."""
    if not seen:
        return frozenset()
    comps = list(completions(line))
    out = set()
    for k, v in enumerate(line):
        if v is None:
            for d in VALUES:
                good = any(c[k] == d and c not in seen for c in comps)
                if good and all(c in seen for c in comps if c[k] != d):
                    out.add((k, d))
    return frozenset(out)


def _full_lines(b: LegupBoard, fam: tuple[tuple[int, ...], ...]) -> frozenset[Line]:
    return frozenset(v for u in fam if None not in (v := b.values(u)))


def unique_row_column(b: LegupBoard) -> frozenset[Change]:
    """UniqueRowColumn: the opposite digit forces the line to repeat a full line of its direction."""
    if not b.unique_lines:
        return frozenset()
    out: set[Change] = set()
    for fam in b.lines:
        seen = _full_lines(b, fam)
        for u in fam:
            out.update((u[k], d) for k, d in unique_in_line(b.values(u), seen))
    return frozenset(out)


def unique_row_column_at(b: LegupBoard, i: int, d: str) -> bool:
    """Is ``(i, d)`` in :func:`unique_row_column` of ``b``? (Only the two lines through cell ``i``.)"""
    if not b.unique_lines:
        return False
    for fam in b.lines:
        for u in fam:
            if i in u and (u.index(i), d) in unique_in_line(b.values(u), _full_lines(b, fam)):
                return True
    return False


DIRECT: dict[str, Callable[[LegupBoard], frozenset[Change]]] = {
    "PreventTrio": prevent_trio,
    "CompleteRowColumn": complete_row_column,
    "SaveBlocker": save_blocker,
    "UniqueRowColumn": unique_row_column,
}


@lru_cache(maxsize=4096)
def justified(rule: str, board: LegupBoard) -> frozenset[Change]:
    """The changes of unknown cells that direct rule ``rule`` justifies on ``board`` (cached)."""
    return frozenset(ch for ch in DIRECT[rule](board) if board.cells[ch[0]] is None)


def check_cell(rule: str, parent: LegupBoard, i: int, value: str | None) -> bool:
    return parent.cells[i] is None and value is not None and (i, value) in justified(rule, parent)


# ----------------------------------------------------------------- contradiction rules

def trio(b: LegupBoard) -> frozenset[int]:
    """Trio fires at three equal digits side by side in a row or column."""
    out: set[int] = set()
    for u in b.all_lines():
        for w in zip(u, u[1:], u[2:], strict=False):
            v = b.cells[w[0]]
            if v is not None and b.cells[w[1]] == v and b.cells[w[2]] == v:
                out.update(w)
    return frozenset(out)


def unbalanced_row_column(b: LegupBoard) -> frozenset[int]:
    """UnbalancedRowColumn fires at a line holding more of a digit than its quota."""
    return frozenset(i for u, vals in zip(b.all_lines(), b.line_values, strict=True)
                     if any(vals.count(d) > quota(len(u), d) for d in VALUES) for i in u)


def repeated_row_column(b: LegupBoard) -> frozenset[int]:
    """RepeatedRowColumn fires at two full lines of the same direction that are equal."""
    if not b.unique_lines:
        return frozenset()
    out: set[int] = set()
    for fam in b.lines:
        seen: dict[Line, tuple[int, ...]] = {}
        for u in fam:
            vals = b.values(u)
            if None in vals:
                continue
            if vals in seen:
                out.update(u)
                out.update(seen[vals])
            seen.setdefault(vals, u)
    return frozenset(out)


def wasted_blocker(b: LegupBoard) -> frozenset[int]:
    """WastedBlocker fires at a line that has no balanced, trio-free completion."""
    return frozenset(i for u, vals in zip(b.all_lines(), b.line_values, strict=True) if not completable(vals)
                     for i in u)


CONTRADICTIONS: dict[str, Callable[[LegupBoard], frozenset[int]]] = {
    "Trio": trio,
    "UnbalancedRowColumn": unbalanced_row_column,
    "RepeatedRowColumn": repeated_row_column,
    "WastedBlocker": wasted_blocker,
}

CASES: dict[str, tuple[str, ...]] = {"ZeroOrOne": (ZERO, ONE)}


# ----------------------------------------------------------------- completeness and SAT oracle

def is_solved(b: LegupBoard) -> bool:
    return None not in b.cells and not any(CONTRADICTIONS[r](b) for r in CONTRADICTIONS)


@lru_cache(maxsize=16)
def _solver(width: int, height: int, unique_lines: bool) -> Solver:
    """An independent small encoding (variable ``i + 1`` = cell ``i`` holds 1), one per geometry."""
    b = LegupBoard(width, height, (None,) * (width * height), unique_lines)
    m = SatModel()
    m.new_vars(width * height)
    for u in b.all_lines():
        xs = [i + 1 for i in u]
        for a, c, e in zip(xs, xs[1:], xs[2:], strict=False):
            m.add([a, c, e])
            m.add([-a, -c, -e])
        m.exactly(xs, quota(len(xs), ONE))
    if unique_lines:
        for fam in b.lines:
            for k, u in enumerate(fam):
                for w in fam[k + 1:]:
                    diff = m.new_vars(len(u))
                    for d, p, q in zip(diff, u, w, strict=True):
                        m.add([-d, p + 1, q + 1])
                        m.add([-d, -(p + 1), -(q + 1)])
                    m.add(diff)
    return m.solver()


def satisfiable(b: LegupBoard, extra: Iterable[Change] = ()) -> bool:
    pos = b.with_changes(extra)
    assume = [i + 1 if v == ONE else -(i + 1) for i, v in enumerate(pos.cells) if v is not None]
    return bool(_solver(b.width, b.height, b.unique_lines).solve(assumptions=assume))


def opposite(value: str) -> str:
    return other(value)


def solution(b: LegupBoard, extra: Iterable[Change] = ()) -> LegupBoard | None:
    """A solution of the puzzle agreeing with the board (and ``extra``), or None."""
    pos = b.with_changes(extra)
    assume = [i + 1 if v == ONE else -(i + 1) for i, v in enumerate(pos.cells) if v is not None]
    s = _solver(b.width, b.height, b.unique_lines)
    if not s.solve(assumptions=assume):
        return None
    model = set(s.get_model() or ())
    return b.with_changes((i, ONE if i + 1 in model else ZERO) for i in range(b.width * b.height))
