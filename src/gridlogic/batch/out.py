"""The output file of a batch: JSON lines appended as puzzles finish, matched on resume by input and
id, locked against a second run, rewritten atomically when rows must go."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterable
from typing import Any

import click

from gridlogic.core.errors import GridlogicError
from gridlogic.core.files import FileError, check_target, write_text
from gridlogic.core.inputs import read_bytes
from gridlogic.core.numbers import load_json

Key = tuple[str, str]

ROW_START = b'{"kind":'
"""How every row the batch writes begins (a torn last line must too, to be taken for one)."""


def is_row(obj: Any, command: str) -> bool:
    """Is ``obj`` a row a batch of ``command`` wrote?"""
    return isinstance(obj, dict) and obj.get("command") == command and "source" in obj and "id" in obj


def row_key(row: dict[str, Any]) -> Key:
    """What a finished row is matched on when a run resumes: its input's digest (however the input was
    spelled) and its id; rows of older runs, without a digest, by the input's real path."""
    return str(row.get("input") or real_source(str(row["source"]))), str(row["id"])


def real_source(source: str) -> str:
    return os.path.realpath(source) if source not in ("-", "stdin") and os.path.exists(source) else source


def _rows(data: bytes, command: str) -> tuple[list[dict[str, Any]], int, int | None]:
    """The rows of ``data`` (complete lines only), how many lines are not rows, and the first such line's
    number. A last line without its newline (a killed run, cut at any byte) is not counted when it could
    be the start of a row."""
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    rows: list[dict[str, Any]] = []
    bad, first = 0, None
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            row = load_json(raw.decode("utf-8"))
        except (GridlogicError, UnicodeDecodeError):
            row = None
        if is_row(row, command):
            rows.append(row)
        else:
            bad, first = bad + 1, first or number
    if tail and not (tail.startswith(ROW_START) or ROW_START.startswith(tail)):
        bad, first = bad + 1, first or len(lines) + 1
    return rows, bad, first


def prepare_out(path: str, command: str, inputs: Iterable[str], force: bool) -> dict[Key, dict[str, Any]]:
    """The finished rows of ``path`` by :func:`row_key`, after making it safe to append to: refuse an input,
    a directory, or a file with lines that are not rows of this batch (``force``: keep its rows, drop the
    other lines, and say so); drop a torn last line, error rows (to be retried) and repeated ids, rewriting
    the file (atomically) if needed."""
    sources = [i for i in inputs if i != "-" and os.path.isfile(i)]
    check_target(path, force=force, inputs=sources, existing_ok=True)
    if not os.path.exists(path):
        write_text(path, "", inputs=sources)
        return {}
    try:
        with open(path, "rb") as fh:
            data = read_bytes(fh, path)
    except OSError as e:
        raise FileError(f"cannot read {path}: {e.strerror}") from None
    rows, bad, first = _rows(data, command)
    if bad:
        if not force:
            what = "is not the output of a batch" if not rows else "has lines that are not rows of a batch"
            raise FileError(f"{path} {what} {command} (line {first}): refusing to append to it (--force keeps "
                            "its finished rows and drops the other lines)")
        click.echo(f"batch: --force: kept {len(rows):,} finished rows of {path}, dropped {bad:,} other "
                   f"line{'s' if bad > 1 else ''}", err=True)
    kept: dict[Key, dict[str, Any]] = {}
    for row in rows:
        key = row_key(row)
        if "error" not in row and key not in kept:
            kept[key] = row
    if bad or len(kept) != len(rows) or (not data.endswith(b"\n") and data):
        write_text(path, "".join(map(json_line, kept.values())), force=True, inputs=sources)
    return kept


def lock(path: str) -> int:
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o666)
    except OSError as e:
        raise FileError(f"cannot open {path}: {e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise FileError(f"{path} is being written by another batch run: wait for it to finish, or choose "
                        "another --out") from None
    return fd


def relock(path: str, held: int) -> int:
    """The lock moved to the file now at ``path`` (after an atomic rewrite replaced the locked one)."""
    if os.path.samestat(os.fstat(held), os.stat(path)):
        return held
    fd = lock(path)
    os.close(held)
    return fd


def json_line(row: dict[str, Any]) -> str:
    """One row as one line of UTF-8 JSON, whatever it holds (a lone surrogate is escaped, a value
    JSON cannot hold is written as its text)."""
    try:
        line = json.dumps(row, ensure_ascii=False, separators=(",", ":"))
        line.encode("utf-8")
    except (TypeError, ValueError, UnicodeError):
        line = json.dumps(row, ensure_ascii=True, separators=(",", ":"), default=str)
    return line + "\n"
