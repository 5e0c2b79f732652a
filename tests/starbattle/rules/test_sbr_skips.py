"""The speed skips change no answer: rules that skip the parts of the board unchanged since they
last found nothing (``State.changed_since``), the finned counts' per-cell memo (cells whose outcome
is known are skipped, their budget replayed), the reused placements of ``excluded`` and
``Geo.place``, and the order in which Placements looks at a unit's placements."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gridlogic.puzzles.starbattle.explain import explain
from gridlogic.puzzles.starbattle.formats import sbl
from gridlogic.puzzles.starbattle.levels import EXPERT, HARD, TRIAL
from gridlogic.puzzles.starbattle.rules import (
    counting,
    finned,
    fish,
    kissing_ls,
    placements,
    squeeze,
    state,
    the_m,
    tier3,
    tier4,
)
from gridlogic.puzzles.starbattle.rules.geometry import Geo, bits
from gridlogic.puzzles.starbattle.rules.state import Broken, State
from gridlogic.puzzles.starbattle.rules.tier3 import excluded

FINNED = (finned.r5_3, finned.r5_4, fish.r6_5)
SKIPPING = (tier3.r3_1, tier3.r3_2, tier3.r3_3, tier4.r4_1, tier4.r4_2, tier4.r4_3, tier4.r4_4, tier4.r4_5,
            tier4.r4_6, *(tier4.completing(f"R4.{k}") for k in range(1, 7)), counting.r5_1, counting.r5_2,
            squeeze.r5_5, the_m.r6_2, kissing_ls.r6_1, tier4.r4_7)


def _puzzles(corpus: Path, k: int) -> list[object]:
    """The first ``k`` 10x10 "unsorted" puzzles that need more than the Hard rules."""
    out = []
    for line in (corpus / "starbattle" / "starbattlelab" / "10-2-unsorted.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle = sbl.read(line.strip())
            if explain(puzzle, max_level=HARD).status == "stuck":
                out.append(puzzle)
            if len(out) == k:
                break
    return out


def _said(step: object) -> object:
    return None if step is None else (step.rule, step.reason, step.marks)  # type: ignore[attr-defined]


def _outcome(rule: object, st: State) -> object:
    try:
        return _said(rule(st))  # type: ignore[operator]
    except Broken as e:
        return ("broken", _said(e.step))


def _boards(puzzle: object) -> list[tuple[int, int]]:
    st = State.start(puzzle)  # type: ignore[arg-type]
    out = [(st.star, st.empty)]
    for step in explain(puzzle, TRIAL - 1).steps:  # type: ignore[arg-type]
        st.apply_marks(step)
        out.append((st.star, st.empty))
    return out


def test_skips_change_no_step(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzles = _puzzles(corpus, 4)
    assert puzzles
    for puzzle in puzzles:
        fast = explain(puzzle, TRIAL - 1)  # type: ignore[arg-type]
        monkeypatch.setattr(state, "SKIPS", False)
        monkeypatch.setattr(finned, "FIN_MEMO", False)
        slow = explain(puzzle, TRIAL - 1)  # type: ignore[arg-type]
        monkeypatch.undo()
        assert fast.status == slow.status
        assert [_said(s) for s in fast.steps] == [_said(s) for s in slow.steps]


def test_skips_hold_against_any_earlier_board(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that found nothing on a later board of a solve (not an ancestor) and is then asked
    about an earlier one answers as it does without the skips."""
    checked = 0
    for puzzle in _puzzles(corpus, 2):
        boards = _boards(puzzle)
        for later, earlier in zip(boards[::-4], boards[-3::-4], strict=False):
            for rule in SKIPPING:
                seen = State(Geo(puzzle), *later)  # type: ignore[arg-type]
                _outcome(rule, seen)
                fast = _outcome(rule, State(Geo(puzzle), *earlier, _nothing=dict(seen._nothing),  # type: ignore[arg-type]
                                            carry=dict(seen.carry)))
                monkeypatch.setattr(state, "SKIPS", False)
                slow = _outcome(rule, State(Geo(puzzle), *earlier))  # type: ignore[arg-type]
                monkeypatch.undo()
                assert fast == slow
                checked += fast is not None
    assert checked > 5


