"""The ``gridlogic`` command: thin glue from arguments to the library to text or JSON lines.

No puzzle logic lives here: kinds are looked up in :mod:`gridlogic.kinds`.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from typing import Any

import click

from gridlogic import service
from gridlogic.commandline import Failed, KindCommand, common, given_options, make_ctx, say_error
from gridlogic.core.errors import Contradiction, GridlogicError, ParseError
from gridlogic.core.inputs import read_argument
from gridlogic.core.numbers import parse_size
from gridlogic.core.output import jsonl
from gridlogic.core.registry import AnyKind
from gridlogic.kinds import kind, kinds, take_options
from gridlogic.params import Int, Seconds

OPTIONAL_COMMANDS = {
    "proof": ("gridlogic.proof.cli", "proof"),
    "assign": ("gridlogic.proof.assign_cli", "assign"),
    "starstar": ("gridlogic.games.starstar.cli", "starstar"),
    "serve": ("gridlogic.web.cli", "serve"),
    "batch": ("gridlogic.batch", "batch"),
    "render": ("gridlogic.render", "render"),
}
"""Command groups built in their own packages, imported only when named (the game pulls in numba,
the web app FastAPI: a plain ``solve`` should not pay for them)."""


OPTIONAL_HELP = {
    "proof": "LEGUP-style proofs: make one from the human solver, or check one.",
    "assign": "Assignments: puzzles to prove, the rules allowed, the goal (graded by proof grade --assignment).",
    "starstar": "*Star, Ea Ea's connection game: play, GTP engine, scoring, self-play, benchmarks.",
    "serve": "Serve the web app: play at http://HOST:PORT/play (solve, explain, grade, check, generate too).",
    "batch": "Run COMMAND over every puzzle of INPUTS (for generate: INPUTS are kind names).",
    "render": "Draw PUZZLE (or a *Star SGF game) to an SVG or PNG file.",
}
"""The first paragraph of each optional group's help, so ``gridlogic --help`` lists them without importing
them (a test holds each to its command's own docstring); a group missing here is imported to be listed."""


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *OPTIONAL_COMMANDS})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, with optional groups stood in for by their help line."""
        rows = [(name, self._listed(ctx, name)) for name in self.list_commands(ctx)]
        shown = [(name, cmd) for name, cmd in rows if cmd is not None and not cmd.hidden]
        if shown:
            limit = formatter.width - 6 - max(len(name) for name, _ in shown)
            with formatter.section("Commands"):
                formatter.write_dl([(name, cmd.get_short_help_str(limit)) for name, cmd in shown])

    def _listed(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in OPTIONAL_HELP and name not in self.commands:
            return click.Command(name, help=OPTIONAL_HELP[name])
        return self.get_command(ctx, name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in OPTIONAL_COMMANDS:
            found = _load_optional(*OPTIONAL_COMMANDS[cmd_name])
        return found


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gridlogic")
def cli() -> None:
    """gridlogic: solve, explain, grade, generate and prove logic puzzles; play *Star."""


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@click.option("--method", default=None,
              help="Exact method of the kind (default sat; a wrong one lists the kind's methods).")
@common
def solve(puzzle: str, method: str | None, as_json: bool, kind_name: str | None, format_name: str | None,
          **given: object) -> None:
    """Solve PUZZLE exactly and say whether the solution is unique."""
    ctx = make_ctx("solve", as_json, kind_name, format_name, given)
    for item in ctx.items(puzzle):
        k = item.kind
        out = service.solve(k, item.puzzle, method)
        ctx.fail(service.exit_code("solve", out))
        ctx.emit(item, out, lambda: _solved_text(k, item.puzzle, out))  # noqa: B023 - used at once
    raise Failed(ctx.worst)


def _solved_text(k: AnyKind, puzzle: Any, out: dict[str, Any]) -> str:
    if out["solution"] is None:
        return "no solution"
    verdict = "unique" if out["unique"] else "NOT unique (2+ solutions)"
    return f"{k.render(puzzle, out['solution'])}\n{verdict}, {out['ms']} ms"


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@click.option("--limit", default=2, show_default=True, type=Int(1))
@click.option("--method", default=None)
@common
def count(puzzle: str, limit: int, method: str | None, as_json: bool, kind_name: str | None,
          format_name: str | None, **given: object) -> None:
    """Count PUZZLE's solutions, stopping at --limit."""
    ctx = make_ctx("count", as_json, kind_name, format_name, given)
    for item in ctx.items(puzzle):
        n = service.count(item.kind, item.puzzle, limit, method)["count"]
        said = f"{n}+ solutions (limit {limit})" if n == limit else f"{n} solution{'s' * (n != 1)}"
        ctx.emit(item, {"count": n, "limit": limit}, lambda: said)  # noqa: B023 - used at once
    raise Failed(ctx.worst)


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@click.argument("solution")
@common
def check(puzzle: str, solution: str, as_json: bool, kind_name: str | None, format_name: str | None,
          **given: object) -> None:
    """Check that SOLUTION (a file, or rows joined by '/') solves PUZZLE; name every violation."""
    ctx = make_ctx("check", as_json, kind_name, format_name, given)
    sol_text, _ = read_argument(solution)
    for item in ctx.items(puzzle):
        out = service.check(item.kind, item.puzzle, sol_text)
        ctx.fail(service.exit_code("check", out))
        said = "valid solution" if out["valid"] else "NOT a solution:\n" + "\n".join(
            f"  {v['rule']}: {v['message']} {v['cells']}" for v in out["violations"])
        ctx.emit(item, out, lambda: said)  # noqa: B023 - used at once
    raise Failed(ctx.worst)


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@click.option("--max-level", default=None, help="Highest level (name or number) the solver may use.")
@click.option("--verbose", "-v", is_flag=True, help="Show the board after every step.")
@common
def explain(puzzle: str, max_level: str | None, verbose: bool, as_json: bool,
            kind_name: str | None, format_name: str | None, **given: object) -> None:
    """Solve PUZZLE like a person, step by step, each step with its rule and reason."""
    ctx = make_ctx("explain", as_json, kind_name, format_name, given)
    for item in ctx.items(puzzle):
        k = item.kind
        cap = k.level_number(max_level) if max_level is not None else None
        ex = k.explain(item.puzzle, cap, item.options)
        if ex.status != "solved":
            ctx.fail(1)
        text = "" if ctx.json else k.render_explanation(item.puzzle, ex, verbose)
        ctx.emit(item, ex.to_json(), lambda: text)  # noqa: B023 - used at once
    raise Failed(ctx.worst)


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@click.option("--board", "board_arg", required=True,
              help="The partial board: a file (- for stdin) of rows, ? for undecided cells.")
