"""Game records: SGF (board-game convention, moves as ``Nxy`` labels, SZ = rings) and a JSON move list.

SGF: ``(;FF[4]CA[UTF-8]AP[gridlogic]GN[*Star]SZ[6]RU[swap]PB[..]PW[..]RE[B+3];B[T43];W[*00];B[])``.
A pass is an empty value (``B[]``; ``B[pass]`` is read too), the pie rule is ``W[swap]``.  Only the
main line of a file with variations is read.

JSON: ``{"game": "starstar", "rings": 6, "swap": false, "moves": ["T43", "pass", ...],
"result": "B+3"}``; ``players`` ("b"/"w" per move) is written only when the colours do not alternate.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import NotJSONError, is_int, load_json
from gridlogic.games.starstar.state import PASS_LABEL, StarState

PLAYER_LETTERS = "bw"


class RecordError(ValueError):
    """A game record that cannot be read or replayed."""


@dataclass
class GameRecord:
    rings: int
    moves: list[tuple[int, str]] = field(default_factory=list)  # (player 0/1, label | pass | swap)
    swap: bool = False
    black: str = ""
    white: str = ""
    result: str = ""

    @classmethod
    def from_state(cls, state: StarState, *, black: str = "", white: str = "") -> GameRecord:
        moves = [(m.player, state.action_to_string(m.action)) for m in state.moves]
        result = state.score().result() if state.is_terminal() else ""
        return cls(state.graph.rings, moves, state.swap, black, white, result)

    def to_state(self) -> StarState:
        """Replay the moves; RecordError naming the move that does not fit."""
        try:
            state = StarState.new(self.rings, swap=self.swap)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        for number, (player, label) in enumerate(self.moves, 1):
            try:
                action = state.string_to_action(label)
                if player == state.to_play:
                    state.apply_action(action)
                else:
                    state.play_as(player, action)
            except ValueError as exc:
                raise RecordError(f"move {number} ({PLAYER_LETTERS[player]} {label}): {exc}") from None
        return state


# -- SGF ------------------------------------------------------------------------------------------
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def to_sgf(record: GameRecord) -> str:
    head = {"FF": "4", "CA": "UTF-8", "AP": "gridlogic", "GN": "*Star", "SZ": str(record.rings)}
    if record.swap:
        head["RU"] = "swap"
    extra = {"PB": record.black, "PW": record.white, "RE": record.result}
    head.update({key: value for key, value in extra.items() if value})
    parts = ["(;" + "".join(f"{k}[{_escape(v)}]" for k, v in head.items())]
    for player, label in record.moves:
        parts.append(f";{'BW'[player]}[{'' if label == PASS_LABEL else _escape(label)}]")
    return "\n".join(parts) + ")\n"


Node = dict[str, list[str]]


class _SgfReader:
    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def fail(self, what: str) -> RecordError:
        return RecordError(f"SGF: {what} at character {self.pos}")

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def tree(self) -> list[Node]:
        """``( sequence tree* )`` -> the main line's nodes."""
        if self.peek() != "(":
            raise self.fail("expected '('")
        self.pos += 1
        nodes: list[Node] = []
        while self.peek() == ";":
            self.pos += 1
            nodes.append(self.node())
        first = True
        while self.peek() == "(":
            sub = self.tree()
            if first:
                nodes.extend(sub)
                first = False
        if self.peek() != ")":
            raise self.fail("expected ')'")
        self.pos += 1
        return nodes

    def node(self) -> Node:
        props: Node = {}
        while self.peek().isalpha():
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos].isalpha():
                self.pos += 1
            key = self.text[start : self.pos].upper()
            values = []
            while self.peek() == "[":
                values.append(self.value())
            if not values:
                raise self.fail(f"property {key} without a value")
            props[key] = values
        return props

    def value(self) -> str:
        self.pos += 1  # the '['
        out = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "\\" and self.pos + 1 < len(self.text):
                out.append(self.text[self.pos + 1])
                self.pos += 2
            elif ch == "]":
                self.pos += 1
                return "".join(out)
            else:
                out.append(ch)
                self.pos += 1
        raise self.fail("unterminated value")


