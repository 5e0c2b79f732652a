"""``proof grade``: check many proof files (a class's LEGUP files or JSON proofs) into one table, a
row per proof: valid, complete, goal met, transitions, and every error with its path. A file that
cannot be read or checked gets a row saying why, and grading goes on."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.inputs import read_bytes
from gridlogic.proof.assign import Assignment, grade_against
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
    solved: str = ""
    rules_used: str = ""
    disallowed_rules: str = ""
    accepted: str = ""
    first_error: str = ""


HEADER = ("file", "kind", "puzzle", "valid", "complete", "goal", "goal_met", "transitions", "errors")
"""The columns of ``proof grade`` (docs/proofs.md)."""
ASSIGNMENT_HEADER = ("file", "puzzle", "complete", "solved", "goal", "goal_met", "transitions", "rules_used",
                     "disallowed_rules", "first_error", "accepted", "valid", "kind", "errors")
"""The columns of ``proof grade --assignment``: ``puzzle`` is the assignment's puzzle number (1-based;
empty when the proof's puzzle is none of them), ``solved`` valid with the goal met, ``accepted``
solved and within the assignment (its puzzle, its rules, its cap), ``first_error`` with its path."""
assert {f.name for f in fields(Row)} == set(ASSIGNMENT_HEADER) | set(HEADER)


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


def grade_file(path: Path, budget: Callable[[], Budget] | None = None,
               assignment: Assignment | None = None) -> list[Row]:
    """One row per proof in the file (``file#n`` when it holds several); one row saying why when
    the file cannot be read. With an ``assignment``: graded against it (its rules, goal, cap)."""
    name = str(path)
    try:
        with path.open("rb") as fh:
            text = read_bytes(fh, name).decode("utf-8")  # bounded like every input
        proofs = read_proofs_located(text, name)
    except (GridlogicError, OSError, UnicodeDecodeError) as e:
        return [Row(name, errors=f"skipped: {_reason(e)}")]
    rows = []
    for n, (pr, where) in enumerate(proofs, 1):
        label = name if len(proofs) == 1 else f"{name}#{n}"
        shown = _puzzle(pr.puzzle)
        try:
            if assignment is not None:
                v = grade_against(assignment, pr, None if budget is None else budget())
                rep = v.report
            else:
                rep = check(pr, budget=None if budget is None else budget())
        except GridlogicError as e:
            why = f"skipped: {_reason(e)}"
            rows.append(Row(label, pr.kind, shown, errors=why, first_error=why))
            continue
        texts = [f"{e.path}{f' ({where[e.path]})' if e.path in where else ''}: "
                 f"{e.rule + ': ' if e.rule else ''}{e.message}" for e in rep.errors]
        row = Row(label, pr.kind, shown, _yes(rep.valid), _yes(rep.complete), rep.goal, _yes(rep.goal_met),
                  str(len(rep.verdicts)), " | ".join(texts), _yes(rep.valid and rep.goal_met))
        if assignment is not None:
            texts = [*texts, *v.problems]
            row = replace(row, puzzle="" if v.puzzle is None else str(v.puzzle + 1), rules_used="; ".join(v.used),
                          disallowed_rules="; ".join(v.disallowed), accepted=_yes(v.accepted),
                          errors=" | ".join(texts), first_error=texts[0] if texts else "")
        rows.append(row)
    return rows


def to_csv(rows: Iterable[Row], header: Sequence[str] = HEADER) -> str:
    """The rows as CSV (the columns of ``header``); a cell a spreadsheet would run as a formula (a
    student's text starting with ``=``, ``+``, ``-``, ``@``) is quoted with a leading ``'``."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(tuple(_cell(str(getattr(r, h))) for h in header) for r in rows)
    return buf.getvalue()


def summary(rows: Sequence[Row], assignment: Assignment | None = None) -> str:
    """Lines closing a grading run: counts, and with an assignment the accepted proofs, the most
    common first errors and the rules that were not allowed."""
    n = len(rows)
    skipped = sum(r.errors.startswith("skipped:") for r in rows)
    lines = [f"{n} proofs: {sum(r.valid == 'yes' for r in rows)} valid, {sum(r.complete == 'yes' for r in rows)} "
             f"complete, {sum(r.goal_met == 'yes' for r in rows)} goal met, {skipped} skipped"]
    if assignment is not None:
        counts = sorted(int(r.transitions) for r in rows if r.transitions)
        median = counts[len(counts) // 2] if counts else 0
        lines.append(f"assignment {assignment.id}: {sum(r.accepted == 'yes' for r in rows)} of {n} accepted; "
                     f"median {median} transitions")
        bad = Counter(x for r in rows for x in r.disallowed_rules.split("; ") if x)
        if bad:
            lines.append("disallowed rules used: " + ", ".join(f"{k} ({v})" for k, v in bad.most_common(5)))
        firsts = Counter(_kind_of_error(r.first_error) for r in rows if r.first_error)
        if firsts:
            lines.append("first errors: " + ", ".join(f"{k} ({v})" for k, v in firsts.most_common(5)))
    return "\n".join(lines)


def _kind_of_error(text: str) -> str:
    """An error without its path and cells, to count alike errors together."""
    parts = text.split(": ")
    return ": ".join(parts[1:3])[:70] if len(parts) > 1 else text[:70]


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
