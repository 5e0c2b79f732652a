"""``gridlogic proof make PUZZLE`` and ``gridlogic proof check PROOF`` (attached by the main CLI)."""

from __future__ import annotations

import json
from typing import Any

import click

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.inputs import read_argument, split_records
from gridlogic.core.output import jsonl
from gridlogic.core.registry import Kind, detect, kind
from gridlogic.proof.checker import check
from gridlogic.proof.legup_xml import from_legup_xml, to_legup_xml
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
@click.option("--legup-only", is_flag=True,
              help="Only LEGUP's own rules (case splits where production rules would be needed).")
@click.option("--no-unique-lines", is_flag=True, help="Binary: rows (columns) need not be distinct.")
def make_cmd(puzzle: str, as_json: bool, kind_name: str | None, format_name: str | None,
             legup_xml: str | None, legup_only: bool, no_unique_lines: bool) -> None:
    """Build a proof of PUZZLE from the human solver (exit 1 if none is found)."""
    text, _ = read_argument(puzzle)
    records = split_records(text, kind(kind_name) if kind_name else None)
    if legup_xml and len(records) > 1:
        raise ParseError("--legup-xml takes one puzzle", f"{len(records)} puzzles given")
    worst = 0
    for rec in records:
        k, fmt = detect(rec.text, kind_name, format_name)
        p = fmt.read(rec.text)
        if no_unique_lines:
            p = k.configure(p, {"unique_lines": False})
        try:
            pr = make(k, p, puzzle_text(k, p, rec.text), legup_only=legup_only)
        except NoProof as e:
            click.echo(f"error: {e} (puzzle {rec.id})", err=True)
            if as_json:
                jsonl({"kind": k.name, "id": rec.id, "error": str(e)})
            worst = 1
            continue
        if legup_xml:
            with open(legup_xml, "w", encoding="utf-8") as fh:
                fh.write(to_legup_xml(pr))
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
    """Check PROOF (a JSON proof or a LEGUP proof file; a file, - for stdin, or the text itself):
    exit 0 valid, 1 invalid."""
    text, _ = read_argument(proof_arg)
    worst = 0
    for n, pr in enumerate(read_proofs(text), 1):
        report = check(pr, partial)
        worst = max(worst, 0 if report.valid else 1)
        if as_json:
            jsonl({"kind": pr.kind, "id": str(n), **report.to_json()})
        else:
            click.echo(render(pr, report))
    _exit(worst)


def _exit(code: int) -> None:
    """End the command with ``code`` (0 valid / made, 1 not)."""
    click.get_current_context().exit(code)


def read_proofs(text: str) -> list[Proof]:
    """One JSON proof object, several as JSON lines, or a LEGUP proof file (XML)."""
    body = text.strip()
    if not body:
        raise ParseError("empty input", "PROOF")
    if body.startswith("<"):
        return [from_legup_xml(body)]
    try:
        return [Proof.from_json(json.loads(body))]
    except json.JSONDecodeError:
        pass
    return [Proof.from_text(line) for line in body.splitlines() if line.strip()]
