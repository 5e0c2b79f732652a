"""``gridlogic assign make PUZZLE... --rules legup|LIST --goal TYPE --out A.json``: an assignment
file (attached by the main CLI; see :mod:`gridlogic.proof.assign`)."""

from __future__ import annotations

import json

import click

from gridlogic.core.errors import ParseError
from gridlogic.core.files import check_target, write_text
from gridlogic.core.inputs import read_argument
from gridlogic.kinds import detect, kind, split_records
from gridlogic.params import Int
from gridlogic.proof.assign import Assignment, parse_rules
from gridlogic.proof.loading import puzzle_text
from gridlogic.proof.model import GOAL_TYPES, Goal, GoalCell


@click.group("assign")
def assign() -> None:
    """Assignments: puzzles to prove, the rules allowed, the goal (graded by proof grade --assignment)."""


@assign.command("make")
@click.argument("puzzles", nargs=-1, required=True, metavar="PUZZLE...")
@click.option("--rules", "rules", default="legup", show_default=True,
              help="legup (LEGUP's own rules), gridlogic (with techniques), or a comma-separated list of rules.")
@click.option("--goal", "goal_type", default=None, type=click.Choice(GOAL_TYPES, case_sensitive=False),
              help="What the proof must show (LEGUP's goal conditions; default: DEFAULT, solve it).")
@click.option("--goal-cell", "goal_cells", multiple=True, metavar="ROW,COL[,VALUE]",
              help="A goal cell (0-based row, column; value star/black or 0/1). Repeatable.")
@click.option("--assume-solution", is_flag=True, help="The goal may assume a solution exists.")
@click.option("--max-transitions", type=Int(1, 10**9), default=None, help="At most this many transitions.")
@click.option("--kind", "kind_name", default=None, help="Puzzle kind (default: detected).")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="The assignment file to write (- for standard output).")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
def make_cmd(puzzles: tuple[str, ...], rules: str, goal_type: str | None, goal_cells: tuple[str, ...],
             assume_solution: bool, max_transitions: int | None, kind_name: str | None, out: str,
             force: bool) -> None:
    """Write an assignment for PUZZLE... (files, URLs or puzzle text; all of one kind), and print
    the link that opens /proof with it."""
    if out != "-":
        check_target(out, force=force, inputs=puzzles)
    texts: list[str] = []
    kinds: set[str] = set()
    for arg in puzzles:
        text, _ = read_argument(arg)
        for rec in split_records(text, kind(kind_name) if kind_name else None):
            k, fmt = detect(rec.text, kind_name)
            p = fmt.read(rec.text)
            texts.append(puzzle_text(k, p, rec.text))
            kinds.add(k.name)
    if len(kinds) != 1:
        raise ParseError(f"an assignment holds puzzles of one kind, not {', '.join(sorted(kinds))}", "PUZZLE...")
    (name,) = kinds
    goal = None
    if goal_type is not None or goal_cells:
        goal = Goal((goal_type or "DEFAULT").upper(), tuple(_cell(c) for c in goal_cells), assume_solution)
    a = Assignment(name, tuple(texts), parse_rules(name, rules), goal, max_transitions)
    body = json.dumps(a.to_json(), indent=1, ensure_ascii=False) + "\n"
    if out == "-":
        click.echo(body, nl=False)
    else:
        write_text(out, body, force=force, inputs=puzzles)
        click.echo(f"assignment {a.id}: {len(texts)} puzzle(s) -> {out}", err=True)
    click.echo(f"link: {a.link()}", err=True)


def _cell(text: str) -> GoalCell:
    parts = [p.strip() for p in text.split(",")]
    try:
        r, c = int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        raise ParseError(f"expected ROW,COL[,VALUE], got {text!r}", "--goal-cell") from None
    if len(parts) > 3:
        raise ParseError(f"expected ROW,COL[,VALUE], got {text!r}", "--goal-cell")
    return (r, c, parts[2] if len(parts) == 3 else None)
