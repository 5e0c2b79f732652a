"""R4.2/R4.3 and R4.5/R4.6 with the crossing counts (``capped`` over rows and columns) and R5.6 with
composite regions (``composites``: regions minus the lines inside them, chained sums). Each fires on
a real board (in a corpus solve where the rules before it are stuck, or where the other set
differentials find nothing), marks only what the unique solution says, and is silent on a solved
board."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from sbr_helpers import before, lab, solved, sound

from gridlogic.core.engine import Rule, next_step
from gridlogic.core.grid import Cell
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS, HARD
from gridlogic.puzzles.starbattle.rules import (
    PRODUCTION,
    blocks,
    capped,
    composites,
    set_differentials,
    tier4,
)
from gridlogic.puzzles.starbattle.rules.state import Broken, State

NEW: dict[str, Callable[[State], Step | None]] = {
    "R4.2": capped.r4_2_capped,
    "R4.3": capped.r4_3_capped,
    "R4.5": capped.r4_5_capped,
    "R4.6": capped.r4_6_capped,
    "R5.6 regions": composites.r5_6_regions,
    "R5.6 chained": composites.r5_6_chained,
}
DIFFERENTIALS = (set_differentials.r5_6_simple, set_differentials.r5_6_medium, set_differentials.r5_6_long,
                 blocks.r5_6_blocks)










def _before_rule(fn: object) -> list[Rule]:
    k = next(k for k, r in enumerate(PRODUCTION) if r.fn is fn)
    return list(PRODUCTION[:k])


# ----- R4.5 / R4.6 (and R4.2 / R4.3) with the crossing counts


@pytest.mark.parametrize(("number", "kind", "fn", "rule"), [(127, "row", capped.r4_5_capped, "R4.5"),
                                                          (8, "column", capped.r4_6_capped, "R4.6")])
def test_capped_cross_line_exclusion_moves_where_every_rule_before_it_is_stuck(
        corpus: Path, number: int, kind: str, fn: Callable[[State], Step | None], rule: str) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", number)
    steps = explain(puzzle).steps
    k = next(k for k, s in enumerate(steps) if s.reason.startswith(f"Every way {kind} "))
    st = before(puzzle, steps, k)
    # every rule before it is stuck: the plain and completing R4.5/R4.6, R4.4 with line counts
    assert next_step(st.copy(), _before_rule(fn)) is None
    assert tier4.completing(rule)(st.copy()) is None
    step = sound(fn(st), sol)
    assert step == steps[k]
    assert step.rule == rule and step.level == HARD
    assert all(m.value == "black" for m in step.marks)
    other = "column or region" if kind == "row" else "row or region"
    assert f"no {other} over its count" in step.reason


@pytest.mark.parametrize(("number", "at", "fn", "rule", "words"),
                         [(2, 33, capped.r4_2_capped, "R4.2", "a column or region"),
                          (1, 32, capped.r4_3_capped, "R4.3", "a row or region")])
def test_capped_direct_line_exclusion_fires_and_is_sound(corpus: Path, number: int, at: int,
                                                         fn: Callable[[State], Step | None], rule: str,
                                                         words: str) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", number)
    step = sound(fn(before(puzzle, explain(puzzle).steps, at)), sol)
    assert step.rule == rule and step.level == HARD
    assert f"without touching it or putting {words} over its count" in step.reason


def test_capped_line_sets_respect_the_region_counts(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The row's pairs that put a region over its count are not sets: read without the region
    counts (only the columns'), the same row has more pairs and they spoil none of the marked cells."""
    puzzle, _ = lab(corpus, "10-2-hard", 127)
    steps = explain(puzzle).steps
    k = next(k for k, s in enumerate(steps) if s.reason.startswith("Every way row "))
    st = before(puzzle, steps, k)
    name = re.match(r"Every way (row \d+)", steps[k].reason)
    assert name is not None
    row = next(u for u in st.geo.row_units if u.name == name.group(1))
    cand = row.mask & st.unknown
    marked = sum(1 << (r * st.geo.n + c) for (r, c) in (m.cell for m in steps[k].marks))
    count, _, everywhere = capped.pair_sets(st, cand, "row")
    assert marked and not marked & ~everywhere
    monkeypatch.setitem(capped.CROSS, "row", ("column", "column"))
    loose_count, _, loose_everywhere = capped.pair_sets(st, cand, "row")
    assert count < loose_count
    assert not marked & loose_everywhere


# ----- R5.6: regions minus the lines inside them, chained sums


