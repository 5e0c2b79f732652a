"""The kind contract. Each puzzle kind declares every part once in its ``kind.py`` (a :class:`Kind`
subclass: formats, exact solver, human solver, generator, drawing, hint, LEGUP rules, client
descriptor, options schema) and has one line in :data:`gridlogic.kinds.REGISTRY`, where the CLI, the
web app and the proof layer look kinds up; so adding a kind touches no interface code."""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from gridlogic.core.client import Client
from gridlogic.core.errors import ParseError, UnsupportedError
from gridlogic.core.grid import Cell
from gridlogic.core.numbers import is_int, parse_int, shown
from gridlogic.core.options import Option, Value
from gridlogic.core.step import Explanation, Grade, Violation

if TYPE_CHECKING:  # types only: reading a puzzle (and ``gridlogic --help``) need neither module
    from gridlogic.core.hint import Hint
    from gridlogic.core.proofrules import LegupRules

Options = Mapping[str, Any]
"""What a generator is given: the kind's options (checked) and the run's settings (``time_limit``,
``attempts``, ``progress`` callback, ``tally``)."""
NO_OPTIONS: Mapping[str, Value] = MappingProxyType({})


@dataclass(frozen=True)
class Format:
    """One text format of a kind. ``sniff`` says whether a text (one record) looks like it;
    ``read`` parses it (raising :class:`ParseError`); ``write`` formats a puzzle (None: read only)."""

    name: str
    sniff: Callable[[str], bool]
    read: Callable[[str], Any]
    write: Callable[[Any], str] | None = None
    description: str = ""


@dataclass
class Record:
    """One puzzle taken from the user's input: its id in the file, its text, and anything else the
    container carried (e.g. a pack's ``solution``)."""

    id: str
    text: str
    extra: dict[str, Any] = field(default_factory=dict)
    line: int | None = None
    """The line of the input it starts on, when the input is a list of lines."""


@dataclass(frozen=True)
class Generated:
    puzzle: Any
    grade: Grade | None
    solution: Any
    needs: str | None = None
    """What the puzzle was made to need, when it was (Star Battle's ``--requires T``: "R6.1 (strict)")."""


P = TypeVar("P")
"""A kind's puzzle type (:class:`~gridlogic.puzzles.binary.model.Binary`...)."""
P_contra = TypeVar("P_contra", contravariant=True)


class CheckPart(Protocol[P_contra]):
    """A kind's ``check`` module: the player's board (rows in the solution alphabet plus ``?``)."""

    def start_rows(self, puzzle: P_contra, /) -> list[str]: ...

    def board_rows(self, puzzle: P_contra, board: Sequence[str], /) -> list[str]: ...

    def board_violations(self, puzzle: P_contra, rows: list[str], /) -> list[Violation]: ...

    def board_solved(self, puzzle: P_contra, rows: list[str], /) -> bool: ...


class DrawPart(Protocol[P_contra]):
    """A kind's ``draw`` module: the board as SVG."""

    def draw(self, puzzle: P_contra, board: Sequence[str] | None = None, /, *,
             highlight: Mapping[str, Iterable[Cell]] | None = None) -> str: ...


class HintPart(Protocol[P]):
    """A kind's ``hint`` module: the next human step from a player's board (:mod:`gridlogic.core.hint`)."""

    def hint(self, k: Kind[P], puzzle: P, rows: Sequence[str], max_level: int | None = None, /) -> Hint: ...


DECLARED = ("name", "formats", "methods", "levels", "options", "mark_chars")
"""The class attributes every kind declares."""


