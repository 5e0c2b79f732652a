"""Checker violations, human steps agreeing with the unique solution, grading, generation."""

from __future__ import annotations

from itertools import islice

from str8ts_data import SEED_SOLUTION, Row

from gridlogic.core.engine import run
from gridlogic.puzzles.str8ts import KIND
from gridlogic.puzzles.str8ts.exact import sat as exact_sat
from gridlogic.puzzles.str8ts.explain import explain
from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.generate import generate
from gridlogic.puzzles.str8ts.model import Str8ts
from gridlogic.puzzles.str8ts.rules import LEVELS, LOGIC, NETS, TECHNIQUES, State, chains, compchain, nets, setti
from gridlogic.puzzles.str8ts.rules.chains import chain_starts
from gridlogic.puzzles.str8ts.rules.search import contradiction_search

# A fixed sample of corpus puzzles (ids) covering every level the solver reaches, kept fast.
SAMPLE = ("cl-str8ts/2019-01-26-medium", "cl-str8ts/2019-01-29-hard", "cl-str8ts/2019-02-04-hard",
          "phoenixsmaug/diabolic_wikipedia", "jamesaustin/easter_bunny_wolfgang", "jamesaustin/klaus119",
          "jamesaustin/weekly190", "jamesaustin/weekly089", "jamesaustin/ulrich023", "jamesaustin/weekly028",
          "jamesaustin/weekly192", "jamesaustin/ulrich004")
# Every rule the sample must exercise (the others are covered by tests/str8ts/test_rules_units.py).
SAMPLE_RULES = {"NakedSingle", "Elimination", "CompartmentRange", "HiddenSingle", "StrandedDigits", "MindTheGap",
                "SureCandidates", "LockedCompartments", "XWing", "Swordfish", "AlternatingChain",
                "CompartmentAIC", "ForcingChain", "StraightChain", "SplitCompartment", "SettisRule", "Jellyfish"}


def test_violations_are_named(seed: Str8ts) -> None:
    good = KIND.parse_solution(seed, "/".join(SEED_SOLUTION))
    assert KIND.check(seed, good) == []
    assert KIND.parse_solution(seed, "".join(SEED_SOLUTION)) == good
    sol = list(good)
    sol[2], sol[4] = sol[4], sol[2]  # r1c3 <-> r1c5: given changed, columns repeat
    rules = {v.rule for v in KIND.check(seed, tuple(sol))}
    assert rules == {"GivenChanged", "RepeatedDigit", "NotStraight"}
    sol = list(good)
    sol[20] = 0
    (v,) = KIND.check(seed, tuple(sol))
    assert v.rule == "MissingDigit" and v.cells == ((2, 2),)
    sol = list(good)
    sol[27], sol[30] = 9, 3  # row 4: 9 1 3 8 3 ... breaks a straight and repeats a digit
    rules = {v.rule for v in KIND.check(seed, tuple(sol))}
    assert {"NotStraight", "RepeatedDigit"} <= rules


def _sound(p: Str8ts, sol: tuple[int, ...], used: set[str] | None = None) -> int:
    ex = explain(p)
    for step in ex.steps:
        if used is not None:
            used.add(step.rule)
        assert step.rule in {t.id for t in TECHNIQUES}, step
        for m in step.marks:
            d = sol[m.cell[0] * p.n + m.cell[1]]
            assert (m.value != f"-{d}") if m.value.startswith("-") else m.value == str(d), step
    assert ex.status in ("solved", "stuck")
    if ex.status == "solved":
        assert ex.final == KIND.solution_rows(p, sol)
    return ex.level


def test_human_steps_agree_with_unique_solution(rows: list[Row]) -> None:
    chosen = [r for r in rows if r[0] in SAMPLE]
    assert len(chosen) == len(SAMPLE)
    levels = set()
    used: set[str] = set()
    for _, text, _, _ in chosen:
        p = s81.read(text)
        (sol,) = islice(exact_sat.solutions(p), 2)
        levels.add(_sound(p, sol, used))
    assert levels == set(range(len(LEVELS) + 1))  # easy .. extreme, and unsolved (stuck)
    assert used >= SAMPLE_RULES, (SAMPLE_RULES - used, used)


def test_grade_is_lowest_cap_that_solves(seed: Str8ts) -> None:
    g = KIND.grade(seed)
    assert g.name == LEVELS[g.level]
    assert explain(seed, g.level).status == "solved"
    if g.level:
        assert explain(seed, g.level - 1).status == "stuck"


def test_generate_unique_at_level() -> None:
    for level in (0, 2):
        g = generate(6, level, seed=11)
        p = g.puzzle
        assert isinstance(p, Str8ts) and g.grade is not None and g.grade.level == level
        assert list(islice(exact_sat.solutions(p), 2)) == [g.solution]
        assert not KIND.check(p, g.solution)
        assert _sound(p, g.solution) == level


