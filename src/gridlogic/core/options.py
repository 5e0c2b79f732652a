"""A kind's options schema: each option a kind takes (``--stars``, ``--no-unique-lines``, ...), with
its type, bounds, default and the commands it applies to. Interfaces (CLI flags, web forms, the
client descriptor) validate against it: an option a kind does not take is bad input naming it.

A value equal to an option's default is the same as leaving the option out (a web form that always
sends Binary's ``unique_lines: true`` may send it with a Star Battle puzzle too)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gridlogic.core.errors import ParseError

Value = int | bool | str | None
"""The value of one option (what a CLI flag or a JSON field carries)."""


@dataclass(frozen=True)
class Option:
    """One option of a kind. ``name`` is the JSON/form field (``unique_lines``); ``flag`` the CLI
    spelling (``--no-unique-lines``: a boolean flag that sets the opposite of the default);
    ``commands`` the commands that take it (``generate``, ``explain``...; empty: every command)."""

    name: str
    kind: type[int] | type[bool] | type[str]
    help: str
    default: Value = None
    flag: str = ""
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    commands: frozenset[str] = field(default_factory=frozenset)

    @property
    def spelled(self) -> str:
        """The CLI flag (``--stars``; a boolean option's flag sets the value opposite its default)."""
        return self.flag or f"--{self.name.replace('_', '-')}"

    def takes(self, command: str) -> bool:
        return not self.commands or command in self.commands

    def value(self, raw: object, where: str) -> Value:
        """``raw`` checked against the option's type, bounds and choices (:class:`ParseError` naming it)."""
        if self.kind is bool:
            if not isinstance(raw, bool):
                raise ParseError(f"{self.name} must be true or false", where)
            return raw
        if self.kind is int:
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise ParseError(f"{self.name} must be a whole number", where)
            if (self.lo is not None and raw < self.lo) or (self.hi is not None and raw > self.hi):
                raise ParseError(f"{self.name} must be in {self.lo}..{self.hi}, not {raw}", where)
            return raw
        if not isinstance(raw, str):
            raise ParseError(f"{self.name} must be a string", where)
        if self.choices and raw not in self.choices:
            raise ParseError(f"{self.name} must be one of {', '.join(self.choices)}", where)
        return raw

    def to_json(self) -> dict[str, Value | list[str]]:
        return {"name": self.name, "type": self.kind.__name__, "help": self.help, "default": self.default,
                "flag": self.spelled, "min": self.lo, "max": self.hi,
                "choices": list(self.choices), "commands": sorted(self.commands)}


def flag_name(o: Option) -> str:
    """How the command line spells an option (error messages of the CLI)."""
    return o.spelled


def field_name(o: Option) -> str:
    """How JSON and web forms spell an option (error messages of the web app)."""
    return o.name


def take(kind_name: str, schema: Sequence[Option], given: Mapping[str, object], command: str,
         every: Iterable[Option] = (), spell: Callable[[Option], str] = flag_name) -> dict[str, Value]:
    """The options of ``given`` (name -> value, None: not given) that ``kind_name`` takes for
    ``command``, each checked. ``every`` is every kind's schema (to name an option of another kind
    by its spelling); a value equal to its default is dropped; any other is bad input naming it."""
    mine = {o.name: o for o in schema if o.takes(command)}
    known = {o.name: o for o in [*every, *schema]}
    out: dict[str, Value] = {}
    for name, raw in given.items():
        if raw is None:
            continue
        o = mine.get(name)
        if o is None:
            other = known.get(name)
            if other is not None and raw == other.default:
                continue
            said = spell(other) if other is not None else repr(name)
            takes = ", ".join(spell(x) for x in mine.values()) or "none"
            raise ParseError(f"{kind_name} {command} does not take the option {said}",
                             f"{kind_name} {command} options: {takes}")
        value = o.value(raw, spell(o))
        if value != o.default:
            out[name] = value
    return out


def union(schemas: Iterable[Sequence[Option]], command: str) -> list[Option]:
    """Every option some kind takes for ``command``, once by name (the first kind's spelling)."""
    seen: dict[str, Option] = {}
    for schema in schemas:
        for o in schema:
            if o.takes(command):
                seen.setdefault(o.name, o)
    return list(seen.values())