def test_finned_memo_is_board_independent(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards of one solve asked in reverse order with one warm Geo (its memo filled by later boards
    first) answer as a fresh Geo without the memo does."""
    checked = 0
    for puzzle in _puzzles(corpus, 2):
        geo = Geo(puzzle)  # type: ignore[arg-type]
        for star, empty in reversed(_boards(puzzle)[::3]):
            for rule in FINNED:
                warm = _outcome(rule, State(geo, star, empty))
                monkeypatch.setattr(finned, "FIN_MEMO", False)
                cold = _outcome(rule, State(Geo(puzzle), star, empty))  # type: ignore[arg-type]
                monkeypatch.setattr(finned, "FIN_MEMO", True)
                assert warm == cold
                checked += 1
    assert checked > 30


def _naive_excluded(g: Geo, cells: int, need: int, targets: int) -> int:
    out = 0
    for i in bits(targets):
        k = need - 1 if cells >> i & 1 else need
        if k > 0 and not g.fits(cells & ~g.closed[i], k):
            out |= 1 << i
    return out


def test_place_and_excluded_against_fits(corpus: Path) -> None:
    puzzle = _puzzles(corpus, 1)[0]
    g = Geo(puzzle)  # type: ignore[arg-type]
    rng = random.Random(7)
    marked = 0
    for _ in range(300):
        mask = 0  # a few rows and columns, the shapes a unit's candidates take
        top, left = rng.randrange(g.n - 2), rng.randrange(g.n - 4)
        density = rng.choice((0.4, 0.6, 0.8))
        for r in range(top, top + rng.randint(1, 3)):
            for c in range(left, left + rng.randint(3, 5)):
                if rng.random() < density:
                    mask |= 1 << (r * g.n + c)
        k = rng.randint(1, 6)
        placed = g.place(mask, k)
        assert bool(placed) == g.fits(mask, k)
        if placed:
            assert placed & ~mask == 0 and placed.bit_count() >= k and not g.touching(placed)
        need = max(1, g.max_stars(mask, 8) - rng.randint(0, 1))  # tight: some cells are excluded
        targets = mask | (g.spread(mask) if rng.random() < 0.5 else 0)
        got = excluded(g, mask, need, targets, g.closed.__getitem__)
        assert got == _naive_excluded(g, mask, need, targets)
        marked += got.bit_count()
    assert marked > 0


def _listing_every_placement(st: State) -> tuple[int, int, int] | None:
    """Placements with every placement of every unit looked at, in order: (kept, empties, stars)
    of the first unit that marks."""
    g, unk = st.geo, st.unknown
    for _, mask, holds in placements._units(g):
        need = holds - (st.star & mask).bit_count()
        cand = mask & unk
        if need <= 0 or cand.bit_count() <= need:
            continue
        pats = placements.unit_placements(st, cand, need)
        if pats is None:
            continue
        kept = [(p, got) for p in pats if (got := placements.consequences(st, p)) is not None]
        anywhere, everywhere, emptied, starred = 0, cand, unk, unk
        for p, (gone, added) in kept:
            anywhere, everywhere, emptied, starred = anywhere | p, everywhere & p, emptied & gone, starred & added
        black = (cand & ~anywhere) | (emptied & ~cand)
        star = everywhere | (starred & ~cand)
        if black or star:
            return len(kept), black & ~star, star
    return None


def test_placements_order_changes_no_step(corpus: Path) -> None:
    """Placements looks at a unit's placements in its own order and stops once no mark can remain;
    the step is the one that looking at every placement gives."""
    checked = 0
    for puzzle in _puzzles(corpus, 6):
        ex = explain(puzzle, max_level=EXPERT)  # type: ignore[arg-type]
        st = State.from_rows(puzzle, list(ex.final))  # type: ignore[arg-type]
        if ex.status != "stuck":
            continue
        want = _listing_every_placement(st)
        step = placements.r_placements(st)
        assert (step is None) == (want is None)
        if step is not None and want is not None:
            kept, black, star = want
            g = st.geo
            assert f"only {kept} leave" in step.reason
            assert {(m.cell, m.value) for m in step.marks} == (
                {(g.cell(i), "black") for i in bits(black)} | {(g.cell(i), "star") for i in bits(star)})
            checked += 1
    assert checked >= 2
