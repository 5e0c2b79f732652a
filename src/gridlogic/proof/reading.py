"""Reading proof files: a JSON proof, several as JSON lines, or a LEGUP proof file (XML)."""

from __future__ import annotations

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.numbers import NotJSONError, load_json
from gridlogic.proof.legup_xml import read_legup_xml
from gridlogic.proof.model import Proof


def read_proofs(text: str, source: str = "PROOF") -> list[Proof]:
    """One JSON proof object, several as JSON lines, or a LEGUP proof file (XML)."""
    return [p for p, _ in read_proofs_located(text, source)]


def read_proofs_located(text: str, source: str = "PROOF") -> list[tuple[Proof, dict[str, str]]]:
    """:func:`read_proofs`, each proof with where its paths are in a LEGUP file (``{}`` for JSON)."""
    try:
        return _read_proofs(text, source)
    except RecursionError:
        raise ParseError("proof nested too deeply to read", source) from None


def _read_proofs(text: str, source: str) -> list[tuple[Proof, dict[str, str]]]:
    body = text.strip()
    if not body:
        raise ParseError("empty input", source)
    if body.startswith("<"):
        return [read_legup_xml(body)]
    try:
        return [(Proof.from_json(load_json(body, source)), {})]
    except NotJSONError:
        pass
    proofs: list[tuple[Proof, dict[str, str]]] = []
    for n, line in enumerate(body.splitlines(), 1):
        if line.strip():
            try:
                proofs.append((Proof.from_text(line), {}))
            except GridlogicError as e:
                raise ParseError(str(e), f"{source}, line {n}") from None
    return proofs
