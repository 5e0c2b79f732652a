"""Help in proof mode: why a step is wrong (a counterexample board), and what to do next in the
branch shown (Suggest), both honouring the proof's declared rule set.

- :func:`counterexamples`: for every step the checker rejects as not made by its rule, a solution
  of the puzzle that agrees with the parent board and in which one of the step's cells is
  different: the board that shows the step is not implied (none when the parent has no solution
  at all: that branch is one to refute).
- :func:`suggest`: on a board that still has a solution, the human solver's next step in the
  declared rule set (a technique only under ``gridlogic``; under ``legup`` LEGUP direct steps, or a
  case split where LEGUP's rules need one); on a board without solution (a branch meant to be
  refuted) the LEGUP steps that lead to a contradiction rule, and that rule: never the solution.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gridlogic.core.errors import GridlogicError
from gridlogic.core.grid import cell_name
from gridlogic.core.options import Value
from gridlogic.proof.kinds import ProofKind, kind_for
from gridlogic.proof.loading import load
from gridlogic.proof.model import Node, Proof

COUNTEREXAMPLE_FROM = ("not forced by", "not made by")
"""Messages of steps whose cells are not implied as claimed."""


def boards_before(proof: Proof) -> dict[str, Any]:
    """The board before every step (by its path) of a proof."""
    pk = kind_for(proof.kind, proof.rules)
    board = pk.board(proof.puzzle, proof.options)
    board = board.with_changes(_changes(pk, board, proof.start, allow_known=True).items())
    out: dict[str, Any] = {}

    def walk(node: Node, board: Any, path: str) -> None:
        for k, step in enumerate(node.steps):
            out[f"{path}.steps[{k}]"] = board
            board = board.with_changes(_changes(pk, board, step.set).items())
        if node.split is not None:
            i = pk.index(board, *node.split.cell)
            order = pk.cases.get(node.split.rule, ())
            for k, b in enumerate(node.split.branches):
                value = b.value or (order[k] if k < len(order) else None)
                if i is not None and value in pk.values and board.cells[i] is None:
                    walk(b, board.with_changes([(i, value)]), f"{path}.split.branches[{k}]")
    walk(proof.root, board, "root")
    return out


def _changes(pk: ProofKind, board: Any, marks: Any, allow_known: bool = False) -> dict[int, str]:
    out: dict[int, str] = {}
    for r, c, v in marks:
        i = pk.index(board, r, c)
        if i is not None and v in pk.values and (board.cells[i] is None or allow_known):
            out[i] = v
    return out


def counterexamples(proof: Proof, errors: list[dict[str, Any]], limit: int = 12) -> dict[str, dict[str, Any]]:
    """For each rejected step (``errors`` from the checker) whose cells are not implied: a solution
    agreeing with its parent board in which one of its cells differs (rows of the board)."""
    wanted = [e["path"] for e in errors if any(m in e["message"] for m in COUNTEREXAMPLE_FROM)][:limit]
    if not wanted:
        return {}
    pk = kind_for(proof.kind, proof.rules)
    solve = pk.rules.solution
    parents = boards_before(proof)
    out: dict[str, dict[str, Any]] = {}
    for path in wanted:
        parent = parents.get(path)
        step = _step_at(proof.root, path)
        if parent is None or step is None:
            continue
        if solve(parent, ()) is None:
            out[path] = {"board": None, "message": "the board before this step has no solution at all: "
                         "this branch is one to refute (close it with a contradiction rule)"}
            continue
        for i, v in _changes(pk, parent, step.set).items():
            other = solve(parent, [(i, pk.opposite(v))])
            if other is not None:
                where = cell_name(pk.cell(parent, i))
                out[path] = {"board": other.rows(), "cell": list(pk.cell(parent, i)), "value": other.cells[i],
                             "message": f"a solution agreeing with the board before this step has {where}="
                                        f"{other.cells[i]}, not {v}: the step is not implied"}
                break
    return out


def _step_at(root: Node, path: str) -> Any:
    node = root
    parts = path.split(".")[1:]
    for k, part in enumerate(parts):
        if part == "split" and node.split is not None:
            continue
        if part.startswith("branches[") and node.split is not None:
            node = node.split.branches[int(part[9:-1])]
        elif part.startswith("steps[") and k == len(parts) - 1:
            idx = int(part[6:-1])
            return node.steps[idx] if idx < len(node.steps) else None
        else:
            return None
    return None


def suggest(kind_name: str, puzzle_text: str, board_marks: Any, rules: str | None, options: Mapping[str, Value],
            allowed: list[str] | None = None) -> dict[str, Any]:
    """What to do next on the board (``board_marks``: its decided cells as a proof's ``start``)."""
    from gridlogic.proof.make import Item, NoProof, refute, refute_deep, translate_marks, valid_step
    from gridlogic.proof.model import ProofStep

    pk = kind_for(kind_name, rules)
    board = pk.board(puzzle_text, options)
    board = board.with_changes(_changes(pk, board, board_marks, allow_known=True).items())
    broken = pk.any_contradiction(board)
    if broken is not None:
        return {"kind": "close", "rule": broken, "message": f"{broken} holds on this board: close the branch with it."}
    if pk.rules.solution(board, ()) is None:  # a branch to refute: towards a contradiction
        found = refute(pk, board)
        if found is not None:
            steps, rule = found
            if not steps:
                return {"kind": "close", "rule": rule, "message": f"{rule} holds: close the branch."}
            s = steps[0]
            return {"kind": "step", "rule": s.rule, "set": [list(m) for m in s.set],
                    "message": f"This branch has no solution: {len(steps)} {_plural(len(steps), 'step')} of "
                               f"LEGUP's rules lead to {rule}; the first is {s.rule}."}
        deep = refute_deep(pk, board, 3)
        if deep is not None and deep.steps:
            s = deep.steps[0]
            return {"kind": "step", "rule": s.rule, "set": [list(m) for m in s.set],
                    "message": f"This branch has no solution; {s.rule} is the first step towards refuting it."}
        if deep is not None and deep.split is not None:
            cell = deep.split.cell
            return {"kind": "split", "rule": deep.split.rule, "cell": list(cell),
                    "message": f"This branch has no solution; split on {cell_name(cell)} with {deep.split.rule}: "
                               "each case closes by a contradiction."}
        return {"kind": "none", "message": "This branch has no solution, but no short refutation by LEGUP's rules "
                                           "was found: try a case split."}
    k, puzzle, _ = _load(kind_name, puzzle_text, options)
    try:
        hint = k.hint(puzzle, [pk.rules.row_chars(r) for r in board.rows()])
    except GridlogicError as e:
        return {"kind": "none", "message": str(e)}
    if hint.status != "step" or hint.step is None:
        return {"kind": "none", "message": hint.message}
    todo = {i: m.value for m in hint.step.marks
            if (i := pk.index(board, *m.cell)) is not None and board.cells[i] is None}
    step = ProofStep(hint.step.rule, tuple((*pk.cell(board, i), v) for i, v in sorted(todo.items())))
    ok_rules = set(allowed) if allowed else None
    if todo and valid_step(pk, board, step) and (ok_rules is None or step.rule in ok_rules):
        return {"kind": "step", "rule": step.rule, "set": [list(m) for m in step.set], "message": hint.message}
    items: list[Item] = []
    try:
        translate_marks(kind_for(kind_name, "legup"), board, todo, items, hint.step.rule)
    except NoProof:
        return {"kind": "none", "message": "no step in this rule set was found"}
    first = items[0] if items else None
    if first is not None and first.step is not None:
        s = first.step
        return {"kind": "step", "rule": s.rule, "set": [list(m) for m in s.set],
                "message": f"{s.rule} sets {len(s.set)} {_plural(len(s.set), 'cell')}."}
    if first is not None and first.cell is not None:
        return {"kind": "split", "rule": next(iter(pk.cases)), "cell": list(first.cell),
                "message": f"Split on {cell_name(first.cell)}: one case closes by LEGUP's rules "
                           f"and a contradiction."}
    return {"kind": "none", "message": "nothing to suggest"}


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def _load(kind_name: str, text: str, options: Mapping[str, Value]) -> Any:
    return load(text, kind_name, options=options)
