"""The speed memos change no answer: R6.3's memoised strip searches replay their budget exactly, and
the trial search gives the same step with a warm memo as with a cold one."""

from __future__ import annotations

from pathlib import Path

from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import HARD
from gridlogic.puzzles.starbattle.rules import PRODUCTION
from gridlogic.puzzles.starbattle.rules.geometry import Geo, bits
from gridlogic.puzzles.starbattle.rules.pressured_squeeze import UNKNOWN, _strip_search, strip_feasible
from gridlogic.puzzles.starbattle.rules.state import State
from gridlogic.puzzles.starbattle.rules.trial import trial


def _stuck_states(corpus: Path, k: int) -> list[State]:
    """Boards where the Hard rules stall, from the first ``k`` 10x10 "unsorted" puzzles that need more."""
    out = []
    for line in (corpus / "starbattle" / "starbattlelab" / "10-2-unsorted.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        puzzle = sbl.read(line.strip())
        ex = explain(puzzle, max_level=HARD)
        if ex.status == "stuck":
            out.append(State.from_rows(puzzle, list(ex.final), Geo(puzzle)))
        if len(out) == k:
            return out
    return out


def test_strip_memo_replays_answer_and_budget(corpus: Path) -> None:
    checked = 0
    for st in _stuck_states(corpus, 2):
        g = st.geo
        for start in range(0, g.n - 1, 3):
            group = g.row_units[start:start + 2]
            strip = (group[0].mask | group[1].mask) & st.unknown
            for forced in [0, *(1 << i for i in bits(strip))][:8]:
                spent = [0]
                fresh = _strip_search(st, group, forced, spent)
                cost = spent[0]
                assert strip_feasible(st, group, forced) == fresh
                for budget in {0, -1, cost - 1, cost, cost + 5, 40_000}:
                    total = [budget]
                    got = strip_feasible(st, group, forced, total)  # a memo hit from the second call on
                    if cost == 0 or budget >= cost:
                        assert (got, total[0]) == (fresh, budget - cost)
                    else:
                        assert got == UNKNOWN and total[0] < 0
                    checked += 1
    assert checked > 50


def test_trial_step_is_the_same_with_a_warm_memo(corpus: Path) -> None:
    states = _stuck_states(corpus, 2)
    assert states
    for st in states:
        cold = trial(State(Geo(st.geo.puzzle), st.star, st.empty), PRODUCTION)
        warm_geo = st.geo
        for other in states:  # warm the memo of this puzzle's Geo with this and other boards
            if other.geo.puzzle is st.geo.puzzle:
                trial(State(warm_geo, other.star, other.empty), PRODUCTION)
        warm = trial(State(warm_geo, st.star, st.empty), PRODUCTION)
        assert cold is not None and warm is not None
        assert (cold.rule, cold.reason, cold.uses, cold.marks) == (warm.rule, warm.reason, warm.uses, warm.marks)