@click.option("--max-level", default=None, help="Highest level (name or number) the hint may use.")
@common
def hint(puzzle: str, board_arg: str, max_level: str | None, as_json: bool, kind_name: str | None,
         format_name: str | None, **given: object) -> None:
    """The next human step from a partial board of PUZZLE (or: the board is wrong, solved, stuck)."""
    from gridlogic.core.hint import describe, parse_board_text

    if board_arg == "-" and puzzle == "-":
        raise ParseError("PUZZLE and --board cannot both be read from stdin")
    board_text, _ = read_argument(board_arg)
    rows = parse_board_text(board_text)
    ctx = make_ctx("hint", as_json, kind_name, format_name, given)
    items = list(ctx.items(puzzle))
    if len(items) != 1:
        raise ParseError("hint takes one puzzle", f"{len(items)} puzzles given")
    item = items[0]
    k = item.kind
    cap = k.level_number(max_level) if max_level is not None else None
    found = k.hint(item.puzzle, rows, cap)
    out = found.to_json()
    ctx.fail(service.exit_code("hint", out))
    ctx.emit(item, out, lambda: describe(found, k.levels))
    raise Failed(ctx.worst)


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@common
def grade(puzzle: str, as_json: bool, kind_name: str | None, format_name: str | None, **given: object) -> None:
    """Grade PUZZLE: the hardest level a human-style solve needs."""
    ctx = make_ctx("grade", as_json, kind_name, format_name, given)
    for item in ctx.items(puzzle):
        g = item.kind.grade(item.puzzle)
        said = f"{g.name} (level {g.level}, hardest rule {g.hardest_rule})"
        ctx.emit(item, g.to_json(), lambda: said)  # noqa: B023 - used at once
    raise Failed(ctx.worst)


@cli.command(cls=KindCommand)
@click.argument("puzzle")
@click.option("--to", "to", required=True, help="Output format name.")
@common
def convert(puzzle: str, to: str, as_json: bool, kind_name: str | None, format_name: str | None,
            **given: object) -> None:
    """Rewrite PUZZLE in another format."""
    ctx = make_ctx("convert", as_json, kind_name, format_name, given)
    for item in ctx.items(puzzle):
        fmt = item.kind.format(to)
        if fmt.write is None:
            raise GridlogicError(f"format {to!r} can be read but not written")
        out = fmt.write(item.puzzle)
        ctx.emit(item, {"puzzle": out, "format": to}, lambda: out)  # noqa: B023 - used at once
    raise Failed(ctx.worst)


@cli.command(cls=KindCommand)
@click.argument("kind_name", metavar="KIND")
@click.option("--size", default=None, help="Board size, e.g. 10 or 8x12.")
@click.option("--difficulty", default=None, help="Target level (name or number); the puzzle is solved at that "
              "level and stuck one below.")