def test_regions_minus_lines_finds_what_the_other_differentials_do_not(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    st = before(puzzle, explain(puzzle).steps, 20)
    for other in DIFFERENTIALS:
        assert other(st.copy()) is None
    step = sound(composites.r5_6_regions(st), sol)
    assert step.rule == "R5.6" and step.level == EXPERT_PLUS
    got = re.match(r"Regions minus the lines inside them \((\d+) operations\) regions [A-J, ]+ − rows? [\d, ]+ − "
                   r"columns? [\d, ]+:", step.reason)
    assert got is not None and int(got.group(1)) >= composites.MIN_OPS


def test_regions_minus_lines_counts_the_stars_left(corpus: Path) -> None:
    """Every sum's count agrees with the solution: its cells hold exactly that many stars."""
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    steps = explain(puzzle).steps
    seen = 0
    for k in (0, 10, 20, 30):
        st = before(puzzle, steps, k)
        n = st.geo.n
        for regs, rows, cols, known in composites.regions_minus_lines(st):
            assert rows and cols and known.ops == len(regs) + len(rows) + len(cols)
            inside = sum(1 for i in range(n * n) if known.cells >> i & 1 and divmod(i, n) in sol)
            assert inside == known.stars
            seen += 1
    assert seen


def test_chained_differential_finds_what_the_other_differentials_do_not(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    st = before(puzzle, explain(puzzle).steps, 6)
    for other in (*DIFFERENTIALS, composites.r5_6_regions):
        assert other(st.copy()) is None
    step = sound(composites.r5_6_chained(st), sol)
    assert step.rule == "R5.6" and step.level == EXPERT_PLUS
    assert step.reason.startswith("Chained set differential (") and " − the 2x2 at " in step.reason


def _units(text: str) -> set[str]:
    """The rows, columns and regions a label names ("rows 1, 2" -> row 1, row 2)."""
    out = set()
    for kind, items in re.findall(r"\b(row|column|region)s? ((?:[\dA-Z]+(?:, )?)+)", text):
        out |= {f"{kind} {x}" for x in items.split(", ") if x}
    return out


def test_chained_sums_count_exactly_and_never_undo_their_own_operations(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    steps = explain(puzzle).steps
    n = puzzle.n
    checked = 0
    for k in (0, 6, 20):
        st = before(puzzle, steps, k)
        chained = composites.chains(st)
        assert chained
        for known in chained:
            inside = sum(1 for i in range(n * n) if known.cells >> i & 1 and divmod(i, n) in sol)
            assert inside == known.stars, known.label
            label = re.sub(r" \((?:the squeeze of [^)]*|[^()]*'s 2x2s)\)", "", known.label)
            got = re.search(r"\(([^()]*)\)", label)
            assert got is not None, known.label  # one composite in every chain
            rest = label[:got.start()] + label[got.end():]
            assert _units(got.group(1)) and not _units(got.group(1)) & _units(rest), known.label
            checked += 1
    assert checked


# ----- all of them: sound along real solves, silent on solved boards


@pytest.fixture(scope="module")
def boards(corpus: Path) -> list[tuple[str, frozenset[Cell], State]]:
    out = []
    for file, number in (("10-2-hard", 1), ("10-2-hard", 8), ("10-2-hard", 127), ("10-2-unsorted", 65),
                         ("10-2-unsorted", 95), ("14-3-med", 1)):
        puzzle, sol = lab(corpus, file, number)
        st = State.start(puzzle)
        for step in explain(puzzle, EXPERT_PLUS).steps:
            out.append((f"{file}#{number}", sol, st.copy()))
            st.apply_marks(step)
        out.append((f"{file}#{number}", sol, st))
    return out


@pytest.mark.parametrize("name", sorted(NEW))
def test_new_rule_alone_is_sound_along_real_solves(boards: list[tuple[str, frozenset[Cell], State]],
                                                   name: str) -> None:
    fired = 0
    for pid, sol, st in boards:
        try:
            step = NEW[name](st.copy())
        except Broken as e:  # pragma: no cover - a failure message
            pytest.fail(f"{pid}: {name} claims a contradiction on a solvable board: {e.step.reason}")
        if step is not None:
            fired += 1
            sound(step, sol)
    assert fired >= 1


@pytest.mark.parametrize("name", sorted(NEW))
def test_new_rule_is_silent_on_solved_and_one_star_boards(corpus: Path, name: str) -> None:
    puzzle, sol = lab(corpus, "10-2-hard", 1)
    assert NEW[name](solved(puzzle, sol)) is None
    if name.startswith("R4"):
        one_star, _ = lab(corpus, "8-1-hard", 1)
        assert NEW[name](State.start(one_star)) is None  # lines needing one star: left to the completing forms


def test_regions_minus_lines_moves_in_a_solve_where_every_rule_before_it_is_stuck(corpus: Path) -> None:
    puzzle, sol = lab(corpus, "14-3-unsorted", 38)
    steps = explain(puzzle, EXPERT_PLUS).steps
    k = next(k for k, s in enumerate(steps) if s.reason.startswith("Regions minus the lines inside them"))
    st = before(puzzle, steps, k)
    assert next_step(st.copy(), _before_rule(composites.r5_6_regions)) is None  # Placements and blocks included
    step = sound(composites.r5_6_regions(st), sol)
    assert step == steps[k] and step.level == EXPERT_PLUS
