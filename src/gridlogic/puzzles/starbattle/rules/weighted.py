"""Weighted count (Kris's guide §2.6, set differentials, with §1.2's 2x2s): R5.6 with weights.

A set differential adds and subtracts rows, columns and regions, each with its known star count, and
reads off a set with a known count; R3.2 then bounds a set by the 2x2s covering it. The weighted count
lets every unit and every 2x2 window take a whole weight: the units' remaining stars, times their
weights, plus one star per unit of a window's weight, bound the weighted sum of the candidates' stars,
each candidate weighing the sum of the weights of the units and windows it lies in. If every other
candidate weighs at least 0 and the bound leaves less than a cell's weight, the cell is empty; if the
bound is below 0 while only one cell weighs less than 0, that cell is a star.

The weights are found by linear programming (:mod:`~gridlogic.puzzles.starbattle.rules.relaxation`):
no cell is supposed a star or empty and nothing is searched, one count proves each mark. They are
checked again in exact whole numbers before the step is made, and named in it. The rule runs last of
the production rules (Expert+), only on boards every other rule leaves, of at least :data:`MIN_SIZE`
rows and at most :data:`MAX_OPEN` candidates; the certificates found on one board are kept and
checked again on the next. Before a proof is named in a step it is shortened: a second linear
program over the proof's own sets looks for the weights with the least sum of sizes, kept if they pass
the exact check and name fewer sets (or smaller weights).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, cast

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import EXPERT_PLUS
from gridlogic.puzzles.starbattle.rules.geometry import Geo, bits
from gridlogic.puzzles.starbattle.rules.state import State, make_step

if TYPE_CHECKING:
    from gridlogic.puzzles.starbattle.rules.relaxation import Scan

MIN_SIZE = 11
"""The smallest board the rule runs on. Up to 10x10 the guide's techniques solve all but five of the
2,830 corpus puzzles without Trial, and the generator's trial grade needs 10x10 puzzles that the
weighted count would solve (``generate --difficulty trial``): there the contradiction search stays the
last resort."""
MAX_OPEN = 300
"""Candidates above which the rule does not run (the tableau grows with their square)."""
DENOMINATOR = 1000
"""The largest denominator a proposed weight is rounded to before the exact check."""
SHORT_DENOMINATORS = (12, 60, DENOMINATOR)
"""The denominators a shorter proof's weights are rounded to, smallest first (small whole weights)."""
KEY = "weighted"


@dataclass(frozen=True)
class Count:
    """A proof that ``cell`` is a star (``star``) or empty: whole weights per unit (index into
    :meth:`Geo.all_units`) and per 2x2 window (index into :attr:`Geo.windows`)."""

    cell: int
    star: bool
    units: tuple[tuple[int, int], ...]
    windows: tuple[tuple[int, int], ...]


class Pending:
    """A mark a scan may prove, asked only when reached (:meth:`proof`): the scan's solve for it runs
    then, or never if the cell is settled first. Once asked it lets go of the scan, so a scan's
    tableau lives only while some of its marks are unasked (a new scan comes only once every kept
    mark still open has been asked: at most one scan is held)."""

    __slots__ = ("_proof", "cell", "k", "n_eq", "rows", "scan", "star")

    def __init__(self, scan: Scan, rows: list[int], n_eq: int, k: int, cell: int, star: bool) -> None:
        self.scan: Scan | None = scan
        self.rows, self.n_eq, self.k, self.cell, self.star = rows, n_eq, k, cell, star
        self._proof: Count | None = None

    @property
    def asked(self) -> bool:
        return self.scan is None

    def proof(self, st: State) -> Count | None:
        """The scan's proof of this mark (its weights made whole), or None if it has none."""
        if self.scan is not None:
            weights = self.scan.decide(self.k, self.star)
            self.scan = None
            if weights is not None:
                self._proof = _rounded(st, self.rows, self.n_eq, self.cell, self.star, weights)
        return self._proof


def r_weighted(st: State) -> Step | None:
    """Weighted count: a cell that some weighting of the units and 2x2 windows rules out as a star is
    empty, one it rules out as empty is a star (see the module docstring). The marks of the last
    scans are kept and tried first, stars first, in the order :func:`find` gives them; each is solved
    for only when reached (:class:`Pending`), with the same proof as :func:`find`'s."""
    g, unk = st.geo, st.unknown
    if g.n < MIN_SIZE or not unk or unk.bit_count() > MAX_OPEN:
        return None
    kept = cast("list[Pending]", g.facts.setdefault((KEY,), []))
    for entry in sorted(kept, key=lambda p: not p.star):
        if unk >> entry.cell & 1 and (proof := entry.proof(st)) is not None and holds(st, proof):
            return step_of(st, shorter(st, proof))
    if not st.changed_since(KEY):
        return None
    found = pending(st)
    kept[:] = [p for p in (*found, *kept) if unk >> p.cell & 1]
    for entry in found:
        if (proof := entry.proof(st)) is not None and holds(st, proof):
            return step_of(st, shorter(st, proof))
    st.found_nothing(KEY)
    return None


