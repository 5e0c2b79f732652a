"""``gridlogic proof make PUZZLE`` and ``gridlogic proof check PROOF`` (attached by the main CLI)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from gridlogic.commandline import KindCommand, given_options
from gridlogic.core.errors import ParseError
from gridlogic.core.files import check_target, write_text
from gridlogic.core.inputs import read_argument
from gridlogic.core.output import jsonl
from gridlogic.kinds import detect, kind, split_records, take_options
from gridlogic.params import Int, Seconds
from gridlogic.proof.assign import Assignment
from gridlogic.proof.checker import Budget, check
from gridlogic.proof.grade import ASSIGNMENT_HEADER, HEADER, Row, grade_file, proof_files, summary, to_csv
from gridlogic.proof.loading import puzzle_text
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.reading import read_proofs, read_proofs_located
from gridlogic.proof.render import render
from gridlogic.proof.translate import NotTranslatable, export_legup

DEFAULT_SECONDS = 60.0
DEFAULT_ORACLE_CALLS = 20000
GRADE_SECONDS = 10.0

__all__ = ["proof", "read_proofs"]


@click.group("proof")
def proof() -> None:
    """LEGUP-style proofs: make one from the human solver, or check one."""


@proof.command("make", cls=KindCommand, kind_commands=("proof",))
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per puzzle (the proof object, with id).")
@click.option("--kind", "kind_name", default=None, help="Puzzle kind (default: detected).")
@click.option("--format", "format_name", default=None, help="Puzzle format (default: detected).")
@click.option("--legup-xml", "legup_xml", default=None, type=click.Path(dir_okay=False),
              help="Also write the proof as a LEGUP XML file (one puzzle only).")
@click.option("--force", is_flag=True, help="Overwrite an existing --legup-xml file (never the puzzle itself).")
@click.option("--legup-only", is_flag=True,
              help="Only LEGUP's own rules (case splits where techniques would be needed); "
                   "the proof declares the rule set legup.")
def make_cmd(puzzle: str, as_json: bool, kind_name: str | None, format_name: str | None,
             legup_xml: str | None, force: bool, legup_only: bool, **given: object) -> None:
    """Build a proof of PUZZLE from the human solver (exit 1 if none is found)."""
    if legup_xml is not None:
        check_target(legup_xml, force=force, inputs=[puzzle])
    text, _ = read_argument(puzzle)
    records = split_records(text, kind(kind_name) if kind_name else None)
    if legup_xml and len(records) > 1:
        raise ParseError("--legup-xml takes one puzzle", f"{len(records)} puzzles given")
    worst = 0
    for rec in records:
        k, fmt = detect(rec.text, kind_name, format_name)
        p = k.configure(fmt.read(rec.text), take_options(k, given_options(given), "proof"))
        try:
            pr = make(k, p, puzzle_text(k, p, rec.text), legup_only=legup_only)
        except NoProof as e:
            click.echo(f"error: {e} (puzzle {rec.id})", err=True)
            if as_json:
                jsonl({"kind": k.name, "id": rec.id, "error": str(e)})
            worst = 1
            continue
        if legup_xml:
            try:
                xml, translated = export_legup(pr)
            except NotTranslatable as e:
                raise NotTranslatable(f"{e}; no LEGUP file written ({legup_xml})") from None
            write_text(legup_xml, xml, force=force, inputs=[puzzle])
            if translated:
                click.echo(f"note: {legup_xml}: {translated} step(s) LEGUP has no rule for were written in LEGUP's "
                           f"rules (case splits closed by contradictions)", err=True)
        if as_json:
            jsonl({"id": rec.id, **pr.to_json()})
        else:
            click.echo(json.dumps(pr.to_json(), indent=1, ensure_ascii=False))
    _exit(worst)


@proof.command("check")
@click.argument("proof_arg", metavar="PROOF")
@click.option("--partial", is_flag=True, help="Only judge transitions and closes, not completeness.")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per proof: valid, errors.")
@click.option("--time-limit", type=Seconds(0.001, 1e6), default=DEFAULT_SECONDS, show_default=True,
              help="Stop (exit 2) after this many seconds per proof.")
@click.option("--oracle-budget", type=Int(1, 10**12), default=DEFAULT_ORACLE_CALLS, show_default=True,
              help="Stop (exit 2) after this much oracle work per proof (production-rule checks: "
                   "SAT calls and propagation rounds).")
def check_cmd(proof_arg: str, partial: bool, as_json: bool, time_limit: float, oracle_budget: int) -> None:
    """Check PROOF (a JSON proof or a LEGUP proof file; a file, - for stdin, or the text itself):
    exit 0 valid, 1 invalid."""
    text, source = read_argument(proof_arg)
    worst = 0
    for n, (pr, where) in enumerate(read_proofs_located(text, source), 1):
        report = check(pr, partial, Budget(time_limit, oracle_budget))  # too deep: CheckStopped, exit 2
        worst = max(worst, 0 if report.valid else 1)
        if as_json:
            res = report.to_json()
            for err in res["errors"]:
                if err["path"] in where:
                    err["where"] = where[err["path"]]  # the transition or node in the LEGUP file
            jsonl({"kind": pr.kind, "id": str(n), **res})
        else:
            click.echo(render(pr, report, where))
    _exit(worst)


@proof.command("grade")
@click.argument("inputs", nargs=-1, required=True, metavar="FILES|FOLDER...")
@click.option("--out", "out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="The CSV file to write (- for standard output).")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
@click.option("--time-limit", type=Seconds(0.001, 1e6), default=GRADE_SECONDS, show_default=True,
              help="Seconds per proof before it is reported as stopped.")
@click.option("--assignment", "assignment_file", default=None, type=click.Path(dir_okay=False),
              help="Grade against this assignment (gridlogic assign make): its rules, goal and transition cap.")
@click.option("--jobs", type=Int(1, 64), default=None,
              help="Processes grading at once (default: up to 2, for 40 files or more).")
def grade_cmd(inputs: tuple[str, ...], out: str, force: bool, time_limit: float, assignment_file: str | None,
              jobs: int | None) -> None:
    """Check every proof file (LEGUP .xml or JSON) in FILES or FOLDERs (recursively): one CSV row per
    proof with file, kind, puzzle, valid, complete, goal, goal met, transitions and errors (with their
    paths). With --assignment: file, the assignment's puzzle, complete, solved, goal met, transitions,
    rules used, disallowed rules, first error, accepted. A file that cannot be read gets a row saying
    why. A summary ends on stderr. Exit 0 once graded."""
    if out != "-":
        check_target(out, force=force, inputs=inputs)
    assignment = None
    if assignment_file is not None:
        text, source = read_argument(assignment_file)
        assignment = Assignment.from_text(text, source)
    files = proof_files(inputs)
    if assignment_file is not None:
        files = [f for f in files if str(f) != assignment_file and f.resolve() != Path(assignment_file).resolve()]
    if not files:
        raise ParseError("no proof files found", ", ".join(inputs))
    workers = jobs if jobs is not None else (min(2, os.cpu_count() or 1) if len(files) >= PARALLEL_FROM else 1)
    rows: list[Row] = []
    console = Console(stderr=True)
    with Progress(TextColumn("grading"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  TextColumn("{task.description}"), console=console, transient=True) as bar:
        task = bar.add_task("", total=len(files))
        for f, got in _graded(files, time_limit, assignment, workers):
            bar.update(task, description=f.name)
            rows.extend(got)
            bar.advance(task)
    text = to_csv(rows, HEADER if assignment is None else ASSIGNMENT_HEADER)
    if out == "-":
        click.echo(text, nl=False)
    else:
        write_text(out, text, force=force, inputs=inputs)
    skipped = sum(r.errors.startswith("skipped:") for r in rows)
    click.echo(f"graded {len(files)} files ({len(rows)} rows): {sum(r.valid == 'yes' for r in rows)} valid, "
               f"{sum(r.goal_met == 'yes' for r in rows)} goal met, {skipped} skipped"
               + ("" if out == "-" else f" -> {out}"), err=True)
    if assignment is not None:
        click.echo(summary(rows, assignment), err=True)


PARALLEL_FROM = 40


def grade_one(path: Path, time_limit: float, assignment: Assignment | None) -> list[Row]:
    """One file's rows (a top-level function: worker processes run it)."""
    return grade_file(path, lambda: Budget(time_limit, DEFAULT_ORACLE_CALLS), assignment)


def _graded(files: list[Path], time_limit: float, assignment: Assignment | None,
            workers: int) -> Iterator[tuple[Path, list[Row]]]:
    """Each file with its rows, in order (``workers`` processes when more than one)."""
    if workers <= 1:
        for f in files:
            yield f, grade_one(f, time_limit, assignment)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunk = max(1, len(files) // (workers * 8))
        yield from zip(files, pool.map(grade_one, files, repeat(time_limit), repeat(assignment), chunksize=chunk),
                       strict=True)


def _exit(code: int) -> None:
    """End the command with ``code`` (0 valid / made, 1 not)."""
    click.get_current_context().exit(code)
