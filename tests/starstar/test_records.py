"""SGF and JSON game records, rendering."""

import json

import pytest

from gridlogic.games.starstar.draw import layout, render_rich, render_text
from gridlogic.games.starstar.sgf import (
    GameRecord,
    RecordError,
    parse_json,
    parse_record,
    parse_records,
    parse_sgf,
    to_json,
    to_sgf,
)
from gridlogic.games.starstar.state import StarState


def test_sgf_roundtrip() -> None:
    state = StarState.from_moves(4, "T43 swap *00 pass A41".replace("*00", "*40"), swap=True)
    record = GameRecord.from_state(state, black="me", white="you")
    text = to_sgf(record)
    assert text.startswith("(;FF[4]CA[UTF-8]AP[gridlogic]GN[*Star]SZ[4]RU[swap]PB[me]PW[you]")
    assert ";B[T43]" in text and ";W[swap]" in text and ";W[]" in text and text.endswith(")\n")
    back = parse_sgf(text)
    assert back == record
    assert back.to_state().cells == state.cells


def test_json_roundtrip_and_players() -> None:
    state = StarState.new(3)
    state.play_as(1, state.graph.parse("*30"))
    state.apply_action(state.graph.parse("S31"))
    record = GameRecord.from_state(state)
    data = json.loads(to_json(record))
    assert data == {"game": "starstar", "rings": 3, "swap": False, "moves": ["*30", "S31"], "players": ["w", "b"]}
    assert parse_json(to_json(record)) == record
    assert parse_record(to_json(record)).to_state().cells == state.cells


def test_sgf_variations_escapes_and_pass_words() -> None:
    text = "(;SZ[3]GC[a \\] b];B[*30](;W[pass];B[S30])(;W[T30]))"
    record = parse_sgf(text)
    assert record.rings == 3
    assert record.moves == [(0, "*30"), (1, "pass"), (0, "S30")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a game record"),
        ("hello", "not a game record"),
        ("(;SZ[x])", "SZ"),
        ("(;SZ[4];B[Q99])", "move 1"),
        ("(;SZ[4];B[T43]", "expected"),
        ("(;SZ[4]C[open", "unterminated"),
        ('{"rings": 4, "moves": ["T43", "T43"]}', "move 2"),
        ('{"rings": "4"}', "rings"),
        ('{"rings": 4, "moves": "T43"}', "moves"),
        ('{"rings": 4, "moves": ["T43"], "players": ["x"]}', "players"),
        ('{"rings": 40, "moves": []}', "rings"),
        ("{nope", "JSON"),
    ],
)
def test_bad_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_record(text).to_state()


def test_render_text_and_rich() -> None:
    state = StarState.from_moves(4, "T43 *40")
    text = render_text(state)
    lines = text.split("\n")
    assert all(line and line == line.rstrip() for line in lines)  # no blank lines, no trailing spaces
    assert "(X)" in text and "[O]" in text and "T43" not in text and "A41" in text
    assert lines[-2] == "4 rings, move 3, black to play"
    assert lines[-1] == "score X 0 (peries 0, stars 0, quarks 0)  O 0 (peries 0, stars 0, quarks 0)"
    rich = render_rich(state)
    assert rich.plain.split("\n")[:-1] == lines[:-1] or rich.plain.rstrip("\n").endswith(lines[-1])
    for rings in range(2, 13):  # nodes never overlap
        places = layout(rings).places
        taken = {(r, c + k) for r, c in places for k in range(3)}
        assert len(taken) == 3 * len(places)


def test_collections_and_json_lines() -> None:
    one, two = GameRecord(3, [(0, "*30")]), GameRecord(2, [(0, "S20"), (1, "pass")])
    assert parse_records(to_sgf(one) + "\n" + to_sgf(two)) == [one, two]
    assert parse_records(to_json(one) + "\n\n" + to_json(two) + "\n") == [one, two]
    with pytest.raises(RecordError, match="expected one game, found 2"):
        parse_record(to_sgf(one) + to_sgf(two))
    with pytest.raises(RecordError, match="line 2"):
        parse_records(to_json(one) + "\n{bad\n")
    with pytest.raises(RecordError, match="after the last game"):
        parse_records(to_sgf(one) + "junk")
