"""Reading the user's PUZZLE argument: a file, ``-`` (stdin) or the puzzle itself, holding one
puzzle or many (lines, ``#`` comments, TSV rows, JSON packs)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from typing import BinaryIO

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.numbers import check_text, decode
from gridlogic.core.registry import AnyKind, Record, detect, kinds

PATHLIKE_SUFFIXES = (".txt", ".xml", ".json", ".tsv", ".sbn", ".csv", ".sgf", ".jsonl")
MAX_INPUT_BYTES = 64_000_000
"""The largest input any command reads (a file or standard input); larger is refused, never half read."""


def read_bytes(stream: BinaryIO, where: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """All of ``stream``, or :class:`ParseError` once it passes ``limit`` bytes (read no further)."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise ParseError(f"input too large: more than {limit:,} bytes", where)
    return data


def read_file(path: str | os.PathLike[str], where: str | None = None, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of the file at ``path``, bounded like every input; a :class:`ParseError` naming it."""
    shown = where or os.fspath(path)
    try:
        with open(path, "rb") as fh:
            return decode(read_bytes(fh, shown, limit), shown)
    except OSError as e:
        raise ParseError(f"cannot read file: {e.strerror}", shown) from None


def read_argument(arg: str) -> tuple[str, str]:
    """``(text, source)`` for a PUZZLE argument. ``source`` is the file name or ``argument``."""
    check_text(arg, "command-line argument")
    if arg == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream without bytes (some test harnesses)
            text = sys.stdin.read(MAX_INPUT_BYTES + 1)
            if len(text) > MAX_INPUT_BYTES:
                raise ParseError(f"input too large: more than {MAX_INPUT_BYTES:,} bytes", "stdin")
            return text, "stdin"
        return decode(read_bytes(stream, "stdin"), "stdin"), "stdin"
    if os.path.isfile(arg):
        return read_file(arg), arg
    if os.path.isdir(arg):
        raise ParseError("is a directory, not a puzzle file", arg)
    looks_like_path = (arg.startswith(("/", "./", "../", "~")) or arg.lower().endswith(PATHLIKE_SUFFIXES)) \
        and "://" not in arg
    if looks_like_path:
        raise ParseError("no such file", arg)
    return arg, "argument"


def split_records(text: str, only: AnyKind | None = None) -> list[Record]:
    """The puzzles in ``text``, in order, each with its id."""
    body = text.strip()
    if not body:
        raise ParseError("empty input")
    pool: Sequence[AnyKind] = [only] if only else list(kinds().values())
    for k in pool:
        recs = k.container_records(body)
        if recs is not None:
            return recs
    kind_name = only.name if only else None
    skipped = text[:len(text) - len(text.lstrip())].count("\n")  # blank lines before the first
    if "\n" in body and _one_puzzle(body, kind_name):
        return [Record("1", body, line=1 + skipped)]
    records: list[Record] = []
    header_allowed = True
    lines = body.splitlines()
    for lineno, raw in enumerate(lines, 1 + skipped):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "\t" in raw:
            fields = [f.strip() for f in raw.rstrip("\n").split("\t")]
            found = _tsv_puzzle(fields, pool, kind_name)
            if found is None:
                if header_allowed:
                    header_allowed = False
                    continue
                raise ParseError("no puzzle in this TSV row", f"line {lineno}")
            rid = fields[0] if fields[0] and fields[0] != found else str(lineno)
            records.append(Record(rid, found, line=lineno))
        else:
            records.append(Record(str(lineno), strip_comment(line), line=lineno))
        header_allowed = False
    if not records:
        raise ParseError("no puzzle in the input (only comments or blank lines)")
    if len(records) == 1 and len([ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]) == 1:
        records[0].id = records[0].id if "\t" in body else "1"
    return records


_COMMENT = re.compile(r"\s+#(?:\s.*)?$")


def strip_comment(line: str) -> str:
    """A puzzle line without its trailing ``# comment`` (a ``#`` after a blank, then a blank or the
    end: ``#`` inside a puzzle, a Str8ts black cell, is kept)."""
    return _COMMENT.sub("", line)


def _one_puzzle(body: str, kind_name: str | None) -> bool:
    """Is a multi-line text one puzzle (XML, a pzprv3 file, a picture)? Yes when some format
    recognises and reads the whole; also when it recognises the whole but fails to read it, unless
    its lines look like puzzles of their own (then the file is a list and each line is judged).
    An XML document is always one (its reader says what is wrong with it, once)."""
    if body.startswith("<"):
        return True
    try:
        k, fmt = detect(body, kind_name)
    except GridlogicError:  # not recognised as a whole
        return False
    try:
        fmt.read(body)
    except GridlogicError:  # judged below
        lines = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        return sum(_whole(ln.strip(), k.name) for ln in lines) < 2
    return True


def _whole(body: str, kind_name: str | None) -> bool:
    try:
        detect(body, kind_name)
    except GridlogicError:  # "not a whole-text puzzle"
        return False
    return True


def _tsv_puzzle(fields: Sequence[str], pool: Sequence[AnyKind], kind_name: str | None) -> str | None:
    for k in pool:
        special: str | None = k.tsv_puzzle(fields)
        if special is not None:
            return special
    for f in [*fields[1:], *fields[:1]]:
        if f and _whole(f, kind_name):
            return f
    return None
