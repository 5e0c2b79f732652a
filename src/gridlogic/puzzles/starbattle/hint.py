"""Star Battle hints: the human solver's next step from a partial board (``*`` star, ``.`` empty,
``?`` unknown); see :mod:`gridlogic.core.hint`."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.hint import Hint, Spec
from gridlogic.core.hint import hint as core_hint
from gridlogic.core.registry import Kind
from gridlogic.puzzles.starbattle.model import StarBattle

SPEC = Spec("*.", implicit=".")


def hint(k: Kind, puzzle: StarBattle, rows: Sequence[str], max_level: int | None = None) -> Hint:
    from gridlogic.puzzles.starbattle.kind import rules

    pack = rules()
    return core_hint(k, puzzle, rows, height=puzzle.n, width=puzzle.n, spec=SPEC,
                     state=lambda board: pack.State.from_rows(puzzle, board), techniques=pack.rules(max_level),
                     max_level=max_level)
