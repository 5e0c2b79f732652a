"""What the proof layer needs of a kind LEGUP has (:meth:`Kind.legup_part`): its LEGUP rules as
functions over the kind's light board (``puzzles/<kind>/legup.py``), LEGUP's names for the puzzle,
its rules and cell values, and the kind's named techniques as proof rules. The proof layer
(:mod:`gridlogic.proof`) reads only this record: it never asks which kind it has."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gridlogic.core.options import Value

Change = tuple[int, str]
"""One cell (row-major index) set to a value."""


@dataclass(frozen=True)
class LegupRules:
    """A kind as proofs see it. ``direct``/``contradictions``/``cases``: LEGUP's rules by our names
    (a direct rule gives the cells it sets, a contradiction the cells that break it, a case rule its
    branch values); ``justified`` what a direct rule sets on a board; ``satisfiable`` whether a board
    with some changes can still be completed (SAT)."""

    values: tuple[str, ...]
    """Mark values, as proofs write them (``star``, ``black``)."""
    chars: Mapping[str, str]
    """A player's board character -> mark value (``*`` -> ``star``); ``?`` is unknown."""
    direct: Mapping[str, Callable[[Any], frozenset[Change]]]
    contradictions: Mapping[str, Callable[[Any], frozenset[int]]]
    cases: Mapping[str, tuple[str, ...]]
    justified: Callable[[str, Any], frozenset[Change]]
    solved: Callable[[Any], bool]
    satisfiable: Callable[[Any, Iterable[Change]], bool]
    solution: Callable[[Any, Any], Any]
    """A completion of a board (or None), for counterexamples."""
    board_of: Callable[[Any], Any]
    """The starting board of a (configured) puzzle."""
    cols_of: Callable[[Any], int]
    bad_cells: Callable[[str, Any, Mapping[int, str]], list[int]]
    """The changed cells a direct rule does not justify on the parent board."""
    legup_board: Callable[[str, Mapping[str, Value]], Any]
    """A LEGUP XML file as a board, read leniently (LEGUP's checks only), options applied."""
    puzzle_fields: Callable[[Any], dict[str, Any]]
    """What proof mode draws a puzzle with: ``rows``, ``cols`` and the kind's own fields."""
    techniques: Callable[[], tuple[str, ...]]
    """The kind's named techniques usable as proof rules (the solver's rule ids)."""
    technique_bad: Callable[[str, Any, Mapping[int, str]], list[int]]
    """The changed cells the technique does not deduce on the parent board (all, when it does not apply)."""
    found_production: str
    """The technique id a found rule gets when only the SAT check (a supposition refuted) justifies it."""
    wrong_rule: Callable[[frozenset[str]], str]
    """A rule that does not justify a step setting these values (mutation tests of proofs)."""
    legup_name: str
    """LEGUP's name of the puzzle (``<puzzle name="StarBattle">``)."""
    legup_rules: Mapping[str, tuple[str, str]]
    """Our rule names -> LEGUP's (display name, rule id), for the rules a LEGUP file can carry."""
    legup_aliases: Mapping[str, str]
    """Other names LEGUP's sources have given the same rules (lower case, no blanks)."""
    legup_id_only: Mapping[str, str]
    """Rule ids LEGUP resolves differently from :attr:`legup_rules` (a transition without a name)."""
    legup_cells: Mapping[str, str]
    """Mark value -> LEGUP's cell value."""
    legup_unknown: str
    """LEGUP's cell value of an unknown cell."""
    legup_direct: tuple[str, ...]
    """The direct rules LEGUP itself can check in a file (not the ones it removed)."""
    legup_forms: Mapping[str, Callable[[Any], frozenset[Change]]] = field(default_factory=dict)
    """Direct rules LEGUP's own code accepts in a narrower form than ours, in that form."""
    legup_contradiction_forms: Mapping[str, Callable[[Any], frozenset[int]]] = field(default_factory=dict)
    """Contradiction rules LEGUP's own code accepts in a narrower form than ours, in that form."""
    one_cell: frozenset[str] = frozenset()
    """Direct rules LEGUP judges on the board after the whole transition: ``proof make`` writes
    them one cell per transition."""
    row_chars: Callable[[str], str] = lambda row: row.replace(".", "?")
    """A LEGUP board row (``.`` unknown) in the player's board characters."""