def test_forcing_chain_goes_past_the_logic_levels(rows: list[Row]) -> None:
    (text,) = [r[1] for r in rows if r[0] == "jamesaustin/ulrich004"]
    p = s81.read(text)
    (sol,) = islice(exact_sat.solutions(p), 2)
    s = State.start(p)
    assert run(s, LOGIC).status == "stuck"  # diabolical and below, AlternatingChain included, are stuck
    assert chains.alternating_chain(3)(s) is None
    step = chains.alternating_chain(4, singles=True)(s)
    assert step is not None and step.rule == "ForcingChain" and step.reason.startswith("if r")
    ((cell, value),) = [(m.cell, m.value) for m in step.marks]
    assert value != f"-{sol[cell[0] * p.n + cell[1]]}"


def test_settis_rule_on_sets_solves_where_the_other_logic_stops(rows: list[Row]) -> None:
    """weekly246 (its oddness count) and klaus155: every logic rule but Setti's rule on a set of
    digits is stuck; that rule moves on soundly, and the puzzle is then solved at diabolical."""
    texts = {r[0]: r[1] for r in rows}
    others = tuple(t for t in LOGIC if t.id != "SettisRuleSet")
    for name in ("jamesaustin/weekly246", "jamesaustin/klaus155"):
        p = s81.read(texts[name])
        (sol,) = islice(exact_sat.solutions(p), 2)
        s = State.start(p)
        assert run(s, others).status == "stuck", name
        step = setti.settis_rule_set(3)(s)
        assert step is not None and step.reason.startswith("Setti's rule on the digits "), (name, step)
        assert all(m.value != f"-{sol[m.cell[0] * p.n + m.cell[1]]}" for m in step.marks)
        assert explain(p, 3).status == "solved", name


def test_compartment_aic_goes_past_the_logic_levels(rows: list[Row]) -> None:
    """On boards where every other rule up to diabolical is stuck, the chain through the straights
    from a cell of at most three candidates moves on, soundly; klaus138 then needs no net at all
    (graded diabolical, by CompartmentAIC). The extreme form takes every refuted start at once."""
    texts = {r[0]: r[1] for r in rows}
    others = tuple(t for t in LOGIC if t.id != "CompartmentAIC")
    for name, start in (("jamesaustin/klaus138", "if r3c2 were 2: "), ("jamesaustin/ulrich004", "if r5c1 were 9: "),
                        ("jamesaustin/weekly223", "if r8c7 were 2: ")):
        p = s81.read(texts[name])
        (sol,) = islice(exact_sat.solutions(p), 2)
        s = State.start(p)
        assert run(s, others).status == "stuck"
        step = compchain.compartment_aic(3)(s)
        assert step is not None and step.rule == "CompartmentAIC" and step.reason.startswith(start), (name, step)
        every = compchain.compartment_aic(4, 9, "AnyCellCompartmentAIC", every=True)(s)
        assert every is not None and len(every.marks) > 20 and step.marks[0] in every.marks
        for mark in (*step.marks, *every.marks):
            assert mark.value != f"-{sol[mark.cell[0] * p.n + mark.cell[1]]}", (name, mark)
    ex = explain(s81.read(texts["jamesaustin/klaus138"]))
    assert ex.status == "solved" and ex.grade == "diabolical" and ex.hardest_rule == "CompartmentAIC"
    assert not {st.rule for st in ex.steps} & (NETS | {"BoundedContradiction", "AnyCellCompartmentAIC"})


def test_the_fast_test_and_the_worded_chains_agree(rows: list[Row]) -> None:
    """For every start on stuck corpus boards, the set-based test says refuted exactly when the
    breadth-first search finds the chains it puts in words."""
    texts = {r[0]: r[1] for r in rows}
    others = tuple(t for t in LOGIC if t.id != "CompartmentAIC")
    refuted = 0
    for name in ("jamesaustin/klaus138", "jamesaustin/ulrich004", "jamesaustin/weekly223"):
        s = State.start(s81.read(texts[name]))
        assert run(s, others).status == "stuck"
        links = compchain.Links(s)
        for i, d in chain_starts(s, [0] * s.puzzle.size):
            fast = compchain._refuted(links, (i, d, True), [0] * s.puzzle.size)
            assert fast == (compchain._refute(s, links, (i, d, True), [0] * s.puzzle.size) is not None), (name, i, d)
            refuted += fast
    assert refuted > 60


def test_straight_chain_goes_past_the_forcing_chain(rows: list[Row]) -> None:
    (text,) = [r[1] for r in rows if r[0] == "jamesaustin/weekly246"]
    p = s81.read(text)
    (sol,) = islice(exact_sat.solutions(p), 2)
    s = State.start(p)
    # without Setti's rule on a set of digits (which solves weekly246 at diabolical since issue 27's
    # fourth pass), every rule before StraightChain is stuck here
    weaker = [t for t in TECHNIQUES if t.id not in ("StraightChain", "BoundedContradiction", "SettisRuleSet")]
    assert run(s, weaker).status == "stuck"
    step = nets.straight_chain(4)(s)
    assert step is not None and step.rule == "StraightChain" and step.reason.startswith("if r5c5 were 5: ")
    ((cell, value),) = [(m.cell, m.value) for m in step.marks]
    assert value != f"-{sol[cell[0] * p.n + cell[1]]}"
    search = contradiction_search(4, lambda: tuple(t for t in LOGIC[:-1] if t.id != "SettisRuleSet"))(s)
    # the search, still last, also moves on here
    assert search is not None and search.rule == "BoundedContradiction"
    assert all(m.value != f"-{sol[m.cell[0] * p.n + m.cell[1]]}" for m in search.marks)
    assert nets.straight_chain(4)(State.start(Str8ts.from_rows(["......"] * 6))) is None  # many solutions