def parse_sgf(text: str) -> GameRecord:
    records = parse_sgf_collection(text)
    if len(records) != 1:
        raise RecordError(f"SGF: expected one game, found {len(records)}")
    return records[0]


def parse_sgf_collection(text: str) -> list[GameRecord]:
    """Every game tree of an SGF collection, in order."""
    reader = _SgfReader(text)
    try:
        records = [_record_of(reader.tree())]
        while reader.peek() == "(":
            records.append(_record_of(reader.tree()))
    except RecursionError:
        raise reader.fail("variations nested too deeply (Python's recursion limit)") from None
    if reader.peek():
        raise reader.fail("unexpected text after the last game")
    return records


def _record_of(nodes: list[Node]) -> GameRecord:
    if not nodes:
        raise RecordError("SGF: no nodes")
    root = nodes[0]
    size = root.get("SZ", [""])[0]
    head = size.split(":")[0].strip()
    if not is_int(head) or len(head) > 3:  # ASCII digits only (core.numbers)
        raise RecordError(f"SGF: SZ[{size[:20]}] is not a number of rings")
    rings = int(head)
    record = GameRecord(
        rings,
        swap="swap" in root.get("RU", [""])[0].lower(),
        black=root.get("PB", [""])[0],
        white=root.get("PW", [""])[0],
        result=root.get("RE", [""])[0],
    )
    for node in nodes:
        for key, player in (("B", 0), ("W", 1)):
            if key in node:
                label = node[key][0].strip()
                record.moves.append((player, label if label else PASS_LABEL))
    return record


# -- JSON -----------------------------------------------------------------------------------------
def to_json(record: GameRecord) -> str:
    data: dict[str, Any] = {
        "game": "starstar",
        "rings": record.rings,
        "swap": record.swap,
        "moves": [label for _, label in record.moves],
    }
    if any(player != i % 2 for i, (player, _) in enumerate(record.moves)):
        data["players"] = [PLAYER_LETTERS[player] for player, _ in record.moves]
    for key in ("black", "white", "result"):
        if getattr(record, key):
            data[key] = getattr(record, key)
    return json.dumps(data)


def parse_json(text: str) -> GameRecord:
    try:
        data = load_json(text)
    except NotJSONError as exc:
        raise RecordError(f"JSON: {exc.what.removeprefix('not JSON: ')} at {exc.where}") from None
    except ParseError as exc:
        raise RecordError(f"JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("JSON: expected an object with 'rings' and 'moves'")
    rings, moves = data.get("rings"), data.get("moves", [])
    if not isinstance(rings, int) or isinstance(rings, bool):
        raise RecordError("JSON: 'rings' must be an integer")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("JSON: 'moves' must be a list of labels")
    players = data.get("players")
    if players is None:
        players = [PLAYER_LETTERS[i % 2] for i in range(len(moves))]
    if not isinstance(players, list) or len(players) != len(moves) or not all(p in ("b", "w") for p in players):
        raise RecordError("JSON: 'players' must list 'b' or 'w' for every move")
    return GameRecord(
        rings,
        [(PLAYER_LETTERS.index(p), m) for p, m in zip(players, moves, strict=True)],
        bool(data.get("swap", False)),
        str(data.get("black", "")),
        str(data.get("white", "")),
        str(data.get("result", "")),
    )


def parse_record(text: str) -> GameRecord:
    """One game: SGF or JSON, told apart by the first character."""
    records = parse_records(text)
    if len(records) != 1:
        raise RecordError(f"expected one game, found {len(records)}")
    return records[0]


def parse_records(text: str) -> list[GameRecord]:
    """Every game of an SGF collection, a JSON object or JSON Lines (one object per line)."""
    head = text.lstrip()[:1]
    if head == "(":
        return parse_sgf_collection(text)
    if head == "{":
        try:
            return [parse_json(text)]
        except RecordError:
            lines = [line for line in text.splitlines() if line.strip()]
            if len(lines) < 2:
                raise
        records = []
        for number, line in enumerate(lines, 1):
            try:
                records.append(parse_json(line))
            except RecordError as exc:
                raise RecordError(f"line {number}: {exc}") from None
        return records
    raise RecordError("not a game record: expected SGF '(;...' or a JSON object")
