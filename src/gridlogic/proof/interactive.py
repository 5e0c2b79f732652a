"""Proof mode, one transition at a time (the web app's LEGUP in the browser).

A player's board arrives as row strings (Star Battle ``*``/``.``/``?``, Binary ``0``/``1``/``?``).
Every verdict comes from :mod:`gridlogic.proof.checker`: a transition is judged by checking a
one-step proof whose ``start`` is the board before it, so the page and ``proof check`` never
disagree. Finding a rule tries the LEGUP direct rules, then the human solver's own next step, then
the production-rule check (SAT) under the kind's generic production id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from gridlogic.core.errors import GridlogicError, ParseError
from gridlogic.core.grid import cell_name
from gridlogic.core.options import Value
from gridlogic.core.registry import AnyKind
from gridlogic.proof.checker import check
from gridlogic.proof.kinds import kind_for, proof_kind
from gridlogic.proof.legup_xml import from_legup_xml
from gridlogic.proof.loading import load
from gridlogic.proof.model import Mark, Node, Proof, ProofStep

HELP = {
    "SurroundStar": "The unknown cells around a star are empty.",
    "FinishWithEmpty": "A row, column or region with all its stars: the rest is empty.",
    "FinishWithStars": "A row, column or region with exactly as many open cells as missing stars: all stars.",
    "FinishSurroundWithEmpty": "A star here would leave some row, column or region too few cells: empty.",
    "ColumnsWithinRegions": "Regions inside as many columns: those columns' other cells are empty.",
    "ColumnsWithinRows": "Rows inside as many columns: those columns' other cells are empty.",
    "RowsWithinRegions": "Regions inside as many rows: those rows' other cells are empty.",
    "RegionsWithinColumns": "Columns inside as many regions: those regions' other cells are empty.",
    "RegionsWithinRows": "Rows inside as many regions: those regions' other cells are empty.",
    "RowsWithinColumns": "Columns inside as many rows: those rows' other cells are empty.",
    "StarOrEmpty": "Case split: the cell is a star in one branch, empty in the other.",
    "TooManyStars": "A row, column or region has more stars than the puzzle number.",
    "TooFewStars": "A row, column or region cannot reach the puzzle number.",
    "ClashingOrbit": "Two stars touch.",
    "PreventTrio": "Two equal digits side by side, or with a gap: the neighbours / the gap take the other.",
    "CompleteRowColumn": "A line with all its 0s (or 1s): the rest take the other digit.",
    "SaveBlocker": "A digit needed to block a future trio elsewhere: the other cells take the opposite.",
    "UniqueRowColumn": "A line that would repeat a finished line: the differing cell takes the other digit.",
    "ZeroOrOne": "Case split: the cell is 0 in one branch, 1 in the other.",
    "Trio": "Three equal digits in a row.",
    "UnbalancedRowColumn": "A line with more of one digit than half its length.",
    "RepeatedRowColumn": "Two finished rows (or columns) are equal.",
    "WastedBlocker": "A line cannot block every future trio with the digits it has left.",
}


def palette(kind_name: str, rules: str | None = None, allowed: Sequence[str] | None = None) -> dict[str, Any]:
    """The rules a player may name in proof mode, with LEGUP's names and a line of help each:
    those of the declared rule set (``legup``: no techniques), and of ``allowed`` (an assignment's
    list) only, when given."""
    pk = kind_for(kind_name, rules)
    legup = pk.rules.legup_rules

    def keep(rule: str) -> bool:
        return not allowed or rule in allowed

    def entry(rule: str) -> dict[str, Any]:
        name, rule_id = legup.get(rule, (rule, None))
        return {"id": rule, "name": name, "legup_id": rule_id, "help": HELP.get(rule, "")}

    production = [] if pk.rule_set == "legup" else list(pk.rules.techniques())
    cycle = ["?", *pk.rules.chars]
    return {"kind": kind_name, "values": list(pk.values), "cycle": cycle, "rules": pk.rule_set,
            "direct": [entry(r) for r in pk.direct if keep(r)],
            "case": [{**entry(r), "values": list(v)} for r, v in pk.cases.items() if keep(r)],
            "contradiction": [entry(r) for r in pk.contradictions if keep(r)],
            "production": [r for r in production if keep(r)]}


def start(text: str, kind_name: str | None = None, format_name: str | None = None,
          options: Mapping[str, object] | None = None) -> dict[str, Any]:
    """What the page needs to draw a puzzle in proof mode: size, regions or givens, the board."""
    k, puzzle, line = load(text, kind_name, format_name, options)
    pk = proof_kind(k.name)  # UnsupportedError naming the proof kinds, for a kind LEGUP lacks
    board = pk.board(line)
    out: dict[str, Any] = {"kind": k.name, "puzzle": line, "board": rows_of(k.name, board),
                           "palette": palette(k.name), "svg": k.draw(puzzle)}
    return out | pk.rules.puzzle_fields(puzzle)


def rows_of(kind_name: str, board: Any) -> list[str]:
    pk = proof_kind(kind_name)
    cols = pk.cols_of(board)
    value_char = {v: ch for ch, v in pk.rules.chars.items()}
    chars = ["?" if v is None else value_char[v] for v in board.cells]
    return ["".join(chars[r:r + cols]) for r in range(0, len(chars), cols)]


def marks_of(kind_name: str, rows: Sequence[str]) -> tuple[Mark, ...]:
    """The decided cells of a board as proof marks."""
    values = proof_kind(kind_name).rules.chars
    out: list[Mark] = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in values:
                out.append((r, c, values[ch]))
            elif ch != "?":
                raise ParseError(f"{cell_name((r, c))} holds {ch!r}; expected one of {''.join(values)}?",
                                 f"board row {r + 1}")
    return tuple(out)


def judge(kind_name: str, puzzle: str, board: Sequence[str], node: Node,
          options: Mapping[str, Value] | None = None, rules: str | None = None) -> dict[str, Any]:
    """The checker's verdict on ``node`` (one step, a split or a close) played on ``board``
    (``options``: the kind's options, none for the puzzle's own setting; ``rules``: the proof's
    declared rule set)."""
    proof = Proof(kind_name, puzzle, node, marks_of(kind_name, board), options=dict(options or {}), rules=rules)
    report = check(proof, partial=True)
    if not report.verdicts:
        raise ParseError("nothing to judge: give a rule with cells, a split or a close", "transition")
    errors = [e for e in report.errors if not e.path.startswith("start")]
    if len(errors) < len(report.errors):
        bad = next(e for e in report.errors if e.path.startswith("start"))
        raise ParseError(f"the board before the transition is not a board of this puzzle: {bad.message}", "board")
    first = next(iter(report.verdicts))
    ok = report.verdicts[first]
    return {"ok": ok, "message": "; ".join(e.message for e in errors) if errors else "✓ valid",
            "errors": [e.to_json() for e in errors]}


def transition(text: str, kind_name: str | None, board: Sequence[str], marks: Sequence[Mark],
               rule: str | None, options: Mapping[str, object] | None = None,
               rules: str | None = None) -> dict[str, Any]:
    """Judge ``marks`` set on ``board`` under ``rule``; with no rule, find one that justifies them.
    ``options``: the kind's (e.g. Binary ``unique_lines: false``)."""
    k, puzzle, line = load(text, kind_name, options=options)
    distinct = k.puzzle_options(puzzle)
    board = k.board_rows(puzzle, board)  # its shape and alphabet, or a ParseError saying where
    if not marks:
        raise ParseError("a transition must set at least one cell", "set")
    if rule:
        return {"rule": rule, **judge(k.name, line, board, Node((ProofStep(rule, tuple(marks)),)), distinct, rules)}
    pk = kind_for(k.name, rules)
    tried: list[str] = []
    candidates = _candidates(k, puzzle, board, marks, list(pk.direct))
    if pk.rule_set != "legup":
        candidates.append(pk.rules.found_production)
    verdict: dict[str, Any] = {"errors": [], "message": "no rule in this rule set"}
    for candidate in candidates:
        verdict = judge(k.name, line, board, Node((ProofStep(candidate, tuple(marks)),)), distinct, rules)
        if verdict["ok"]:
            return {"rule": candidate, **verdict}
        tried.append(candidate)
    return {"rule": None, "ok": False, "errors": verdict["errors"],
            "message": "no rule justifies this change: " + verdict["message"]}


