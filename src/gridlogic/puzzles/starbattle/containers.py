"""Whole-file containers: masonomara JSON packs and Norvig's ``boards.tsv`` rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import NotJSONError, check_number, is_int, load_json, parse_int
from gridlogic.core.registry import Record


def pack_records(text: str) -> list[Record] | None:
    """The puzzles of a masonomara pack (``{"puzzles": [{"sbn": ..., "solution": [[r, c]...]}]}``),
    each with ``extra["solution"]`` (star cells) and ``extra["solution_rows"]`` when the pack has one;
    None if not a pack."""
    if not text.lstrip().startswith("{") or '"sbn"' not in text:
        return None
    try:
        data: Any = load_json(text, "JSON pack")
    except NotJSONError as e:
        raise ParseError(f"malformed JSON pack: {e.what.removeprefix('not JSON: ')}", e.where) from None
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
            where = f"pack puzzle {i}, solution"
            stars = frozenset((_index(r, where), _index(c, where)) for r, c in sol)
            extra["solution"] = stars
            n = p["sbn"].split("x", 1)[0]
            if is_int(n) and len(n) <= 2:  # the contract's rows too, for interfaces that check packs
                extra["solution_rows"] = ["".join("*" if (r, c) in stars else "." for c in range(int(n)))
                                          for r in range(int(n))]
        records.append(Record(str(i), p["sbn"], extra))
    return records


def _index(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return parse_int(str(value), "cell index", where, hi=999)
    return int(check_number(value, "cell index", where, hi=999))


def norvig_tsv(fields: Sequence[str]) -> str | None:
    """Norvig's ``name, S, N, picture[, solution]`` rows: the picture with its stars prefix."""
    if len(fields) < 4 or not is_int(fields[1]) or not is_int(fields[2]) or "/" not in fields[3]:
        return None
    return f"{parse_int(fields[1], 'stars', 'TSV column 2', hi=99)}:{fields[3]}"
