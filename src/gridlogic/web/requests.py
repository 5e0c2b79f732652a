"""What the play and proof routes' requests share: their bounds, a board row, and the kind's options
as fields of their own."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

MAX_TEXT = 200_000
"""The longest puzzle text a play or proof request carries."""
MAX_ROWS = 100
"""The most rows of a board, and characters of a row."""

Row = Annotated[str, StringConstraints(max_length=MAX_ROWS)]


class KindOptionsIn(BaseModel):
    """A request that may carry the kind's options as fields of their own (``unique_lines``, ``stars``...:
    the kind's options schema); any other field is checked against that schema once the kind is known,
    and one the kind does not take is refused (HTTP 400 naming it)."""

    model_config = ConfigDict(extra="allow")

    def options(self) -> dict[str, object]:
        return dict(self.model_extra or {})


class PuzzleRefIn(KindOptionsIn):
    """A request about one puzzle: its text, and optionally its kind and format."""

    puzzle: str = Field(max_length=MAX_TEXT)
    kind: str | None = Field(default=None, max_length=40)
    format: str | None = Field(default=None, max_length=40)
