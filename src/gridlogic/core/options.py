"""A kind's options schema: each option a kind takes (``--stars``, ``--no-unique-lines``, ...), with
its type, bounds, default and the commands it applies to. Interfaces (CLI flags, web forms, the
client descriptor) validate against it: an option a kind does not take is bad input naming it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Value = int | bool | str | None


@dataclass(frozen=True)
class Option:
    """One option of a kind. ``name`` is the JSON/form field (``unique_lines``); ``flag`` the CLI
    spelling (``--no-unique-lines``); ``commands`` the commands that take it (``generate``,
    ``explain``, ``solve``...; empty: every command that reads a puzzle)."""

    name: str
    kind: type[int] | type[bool] | type[str]
    help: str
    default: Value = None
    flag: str = ""
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    commands: frozenset[str] = field(default_factory=frozenset)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.kind.__name__, "help": self.help, "default": self.default,
                "flag": self.flag or f"--{self.name.replace('_', '-')}", "min": self.lo, "max": self.hi,
                "choices": list(self.choices), "commands": sorted(self.commands)}
