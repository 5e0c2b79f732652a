"""Whole-file containers: masonomara JSON packs and Norvig's ``boards.tsv`` rows."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gridlogic.core.errors import ParseError
from gridlogic.core.registry import Record


def pack_records(text: str) -> list[Record] | None:
    """The puzzles of a masonomara pack (``{"puzzles": [{"sbn": ..., "solution": [[r, c]...]}]}``),
    each with ``extra["solution"]`` (star cells) and ``extra["solution_rows"]`` when the pack has one;
    None if not a pack."""
    if not text.lstrip().startswith("{") or '"sbn"' not in text:
        return None
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(f"malformed JSON pack: {e.msg}", f"line {e.lineno}") from None
    puzzles = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(puzzles, list):
        return None
    records = []
    for i, p in enumerate(puzzles, 1):
        if not isinstance(p, dict) or not isinstance(p.get("sbn"), str):
            raise ParseError("pack entry without an 'sbn' string", f"puzzle {i}")
        extra: dict[str, Any] = {}
        sol = p.get("solution")
        if isinstance(sol, list) and all(isinstance(x, list) and len(x) == 2 for x in sol):
            stars = frozenset((int(r), int(c)) for r, c in sol)
            extra["solution"] = stars
            n = p["sbn"].split("x", 1)[0]
            if n.isdigit():  # the contract's rows too, for interfaces that check packs (batch check)
                extra["solution_rows"] = ["".join("*" if (r, c) in stars else "." for c in range(int(n)))
                                          for r in range(int(n))]
        records.append(Record(str(i), p["sbn"], extra))
    return records


def norvig_tsv(fields: Sequence[str]) -> str | None:
    """Norvig's ``name, S, N, picture[, solution]`` rows: the picture with its stars prefix."""
    if len(fields) < 4 or not fields[1].isdigit() or not fields[2].isdigit() or "/" not in fields[3]:
        return None
    return f"{int(fields[1])}:{fields[3]}"