def pending(st: State) -> list[Pending]:
    """This board's scan, unsolved: a :class:`Pending` per candidate and direction, stars first (in
    :func:`find`'s order; the solves run when asked)."""
    g = st.geo
    if any(st.need(u) < 0 for u in g.all_units()) or g.touching(st.star):
        return []
    from gridlogic.puzzles.starbattle.rules.relaxation import Scan  # noqa: PLC0415 - numpy and numba load late

    cells, rows, rhs, n_eq = relaxation(st)
    scan = Scan(cells, rows, rhs, n_eq)
    if not scan.feasible:
        return []
    return [Pending(scan, rows, n_eq, k, cell, star) for star in (True, False) for k, cell in enumerate(cells)]


def relaxation(st: State) -> tuple[list[int], list[int], list[int], int]:
    """The board's relaxation (candidates, row masks, right-hand sides, equality rows): units with
    candidates (exact), then windows with candidates (at most one star), but a window whose candidates
    are all in another's (that one bounds them already)."""
    g, unk = st.geo, st.unknown
    rows, rhs = [], []
    seen: set[int] = set()
    for u in g.all_units():
        if u.mask & unk:
            rows.append(u.mask)
            rhs.append(st.need(u))
    n_eq = len(rows)
    live = [w for w in g.windows if w & unk]
    for w in live:
        cand = w & unk
        covered = any(cand != v & unk and cand & ~v == 0 for v in live)
        if (w & st.star or not covered) and cand not in seen:
            seen.add(cand)
            rows.append(w)
            rhs.append(1 - (w & st.star).bit_count())
    return list(bits(unk)), rows, rhs, n_eq


def find(st: State) -> list[Count]:
    """Every mark the relaxation proves on this board, each with its proposed weights (unchecked)."""
    g = st.geo
    if any(st.need(u) < 0 for u in g.all_units()) or g.touching(st.star):
        return []
    from gridlogic.puzzles.starbattle.rules.relaxation import probe  # noqa: PLC0415 - numpy and numba load late

    cells, rows, rhs, n_eq = relaxation(st)
    out = []
    for k, star, weights in probe(cells, rows, rhs, n_eq):
        proof = _rounded(st, rows, n_eq, cells[k], star, weights)
        if proof is not None:
            out.append(proof)
    return out


def shorter(st: State, proof: Count) -> Count:
    """``proof``, or a proof of the same mark from a subset of its sets with fewer weighted sets (then
    a smaller sum of weights), found by a second linear program over the certificates that use only
    ``proof``'s sets (small: ``proof`` is one of them); the shorter one only if it passes the exact
    check."""
    from gridlogic.puzzles.starbattle.rules.relaxation import shortest  # noqa: PLC0415 - numpy and numba load late

    g, unk = st.geo, st.unknown
    units = g.all_units()
    rows = [units[k].mask for k, _ in proof.units] + [g.windows[k] for k, _ in proof.windows]
    rhs = [st.need(units[k]) for k, _ in proof.units] + [1 - (g.windows[k] & st.star).bit_count()
                                                         for k, _ in proof.windows]
    covered = 1 << proof.cell
    for mask in rows:
        covered |= mask & unk
    cells = list(bits(covered))
    weights = shortest(cells, rows, rhs, len(proof.units), cells.index(proof.cell), proof.star)
    if weights is None:
        return proof
    for denominator in SHORT_DENOMINATORS:
        other = _rounded(st, rows, len(proof.units), proof.cell, proof.star, weights, denominator)
        if other is not None and holds(st, other):
            return other if size(other) < size(proof) else proof
    return proof


def size(proof: Count) -> tuple[int, int]:
    """How long a proof reads: the number of weighted sets, then the sum of the weights' sizes."""
    sets = (*proof.units, *proof.windows)
    return len(sets), sum(abs(w) for _, w in sets)


