"""Hints: the next human step from the player's own partial board, shared by every kind.

A partial board is a list of row strings in the kind's solution alphabet plus ``?`` for undecided
(Star Battle ``*``/``.``, Binary ``0``/``1``, Str8ts digits and ``#``). The answer is a :class:`Hint`:

- ``wrong``: some mark disagrees with the unique solution (how many, never which);
- ``solved``: the board is the solution (cells the kind lets stay unmarked, such as Star Battle's
  empty cells, count as marked);
- ``step``: the next step of the kind's human solver from this board (cheapest rule first);
- ``stuck``: no rule up to ``max_level`` makes progress;
- ``contradiction``: the board cannot be completed (only reachable when the puzzle has no unique
  solution to compare with; the step names the broken rule).

Each kind's ``hint.py`` supplies the board's state and rules; this module does the rest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, Protocol, TypeVar

from gridlogic.core.engine import EngineState, Technique, run
from gridlogic.core.errors import Contradiction, ParseError
from gridlogic.core.grid import cell_name
from gridlogic.core.step import Step

STATUSES = ("step", "wrong", "solved", "stuck", "contradiction")
MAX_LEAD_IN = 400
"""At most this many unshown steps (Str8ts candidate eliminations) before a placing step."""

S = TypeVar("S", bound=EngineState)
P_contra = TypeVar("P_contra", contravariant=True)


class Solver(Protocol[P_contra]):
    """What a hint needs of a kind: its exact solutions, as rows."""

    def solutions(self, puzzle: P_contra, method: str | None = None, /) -> Iterator[Any]: ...

    def solution_rows(self, puzzle: P_contra, solution: Any, /) -> list[str]: ...


@dataclass(frozen=True)
class Hint:
    """The answer to "what next?": a status, the step (if any) and one sentence for the player;
    ``lead_in``: the steps the board cannot show (Str8ts candidate eliminations) made silently before it,
    in order, so a page can show how the step was reached."""

    status: str
    step: Step | None
    message: str
    lead_in: tuple[Step, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "step": None if self.step is None else self.step.to_json(),
                "message": self.message, "lead_in": [s.to_json() for s in self.lead_in]}


@dataclass(frozen=True)
class Spec:
    """A kind's board alphabet (without ``?``), and the solution characters a player may leave as
    ``?`` on a solved board (Star Battle's empty cells, Str8ts' black cells)."""

    alphabet: str
    implicit: str = ""


def read_board(rows: Sequence[str], height: int, width: int, alphabet: str) -> list[str]:
    """The board's rows, checked: ``height`` rows of ``width`` characters from ``alphabet`` or ``?``."""
    if isinstance(rows, str) or not all(isinstance(r, str) for r in rows):
        raise ParseError("the board must be a list of row strings", "board")
    out = [r.strip() for r in rows]
    if len(out) != height:
        raise ParseError(f"the board has {len(out)} rows, the puzzle {height}", "board")
    for r, row in enumerate(out):
        if len(row) != width:
            raise ParseError(f"row {r + 1} has {len(row)} cells, the puzzle {width}", f"board row {r + 1}")
        for c, ch in enumerate(row):
            if ch != "?" and ch not in alphabet:
                raise ParseError(f"{cell_name((r, c))} holds {ch!r}; expected one of {alphabet}?",
                                 f"board row {r + 1}")
    return out


def count_wrong(rows: Sequence[str], solution: Sequence[str]) -> int:
    """How many marked cells differ from the solution."""
    return sum(ch not in ("?", s) for row, srow in zip(rows, solution, strict=True)
               for ch, s in zip(row, srow, strict=True))


def wrong_cells(rows: Sequence[str], solution: Sequence[str], limit: int | None = None) -> list[tuple[int, int]]:
    """The marked cells that differ from the solution, ``(row, col)`` in reading order (at most ``limit``)."""
    found = ((r, c) for r, (row, srow) in enumerate(zip(rows, solution, strict=True))
             for c, (ch, s) in enumerate(zip(row, srow, strict=True)) if ch not in ("?", s))
    return list(islice(found, limit))


def is_complete(rows: Sequence[str], solution: Sequence[str], implicit: str) -> bool:
    return all(ch == s or (ch == "?" and s in implicit) for row, srow in zip(rows, solution, strict=True)
               for ch, s in zip(row, srow, strict=True))


