"""Binary hints: the human solver's next step from a partial board (``0``, ``1``, ``?``);
see :mod:`gridlogic.core.hint`."""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.core.hint import Hint, Spec
from gridlogic.core.hint import hint as core_hint
from gridlogic.core.registry import Kind
from gridlogic.puzzles.binary.model import Binary
from gridlogic.puzzles.binary.rules import TECHNIQUES, BinaryState

SPEC = Spec("01")


def state(puzzle: Binary, board: Sequence[str]) -> BinaryState:
    st = BinaryState.of(puzzle)
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            if ch != "?":
                st.lines.set_cell(r, c, int(ch))
    return st


def hint(k: Kind[Binary], puzzle: Binary, rows: Sequence[str], max_level: int | None = None) -> Hint:
    return core_hint(k, puzzle, rows, height=puzzle.height, width=puzzle.width, spec=SPEC,
                     state=lambda board: state(puzzle, board), techniques=TECHNIQUES, max_level=max_level)
