"""``/api/kinds``: each kind with its client descriptor (:mod:`gridlogic.core.client`), formats, levels,
exact methods and generate options. The pages build every kind-dependent control from it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from gridlogic.core.registry import AnyKind
from gridlogic.kinds import kinds

router = APIRouter()


def describe(kind: AnyKind) -> dict[str, Any]:
    """One kind as the pages see it: the registry's facts, the kind's client descriptor, and the options a
    generated puzzle takes (those of ``generate``, and those of every puzzle, like Binary's ``unique_lines``)."""
    generate = [o.to_json() for o in kind.options if o.takes("generate")]
    return {"name": kind.name, "formats": [f.name for f in kind.formats], "levels": list(kind.levels),
            "methods": list(kind.methods), "options": [o.to_json() for o in kind.options],
            **kind.client().to_json(), "generate": generate}


@router.get("/api/kinds", summary="The puzzle kinds: formats, levels, exact methods, and what the pages need to "
            "play each (values, click cycle, keys, keypad, provable, generate options, help)")
def list_kinds() -> list[dict[str, Any]]:
    return [describe(k) for k in kinds().values()]
