"""Find, for Star Battle's rule records, the boards of tests/starbattle/rules/table_cases.py: the first
board of a real solve where the record fires, and a board of the same solve where it must not.

    PYTHONPATH=src nice -n 10 python -m benchmarks.sbr_table_cases              # records with no case
    PYTHONPATH=src nice -n 10 python -m benchmarks.sbr_table_cases --all        # every record's case
    PYTHONPATH=src nice -n 10 python -m benchmarks.sbr_table_cases --rule R6.1 --files 9-2-hard

StarBattleLab puzzles with one solution, smallest first (``--files``, the first ``--per-file`` of each),
are solved by the engine with every rule (uniqueness rules included). A record's case is the board
before the first step the engine takes with it; a record the engine never takes on those solves gets
the first board where, run alone (a fresh state, as the test runs it), it marks something (a comment
says so). Every case must agree with the solution. The silent board is the nearest earlier board of
that solve where the record finds nothing, else the nearest later one, else the solved board.
Records in :data:`ENGINE_ONLY` (the trial search fires almost anywhere) are taken only where the
engine reaches them. Prints the cases as Python, for ``CASES``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any

from gridlogic.core.engine import Broken
from gridlogic.core.grid import Cell
from gridlogic.puzzles.starbattle.exact import solutions
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.rules import rules
from gridlogic.puzzles.starbattle.rules.state import State

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus"))
LAB = CORPUS / "starbattle" / "starbattlelab"
FILES = ("5-1-unsorted", "6-1-unsorted", "8-1-ez", "8-1-med", "8-1-hard", "9-1-hard", "9-2-hard", "10-2-hard",
         "11-2-unsorted")
ENGINE_ONLY = {"Trial"}
ALONE = "fires alone; on the solves searched the engine never takes this record's step"
WIDTH = 119


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def fires(rule: Any, puzzle: StarBattle, rows: list[str]) -> Any:
    try:
        step = rule.find(State.from_rows(puzzle, rows))
    except Broken:
        return None
    return step if step is not None and step.marks else None


def solve(puzzle: StarBattle, table: list[Any], want: dict[str, Any], alone: set[str],
          ) -> tuple[list[list[str]], dict[str, tuple[int, Any, bool]]]:
    """The boards of the engine's solve, and for each wanted record the first (board index, step,
    whether it is the engine's step) where the engine takes its step or, for the records in
    ``alone``, where it fires called alone (not for :data:`ENGINE_ONLY`)."""
    st, boards = State.start(puzzle), []
    first: dict[str, tuple[int, Any, bool]] = {}
    while not st.is_solved() and st.contradiction() is None:
        boards.append(st.rows_text())
        rule, step = next(((r, s) for r in table if (s := fires(r, puzzle, boards[-1])) is not None), (None, None))
        for key, wanted in want.items():
            if key in first and first[key][2]:
                continue
            if wanted is rule:
                first[key] = (len(boards) - 1, step, True)
            elif key in alone and key not in first and key not in ENGINE_ONLY:
                got = fires(wanted, puzzle, boards[-1])
                if got is not None:
                    first[key] = (len(boards) - 1, got, False)
        if step is None:
            break
        st.apply_marks(step)
    boards.append(st.rows_text())
    return boards, first


def names(cells: list[Cell] | tuple[Cell, ...]) -> str:
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in sorted(cells))


def value(name: str, text: str) -> list[str]:
    """``name="text"``, split into implicitly joined pieces (at ``/`` or spaces) past :data:`WIDTH`."""
    head, room = f"{name}=" if name else "", WIDTH - 14 - len(name)
    sep = "/" if "/" in text else " "
    parts, cur = [], ""
    for tok in text.split(sep):
        if cur and len(cur) + len(sep) + len(tok) + 1 > room:
            parts.append(cur + sep)
            cur = tok
        else:
            cur = f"{cur}{sep}{tok}" if cur else tok
    parts.append(cur)
    if len(parts) == 1:
        return [f'{head}"{text}"']
    pad = " " * (len(head) + 1)
    return [f'{head}("{parts[0]}"', *(f'{pad}"{p}"' for p in parts[1:-1]), f'{pad}"{parts[-1]}")']


def case_source(key: str, fields: list[list[str]]) -> str:
    """``"key": Case(...),`` from the fields' pieces, packed into lines of :data:`WIDTH`."""
    lines, cur = [f'    "{key}": Case('], " " * 8
    for pieces in fields:
        if len(pieces) > 1:
            if cur.strip():
                lines.append(cur.rstrip())
            lines += [" " * 8 + p for p in pieces[:-1]] + [" " * 8 + pieces[-1] + ","]
            cur = " " * 8
        elif cur.strip() and len(cur) + len(pieces[0]) + 2 > WIDTH:
            lines.append(cur.rstrip())
            cur = " " * 8 + pieces[0] + ", "
        else:
            cur += pieces[0] + ", "
    if cur.strip():
        lines.append(cur.rstrip())
    return "\n".join([*lines, "    ),"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--all", action="store_true", help="every record, not only those without a case")
    ap.add_argument("--rule", action="append", default=[], help="only this key (id or id@function)")
    ap.add_argument("--files", default=",".join(FILES), help="StarBattleLab files, in order")
    ap.add_argument("--per-file", type=int, default=15, help="puzzles per file (default 15)")
    args = ap.parse_args(argv)
    forms = load(ROOT / "tests" / "rule_forms.py")
    have = load(ROOT / "tests" / "starbattle" / "rules" / "table_cases.py").CASES
    table = rules(allow_uniqueness=True)
    by_key = {k: next(r for r in table if r.id == k.partition("@")[0]
                      and (not k.partition("@")[2] or forms.form_name(r) == k.partition("@")[2]))
              for k in forms.keys(table)}
    want = {k: r for k, r in by_key.items()
            if (k in args.rule or k.partition("@")[0] in args.rule) or (not args.rule and (args.all or k not in have))}
    found: dict[str, str] = {}
    picked: set[str] = set()  # keys whose case is the engine's own step
    for file in args.files.split(","):
        lines = (LAB / f"{file}.txt").read_text().splitlines()[: args.per_file]
        for number, line in enumerate(lines, 1):
            todo = {k: r for k, r in want.items() if k not in picked}
            if not todo or not line.strip():
                continue
            puzzle = sbl.read(line.strip())
            sols = list(islice(solutions(puzzle), 2))
            if len(sols) != 1:
                continue
            boards, first = solve(puzzle, table, todo, {k for k in todo if k not in found})
            for key, (i, step, engine) in first.items():
                assert all((m.value == "star") == (m.cell in sols[0]) for m in step.marks), (key, file, number)
                rule = todo[key]
                order = [*range(i - 1, -1, -1), *range(i + 1, len(boards))]
                silent = next((boards[j] for j in order if fires(rule, puzzle, boards[j]) is None), boards[-1])
                stars = names([m.cell for m in step.marks if m.value == "star"])
                empty = names([m.cell for m in step.marks if m.value != "star"])
                fields = [[f'"{file}"'], [str(number)], value("", "/".join(boards[i])),
                          *([value("stars", stars)] if stars else []), *([value("empty", empty)] if empty else []),
                          value("uses", names(step.uses)), value("silent", "/".join(silent))]
                note = "" if engine else f"    # {ALONE}\n"
                found[key] = note + case_source(key, fields)
                if engine:
                    picked.add(key)
    for key in want:
        print(found.get(key, f"    # {key}: no board found"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