def _states(p: Str8ts) -> list[State]:
    """Boards met on the way through ``p`` with the logic levels (after 0, 10, 30, 60 steps, stuck)."""
    out = []
    for k in (0, 10, 30, 60, 100_000):
        s = State.start(p)
        run(s, LOGIC, max_steps=k)
        out.append(s)
    return out


def test_chain_closure_decides_as_the_chain_search(rows: list[Row]) -> None:
    """The fast tests decide a chain start meets a contradiction exactly when the search tree that
    writes the chain out does, on every candidate: the bit-mask closure with singles (ForcingChain),
    the set-based test over coded links without (AlternatingChain)."""
    texts = {r[0]: r[1] for r in rows}
    met = 0
    for name in ("jamesaustin/ulrich004", "jamesaustin/weekly028", "jamesaustin/klaus119"):
        for s in _states(s81.read(texts[name])):
            links = chains.Links(s)
            for i in s.puzzle.white:
                if s.placed[i]:
                    continue
                for d in range(1, s.puzzle.n + 1):
                    if not s.mask(i) >> (d - 1) & 1:
                        continue
                    for singles in (False, True):
                        clean = [0] * s.puzzle.size
                        fast = (chains._meets_contradiction(links, (i, d), clean) if singles else chains.refuted(
                            links.codes, chains.code(i, d, True), links.masks, links.needed, links.sizes, clean))
                        assert fast == (chains._refute(s, links, (i, d), singles) is not None), (name, i, d)
                        met += fast
    assert met > 50


def test_contradiction_looks_at_changes_only(rows: list[Row]) -> None:
    """A board checked before, then changed, reports the same first contradiction as a fresh check."""
    p = s81.read(next(r[1] for r in rows if r[0] == "jamesaustin/weekly028"))
    s = _states(p)[2]
    assert s.contradiction() is None and s.clean is not None
    found = 0
    for i in p.white:
        for d in range(1, p.n + 1):
            if not s.mask(i) >> (d - 1) & 1:
                continue
            for place in (True, False):
                t = s.copy()
                if place:
                    t.board.fix(i, d - 1)
                    t.placed[i] = True
                else:
                    t.board.masks[i] &= ~(1 << (d - 1))
                fresh = State(p, t.board.copy(), t.placed.copy())
                assert t.contradiction() == fresh.contradiction()
                found += fresh.contradiction() is not None
    assert found > 20


def test_every_logic_rule_sound_on_corpus_boards(rows: list[Row]) -> None:
    """Each logic rule on its own (not only the first that fires), on boards met along the way
    through a corpus sample: every mark it proposes agrees with the unique solution."""
    unique = [r for r in rows if r[2] == "1"][::12]
    fired: set[str] = set()
    for _, text, _, solution in unique:
        p = s81.read(text)
        for s in _states(p):
            for t in LOGIC:
                if t.id in ("AlternatingChain", "ForcingChain"):
                    continue
                step = t.find(s)
                if step is None:
                    continue
                fired.add(t.id)
                for m in step.marks:
                    d = solution[m.cell[0] * p.n + m.cell[1]]
                    assert (m.value != f"-{d}") if m.value.startswith("-") else m.value == d, (t.id, step)
    assert len(unique) >= 20 and len(fired) >= 15, fired


def test_a_board_met_again_by_another_run_is_read_afresh() -> None:
    """The chain rules keep their links with the last board; a later run of the same puzzle object
    that meets an equal board gets them, and must not read the first run's state, which moved on.
    On this generated extreme puzzle the run capped at extreme goes through a board where narrow
    CompartmentAIC fails and AnyCellCompartmentAIC passes over every start; a diabolical run after
    it once took that pass's first start, read on the solved board, as narrow (grade diabolical)."""
    text = "2#.c........#...#....i....#..ab...i....#.#....#...##..#9...#....#...#........#.a."
    p = s81.read(text)
    extreme = explain(p, 4, candidates=False)
    assert extreme.status == "solved" and extreme.hardest_rule == "AnyCellCompartmentAIC"
    again = explain(p, 3, candidates=False)
    fresh = explain(s81.read(text), 3, candidates=False)
    assert again.status == fresh.status == "stuck"
    assert [(st.rule, st.marks) for st in again.steps] == [(st.rule, st.marks) for st in fresh.steps]
    assert KIND.grade(p).level == 4
