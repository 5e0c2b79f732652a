"""What a rule record of a kind's table is called: its id, and where a table has several forms of one
id, ``id@function`` (``R4.5@r4_5``, ``R5.6@r5_6_long``). One definition for the mutation hook
(``tests/conftest.py``), ``benchmarks/mutation.py`` and the tests that take a form from the table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def rule_function(fn: Any, package: str = "gridlogic.puzzles") -> Any:
    """The function a table record stands for: ``fn`` itself or, where ``fn`` is a wrapper made
    inside a function (a rule re-levelled by ``at_level``), the one non-private function of
    ``package`` it closes over (``tier4.r4_5``, or a ``completing`` form's lambda), unwrapped in
    turn. Keys and no-ops name a rule's form by it."""
    while "<locals>" in getattr(fn, "__qualname__", ""):
        inner = []
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            name = getattr(value, "__qualname__", "_")
            if callable(value) and not name.rpartition(".")[2].startswith("_") \
                    and getattr(value, "__module__", "").startswith(package):
                inner.append(value)
        if len(inner) != 1:
            break
        fn = inner[0]
    return fn


def form_name(rule: Any) -> str:
    """The ``__qualname__`` of the function ``rule`` runs (see :func:`rule_function`)."""
    fn = rule_function(getattr(rule, "fn", None))
    return str(getattr(fn, "__qualname__", None) or type(rule).__qualname__)


def keys(table: Iterable[Any]) -> list[str]:
    """One key per rule record of ``table``, in order: its id, or ``id@function`` where several
    records share an id (records with the same key, one form at two levels, count once)."""
    table = list(table)
    count: dict[str, int] = {}
    for r in table:
        count[r.id] = count.get(r.id, 0) + 1
    out: list[str] = []
    for r in table:
        key = r.id if count[r.id] == 1 else f"{r.id}@{form_name(r)}"
        if key not in out:
            out.append(key)
    return out
