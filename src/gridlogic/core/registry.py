"""The kind registry: each puzzle kind registers itself once (name, formats, solvers, rules,
generator, rendering). The CLI and any other interface look kinds up here, so adding a kind
touches no interface code."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gridlogic.core.client import Client
from gridlogic.core.errors import ParseError, UnknownFormatError, UnsupportedError
from gridlogic.core.grid import Cell
from gridlogic.core.numbers import is_int, parse_int, shown
from gridlogic.core.options import Option
from gridlogic.core.step import Explanation, Grade, Violation

if TYPE_CHECKING:
    from gridlogic.core.hint import Hint

Options = Mapping[str, Any]


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


class Kind:
    """Base class of a puzzle kind. Subclasses override what they support; the defaults say
    plainly that the kind does not support the request."""

    name: str = ""
    formats: Sequence[Format] = ()
    methods: Sequence[str] = ("sat",)
    levels: Sequence[str] = ()
    options: Sequence[Option] = ()
    """The options this kind takes (:mod:`gridlogic.core.options`); anything else is bad input."""

    # ----- input
    def container_records(self, text: str) -> list[Record] | None:
        """Records from a whole-file container this kind knows (a JSON pack...), else None."""
        return None

    def tsv_puzzle(self, fields: Sequence[str]) -> str | None:
        """The puzzle text of a TSV row whose puzzle field does not stand alone, else None."""
        return None

    def configure(self, puzzle: Any, options: Options) -> Any:
        """Apply command-line options (e.g. ``unique_lines``) to a parsed puzzle."""
        return puzzle

    def format(self, name: str) -> Format:
        for f in self.formats:
            if f.name == name:
                return f
        names = ", ".join(f.name for f in self.formats)
        raise UnsupportedError(f"{self.name} has no format {name!r} (formats: {names})")

    # ----- exact solving
    def solutions(self, puzzle: Any, method: str | None = None) -> Iterator[Any]:
        raise UnsupportedError(f"{self.name}: no exact solver")

    def solution_rows(self, puzzle: Any, solution: Any) -> list[str]:
        raise UnsupportedError(f"{self.name}: cannot print solutions")

    def parse_solution(self, puzzle: Any, text: str) -> Any:
        raise UnsupportedError(f"{self.name}: cannot read solutions")

    def check(self, puzzle: Any, solution: Any) -> list[Violation]:
        raise UnsupportedError(f"{self.name}: no solution checker")

    # ----- human solving
    def explain(self, puzzle: Any, max_level: int | None = None,
                allow_uniqueness: bool = False) -> Explanation:
        raise UnsupportedError(f"{self.name}: no human-style solver yet")

    def grade(self, puzzle: Any) -> Grade:
        raise UnsupportedError(f"{self.name}: no grader yet")

    def hint(self, puzzle: Any, board: Sequence[str], max_level: int | None = None) -> Hint:
        """The next human step from a partial board (rows in the solution alphabet, ``?`` for
        undecided), or why there is none (see :mod:`gridlogic.core.hint`); the work is in the kind's
        ``hint.py``."""
        found: Hint = self.part("hint").hint(self, puzzle, board, max_level)
        return found

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
    def generate(self, *, size: str | None, stars: int | None, difficulty: str | None, seed: int,
                 options: Options) -> Generated:
        raise UnsupportedError(f"{self.name}: no generator yet")

    # ----- rendering
    def render(self, puzzle: Any, rows: Sequence[str] | None = None) -> str:
        """A text picture of the puzzle, with ``rows`` (solution or partial board) drawn in."""
        return "\n".join(rows) if rows else repr(puzzle)

    def default_format(self) -> Format:
        return self.formats[0]

    # ----- the player's board and its drawing, from the kind's own folder (``check.py``, ``draw.py``)
    # A board is a list of row strings: the solution alphabet plus ``?`` for an undecided cell.
    def part(self, name: str) -> ModuleType:
        """The module ``name`` of this kind's package (every kind's folder has the same shape)."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return importlib.import_module(f"{package}.{name}")
        except ImportError:
            raise UnsupportedError(f"{self.name}: no {name} module") from None

    def board_rows(self, puzzle: Any, board: Sequence[str]) -> list[str]:
        """``board`` checked against the puzzle's shape and alphabet (:class:`ParseError` saying where)."""
        rows: list[str] = self.part("check").board_rows(puzzle, board)
        return rows

    def start_rows(self, puzzle: Any) -> list[str]:
        """The board a player starts from: the givens, every other cell ``?``."""
        rows: list[str] = self.part("check").start_rows(puzzle)
        return rows

    def board_violations(self, puzzle: Any, rows: Sequence[str]) -> list[Violation]:
        """Every rule a partial board already breaks, named as LEGUP names it, with its cells."""
        found: list[Violation] = self.part("check").board_violations(puzzle, rows)
        return found

    def board_solved(self, puzzle: Any, rows: Sequence[str]) -> bool:
        """Whether the board is a complete, valid solution."""
        return bool(self.part("check").board_solved(puzzle, rows))

    def client(self) -> Client:
        """What the web pages need to play this kind (:mod:`gridlogic.core.client`), from its ``client.py``."""
        found: Client = self.part("client").CLIENT
        return found

    def draw(self, puzzle: Any, board: Sequence[str] | None = None, *,
             highlight: Mapping[str, Iterable[Cell]] | None = None) -> str:
        """The board as SVG (each cell an element with ``data-row``, ``data-col``, ``data-value``,
        ``aria-label``); ``highlight`` maps a class name (``uses``, ``marks``, ``error``) to cells."""
        svg: str = self.part("draw").draw(puzzle, board, highlight=highlight)
        return svg


