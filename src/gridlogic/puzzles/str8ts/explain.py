"""Human-style solving on core.engine: ``explain`` (steps with reasons), ``grade``, and ``text``
(an explanation written out for the terminal)."""

from __future__ import annotations

from gridlogic.core.engine import run
from gridlogic.core.step import Explanation, Grade, Step
from gridlogic.puzzles.str8ts.candidates import annotate_run, changes
from gridlogic.puzzles.str8ts.draw import picture
from gridlogic.puzzles.str8ts.levels import LEVELS
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import State, techniques

UNSOLVED = "unsolved"


def final_rows(s: State) -> list[str]:
    """Rows of digits, ``#`` for black cells, ``?`` where a white cell is still open."""
    p = s.puzzle
    chars = ["#" if p.black[i] else str(s.mask(i).bit_length()) if s.placed[i] else "?" for i in range(p.size)]
    return ["".join(chars[r * p.n:(r + 1) * p.n]) for r in range(p.n)]


def level_name(level: int, solved: bool) -> str:
    return LEVELS[level] if solved else UNSOLVED


def explain(p: Str8ts, max_level: int | None = None, allow_uniqueness: bool = False,
            candidates: bool = True) -> Explanation:
    """The human solve; with ``candidates`` each rule's step carries the candidates before and after it."""
    s = State.start(p)
    before: dict[int, list[int]] = {}

    def seen(step: Step) -> None:
        before[id(step)] = s.board.masks.copy()

    out = run(s, techniques(allow_uniqueness), max_level, on_step=seen if candidates else None)
    out.steps = annotate_run(p, out.steps, before)
    solved = out.status == "solved"
    return Explanation(out.status, out.steps, final_rows(s), level_name(out.level, solved),
                       out.level if solved else len(LEVELS), out.hardest_rule)


def grade(p: Str8ts) -> Grade:
    ex = explain(p, candidates=False)
    return Grade(ex.level, ex.grade, ex.hardest_rule)


def text(p: Str8ts, ex: Explanation, verbose: bool = False) -> str:
    """Numbered steps (with ``verbose``, each followed by the candidates it changes), then the
    final grid picture and the verdict."""
    lines: list[str] = []
    for k, st in enumerate(ex.steps, 1):
        lines.append(f"{k}. [{st.rule}] {st.reason}")
        if verbose:
            lines += [f"     {c}" for c in changes(st)]
    lines += ["", picture(p, ex.final),
              f"{ex.status}; grade {ex.grade} (level {ex.level}, hardest rule {ex.hardest_rule})"]
    return "\n".join(lines)
