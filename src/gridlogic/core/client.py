"""A kind's client descriptor: what the web pages need to know of a kind to play it, so that no page
names a kind. Each kind's folder has a ``client.py`` with one :class:`Client` named ``CLIENT``; the
web app serves it at ``/api/kinds`` (with the kind's generate options) and the pages take every kind
difference from it: how cells are written, what a click and a key do, the keypad, whether proof mode
has the kind, the help line, the proof page's goal and tally."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Value:
    """One value a cell can take: ``name`` is its ``data-value`` in the kind's drawing (and its name in
    steps and proofs), ``char`` its character in a board row, ``symbol`` how a line of text shows it."""

    name: str
    char: str
    symbol: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "char": self.char, "symbol": self.symbol}


@dataclass(frozen=True)
class Tally:
    """A count the proof page shows above the board: cells holding ``value`` out of ``per`` (a field of
    the proof's start answer, e.g. ``stars``) per row. ``text`` is a template (see :attr:`Client.goal`)
    with ``{n}``, ``{total}`` and the start answer's fields."""

    value: str
    per: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"value": self.value, "per": self.per, "text": self.text}


@dataclass(frozen=True)
class Daily:
    """One daily puzzle a kind offers (``/api/daily``, :mod:`gridlogic.web.daily`): its grade (a level
    name of the kind), and the size and generate options it is made at, chosen so that it generates
    well within a web request's time limit."""

    level: str
    size: str
    options: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "size": self.size, "options": dict(self.options)}


@dataclass(frozen=True)
class Auto:
    """The marks a page may add by itself (the play page's help settings, "automatic marks"), recomputed
    from the player's board after each move (``web/static/automarks.js``). ``label``: the switch's words;
    ``default``: on or off before the player chooses.

    ``mode="exclude"``: cells ruled out by a ``cause`` value get the ``mark`` value: with ``around``, the
    eight neighbours of each cause; and every cell of a unit holding ``full`` causes (``full`` names the
    drawing's root data attribute with that count), the units being ``units``: ``row``, ``col`` or the
    name of a cell data attribute (``region``: a cell's ``data-region``).
    ``mode="candidates"``: an empty cell's pencil marks are the digits 1..n that no cell of its ``units``
    holds (a black cell's clue, its ``data-clue``, counts)."""

    label: str
    mode: str
    units: tuple[str, ...]
    cause: str = ""
    mark: str = ""
    around: bool = False
    full: str = ""
    default: bool = True

    def __post_init__(self) -> None:
        if self.mode not in ("exclude", "candidates"):
            raise ValueError(f"automatic marks: no mode {self.mode!r}")
        if self.mode == "exclude" and not (self.cause and self.mark):
            raise ValueError("automatic marks: exclude needs a cause and a mark")

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "mode": self.mode, "units": list(self.units), "cause": self.cause,
                "mark": self.mark, "around": self.around, "full": self.full, "default": self.default}


@dataclass(frozen=True)
class Client:
    """Everything a page needs of a kind. ``cycle``: the value names a click steps through (empty: a
    click only selects the cell); ``keys``: key -> value name; ``keypad``: a digit keypad 1..n (n the
    board's side); ``rules``: the puzzle's rules in a sentence or two; ``help``: how to play it on the page;
    ``pencil``: pencil marks (P switches them on); ``provable``: proof mode has the kind.
    ``goal`` is the proof page's goal, a template: ``{field}`` is a field of the proof's start answer,
    ``{field:text}`` is ``text`` when that field is true. ``example``: one small puzzle of the kind (the
    web workers solve, explain and hint it once before they take work). ``daily``: the daily puzzles
    the kind offers, one per grade (:class:`Daily`). ``auto``: the marks the page
    may add by itself (:class:`Auto`), None where it adds none."""

    title: str
    values: tuple[Value, ...]
    cycle: tuple[str, ...]
    rules: str
    help: str
    keys: Mapping[str, str] = field(default_factory=dict)
    keypad: bool = False
    pencil: bool = False
    provable: bool = False
    goal: str = ""
    tally: Tally | None = None
    example: str = ""
    daily: tuple[Daily, ...] = ()
    auto: Auto | None = None

    def __post_init__(self) -> None:
        names = {v.name for v in self.values}
        unknown = [n for n in (*self.cycle, *self.keys.values()) if n not in names]
        if unknown:
            raise ValueError(f"client of {self.title}: no value {unknown[0]!r}")
        if self.tally is not None and self.tally.value not in names:
            raise ValueError(f"client of {self.title}: tally of no value {self.tally.value!r}")
        if self.auto is not None and self.auto.mode == "exclude" and {self.auto.cause, self.auto.mark} - names:
            raise ValueError(f"client of {self.title}: automatic marks of no value")
        if self.auto is not None and self.auto.mode == "candidates" and not self.pencil:
            raise ValueError(f"client of {self.title}: automatic candidates without pencil marks")

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "values": [v.to_json() for v in self.values], "cycle": list(self.cycle),
                "keys": dict(self.keys), "keypad": self.keypad, "pencil": self.pencil, "provable": self.provable,
                "rules": self.rules, "help": self.help, "goal": self.goal,
                "tally": self.tally.to_json() if self.tally else None,
                "daily": [d.to_json() for d in self.daily],
                "auto": self.auto.to_json() if self.auto else None}
