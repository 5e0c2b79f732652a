"""Case splits, inside the Trial level: "either ... or ...", then see what every case agrees on.

The seed's LEGUP case rule splits on one cell (a star in one branch, empty in the other). Here a
split is any exhaustive list of assumptions:

- a row, column or region with few ways left to place the stars it still needs (no two touching,
  at most :data:`MAX_WAYS`): one branch per way (its stars, the unit's other candidates empty);
- one cell: a star in one branch, empty in the other.

Every branch is propagated with the lower rules (as the trial search follows one assumption). A
branch that breaks holds no solution and is dropped; a mark that every surviving branch reaches is
then true in every solution, so it is deduced. If one branch survives, its assumption holds (only
the assumption is deduced: the ordinary rules take it from there). Every board a branch passes
through follows from its assumption, so a branch cut short by the step budget is still a valid case.

Of the splits that deduce anything, the step keeps the one whose longest branch is shortest (each
later split runs its branches only until they could still beat it). The branch that agrees with one
solution of the board (:mod:`~gridlogic.puzzles.starbattle.rules.witness`) runs first: it can never
break, every deduced mark is one of its marks, so a split whose witness branch reaches nothing is
dropped without running the others.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import TRIAL
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.hypothesis import Propagator
from gridlogic.puzzles.starbattle.rules.placements import unit_placements
from gridlogic.puzzles.starbattle.rules.state import State, make_step

MAX_WAYS = 16
"""A unit with more ways than this to place its remaining stars is not split on (first)."""
WIDE_WAYS = 200
"""...nor on the second try (units with more than :data:`MAX_WAYS` ways, the cheaper tiers only)."""
SHOWN_WAYS = 3
"""Ways listed by name in the step's sentence (more are counted)."""


@dataclass(frozen=True)
class Split:
    """An exhaustive list of assumptions: ``branches`` as (stars, empty cells) masks. ``unit`` is
    the unit whose ways they are (None: one cell, star then empty)."""

    unit: Unit | None
    branches: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Outcome:
    """A split's result: the deduced marks, each branch's chain length (steps until it holds every
    deduced mark, or until it broke) and which branches broke."""

    split: Split
    star: int
    empty: int
    lengths: tuple[int, ...]
    broken: tuple[bool, ...]
    chains: tuple[list[Step], ...]
    """Each branch's steps (a broken one's last step is the contradiction)."""

    @property
    def longest(self) -> int:
        return max(self.lengths)


def ways(st: State, unit: Unit, limit: int | None = None) -> list[int] | None:
    """The ways (star masks) to place ``unit``'s remaining stars on its candidates, no two touching
    and (for a region) no row or column over its remaining count; None if more than ``limit``
    (default :data:`MAX_WAYS`)."""
    need = st.need(unit)
    cand = unit.mask & st.unknown
    if need <= 0 or cand.bit_count() < need:
        return []
    return unit_placements(st, cand, need, MAX_WAYS if limit is None else limit, counts=unit.kind == "region")


def splits(st: State, cells: list[int], fewest: int = 2, most: int | None = None) -> Iterator[Split]:
    """The splits to try: units with ``fewest`` to ``most`` (default :data:`MAX_WAYS`) ways, the
    fewest ways first, then ``cells``."""
    found: list[tuple[int, int, Split]] = []
    unk = st.unknown
    for k, u in enumerate(st.geo.all_units()):
        got = ways(st, u, most)
        if got is None or len(got) < fewest:
            continue
        rest = u.mask & unk
        found.append((len(got), k, Split(u, tuple((w, rest & ~w) for w in got))))
    found.sort(key=lambda t: (t[0], t[1]))
    for _, _, s in found:
        yield s
    for i in cells:
        yield Split(None, ((1 << i, 0), (0, 1 << i)))


def _agrees(branch: tuple[int, int], sol: int | None) -> bool:
    star, empty = branch
    return sol is not None and star & sol == star and not empty & sol


def evaluate(st: State, prop: Propagator, split: Split, cap_level: int, budget: int,
             sol: int | None) -> Outcome | None:
    """Every branch of ``split`` followed (rules up to ``cap_level``, at most ``budget`` steps);
    the marks every surviving branch reaches, or None if there are none (or no branch survives)."""
    left = sorted(range(len(split.branches)), key=lambda b: not _agrees(split.branches[b], sol))
    runs: dict[int, tuple[bool, list[Step]]] = {}
    common_star = common_empty = -1
    while left:
        # next: the branch whose own assumption contradicts the most of what is common so far (if it
        # survives, the split is soon shown to deduce nothing); the order changes no result
        b = max(left, key=lambda c: ((split.branches[c][0] & common_empty).bit_count()
                                     + (split.branches[c][1] & common_star).bit_count())) if runs else left[0]
        left.remove(b)
        star, empty = split.branches[b]
        known = _broke_before(st, split.branches[b], cap_level, budget)
        if known is not None:
            runs[b] = (True, known)
            continue
        hyp = st.copy()
        hyp.star |= star
        hyp.empty |= empty
        status, steps = prop.run(hyp, cap_level, budget)
        broke = status == "contradiction"
        runs[b] = (broke, steps)
        if broke:
            _remember(st, split.branches[b], cap_level, steps)
            continue
        common_star &= hyp.star & ~st.star
        common_empty &= hyp.empty & ~st.empty
        if not common_star | common_empty:
            return None
    alive = [b for b in range(len(split.branches)) if not runs[b][0]]
    if not alive:
        return None
    if len(alive) == 1:  # its assumption holds; the ordinary rules take it from there
        common_star, common_empty = split.branches[alive[0]]
    lengths = []
    for b in range(len(split.branches)):
        broke, steps = runs[b]
        lengths.append(len(steps) if broke else _reached(st, split.branches[b], steps, common_star, common_empty))
    return Outcome(split, common_star, common_empty, tuple(lengths), tuple(runs[b][0] for b in range(len(lengths))),
                   tuple(runs[b][1] for b in range(len(lengths))))


