"""The plumbing of the ``gridlogic`` commands: the puzzles of a PUZZLE argument, each kind's options
as command-line flags (from the kinds' options schemas, :mod:`gridlogic.core.options`), the one
``error:`` line. The commands themselves are in :mod:`gridlogic.cli`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from gridlogic.core.errors import GridlogicError
from gridlogic.core.inputs import read_argument
from gridlogic.core.options import Option, Value, union
from gridlogic.core.output import jsonl
from gridlogic.core.registry import AnyKind, Record
from gridlogic.kinds import detect, kind, kinds, split_records, take_options
from gridlogic.params import Int


class Failed(Exception):  # noqa: N818 - control flow: the overall exit code
    def __init__(self, code: int) -> None:
        self.code = code


def click_option(o: Option) -> click.Option:
    """One kind option as a flag: a boolean option's flag sets the value opposite its default; no
    flag given is None (the kind's default)."""
    decls = [o.spelled, o.name]
    if o.kind is bool:
        return click.Option(decls, is_flag=True, flag_value=not o.default, default=None, help=o.help)
    if o.kind is int:
        return click.Option(decls, type=Int(o.lo, o.hi), default=None, help=o.help)
    return click.Option(decls, type=click.Choice(o.choices) if o.choices else str, default=None, help=o.help,
                        metavar="T" if not o.choices else None)


class KindCommand(click.Command):
    """A command that also takes every kind's options for it, as flags (each kind says which it
    takes; :meth:`Ctx.items` checks them against the kind of each puzzle). The kinds are imported when
    the command runs or shows its help, never for ``gridlogic --help``."""

    def __init__(self, *args: Any, kind_commands: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind_commands = tuple(kind_commands) or (self.name or "",)
        """The commands whose options this one takes (``batch``: every command it runs)."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        schemas = [k.options for k in kinds().values()]
        extra = {o.name: o for c in self.kind_commands for o in union(schemas, c)}
        return [*params[:-1], *map(click_option, extra.values()), params[-1]]  # --help stays last


def given_options(params: Mapping[str, object]) -> dict[str, object]:
    """The kind options a command was given: its parameters that are some kind's options, set."""
    names = {o.name for k in kinds().values() for o in k.options}
    return {name: v for name, v in params.items() if name in names and v is not None}


@dataclass
class Item:
    """One puzzle of the input, parsed, with the kind's options it was given (checked)."""

    record: Record
    kind: AnyKind
    puzzle: Any
    options: Mapping[str, Value] = field(default_factory=dict)


@dataclass
class Ctx:
    json: bool
    kind: str | None
    format: str | None
    command: str
    options: dict[str, object] = field(default_factory=dict)
    """The kind options given (name -> value), checked against each puzzle's kind."""
    worst: int = 0

    def items(self, arg: str) -> Iterator[Item]:
        """Every puzzle of ``arg``; a bad one is reported (stderr, and a JSON line) and skipped."""
        text, source = read_argument(arg)
        only = kind(self.kind) if self.kind else None
        try:
            records = split_records(text, only)
        except GridlogicError as e:
            raise located(e, source) from None
        many = len(records) > 1
        for rec in records:
            try:
                k, fmt = detect(rec.text, self.kind, self.format, fallback=True)
                taken = take_options(k, self.options, self.command)
                puzzle = k.configure(fmt.read(rec.text), taken)
            except GridlogicError as e:
                if not many:
                    raise located(e, source) from None
                where = f"{source}, puzzle {rec.id}"
                click.echo(f"error: {e} ({where})", err=True)
                if self.json:
                    jsonl({"kind": self.kind or "unknown", "id": rec.id, "error": str(e)})
                self.fail(2)
                continue
            yield Item(rec, k, puzzle, taken)

    def fail(self, code: int) -> None:
        self.worst = max(self.worst, code)

    def emit(self, item: Item, fields: dict[str, Any], text: Callable[[], str]) -> None:
        """One JSON line, or the text (built only when asked for)."""
        if self.json:
            jsonl({"kind": item.kind.name, "id": item.record.id, **fields})
        else:
            click.echo(header(item) + text())


def common(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle, one per line.")(f)
    f = click.option("--kind", "kind_name", default=None, help="Puzzle kind (default: detected).")(f)
    return click.option("--format", "format_name", default=None, help="Input format (default: detected).")(f)


def make_ctx(command: str, as_json: bool, kind_name: str | None, format_name: str | None,
             given: Mapping[str, object]) -> Ctx:
    return Ctx(as_json, kind_name, format_name, command, given_options(given))


def header(item: Item, many_hint: bool = True) -> str:
    return f"# {item.record.id}\n" if many_hint and item.record.id != "1" else ""


def located(e: GridlogicError, source: str) -> GridlogicError:
    """``e`` with the file it came from added to its message (an argument speaks for itself)."""
    if source != "argument":
        e.args = (f"{e} in {source}",)
    return e


def say_error(message: str) -> None:
    """The one ``error:`` line on stderr (a message's own line breaks folded)."""
    click.echo("error: " + " ".join(message.split("\n")).strip(), err=True)