class Kind(ABC, Generic[P]):
    """The typed contract of a puzzle kind. Each kind's ``kind.py`` declares every part: its name,
    formats, exact methods, levels and options schema (class attributes), and implements every
    abstract method; a part a kind truly lacks is declared so (``legup_part`` returns None where
    LEGUP has no such puzzle). Parts heavier than reading a puzzle are imported by the methods that
    use them (kind detection imports every kind)."""

    name: ClassVar[str]
    formats: ClassVar[Sequence[Format]]
    methods: ClassVar[Sequence[str]]
    """Exact solving methods, the default first."""
    levels: ClassVar[Sequence[str]]
    options: ClassVar[Sequence[Option]]
    """The options this kind takes (:mod:`gridlogic.core.options`); anything else is bad input."""
    mark_chars: ClassVar[Mapping[str, str]]
    """A step's mark value -> the board character it sets (``star`` -> ``*``); a value not here (a
    Str8ts candidate removed, ``-d``) leaves its cell as it is."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if not inspect.isabstract(cls):
            missing = [a for a in DECLARED if not hasattr(cls, a)]
            if missing:
                raise TypeError(f"kind {cls.__name__} does not declare {', '.join(missing)}")

    # ----- input
    @abstractmethod
    def container_records(self, text: str) -> list[Record] | None:
        """Records from a whole-file container this kind knows (a JSON pack...), else None."""

    @abstractmethod
    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        """The puzzle text of a TSV row whose puzzle field does not stand alone, else None."""

    @abstractmethod
    def configure(self, puzzle: P, options: Mapping[str, Value]) -> P:
        """The puzzle with the kind's options applied (only those of :attr:`options`, checked by
        :func:`gridlogic.kinds.take_options`; e.g. Binary's ``unique_lines``)."""

    @abstractmethod
    def puzzle_options(self, puzzle: P) -> dict[str, Value]:
        """The kind's options a puzzle holds (Binary ``unique_lines``), for a page to show; {} if none."""

    def format(self, name: str) -> Format:
        for f in self.formats:
            if f.name == name:
                return f
        names = ", ".join(f.name for f in self.formats)
        raise UnsupportedError(f"{self.name} has no format {name!r} (formats: {names})")

    def default_format(self) -> Format:
        return self.formats[0]

    # ----- exact solving
    @abstractmethod
    def solutions(self, puzzle: P, method: str | None = None) -> Iterator[Any]:
        """Every solution (lazily; ``method`` one of :attr:`methods`, None the first)."""

    @abstractmethod
    def solution_rows(self, puzzle: P, solution: Any) -> list[str]:
        """A solution as rows of the solution alphabet."""

    @abstractmethod
    def parse_solution(self, puzzle: P, text: str) -> Any:
        """A claimed solution read from text (:class:`ParseError` saying where)."""

    @abstractmethod
    def check(self, puzzle: P, solution: Any) -> list[Violation]:
        """Every rule ``solution`` breaks."""

    # ----- human solving
    @abstractmethod
    def explain(self, puzzle: P, max_level: int | None = None,
                options: Mapping[str, Value] = NO_OPTIONS) -> Explanation:
        """The human-style solve up to ``max_level`` (``options``: the kind's explain options)."""

    @abstractmethod
    def grade(self, puzzle: P) -> Grade:
        """The hardest level a human-style solve needs."""

    @abstractmethod
    def render_explanation(self, puzzle: P, ex: Explanation, verbose: bool = False) -> str:
        """An explanation as text: numbered steps, the final board, the verdict."""

    def level_number(self, name: str) -> int:
        """A level given by name or number on the command line (a number must name a level)."""
        where = "levels: " + ", ".join(f"{i} {lv}" for i, lv in enumerate(self.levels))
        if is_int(name.strip()):
            return parse_int(name, f"{self.name} level", where, hi=max(len(self.levels) - 1, 0))
        lowered = [lv.lower() for lv in self.levels]
        if name.strip().lower() in lowered:
            return lowered.index(name.strip().lower())
        raise ParseError(f"unknown level {shown(name)} for {self.name}", where)

    # ----- generation
    @abstractmethod
    def generate(self, *, size: str | None, difficulty: str | None, seed: int, options: Options) -> Generated:
        """A new puzzle with a unique solution (``options``: the kind's generate options and the run's
        ``time_limit``, ``attempts``, ``progress``, ``tally``)."""

    # ----- rendering
    @abstractmethod
    def render(self, puzzle: P, rows: Sequence[str] | None = None) -> str:
        """A text picture of the puzzle, with ``rows`` (solution or partial board) drawn in."""

    # ----- the parts in the kind's own folder (``check.py``, ``draw.py``, ``hint.py``, ``legup.py``)
    @abstractmethod
    def check_part(self) -> CheckPart[P]:
        """The kind's ``check`` module."""

    @abstractmethod
    def draw_part(self) -> DrawPart[P]:
        """The kind's ``draw`` module."""

    @abstractmethod
    def hint_part(self) -> HintPart[P]:
        """The kind's ``hint`` module."""

    @abstractmethod
    def client(self) -> Client:
        """What the web pages need to play this kind (:mod:`gridlogic.core.client`): its ``client.py``."""

    @abstractmethod
    def legup_part(self) -> LegupRules | None:
        """What proofs need of the kind (:class:`~gridlogic.core.proofrules.LegupRules`), None where
        LEGUP has no such puzzle."""

    # A board is a list of row strings: the solution alphabet plus ``?`` for an undecided cell.
    def hint(self, puzzle: P, board: Sequence[str], max_level: int | None = None) -> Hint:
        """The next human step from a partial board, or why there is none (:mod:`gridlogic.core.hint`)."""
        return self.hint_part().hint(self, puzzle, board, max_level)

    def board_rows(self, puzzle: P, board: Sequence[str]) -> list[str]:
        """``board`` checked against the puzzle's shape and alphabet (:class:`ParseError` saying where)."""
        return self.check_part().board_rows(puzzle, board)

    def start_rows(self, puzzle: P) -> list[str]:
        """The board a player starts from: the givens, every other cell ``?``."""
        return self.check_part().start_rows(puzzle)

    def board_violations(self, puzzle: P, rows: list[str]) -> list[Violation]:
        """Every rule a partial board already breaks, named as LEGUP names it, with its cells."""
        return self.check_part().board_violations(puzzle, rows)

    def board_solved(self, puzzle: P, rows: list[str]) -> bool:
        """Whether the board is a complete, valid solution."""
        return self.check_part().board_solved(puzzle, rows)

    def draw(self, puzzle: P, board: Sequence[str] | None = None, *,
             highlight: Mapping[str, Iterable[Cell]] | None = None) -> str:
        """The board as SVG (each cell an element with ``data-row``, ``data-col``, ``data-value``,
        ``aria-label``); ``highlight`` maps a class name (``uses``, ``marks``, ``error``) to cells."""
        return self.draw_part().draw(puzzle, board, highlight=highlight)


AnyKind = Kind[Any]
"""A kind whose puzzle type the caller does not know (interfaces: the kind is detected)."""
