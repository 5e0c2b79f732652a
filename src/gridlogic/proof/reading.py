"""Reading proof files: a JSON proof, several as JSON lines, or a LEGUP proof file (XML)."""

from __future__ import annotations

import json

from gridlogic.core.errors import ParseError
from gridlogic.proof.legup_xml import read_legup_xml
from gridlogic.proof.model import Proof


def read_proofs(text: str) -> list[Proof]:
    """One JSON proof object, several as JSON lines, or a LEGUP proof file (XML)."""
    return [p for p, _ in read_proofs_located(text)]


def read_proofs_located(text: str) -> list[tuple[Proof, dict[str, str]]]:
    """:func:`read_proofs`, each proof with where its paths are in a LEGUP file (``{}`` for JSON)."""
    try:
        return _read(text)
    except RecursionError:
        raise ParseError("the proof tree is nested too deeply", "PROOF") from None


def _read(text: str) -> list[tuple[Proof, dict[str, str]]]:
    body = text.strip()
    if not body:
        raise ParseError("empty input", "PROOF")
    if body.startswith("<"):
        return [read_legup_xml(body)]
    try:
        return [(Proof.from_json(json.loads(body)), {})]
    except json.JSONDecodeError:
        pass
    return [(Proof.from_text(line), {}) for line in body.splitlines() if line.strip()]
