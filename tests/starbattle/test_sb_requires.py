"""``generate starbattle --requires T``: a puzzle whose solve by the rules up to T's level needs T (the
sense the generator claims is re-checked here with the engine's own runs); bad ids, rules that cannot
be needed at a board, and other kinds are errors, not tracebacks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from gridlogic.cli import main
from gridlogic.core.engine import run
from gridlogic.core.errors import ValidationError
from gridlogic.core.generation import Tally
from gridlogic.puzzles.starbattle.generate import generate
from gridlogic.puzzles.starbattle.layouts import seed_layout
from gridlogic.puzzles.starbattle.levels import EASY, EXPERT, HARD, MEDIUM
from gridlogic.puzzles.starbattle.model import StarBattle
from gridlogic.puzzles.starbattle.regions import unique_puzzle
from gridlogic.puzzles.starbattle.requires import PATIENCE, SENSES, fires, impossible, needs, reference, requirable
from gridlogic.puzzles.starbattle.rules import State, rules

ATTEMPTS = 3 * PATIENCE
"""A cap on candidates, so the answer is the same on any machine."""

TEN = ("R1.1", "R1.2", "R1.3", "R1.4", "R2.1", "R2.2", "R2.3", "R3.1", "R3.3", "R3.4", "R3.5", "R3.6",
       "R4.1", "R4.4", "R4.5", "R4.6", "R5.1", "R5.2", "R5.3", "R5.5", "R6.1", "R6.3", "Entanglement")
"""Techniques checked at 10x10/2 (seed 1); the rare ones are measured in benchmarks/bench_sb_requires.py."""
EIGHT = ("R1.1", "R1.2", "R1.3", "R3.1", "R3.5", "R4.4", "R4.5", "R4.6", "R5.1")
"""Techniques checked at 8x8/1 (seed 1)."""


def stuck_then_fires(puzzle: StarBattle, rule_set: list, technique: str, forms: list) -> bool:
    st = State.start(puzzle)
    out = run(st, rule_set)
    return out.status == "stuck" and any((s := r.find(st)) is not None and s.marks for r in forms)


def check_needs(puzzle: StarBattle, technique: str, sense: str, unique: bool = False) -> None:
    allowed = rules(requirable(technique, unique), unique)
    forms = [r for r in allowed if r.id == technique]
    assert forms
    whole = run(State.start(puzzle), allowed)
    assert whole.status == "solved" and any(s.rule == technique for s in whole.steps)
    first = allowed.index(forms[0])
    if sense == "strict":
        assert stuck_then_fires(puzzle, [r for r in allowed if r.id != technique], technique, forms)
    elif sense == "before":
        assert stuck_then_fires(puzzle, allowed[:first], technique, forms)
    else:
        assert sense == "at a point"


@pytest.mark.parametrize(("n", "s", "technique"), [*((10, 2, t) for t in TEN), *((8, 1, t) for t in EIGHT)])
def test_the_puzzle_needs_the_technique(n: int, s: int, technique: str) -> None:
    g = generate(size=str(n), stars=s, difficulty=None, seed=1,
                 options={"requires": technique, "attempts": ATTEMPTS})
    level = requirable(technique)
    assert g.grade is not None and g.grade.level <= level
    got = needs(g.puzzle, technique, Tally())
    assert got is not None and got[0] in SENSES and got[1] == g.grade
    check_needs(g.puzzle, technique, got[0])
    st = State.start(g.puzzle)
    assert run(st, rules(level)).status == "solved"
    assert {(r, c) for r, row in enumerate(st.rows_text()) for c, ch in enumerate(row) if ch == "*"} == set(g.solution)


@pytest.mark.parametrize("technique", ["R7.1", "R7.2", "R7.3"])
def test_uniqueness_rules(technique: str) -> None:
    g = generate(size="10", stars=2, difficulty=None, seed=1,
                 options={"requires": technique, "attempts": ATTEMPTS, "allow_uniqueness": True})
    got = needs(g.puzzle, technique, Tally(), allow_uniqueness=True)
    assert got is not None and got[1] == g.grade
    check_needs(g.puzzle, technique, got[0], unique=True)


def test_levels() -> None:
    assert [requirable(t) for t in ("R1.1", "R3.4", "R3.6", "R6.1")] == [EASY, MEDIUM, HARD, EXPERT]
    assert requirable("R7.1", allow_uniqueness=True) == MEDIUM


def test_strict_where_it_exists() -> None:
    """R4.4 turns up strictly needed at 10x10/2 (17 % of candidates): the generator prefers it."""
    g = generate(size="10", stars=2, difficulty=None, seed=2, options={"requires": "R4.4", "attempts": ATTEMPTS})
    got = needs(g.puzzle, "R4.4", Tally())
    assert got is not None and got[0] == "strict"
    assert g.needs == "R4.4 (strict)"


def test_cli_says_the_sense(capsys: pytest.CaptureFixture[str]) -> None:
    """The player is told in which sense the puzzle needs T (JSON ``needs``, a ``needs`` line in text)."""
    with pytest.raises(SystemExit):
        main(["generate", "starbattle", "--size", "8", "--stars", "1", "--requires", "R4.4", "--seed", "3", "--json"])
    row = json.loads(capsys.readouterr().out)
    assert row["needs"] == "R4.4 (strict)" and row["grade"] == "medium"
    with pytest.raises(SystemExit):
        main(["generate", "starbattle", "--size", "8", "--stars", "1", "--requires", "R4.4", "--seed", "3"])
    assert capsys.readouterr().out.splitlines()[-2:] == ["# grade medium", "# needs R4.4 (strict)"]
    with pytest.raises(SystemExit):
        main(["generate", "starbattle", "--size", "6", "--seed", "3", "--json"])
    assert "needs" not in json.loads(capsys.readouterr().out)


def test_same_seed_same_puzzle() -> None:
    opts = {"requires": "R4.1", "attempts": ATTEMPTS}
    assert generate(size="10", stars=2, difficulty=None, seed=3, options=opts).puzzle == \
        generate(size="10", stars=2, difficulty=None, seed=3, options=opts).puzzle


@pytest.mark.parametrize("bad", ["Trial", "R9.9"])
def test_not_a_production_rule(bad: str) -> None:
    with pytest.raises(ValidationError, match="not a production rule"):
        requirable(bad)


def test_uniqueness_rules_need_the_option() -> None:
    with pytest.raises(ValidationError, match="allow-uniqueness"):
        requirable("R7.1")


@pytest.mark.parametrize(("technique", "n", "s", "why"), [
    ("R3.2", 10, 2, "only reports contradictions"), ("R4.1", 8, 1, "none at 1 star"), ("R4.3", 8, 1, "none at 1 star"),
    ("R4.7", 10, 2, "R3.3-R3.5, before it, always take its step first"), ("R4.7", 8, 1, "at 1 or 2 stars"),
    ("R3.3", 8, 1, "R3.1 empties"), ("R3.4", 8, 1, "R2.3 places first"), ("R3.6", 8, 1, "nothing is left"),
    ("R4.8", 8, 1, "empty the cell first"),
    ("R6.6", 8, 1, "6x6 at 1 star"), ("R6.6", 11, 2, "10x10 at 2 stars")])
def test_cannot_be_needed(technique: str, n: int, s: int, why: str) -> None:
    assert why in (impossible(technique, n, s) or "")
    with pytest.raises(ValidationError, match=why):
        generate(size=str(n), stars=s, difficulty=None, seed=1, options={"requires": technique, "attempts": 1})


@pytest.mark.parametrize(("technique", "n", "s"), [("R4.1", 10, 2), ("R6.6", 10, 2), ("R6.6", 6, 1), ("R3.5", 8, 1),
                                                   ("R4.7", 14, 3), ("R3.3", 10, 2), ("R4.8", 10, 2)])
def test_can_be_needed(technique: str, n: int, s: int) -> None:
    assert impossible(technique, n, s) is None


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
    code, err = _cli(capsys, "generate", "starbattle", "--size", "8", "--requires", "R6.6", "--seed", "1")
    assert code == 2 and err == "error: --requires R6.6: R6.6 (N-Rooks) needs a (4S+2)x(4S+2) board (6x6 at 1 star)\n"
    code, err = _cli(capsys, "generate", "starbattle", "--size", "10", "--requires", "R7.1", "--seed", "1")
    assert code == 2 and "add --allow-uniqueness" in err and err.count("\n") == 1


def closed_states(n: int, s: int, technique: str, puzzles: int, seed: int) -> Iterator[State]:
    """States of random unique puzzles closed under the rules before ``technique``: cells of the
    solution revealed one at a time in random order (as givens), each time closed again."""
    allowed, first = reference(technique)
    rng = random.Random(seed)
    got = 0
    while got < puzzles:
        found = unique_puzzle(n, s, rng, False, 0.4, 2, seed_layout(n, s, rng.randrange(10**6), rng))
        if found is None:
            continue
        got += 1
        ours = {r * n + c for r, c in found[1]}
        st = State.start(found[0])
        while True:
            run(st, allowed[:first])
            if st.is_solved():
                break
            yield st
            i = rng.choice([k for k in range(n * n) if st.unknown >> k & 1])
            st = State(st.geo, st.star | (1 << i if i in ours else 0), st.empty | (0 if i in ours else 1 << i))


@pytest.mark.parametrize(("technique", "n", "s", "puzzles"), [
    ("R4.7", 10, 2, 12), ("R4.7", 8, 1, 30), ("R3.3", 8, 1, 30), ("R3.4", 8, 1, 30), ("R3.6", 8, 1, 60),
    ("R4.8", 8, 1, 40)])
def test_impossible_rules_never_fire_after_the_rules_before_them(technique: str, n: int, s: int, puzzles: int,
                                                                 ) -> None:
    """What ``impossible`` says, on sampled states: once the rules before T are stuck, T finds nothing
    (the states are not all nearly solved)."""
    assert impossible(technique, n, s)
    forms = [r for r in reference(technique)[0] if r.id == technique]
    states = list(closed_states(n, s, technique, puzzles, 7))
    assert len(states) > 100 and sum(st.unknown.bit_count() > n * n // 2 for st in states) > 10
    assert not any(fires(st, forms) for st in states)


def test_direct_line_exclusion_at_two_stars_only_completing() -> None:
    """At 2 stars the plain R4.2/R4.3 never fire once R3.3 is stuck (their only pattern, a line needing
    2 stars in 3 touching cells, is an exact tiling), so only their completing forms can be needed."""
    for technique in ("R4.2", "R4.3"):
        plain = [r for r in rules(MEDIUM) if r.id == technique and not r.note]
        assert len(plain) == 1
        states = list(closed_states(10, 2, technique, 16, 11))
        assert len(states) > 100 and not any(fires(st, plain) for st in states)