def _candidates(k: AnyKind, puzzle: Any, board: Sequence[str], marks: Sequence[Mark], direct: list[str]) -> list[str]:
    """The LEGUP direct rules, then the rule of the human solver's next step if it sets these cells."""
    out = list(direct)
    try:
        found = k.hint(puzzle, board)
    except GridlogicError:
        return out
    if found.status == "step" and found.step is not None and found.step.rule not in out:
        theirs = {(m.cell[0], m.cell[1], m.value) for m in found.step.marks}
        if set(marks) <= theirs:
            out.append(found.step.rule)
    return out


def check_proof(obj: Any, partial: bool = False) -> dict[str, Any]:
    """The checker's report on a whole proof, with a verdict per transition path, the open leaves
    (every leaf neither closed nor solved) and, for each step not implied as claimed, a
    counterexample board."""
    from gridlogic.proof.assist import counterexamples
    proof = Proof.from_json(obj)
    report = check(proof, partial)
    out = report.to_json()
    open_leaves = sorted(p for p, solved in report.solved_leaves.items() if not solved)
    return {**out, "verdicts": report.verdicts, "open_leaves": open_leaves,
            "solved_leaves": report.solved_leaves, "counterexamples": counterexamples(proof, out["errors"])}


def suggest(obj: Any, board: Sequence[str], allowed: Sequence[str] | None = None) -> dict[str, Any]:
    """Suggest a step on ``board`` (the rows shown) of the proof ``obj``, in its rule set."""
    from gridlogic.proof.assist import suggest as assist_suggest
    proof = Proof.from_json(obj)
    return assist_suggest(proof.kind, proof.puzzle, marks_of(proof.kind, board), proof.rules, proof.options,
                          list(allowed) if allowed else None)


def legup_xml(obj: Any) -> str:
    """The proof as a LEGUP file: steps LEGUP has no rule for translated into LEGUP's rules, or an
    error listing those that cannot be (never written silently)."""
    from gridlogic.proof.translate import export_legup
    return export_legup(Proof.from_json(obj))[0]


def open_proof(text: str) -> dict[str, Any]:
    """A proof from the text of a saved file: gridlogic's JSON, or a LEGUP XML proof file."""
    body = text.strip()
    if body.startswith("<"):
        return from_legup_xml(body).to_json()
    try:
        return Proof.from_json(json.loads(body)).to_json()
    except json.JSONDecodeError as e:
        raise ParseError(f"not a proof file (JSON or LEGUP XML): {e.msg}", f"line {e.lineno}") from None

