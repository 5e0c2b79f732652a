"""Reading proof files: a JSON proof, several as JSON lines, or a LEGUP proof file (XML)."""

from __future__ import annotations

import json

from gridlogic.core.errors import ParseError
from gridlogic.proof.legup_xml import from_legup_xml
from gridlogic.proof.model import Proof


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
