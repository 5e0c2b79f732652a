"""Str8ts hints: the human solver's next step from a partial board (digits, ``#`` black cells,
``?`` empty white cells); see :mod:`gridlogic.core.hint`.

The board carries no pencil marks, so candidate eliminations are done silently (and counted in
the message) up to the first step that places a digit: a hint always moves the board on."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.engine import Rule
from gridlogic.core.hint import Hint, Spec
from gridlogic.core.hint import hint as core_hint
from gridlogic.core.registry import Kind
from gridlogic.core.step import Step
from gridlogic.puzzles.str8ts.candidates import annotate
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import TECHNIQUES, State

SPEC = Spec("123456789#", implicit="#")


def state(puzzle: Str8ts, board: Sequence[str]) -> State:
    st = State.start(puzzle)
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            i = r * puzzle.n + c
            if ch.isdigit() and not puzzle.black[i] and not st.placed[i]:
                st.board.fix(i, int(ch) - 1)
                st.placed[i] = True
    return st


def places(step: Step) -> bool:
    return any(not m.value.startswith("-") for m in step.marks)


def hint(k: Kind[Str8ts], puzzle: Str8ts, rows: Sequence[str], max_level: int | None = None) -> Hint:
    """The next placing step; it carries the candidates just before it (after the silent
    eliminations) and after it, and so does each silent elimination of its lead-in."""
    seen: list[list[int]] = []

    def first(s: State) -> Step | None:  # the engine tries the cheapest rule first on every board
        seen.append(s.board.masks.copy())  # one scan per step: the candidates before each step, in order
        return TECHNIQUES[0].find(s)

    rules = (Rule(TECHNIQUES[0].id, TECHNIQUES[0].level, first), *TECHNIQUES[1:])
    out = core_hint(k, puzzle, rows, height=puzzle.n, width=puzzle.n, spec=SPEC,
                    state=lambda board: state(puzzle, board), techniques=rules, max_level=max_level,
                    shown=places)
    if out.step is None or not seen or not out.step.marks:
        return out
    lead_in = out.lead_in
    if len(seen) == len(lead_in) + 1:
        lead_in = tuple(annotate(puzzle, st, masks) for st, masks in zip(lead_in, seen, strict=False))
    return Hint(out.status, annotate(puzzle, out.step, seen[-1]), out.message, lead_in)