def hint(k: Solver[P_contra], puzzle: P_contra, rows: Sequence[str], *, height: int, width: int, spec: Spec,
         state: Callable[[list[str]], S], techniques: Sequence[Technique[S]], max_level: int | None = None,
         shown: Callable[[Step], bool] | None = None) -> Hint:
    """The hint for ``rows``. ``state`` builds the solver's state of a (checked) board;
    ``shown`` says which steps a player can see on the board (default: all); steps it hides (Str8ts
    candidate eliminations) are applied silently and counted in the message."""
    board = read_board(rows, height, width, spec.alphabet)
    found = list(islice(k.solutions(puzzle), 2))
    unique = len(found) == 1
    if unique:
        solution = k.solution_rows(puzzle, found[0])
        wrong = count_wrong(board, solution)
        if wrong:
            return Hint("wrong", None, f"{wrong} of your marks {'is' if wrong == 1 else 'are'} wrong: "
                        f"{'it does' if wrong == 1 else 'they do'} not agree with the solution. "
                        "Undo back to a board without mistakes, or check your marks.")
        if is_complete(board, solution, spec.implicit):
            return Hint("solved", None, "The board is the solution.")
    try:
        st = state(board)
    except Contradiction as e:
        return Hint("contradiction", None, f"This board cannot be completed: {e}.")
    hidden: list[Step] = []
    for _ in range(MAX_LEAD_IN):
        out = run(st, techniques, max_level, max_steps=1)
        if out.status == "solved":
            return Hint("solved", None, "Every cell is decided and no rule is broken.")
        if out.status == "contradiction":
            bad = out.steps[-1] if out.steps else None
            why = f" ({bad.rule}: {bad.reason})" if bad is not None else ""
            note = "" if unique else " The puzzle has no unique solution." if found else " The puzzle has no solution."
            return Hint("contradiction", bad, f"This board cannot be completed{why}.{note}")
        if not out.steps:
            cap = "" if max_level is None else f" up to level {max_level}"
            return Hint("stuck", None, f"No rule{cap} finds a next step from this board.")
        step = out.steps[0]
        if shown is None or shown(step):
            return Hint("step", step, _sentence(step, hidden), tuple(hidden))
        hidden.append(step)
    return Hint("stuck", None, f"No placing step within {MAX_LEAD_IN} steps.")


def _sentence(step: Step, hidden: Sequence[Step]) -> str:
    head = step.reason
    if not hidden:
        return head
    rules = sorted({s.rule for s in hidden})
    return f"{head} (after {len(hidden)} pencil-mark step{'s' if len(hidden) != 1 else ''}: {', '.join(rules)})"


def parse_board_text(text: str) -> list[str]:
    """A board file's rows: a JSON list of row strings, or one row per line (blank lines skipped,
    spaces between cells allowed), or one line with rows separated by ``/``."""
    body = text.strip()
    if not body:
        raise ParseError("empty board", "--board")
    if body.startswith("["):
        try:
            rows = json.loads(body)
        except json.JSONDecodeError as e:
            raise ParseError(f"not a JSON list of rows: {e.msg}", "--board") from None
        if not (isinstance(rows, list) and all(isinstance(r, str) for r in rows)):
            raise ParseError("expected a JSON list of row strings", "--board")
        return rows
    lines = [ln.replace(" ", "").replace("\t", "") for ln in body.splitlines() if ln.strip()]
    if len(lines) == 1 and "/" in lines[0]:
        return lines[0].split("/")
    return lines


def describe(hint: Hint, levels: Sequence[str] = ()) -> str:
    """The hint as text: the status or the step's rule and sentence, the cells used and set."""
    step = hint.step
    if hint.status != "step" or step is None:
        return f"{hint.status}: {hint.message}"
    level = levels[step.level] if 0 <= step.level < len(levels) else str(step.level)
    lines = [f"step [{step.rule} · {level}] {hint.message}"]
    if step.uses:
        lines.append("  uses: " + " ".join(cell_name(c) for c in step.uses))
    lines.append("  sets: " + " ".join(f"{cell_name(m.cell)}={m.value}" for m in step.marks))
    return "\n".join(lines)
