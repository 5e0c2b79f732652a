"""``generate starbattle --requires T``: a puzzle the rules up to T's level solve with T and are stuck
without it; bad ids and other kinds are errors, not tracebacks."""

from __future__ import annotations

import pytest

from gridlogic.cli import main
from gridlogic.core.engine import run
from gridlogic.core.errors import ValidationError
from gridlogic.puzzles.starbattle.generate import generate, requirable
from gridlogic.puzzles.starbattle.levels import EXPERT, MEDIUM
from gridlogic.puzzles.starbattle.rules import State, rules


@pytest.mark.parametrize(("technique", "level"), [("R4.1", MEDIUM), ("Entanglement", EXPERT)])
def test_the_puzzle_needs_the_technique(technique: str, level: int) -> None:
    g = generate(size="10", stars=2, difficulty=None, seed=1, options={"requires": technique, "attempts": 400})
    assert requirable(technique) == level and g.grade is not None and g.grade.level <= level
    allowed = rules(level)
    st = State.start(g.puzzle)
    with_t = run(st, allowed)
    assert with_t.status == "solved" and any(s.rule == technique for s in with_t.steps)
    assert {(r, c) for r, row in enumerate(st.rows_text()) for c, ch in enumerate(row) if ch == "*"} == set(g.solution)
    without = run(State.start(g.puzzle), [r for r in allowed if r.id != technique])
    assert without.status == "stuck"


def test_same_seed_same_puzzle() -> None:
    opts = {"requires": "R4.1", "attempts": 400}
    assert generate(size="10", stars=2, difficulty=None, seed=3, options=opts).puzzle == \
        generate(size="10", stars=2, difficulty=None, seed=3, options=opts).puzzle


@pytest.mark.parametrize("bad", ["Trial", "R7.1", "R9.9"])
def test_not_a_production_rule(bad: str) -> None:
    with pytest.raises(ValidationError, match="not a production rule"):
        requirable(bad)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as e:
        main(list(args))
    return int(e.value.code or 0), capsys.readouterr().err


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _cli(capsys, "generate", "starbattle", "--size", "10", "--requires", "Trial", "--seed", "1")
    assert code == 2 and err.startswith("error: --requires 'Trial'") and err.count("\n") == 1
    code, err = _cli(capsys, "generate", "binary", "--size", "6", "--requires", "R4.1", "--seed", "1")
    assert code == 2 and "binary generate does not take the option --requires" in err and err.count("\n") == 1
    code, err = _cli(capsys, "generate", "starbattle", "--size", "10", "--requires", "R4.1", "--difficulty", "Hard")
    assert code == 2 and "cannot be used together" in err
