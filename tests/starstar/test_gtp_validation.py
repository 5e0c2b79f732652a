"""GTP and play: times are finite and non-negative, numbers are ASCII; a bad one is a GTP error
(``? message``) or a command-line ``error:`` line, never a hang."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from gridlogic.cli import cli
from gridlogic.core.errors import ParseError
from gridlogic.games.starstar.gtp import GtpEngine


def answer(engine: GtpEngine, line: str) -> str:
    out = engine.handle(line)
    assert out is not None and out.endswith("\n\n")
    return out[:-2]


@pytest.mark.parametrize("line", [
    "time_settings nan 0 0", "time_settings inf 0 0", "time_settings -1 0 0", "time_settings 10 nan 0",
    "time_settings 10 5 -1", "time_settings 10 5 ²", "time_settings ٣ 0 0", "time_settings 1e999 0 0",
    "time_left b nan 0", "time_left w -5 0", "time_left b 10 x", "komi abc", "komi nan", "komi inf",
    "boardsize ٤", "boardsize x",
])
def test_bad_numbers_are_gtp_errors(line: str) -> None:
    engine = GtpEngine(4, playouts=5)
    clock = engine.clock
    got = answer(engine, line)
    assert got.startswith("? syntax error"), got
    assert "\n" not in got
    assert engine.clock is clock and clock.left == [None, None]  # nothing was changed


def test_good_time_commands_are_accepted_and_genmove_ends() -> None:
    engine = GtpEngine(4, seconds=5.0, seed=1)
    assert answer(engine, "komi 6.5") == "= "
    assert answer(engine, "komi -3") == "= "
    assert answer(engine, "time_settings 0.5 0 0") == "= "
    assert answer(engine, "time_left b 0.3 0") == "= "
    assert engine.clock.left[0] == (0.3, 0)
    assert answer(engine, "genmove b").startswith("= ")  # a short budget, not a hang
    assert answer(engine, "7 boardsize 5") == "=7 "
    assert answer(engine, "boardsize " + "9" * 5000) == "? unacceptable size"


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, 0.0])
def test_engine_refuses_a_time_that_would_hang(seconds: float) -> None:
    with pytest.raises(ParseError, match="seconds per move"):
        GtpEngine(4, seconds=seconds)


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e999", "٣", "abc"])
@pytest.mark.parametrize("command", [["gtp"], ["play"], ["bench"]])
def test_cli_seconds_refused(command: list[str], value: str) -> None:
    r = CliRunner().invoke(cli, ["starstar", *command, "--seconds", value], input="quit\n")
    assert r.exit_code == 2, r.output
    assert "--seconds" in r.output
