"""The puzzle a proof is about, read from anything the CLI reads, with the kind's options checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gridlogic.core.inputs import split_records
from gridlogic.core.options import field_name
from gridlogic.core.registry import AnyKind, detect, kind
from gridlogic.proof.cli import puzzle_text


def load(text: str, kind_name: str | None = None, format_name: str | None = None,
         options: Mapping[str, object] | None = None) -> tuple[AnyKind, Any, str]:
    """The kind, puzzle and one-line puzzle text of the first puzzle in ``text``; ``options``: the
    kind's options by field name (e.g. Binary ``unique_lines: false``, the CLI's ``--no-unique-lines``),
    checked against its schema."""
    records = split_records(text, kind(kind_name) if kind_name else None)
    k, fmt = detect(records[0].text, kind_name, format_name, fallback=True)
    taken = k.take_options(options or {}, "proof", field_name)
    puzzle = k.configure(fmt.read(records[0].text), taken)
    return k, puzzle, puzzle_text(k, puzzle, records[0].text)