def _rounded(st: State, rows: list[int], n_eq: int, cell: int, star: bool, weights: list[float],
             denominator: int = DENOMINATOR) -> Count | None:
    """The proposed weights as whole numbers (rounded to fractions of at most ``denominator``, then
    scaled by their common denominator)."""
    g = st.geo
    # a weight below 1e-9 rounds to 0 at this denominator: only the others are turned into fractions
    fr = {i: Fraction(float(w)).limit_denominator(denominator) for i, w in enumerate(weights)
          if (w > 1e-9 or (i < n_eq and w < -1e-9))}
    fr = {i: f for i, f in fr.items() if f and (i < n_eq or f > 0)}
    scale = lcm(*(f.denominator for f in fr.values())) if fr else 1
    unit_index, window_index = _indices(g)
    units = tuple((unit_index[rows[i]], int(f * scale)) for i, f in fr.items() if i < n_eq)
    windows = tuple((window_index[rows[i]], int(f * scale)) for i, f in fr.items() if i >= n_eq)
    return Count(cell, star, units, windows) if units or windows else None


def _indices(g: Geo) -> tuple[dict[int, int], dict[int, int]]:
    """Each unit's mask to its index in :meth:`Geo.all_units`, each window's to its index in
    :attr:`Geo.windows` (once per puzzle)."""
    got = g.facts.get((KEY, "indices"))
    if got is None:
        got = g.facts[(KEY, "indices")] = ({u.mask: k for k, u in enumerate(g.all_units())},
                                           {w: k for k, w in enumerate(g.windows)})
    return cast("tuple[dict[int, int], dict[int, int]]", got)


def weights_of(st: State, proof: Count) -> tuple[dict[int, int], int, int]:
    """Per candidate its weight, the bound on the weighted sum, and the scale (the weight the cell must
    reach, or fall below by): ``(weights, bound, scale)``."""
    g, unk = st.geo, st.unknown
    units = g.all_units()
    weight: dict[int, int] = dict.fromkeys(bits(unk), 0)
    bound = 0
    for k, w in proof.units:
        bound += w * st.need(units[k])
        for c in bits(units[k].mask & unk):
            weight[c] += w
    for k, w in proof.windows:
        win = g.windows[k]
        bound += w * (1 - (win & st.star).bit_count())
        for c in bits(win & unk):
            weight[c] += w
    return weight, bound, abs(weight.get(proof.cell, 0))


def holds(st: State, proof: Count) -> bool:
    """The exact check, on this board: window weights not negative; for an empty mark every candidate
    weighs at least 0 and the cell more than the bound; for a star every other candidate weighs at least
    0, the cell less than 0, and the bound is below 0."""
    if any(w < 0 for _, w in proof.windows) or not st.unknown >> proof.cell & 1:
        return False
    weight, bound, _ = weights_of(st, proof)
    others = all(w >= 0 for c, w in weight.items() if c != proof.cell)
    mine = weight[proof.cell]
    return others and (bound < 0 if proof.star else mine > bound)


def _unit_list(g: Geo, proof: Count) -> str:
    units = g.all_units()
    by: dict[int, list[str]] = {}
    for k, w in proof.units:
        by.setdefault(w, []).append(units[k].name)
    return "; ".join(f"{', '.join(names)} by {w}" for w, names in sorted(by.items(), reverse=True))


def step_of(st: State, proof: Count) -> Step:
    g = st.geo
    weight, bound, _ = weights_of(st, proof)
    name = g.cell_name(proof.cell)
    used = sum(1 << c for c, w in weight.items() if w)
    wins = sum(w for _, w in proof.windows)
    corners = ", ".join(g.cell_name((g.windows[k] & -g.windows[k]).bit_length() - 1) for k, _ in proof.windows[:4])
    more = f" and {len(proof.windows) - 4} more" if len(proof.windows) > 4 else ""
    head = (f"Weighted count: weigh the stars still needed by {_unit_list(g, proof)}"
            + (f"; and {len(proof.windows)} 2x2s at {corners}{more}, at most one star each, by {wins} in all"
               if wins else "")
            + f". Each candidate weighs what the sets holding it weigh, and the stars to come weigh at most {bound}")
    if proof.star:
        text = (f"{head}: every candidate but {name} weighs at least 0 and {name} weighs {weight[proof.cell]}, "
                f"so only a star at {name} keeps the total at {bound}; {name} is a star.")
        return make_step(g, "Weighted", EXPERT_PLUS, text, used | (1 << proof.cell), star=1 << proof.cell)
    text = (f"{head}: every candidate weighs at least 0 and {name} weighs {weight[proof.cell]}, more than "
            f"{bound}; so {name} is empty.")
    return make_step(g, "Weighted", EXPERT_PLUS, text, used | (1 << proof.cell), black=1 << proof.cell)