_BROKE = ("split: broken branches",)
BROKE_LIMIT = 50_000
"""Broken branches remembered per puzzle."""


def _broke_before(st: State, branch: tuple[int, int], cap_level: int, budget: int) -> list[Step] | None:
    """The chain that broke ``branch`` on an earlier board of this puzzle that the current one
    extends (same rules or fewer, within ``budget``): every step of it still follows from the
    branch's assumption here, so the branch still breaks, by the same chain."""
    memo = st.geo.facts.get(_BROKE)
    if not isinstance(memo, dict):
        return None
    for star, empty, level, steps in memo.get(branch, ()):
        if level <= cap_level and len(steps) <= budget and not star & ~st.star and not empty & ~st.empty:
            return list(steps)
    return None


def _remember(st: State, branch: tuple[int, int], cap_level: int, steps: list[Step]) -> None:
    memo = st.geo.facts.get(_BROKE)
    if not isinstance(memo, dict) or len(memo) > BROKE_LIMIT:
        memo = st.geo.facts[_BROKE] = {}
    memo.setdefault(branch, []).append((st.star, st.empty, cap_level, tuple(steps)))


def _reached(st: State, branch: tuple[int, int], steps: list[Step], star: int, empty: int) -> int:
    """Steps of a branch until it holds every mark of (``star``, ``empty``)."""
    n = st.geo.n
    have_star, have_empty = branch
    k = 0
    while star & ~have_star or empty & ~have_empty:
        for m in steps[k].marks:
            b = 1 << (m.cell[0] * n + m.cell[1])
            if m.value == "star":
                have_star |= b
            else:
                have_empty |= b
        k += 1
    return k


def best(st: State, prop: Propagator, candidates: list[Split], cap_level: int, budget: int,
         sol: int | None) -> Outcome | None:
    """Of ``candidates``, the split that deduces something with the shortest longest branch (ties:
    the first); each later split runs only while it can still win."""
    top: Outcome | None = None
    for s in candidates:
        limit = budget if top is None else min(budget, top.longest - 1)
        if limit <= 0:
            break
        got = evaluate(st, prop, s, cap_level, limit, sol)
        if got is not None and (top is None or got.longest < top.longest):
            top = got
    return top


def _lengths(xs: list[int]) -> str:
    """``xs`` as "5", "5 and 7", "3, 5 and 7" or "3 to 40", followed by "step(s)"."""
    return _numbers(xs) + (" step" if max(xs) == 1 else " steps")


def _numbers(xs: list[int]) -> str:
    xs = sorted(xs)
    if xs[0] == xs[-1]:
        return str(xs[0])
    if len(xs) <= 3:
        return ", ".join(map(str, xs[:-1])) + (" and " if len(xs) > 1 else "") + str(xs[-1])
    return f"{xs[0]} to {xs[-1]}"


def _way_name(g: Geo, stars: int) -> str:
    return "+".join(g.cell_name(i) for i in bits(stars))


def split_step(st: State, out: Outcome) -> Step:
    """The step: the split's cases in one sentence, what breaks, what every case agrees on, and the
    branches' chain lengths."""
    g = st.geo
    s = out.split
    alive = [b for b in range(len(s.branches)) if not out.broken[b]]
    dead = [b for b in range(len(s.branches)) if out.broken[b]]
    if s.unit is None:
        i = next(iter(bits(s.branches[0][0])))
        cases = f"Either {g.cell_name(i)} is a star or it is empty"
        labels = ["the star", "the empty cell"]
    else:
        need = st.need(s.unit)
        what = f"{s.unit.name}'s {'last star' if need == 1 else f'{need} remaining stars'}"
        names = [_way_name(g, w) for w, _ in s.branches]
        if len(names) <= SHOWN_WAYS:
            cases = f"{cap(what)} {'is' if need == 1 else 'are'} at " + " or ".join(names) + \
                f" (its only {len(names)} ways)"
        else:
            cases = f"{cap(what)} can be placed in only {len(names)} ways"
        labels = names
    parts = [cases]
    if dead:
        if len(s.branches) <= SHOWN_WAYS:
            broke = ", ".join(labels[b] for b in dead)
            chains = "a chain" if len(dead) == 1 else "chains"
            parts.append(f"{broke} break{'s' if len(dead) == 1 else ''} "
                         f"({chains} of {_lengths([out.lengths[b] for b in dead])})")
        else:
            parts.append(f"{len(dead)} of them break (chains of {_lengths([out.lengths[b] for b in dead])})")
    marks = _marks_text(g, out.star, out.empty)
    if len(alive) == 1:
        parts.append(f"so {labels[alive[0]]} holds: {marks}")
    else:
        every = ("both" if len(alive) == 2 else f"all {len(alive)}") if not dead else f"the other {len(alive)}"
        parts.append(f"in {every} cases {marks} "
                     f"(branches of {_lengths([out.lengths[b] for b in alive])})")
    reason = "; ".join(parts) + "."
    uses = 0
    for star, empty in s.branches:
        uses |= star | empty
    return make_step(g, "Trial", TRIAL, reason, uses, black=out.empty, star=out.star)


def _marks_text(g: Geo, star: int, empty: int) -> str:
    out = []
    if star:
        k = star.bit_count()
        out.append(f"{g.cells_name(star)} {'is a star' if k == 1 else 'are stars'}")
    if empty:
        k = empty.bit_count()
        out.append(f"{g.cells_name(empty)} {'is' if k == 1 else 'are'} empty")
    return " and ".join(out)