@click.option("--seed", default=None, type=Int(None), help="Random seed (default: from the clock).")
@click.option("--count", "how_many", default=1, show_default=True, type=Int(1),
              help="How many distinct puzzles (seeds SEED, SEED+1, ...; a repeat is skipped).")
@click.option("--time-limit", default=60.0, show_default=True, type=Seconds(0.1),
              help="Seconds to search for each puzzle before answering 'none found' (exit 1).")
@click.option("--attempts", default=None, type=Int(1),
              help="At most this many candidates per puzzle (the same answer on any machine).")
@click.option("--json", "as_json", is_flag=True)
def generate(kind_name: str, size: str | None, difficulty: str | None, seed: int | None,
             how_many: int, time_limit: float, attempts: int | None, as_json: bool, **given: object) -> None:
    """Generate new puzzles with a unique solution, exactly at --difficulty when given."""
    from gridlogic.core.errors import GenerationFailed
    from gridlogic.core.generation import within
    from gridlogic.core.progress import Progress

    k = kind(kind_name)
    if size is not None:
        parse_size(size, "--size")
    base = seed if seed is not None else int(time.time())
    options: dict[str, Any] = {**take_options(k, given_options(given), "generate"), "time_limit": time_limit,
                               "attempts": attempts}
    seen: set[str] = set()
    s = base
    with Progress(f"generating {k.name}") as progress:
        options["progress"] = progress.update
        while len(seen) < how_many:
            try:
                if s - base >= 2 * how_many + 10:
                    raise GenerationFailed(f"only {len(seen)} distinct puzzles in {s - base} seeds from {base}")
                with within(time_limit if attempts is None else 0, f"{k.name} puzzle"):
                    g = k.generate(size=size, difficulty=difficulty, seed=s, options=options)
            except GenerationFailed as e:
                progress.stop()
                click.echo(f"none found: {e}", err=True)
                raise Failed(1) from None
            fields = service.generated(k, g, s, str(len(seen) + 1))
            s += 1
            if fields["puzzle"] in seen:
                continue
            seen.add(fields["puzzle"])
            progress.pause()
            if as_json:
                jsonl(fields)
            else:
                click.echo(fields["puzzle"])
                said = k.render(g.puzzle) + (f"\ngrade {g.grade.name}" if g.grade else "") \
                    + (f"\nneeds {g.needs}" if g.needs else "")
                click.echo("\n".join(f"# {line}" for line in said.splitlines()))
    raise Failed(0)


def _load_optional(module: str, attr: str) -> click.Command | None:
    """The command group, or None when an optional dependency it needs (an extra) is not installed;
    gridlogic's own import errors propagate (a bug, said as one)."""
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if (e.name or "gridlogic").partition(".")[0] == "gridlogic":
            raise
        return None
    cmd: click.Command = getattr(found, attr)
    return cmd


def main(argv: list[str] | None = None) -> None:
    """Entry point: one ``error:`` line and exit 2 on bad input, never a traceback."""
    code = 0
    try:
        returned = cli.main(args=argv, prog_name="gridlogic", standalone_mode=False)
        if isinstance(returned, int):  # ctx.exit(n) inside a command comes back as a return value
            code = returned
        sys.stdout.flush()  # a full disk or a closed pipe is said here, not in a traceback at exit
    except Failed as f:
        code = f.code
    except click.exceptions.Exit as e:
        code = e.exit_code
    except click.exceptions.Abort:
        click.echo("error: aborted", err=True)
        code = 130
    except click.ClickException as e:
        say_error(e.format_message())
        code = 2
    except GridlogicError as e:
        say_error(str(e))
        code = 2
    except ImportError as e:  # a dependency missing or broken: said, not "not a puzzle", never a traceback
        if os.environ.get("GRIDLOGIC_DEBUG"):
            raise
        say_error(f"cannot import {e.name or 'a module'}: {e} (a dependency of gridlogic is missing or broken; "
                  "reinstall it)")
        code = 2
    except RecursionError:
        if os.environ.get("GRIDLOGIC_DEBUG"):
            raise
        say_error("input nested too deeply to read (beyond Python's recursion limit)")
        code = 2
    except (Contradiction, ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
        if os.environ.get("GRIDLOGIC_DEBUG"):
            raise
        say_error(f"internal error, please report it with the input: {type(e).__name__}: {e}")
        code = 2
    except BrokenPipeError:
        _silence_stdout()
        code = 0
    except MemoryError:
        say_error("out of memory (the input, or what it asks for, is too large for this machine)")
        code = 2
    except OSError as e:  # a full disk, an unwritable or vanished file: named, never a traceback
        _silence_stdout()
        where = f"{e.filename}" if e.filename else "the output"
        say_error(f"cannot use {where}: {e.strerror or type(e).__name__}")
        code = 2
    sys.exit(code)


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


__all__ = ["ParseError", "cli", "kinds", "main"]
