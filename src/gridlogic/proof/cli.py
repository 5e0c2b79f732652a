"""``gridlogic proof make PUZZLE`` and ``gridlogic proof check PROOF`` (attached by the main CLI)."""

from __future__ import annotations

import json
from typing import Any

import click

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.files import check_target, write_text
from gridlogic.core.inputs import read_argument, split_records
from gridlogic.core.numbers import NotJSONError, load_json
from gridlogic.core.output import jsonl
from gridlogic.core.registry import Kind, detect, kind
from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import to_legup_xml
from gridlogic.proof.make import NoProof, make
from gridlogic.proof.model import Proof
from gridlogic.proof.render import render


@click.group("proof")
def proof() -> None:
    """LEGUP-style proofs: make one from the human solver, or check one."""


@proof.command("make")
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per puzzle (the proof object, with id).")
@click.option("--kind", "kind_name", default=None, help="Puzzle kind (default: detected).")
@click.option("--format", "format_name", default=None, help="Puzzle format (default: detected).")
@click.option("--legup-xml", "legup_xml", default=None, type=click.Path(dir_okay=False),
              help="Also write the proof as a LEGUP XML file (one puzzle only).")
@click.option("--force", is_flag=True, help="Overwrite an existing --legup-xml file (never the puzzle itself).")
def make_cmd(puzzle: str, as_json: bool, kind_name: str | None, format_name: str | None,
             legup_xml: str | None, force: bool) -> None:
    """Build a proof of PUZZLE from the human solver (exit 1 if none is found)."""
    if legup_xml:
        check_target(legup_xml, force=force, inputs=[puzzle])
    text, _ = read_argument(puzzle)
    records = split_records(text, kind(kind_name) if kind_name else None)
    if legup_xml and len(records) > 1:
        raise ParseError("--legup-xml takes one puzzle", f"{len(records)} puzzles given")
    worst = 0
    for rec in records:
        k, fmt = detect(rec.text, kind_name, format_name)
        p = fmt.read(rec.text)
        try:
            pr = make(k, p, puzzle_text(k, p, rec.text))
        except NoProof as e:
            click.echo(f"error: {e} (puzzle {rec.id})", err=True)
            if as_json:
                jsonl({"kind": k.name, "id": rec.id, "error": str(e)})
            worst = 1
            continue
        if legup_xml:
            write_text(legup_xml, to_legup_xml(pr), force=force, inputs=[puzzle])
        if as_json:
            jsonl({"id": rec.id, **pr.to_json()})
        else:
            click.echo(json.dumps(pr.to_json(), indent=1, ensure_ascii=False))
    _exit(worst)


def puzzle_text(k: Kind, puzzle: Any, text: str) -> str:
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


@proof.command("check")
@click.argument("proof_arg", metavar="PROOF")
@click.option("--partial", is_flag=True, help="Only judge transitions and closes, not completeness.")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per proof: valid, errors.")
def check_cmd(proof_arg: str, partial: bool, as_json: bool) -> None:
    """Check PROOF (a file, - for stdin, or the JSON itself): exit 0 valid, 1 invalid."""
    text, source = read_argument(proof_arg)
    worst = 0
    for n, pr in enumerate(read_proofs(text, source), 1):
        try:
            report = check(pr, partial)
        except RecursionError:
            raise ParseError("proof nested too deeply to check (Python's recursion limit)",
                             f"{source}, proof {n}") from None
        worst = max(worst, 0 if report.valid else 1)
        if as_json:
            jsonl({"kind": pr.kind, "id": str(n), **report.to_json()})
        else:
            click.echo(render(pr, report))
    _exit(worst)


def _exit(code: int) -> None:
    """End the command with ``code`` (0 valid / made, 1 not)."""
    click.get_current_context().exit(code)


def read_proofs(text: str, source: str = "PROOF") -> list[Proof]:
    """One JSON proof object, or several as JSON lines."""
    try:
        return _read_proofs(text, source)
    except RecursionError:
        raise ParseError("proof nested too deeply to read (Python's recursion limit: about 300 nested splits)",
                         source) from None


def _read_proofs(text: str, source: str) -> list[Proof]:
    body = text.strip()
    if not body:
        raise ParseError("empty input", source)
    try:
        return [Proof.from_json(load_json(body, source))]
    except NotJSONError:
        pass
    proofs = []
    for n, line in enumerate(body.splitlines(), 1):
        if line.strip():
            try:
                proofs.append(Proof.from_text(line))
            except GridlogicError as e:
                raise ParseError(str(e), f"{source}, line {n}") from None
    return proofs
