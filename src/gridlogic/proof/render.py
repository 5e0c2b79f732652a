"""Text rendering of a proof tree: one line per transition, marked ✓ (valid) or ✗ (invalid)."""

from __future__ import annotations

from collections.abc import Mapping

from gridlogic.core.grid import cell_name
from gridlogic.proof.checker import Report
from gridlogic.proof.model import Node, Proof

OK, BAD, UNJUDGED = "✓", "✗", "·"
MAX_CELLS_SHOWN = 8


def render(proof: Proof, report: Report, where: Mapping[str, str] | None = None) -> str:
    """The tree with a mark per transition, the verdict, the goal, then every error with its path
    (and, for a LEGUP file, ``where``: the transition or node it is in the file)."""
    at = where or {}
    shown = "(the board of a LEGUP file)" if proof.puzzle.lstrip().startswith("<") else proof.puzzle[:60]
    lines = [f"proof of {proof.kind} {shown}"]
    if proof.start:
        lines.append(f"  start: {_marks(proof.start)}")
    _node(proof.root, "root", 1, report, lines)
    errors = {e.path for e in report.errors}
    verdict = "valid" if report.valid else f"INVALID ({len(report.errors)} error{'s' * (len(report.errors) != 1)})"
    solved = sum(report.solved_leaves.values())
    lines.append(f"{verdict}: {len(report.verdicts)} transitions, {solved} solved "
                 f"and {report.leaves - solved} open leaves, {report.closed} closed branches")
    lines.append(f"goal {report.goal}: " + ("goal met" if report.goal_met else f"not met: {report.goal_missing}"))
    lines.extend(f"  {e.path}{f' ({at[e.path]})' if e.path in at else ''}: {e.rule + ': ' if e.rule else ''}"
                 f"{e.message}" for e in report.errors if e.path in errors)
    return "\n".join(lines)


def _mark(report: Report, path: str) -> str:
    ok = report.verdicts.get(path)
    return UNJUDGED if ok is None else OK if ok else BAD


def _marks(marks: tuple[tuple[int, int, str], ...]) -> str:
    shown = ", ".join(f"{cell_name((r, c))}={v}" for r, c, v in marks[:MAX_CELLS_SHOWN])
    return shown + (f", … ({len(marks)} cells)" if len(marks) > MAX_CELLS_SHOWN else "")


def _node(node: Node, path: str, depth: int, report: Report, lines: list[str]) -> None:
    pad = "  " * depth
    for k, step in enumerate(node.steps):
        p = f"{path}.steps[{k}]"
        lines.append(f"{pad}{_mark(report, p)} {step.rule}: {_marks(step.set)}")
    if node.close is not None:
        lines.append(f"{pad}{_mark(report, path + '.close')} close: {node.close}")
    elif node.split is not None:
        sp = node.split
        p = f"{path}.split"
        lines.append(f"{pad}{_mark(report, p)} split {sp.rule} on {cell_name(sp.cell)}")
        for k, b in enumerate(sp.branches):
            bp = f"{p}.branches[{k}]"
            label = f" = {b.value}" if b.value else ""
            lines.append(f"{pad}  branch {k + 1}{label}" + (f" {BAD}" if report.verdicts.get(bp) is False else ""))
            _node(b, bp, depth + 2, report, lines)
    elif report.solved_leaves.get(path):
        lines.append(f"{pad}{OK} solved")
    elif any(e.path == path for e in report.errors):
        lines.append(f"{pad}{BAD} not solved")
    else:
        lines.append(f"{pad}{UNJUDGED} open")
