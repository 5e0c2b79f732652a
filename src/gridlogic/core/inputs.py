"""Reading the user's PUZZLE argument: a file, ``-`` (stdin) or the puzzle itself, holding one
puzzle or many (lines, ``#`` comments, TSV rows, JSON packs)."""

from __future__ import annotations

import os
import sys
from typing import BinaryIO

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import check_text, decode

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
