"""gridlogic's named techniques as proof rules, each judged by its own semantics.

A technique step (Star Battle ``R4.1`` ... ``Trial``, Binary ``LineCompletions``, ``ZeroOrOne``,
``ZeroOrOneNested``) is valid when the technique, applied to the **parent** board, makes those
changes or more: its set of changes is a subset of what the rule itself deduces there. It is never
enough that the cells are implied (a one-step "proof" filling in the solution under ``R1.1`` is
rejected: R1.1 does not deduce it).

- Star Battle: the human solver's rule functions with that id (``rules/__init__.py``; several share an
  id) run on a fresh solving state of the parent board; each returns the first application it finds,
  and the step must be a subset of one of them. So a technique step follows the solver's order within
  a rule (stricter than a human reading of the rule; documented in ``docs/proofs.md``).
- Binary ``LineCompletions``: every completion of a line (the solver's level 4), applied to every
  line of the parent; ``ZeroOrOne`` / ``ZeroOrOneNested``: each cell's opposite digit is refuted by
  the solver's supposition search at that strength (levels 1-4, or with one more supposition).

Unknown ids are not techniques (:func:`is_technique` is False): the checker rejects them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

from gridlogic.core.errors import Contradiction, GridlogicError

STARBATTLE_EXTRA = ("Trial",)
BINARY_TECHNIQUES = ("LineCompletions", "ZeroOrOne", "ZeroOrOneNested")


@cache
def starbattle_ids() -> tuple[str, ...]:
    """Star Battle technique ids: the production rules (engine order, each once) and ``Trial``."""
    from gridlogic.puzzles.starbattle.rules import PRODUCTION
    return (*dict.fromkeys(r.id for r in PRODUCTION), *STARBATTLE_EXTRA)


def technique_ids(kind: str) -> tuple[str, ...]:
    return starbattle_ids() if kind == "starbattle" else BINARY_TECHNIQUES if kind == "binary" else ()


def is_technique(kind: str, rule: str) -> bool:
    return rule in technique_ids(kind)


def bad_cells(kind: str, rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
    """The changed cells the technique ``rule`` does not deduce on ``parent`` (all of them when it
    does not apply there)."""
    judge = _JUDGES[kind]
    return judge(rule, parent, changes)


# ----------------------------------------------------------------------------- Star Battle

@lru_cache(maxsize=64)
def _sb_puzzle(n: int, stars: int, regions: tuple[int, ...]) -> Any:
    from gridlogic.puzzles.starbattle.model import StarBattle
    rows = [list(regions[r * n:(r + 1) * n]) for r in range(n)]
    return StarBattle.from_rows(stars, rows)


def _sb_applications(rule: str, board: Any) -> list[dict[int, str]]:
    """What each solver function of ``rule`` deduces on ``board`` (first application each)."""
    from gridlogic.puzzles.starbattle.rules import PRODUCTION, TRIAL_RULE
    from gridlogic.puzzles.starbattle.rules.state import Broken, State
    try:
        puzzle = _sb_puzzle(board.n, board.stars, board.regions)
    except GridlogicError:
        return []
    state = State.from_rows(puzzle, [_sb_row(r) for r in board.rows()])
    out: list[dict[int, str]] = []
    for r in [*PRODUCTION, TRIAL_RULE]:
        if r.id != rule:
            continue
        try:
            step = r.find(state)
        except (Broken, Contradiction):
            continue
        if step is not None:
            out.append({m.cell[0] * board.n + m.cell[1]: m.value for m in step.marks})
    return out


def _sb_row(row: str) -> str:
    """A LEGUP board row (``*`` star, ``#`` black, ``.`` unknown) as the solving state reads rows."""
    return row.replace(".", "?").replace("#", ".")


def _sb_judge(rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
    best: list[int] = sorted(changes)
    for found in _sb_applications(rule, parent):
        bad = [i for i, v in changes.items() if found.get(i) != v]
        if len(bad) < len(best):
            best = bad
        if not best:
            break
    return best


# ----------------------------------------------------------------------------- Binary

def _lines(board: Any) -> Any:
    from gridlogic.puzzles.binary.board import Board
    n = board.width + board.height
    lb = Board(board.height, board.width, bool(board.unique_lines), [0] * n, [0] * n)
    for i, v in enumerate(board.cells):
        if v is not None:
            r, c = divmod(i, board.width)
            lb.set_cell(r, c, int(v))
    lb.touched.clear()
    return lb


def _bn_line_completions(parent: Any, changes: Mapping[int, str]) -> list[int]:
    from gridlogic.puzzles.binary.rules.line import line_completions_step
    lb = _lines(parent)
    found: dict[int, str] = {}
    lines = {r for r, _ in (divmod(i, parent.width) for i in changes)}
    lines |= {parent.height + c for _, c in (divmod(i, parent.width) for i in changes)}
    for k in sorted(lines):
        step = line_completions_step(lb, k)
        for m in () if step is None else step.marks:
            found[m.cell[0] * parent.width + m.cell[1]] = m.value
    return [i for i, v in changes.items() if found.get(i) != v]


def _bn_zero_or_one(strength: int, budget: int | None) -> Callable[[Any, Mapping[int, str]], list[int]]:
    def judge(parent: Any, changes: Mapping[int, str]) -> list[int]:
        from gridlogic.puzzles.binary.propagate import Budget, OutOfBudget
        from gridlogic.puzzles.binary.rules.case import refutes
        lb = _lines(parent)
        bad = []
        for i, v in changes.items():
            r, c = divmod(i, parent.width)
            try:
                why = refutes(lb, r, c, 1 - int(v), strength, None if budget is None else Budget(budget))
            except OutOfBudget:
                why = None
            if why is None:
                bad.append(i)
        return bad
    return judge


def _bn_judge(rule: str, parent: Any, changes: Mapping[int, str]) -> list[int]:
    from gridlogic.puzzles.binary.levels import LINE, SEARCH
    from gridlogic.puzzles.binary.rules.case import NESTED_BUDGET
    judges: dict[str, Callable[[Any, Mapping[int, str]], list[int]]] = {
        "LineCompletions": _bn_line_completions,
        "ZeroOrOne": _bn_zero_or_one(LINE, None),
        "ZeroOrOneNested": _bn_zero_or_one(SEARCH, NESTED_BUDGET),
    }
    try:
        return judges[rule](parent, changes)
    except Contradiction:  # the parent already breaks a rule the solver's lines enforce
        return sorted(changes)


_JUDGES: dict[str, Callable[[str, Any, Mapping[int, str]], list[int]]] = {
    "starbattle": _sb_judge, "binary": _bn_judge}
