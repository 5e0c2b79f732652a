"""The puzzle a proof is about, read from anything the CLI reads, with the kind's options checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gridlogic.core.errors import GridlogicError
from gridlogic.core.options import field_name
from gridlogic.core.registry import AnyKind
from gridlogic.kinds import detect, kind, split_records, take_options


def load(text: str, kind_name: str | None = None, format_name: str | None = None,
         options: Mapping[str, object] | None = None) -> tuple[AnyKind, Any, str]:
    """The kind, puzzle and one-line puzzle text of the first puzzle in ``text``; ``options``: the
    kind's options by field name (e.g. Binary ``unique_lines: false``, the CLI's ``--no-unique-lines``),
    checked against its schema."""
    records = split_records(text, kind(kind_name) if kind_name else None)
    k, fmt = detect(records[0].text, kind_name, format_name, fallback=True)
    taken = take_options(k, options or {}, "proof", field_name)
    puzzle = k.configure(fmt.read(records[0].text), taken)
    return k, puzzle, puzzle_text(k, puzzle, records[0].text)


def puzzle_text(k: AnyKind, puzzle: Any, text: str) -> str:
    """The puzzle as one line if its text is multi-line (a LEGUP file) and a one-line format of the
    kind keeps it whole; else the text as given."""
    if "\n" not in text.strip():
        return text.strip()
    for f in k.formats:
        if f.write is None:
            continue
        try:
            line = f.write(puzzle)
            if "\n" not in line.strip() and f.read(line) == puzzle:
                return line.strip()
        except GridlogicError:
            continue
    return text
