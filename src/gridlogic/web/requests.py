"""What every request that names a kind's options shares: the options as fields of their own."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class KindOptionsIn(BaseModel):
    """A request that may carry the kind's options as fields of their own (``unique_lines``, ``stars``...:
    the kind's options schema); any other field is checked against that schema once the kind is known,
    and one the kind does not take is refused (HTTP 400 naming it)."""

    model_config = ConfigDict(extra="allow")

    def options(self) -> dict[str, object]:
        return dict(self.model_extra or {})
