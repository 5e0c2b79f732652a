"""Fuzz suite over every reader and command (deterministic under the 'ci' hypothesis profile; random
exploration at scale is ``benchmarks/bench_fuzz.py``): bad input is a typed error, and on the command
line one ``error:`` line per bad puzzle with exit 2 -- no traceback, no catch-all, no hang."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gridlogic import fuzz
from gridlogic.core.errors import GridlogicError
from gridlogic.games.starstar.gtp import GtpEngine
from gridlogic.games.starstar.sgf import RecordError

READERS = fuzz.readers()
FAST = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def bad_texts(draw: st.DrawFn) -> str:
    """A seed input mutated, or any text at all."""
    if draw(st.booleans()):
        return draw(st.text(max_size=120))
    seed = draw(st.sampled_from(sorted(fuzz.seeds().values())))
    return fuzz.mutate(seed, draw(st.randoms(use_true_random=False)))


@pytest.mark.parametrize("name", sorted(READERS))
@FAST
@given(text=bad_texts())
@example(text="A://?STARBATTLE/²///")
@example(text="starbattle/٦/٦/١/4ilbhgdnmhou")
@example(text="(;" * 5000)
@example(text='{"kind":"starbattle","puzzle":"x","root":' + '{"steps":[],"split":{"branches":[' * 400)
def test_readers_raise_only_typed_errors(name: str, text: str) -> None:
    read: Callable[[str], Any] = READERS[name]
    message = None
    try:
        result = read(text)
    except GridlogicError as e:
        message = str(e)
    except RecordError as e:  # the game records' own typed error
        assert name == "game_records"
        message = str(e)
    if message is not None:
        assert message.strip() and "\n" not in message, repr(message)
    elif name.endswith(".sniff"):
        assert isinstance(result, bool)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_command_line_answers_bad_input_by_the_rule(rng: random.Random) -> None:
    run = fuzz.run_in_process(fuzz._run_for(rng))
    assert run.problems() == [], (run.argv, run.code, run.err[-600:])


@pytest.mark.parametrize(("argv", "stdin"), [
    (["solve", "A://?STARBATTLE/²///"], b""),
    (["solve", "-"], b"\xff\xfe"),
    (["solve", "ab\udcff"], b""),
    (["proof", "check", "-"], b"{" * 100_000),
    (["starstar", "score", "-"], b"(;" * 5000),
    (["generate", "str8ts", "--size", "abc"], b""),
    (["explain", "5x1.AABCDABBCDABBCDEBBCDEBCCD", "--max-level", "9" * 5000], b""),
    (["starstar", "gtp", "--seconds", "nan"], b""),
])
def test_known_bad_inputs(argv: list[str], stdin: bytes) -> None:
    run = fuzz.run_in_process(fuzz.Run(argv, stdin))
    assert run.problems() == [], (run.code, run.err)
    assert run.code == 2 and run.err.startswith("error: ")


@FAST
@given(lines=st.lists(st.one_of(st.text(max_size=40), st.sampled_from(fuzz.seeds()["gtp"].splitlines()).map(
    lambda line: fuzz.mutate(line, random.Random(len(line)), surrogates=False))), max_size=8))
def test_gtp_answers_every_line(lines: list[str]) -> None:
    engine = GtpEngine(4, playouts=3, seed=1)
    for line in lines:
        if line.split("#")[0].strip().lower().startswith(("genmove", "quit")):
            continue
        out = engine.handle(line)
        assert out is None or (out[:1] in "=?" and out.endswith("\n\n")), repr(out)
