"""``proof grade``: check many proof files (a class's LEGUP files or JSON proofs) into one table, a
row per proof: valid, complete, goal met, transitions, and every error with its path. A file that
cannot be read or checked gets a row saying why, and grading goes on."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from dataclasses import astuple, dataclass, fields
from pathlib import Path

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.inputs import read_file
from gridlogic.proof.checker import Budget, check
from gridlogic.proof.reading import read_proofs_located

SUFFIXES = frozenset({".xml", ".json", ".jsonl", ""})
"""Files taken from a folder (LEGUP saves ``.xml``; its puzzle files often have no suffix)."""
PUZZLE_SHOWN = 60
FORMULA_START = frozenset("=+-@\t\r")


@dataclass(frozen=True)
class Row:
    file: str
    kind: str = ""
    puzzle: str = ""
    valid: str = ""
    complete: str = ""
    goal: str = ""
    goal_met: str = ""
    transitions: str = ""
    errors: str = ""


HEADER = tuple(f.name for f in fields(Row))


def proof_files(args: Iterable[str]) -> list[Path]:
    """The files named, and in each folder named every proof-like file (recursively, sorted,
    hidden files skipped)."""
    out: list[Path] = []
    for a in args:
        p = Path(a)
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES
                              and not any(part.startswith(".") for part in f.relative_to(p).parts)))
        elif p.exists():
            out.append(p)
        else:
            raise ParseError(f"no such file or folder: {a}", "FILES|FOLDER")
    return out


def grade_file(path: Path, budget: Callable[[], Budget] | None = None) -> list[Row]:
    """One row per proof in the file (``file#n`` when it holds several); one row saying why when
    the file cannot be read."""
    name = str(path)
    try:
        proofs = read_proofs_located(read_file(path, name), name)
    except (GridlogicError, OSError, UnicodeDecodeError) as e:
        return [Row(name, errors=f"skipped: {_reason(e)}")]
    rows = []
    for n, (pr, where) in enumerate(proofs, 1):
        label = name if len(proofs) == 1 else f"{name}#{n}"
        shown = _puzzle(pr.puzzle)
        try:
            rep = check(pr, budget=None if budget is None else budget())
        except GridlogicError as e:
            rows.append(Row(label, pr.kind, shown, errors=f"skipped: {_reason(e)}"))
            continue
        errors = " | ".join(f"{e.path}{f' ({where[e.path]})' if e.path in where else ''}: "
                            f"{e.rule + ': ' if e.rule else ''}{e.message}" for e in rep.errors)
        rows.append(Row(label, pr.kind, shown, _yes(rep.valid), _yes(rep.complete), rep.goal, _yes(rep.goal_met),
                        str(len(rep.verdicts)), errors))
    return rows


def to_csv(rows: Iterable[Row]) -> str:
    """The rows as CSV; a cell a spreadsheet would run as a formula (a student's text starting with
    ``=``, ``+``, ``-``, ``@``) is quoted with a leading ``'``."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(HEADER)
    w.writerows(tuple(_cell(v) for v in astuple(r)) for r in rows)
    return buf.getvalue()


def _cell(value: str) -> str:
    return "'" + value if value[:1] in FORMULA_START else value


def _yes(b: bool) -> str:
    return "yes" if b else "no"


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError):
        return e.strerror or type(e).__name__
    if isinstance(e, UnicodeDecodeError):
        return f"not UTF-8 text (byte {e.start})"
    return str(e)


def _puzzle(text: str) -> str:
    t = text.strip()
    if t.startswith("<"):
        return "LEGUP board"
    return t if len(t) <= PUZZLE_SHOWN else t[:PUZZLE_SHOWN - 1] + "…"