KIND_MODULES = (
    "gridlogic.puzzles.starbattle",
    "gridlogic.puzzles.binary",
    "gridlogic.puzzles.str8ts",
)
"""Each module exposes ``KIND``, an instance of a :class:`Kind` subclass. Order = sniffing priority."""


_kinds: dict[str, Kind] | None = None


def kinds() -> dict[str, Kind]:
    global _kinds  # noqa: PLW0603 - a load-once cache
    if _kinds is None:
        loaded: dict[str, Kind] = {}
        for mod in KIND_MODULES:
            try:
                k: Kind = importlib.import_module(mod).KIND
            except (ImportError, AttributeError):
                continue  # a kind not built yet
            loaded[k.name] = k
        _kinds = loaded
    return _kinds


def kind(name: str) -> Kind:
    try:
        return kinds()[name]
    except KeyError:
        raise UnsupportedError(f"unknown kind {name!r} (kinds: {', '.join(kinds())})") from None


def detect(text: str, kind_name: str | None = None, format_name: str | None = None,
           fallback: bool = False) -> tuple[Kind, Format]:
    """The kind and format of one puzzle text (``--kind``/``--format`` narrow or decide it).
    With ``fallback`` and a kind given, a text no format recognises goes to the kind's default
    format, whose reader can say precisely what is wrong with it."""
    pool = [kind(kind_name)] if kind_name else list(kinds().values())
    if format_name:
        matches = [k for k in pool if any(f.name == format_name for f in k.formats)]
        if not matches:
            raise UnsupportedError(f"no kind has a format {format_name!r}")
        return matches[0], matches[0].format(format_name)
    for k in pool:
        for f in k.formats:
            try:
                if f.sniff(text):
                    return k, f
            except Exception:  # noqa: BLE001, S112 - a sniffer must never decide by crashing
                continue
    if fallback and kind_name:
        return pool[0], pool[0].default_format()
    shown = text.strip().splitlines()[0][:40] if text.strip() else ""
    what = f"{kind_name} puzzle" if kind_name else "puzzle"
    raise UnknownFormatError(f"not a {what} in any format I know: {shown!r}")


def sniffs(text: str) -> bool:
    try:
        detect(text)
    except (ParseError, UnsupportedError):
        return False
    return True
