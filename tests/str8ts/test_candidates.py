"""Explain and Hint steps carry the candidates before and after them (issue 27): JSON fields that
chain from step to step, agree with the marks, and show in ``explain -v``."""

from __future__ import annotations

import json

import pytest
from str8ts_data import SEED, SEED_SOLUTION

from gridlogic.cli import main
from gridlogic.puzzles.str8ts import KIND
from gridlogic.puzzles.str8ts.candidates import changes
from gridlogic.puzzles.str8ts.explain import explain
from gridlogic.puzzles.str8ts.model import Str8ts


def test_explain_steps_carry_candidates_that_chain(seed: Str8ts) -> None:
    ex = explain(seed)
    assert ex.status == "solved" and len(ex.steps) > 20
    first = ex.steps[0].to_json()
    assert first["candidates_before"][0][:3] == ["#", "#", "2"]  # black, black, a given
    assert first["candidates_before"][3][0] == "123456789"
    for a, b in zip(ex.steps, ex.steps[1:], strict=False):
        assert a.extra["candidates_after"] == b.extra["candidates_before"]
    for st in ex.steps:
        before, after = st.extra["candidates_before"], st.extra["candidates_after"]
        for m in st.marks:
            r, c = m.cell
            if m.value.startswith("-"):
                assert m.value[1:] in before[r][c] and m.value[1:] not in after[r][c]
            else:
                assert after[r][c] == m.value
        changed = {(r, c) for r in range(seed.n) for c in range(seed.n) if before[r][c] != after[r][c]}
        assert changed == {m.cell for m in st.marks if before[m.cell[0]][m.cell[1]] != m.value}
        assert len(changes(st)) == len(changed)
    last = ex.steps[-1].extra["candidates_after"]
    assert ["".join(c if c != "#" else "#" for c in row) for row in last] == SEED_SOLUTION
    assert explain(seed, candidates=False).steps[0].extra == {}


def test_steps_equal_with_or_without_candidates(seed: Str8ts) -> None:
    assert explain(seed).steps == explain(seed, candidates=False).steps  # extra is not part of a step's identity


def test_hint_carries_candidates(seed: Str8ts) -> None:
    rows = ["".join(ch if ch == "#" else "?" for ch in row) for row in SEED_SOLUTION]
    h = KIND.hint(seed, rows)
    assert h.step is not None
    obj = h.to_json()["step"]
    assert len(obj["candidates_before"]) == seed.n and len(obj["candidates_after"]) == seed.n
    ((r, c, value),) = [m for m in obj["marks"] if not m[2].startswith("-")][:1]
    assert obj["candidates_after"][r][c] == value and value in obj["candidates_before"][r][c]
    assert h.message.startswith("r7c9 can only be 4 (after 30 pencil-mark steps")  # before: after those steps
    assert obj["candidates_before"][6][8] == "4" and obj["candidates_before"][3][0] != "123456789"


def test_explain_verbose_shows_changed_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["explain", SEED, "-v"])
    out = capsys.readouterr().out
    assert " → " in out and "     r" in out
    with pytest.raises(SystemExit):
        main(["explain", SEED, "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert "candidates_before" in obj["steps"][0] and "candidates_after" in obj["steps"][-1]
