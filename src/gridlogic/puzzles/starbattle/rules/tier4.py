"""Tier 4 (Medium): exclusion. A cell whose star would leave some row, column or region without
room for its stars is empty. "Room" is the exact maximum of non-touching stars (see geometry)."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.levels import MEDIUM
from gridlogic.puzzles.starbattle.rules.facts import OneByN, Window, in_line, windows
from gridlogic.puzzles.starbattle.rules.geometry import Geo, Unit, bits, cap
from gridlogic.puzzles.starbattle.rules.state import Broken, State, broken_step, make_step, said
from gridlogic.puzzles.starbattle.rules.tier3 import excluded, exclusion


class _Removed(dict[int, int]):
    """Per board: cell -> what a star there rules out (:func:`removed_by`), filled on first use."""

    def __init__(self, st: State) -> None:
        super().__init__()
        self.st = st

    def __missing__(self, i: int) -> int:
        st = self.st
        g = st.geo
        out = g.closed[i]
        star, one_less = st.star, g.S - 1
        r, c = divmod(i, g.n)
        for mask in (g.rows[r], g.cols[c], g.regs[g.reg_of[i]]):
            if (star & mask).bit_count() == one_less:  # needs one more star
                out |= mask
        out &= st.unknown
        self[i] = out
        return out


def _removed(st: State) -> _Removed:
    got: _Removed | None = st.cache.get("removed")
    if got is None:
        got = st.cache["removed"] = _Removed(st)
    return got


def removed_by(st: State, i: int) -> int:
    """The candidates a star at ``i`` rules out: its neighbours, and the rest of every row, column
    or region that the star completes (one that needs only this star)."""
    return _removed(st)[i]


def completers(st: State) -> list[Unit]:
    """Rows, columns and regions that need exactly one more star (a star in them completes them)."""
    got: list[Unit] | None = st.cache.get("completers")
    if got is None:
        got = st.cache["completers"] = [u for u in st.geo.all_units() if st.need(u) == 1]
    return got


def hypo_exclusion(st: State, cells: int, need: int, targets: int) -> int:
    """Cells of ``targets`` whose star (with what it rules out, :func:`removed_by`) leaves ``cells``
    (candidates only) unable to hold their remaining stars (``need``, less one if the cell is one of
    them). What a star rules out among candidates depends only on which units need one more star,
    so the answer is memoised per puzzle under that set too."""
    g = st.geo
    key = ("hypo excl", cells, need, targets, _completer_bits(st))
    got: int | None = g.facts.get(key)  # type: ignore[assignment]
    if got is None:
        got = g.facts[key] = excluded(g, cells, need, targets, _removed(st).__getitem__)
    return got


def _completer_bits(st: State) -> int:
    """The units that need exactly one more star, a bit each (in the order of ``all_units``)."""
    got: int | None = st.cache.get("completer bits")
    if got is None:
        g = st.geo
        star, one_less = st.star, g.S - 1
        got = 0
        for k, m in enumerate(g.unit_masks):
            if (star & m).bit_count() == one_less:
                got |= 1 << k
        st.cache["completer bits"] = got
    return got


def _direct(st: State, kind: str, rule: str, completing: bool) -> Step | None:
    g, unk = st.geo, st.unknown
    # A unit's finding reads its cells and, in the completing form, which units need one more star.
    key, bits_now = (f"{rule} completing", _completer_bits(st)) if completing else (rule, 0)
    changed = st.changed_since(key, bits_now)
    for u in g.units(kind):
        if not u.mask & changed:
            continue
        need = st.need(u)
        cells = u.mask & unk
        if need <= 1 or cells.bit_count() <= need:
            continue
        marks = hypo_exclusion(st, cells, need, cells) if completing else exclusion(g, cells, need)
        if marks:
            also = (" (its neighbours are empty, and so is the rest of any row, column or region it "
                    "completes)") if completing else ""
            return make_step(g, rule, MEDIUM, f"A star at {g.cells_name(marks)} would leave {u.name} too "
                             f"little room for its other {need - 1} star{'s' if need > 2 else ''}{also}, "
                             f"so {'it is' if marks.bit_count() == 1 else 'they are'} empty.",
                             cells, black=marks)
    st.found_nothing(key, bits_now)
    return None


def r4_1(st: State) -> Step | None:
    """R4.1 Direct Shape Exclusion (the supposed star empties its neighbours)."""
    return _direct(st, "region", "R4.1", False)


def r4_2(st: State) -> Step | None:
    """R4.2 Direct Row Exclusion."""
    return _direct(st, "row", "R4.2", False)


def r4_3(st: State) -> Step | None:
    """R4.3 Direct Column Exclusion."""
    return _direct(st, "column", "R4.3", False)


def _cross(st: State, kind: str, rule: str, completing: bool) -> Step | None:
    g, unk = st.geo, st.unknown
    done = completers(st) if completing else []
    # A unit's finding reads its neighbourhood and, in the completing form, which units need one
    # more star and the cells of those meeting the neighbourhood (its targets are there too).
    key, bits_now = (f"{rule} completing", _completer_bits(st)) if completing else (rule, 0)
    changed = st.changed_since(key, bits_now)
    for u in g.units(kind):
        around = g.near[u.mask]
        for v in done:
            if v.mask & around:
                around |= v.mask
        if not around & changed:
            continue
        need = st.need(u)
        cells = u.mask & unk
        if need <= 0:
            continue
        near = g.dilate(cells)
        for v in done:
            if v.mask & cells:
                near |= v.mask
        targets = near & unk & ~u.mask
        marks = hypo_exclusion(st, cells, need, targets) if completing else exclusion(g, cells, need, targets)
        if marks:
            also = (" (its neighbours, and the rest of any row, column or region it completes)"
                    if completing else "")
            return make_step(g, rule, MEDIUM, f"A star at {g.cells_name(marks)} would rule out so many "
                             f"cells of {u.name}{also} that its {need} remaining star{'s' if need > 1 else ''} "
                             f"could not fit, so {'it is' if marks.bit_count() == 1 else 'they are'} empty.",
                             cells, black=marks)
    st.found_nothing(key, bits_now)
    return None


def r4_4(st: State) -> Step | None:
    """R4.4 Cross-Region Shape Exclusion."""
    return _cross(st, "region", "R4.4", False)


def r4_5(st: State) -> Step | None:
    """R4.5 Cross-Region Row Exclusion."""
    return _cross(st, "row", "R4.5", False)


def r4_6(st: State) -> Step | None:
    """R4.6 Cross-Region Column Exclusion."""
    return _cross(st, "column", "R4.6", False)


def completing(rule: str) -> Callable[[State], Step | None]:
    """R4.1-R4.6 where the supposed star also empties the rest of every row, column or region it
    completes (tried after the plain forms, whose steps a LEGUP proof can follow one rule at a time)."""
    kinds = {"R4.1": ("region", _direct), "R4.2": ("row", _direct), "R4.3": ("column", _direct),
             "R4.4": ("region", _cross), "R4.5": ("row", _cross), "R4.6": ("column", _cross)}
    kind, fn = kinds[rule]
    return lambda st: fn(st, kind, rule, True)


def pressure(st: State, line: Unit, avoid: int, wins: list[Window], explain: bool = True,
             ) -> tuple[int, int, list[str]]:
    """Stars a line is known to get: its stars, its 1xn's and the star-containing 2x2s lying in it,
    taking only sources disjoint from each other and from ``avoid``. Returns (count, cells, why);
    ``why`` stays empty unless ``explain``."""
    g = st.geo
    count = (line.mask & st.star).bit_count()
    used = 0
    why: list[str] = []
    xs: list[OneByN] = in_line(st, line)
    for x in xs:
        if x.cells & (avoid | used):
            continue
        used |= x.cells
        count += x.least
        if explain:
            why.append(x.describe(g))
    unk = st.unknown
    for w in wins:
        cells = w.mask & unk
        if cells & ~line.mask or cells & (avoid | used) or not cells:
            continue
        used |= cells
        count += 1
        if explain:
            why.append(f"the 2x2 at {g.cells_name(cells)} ({w.source}) has a star in {line.name}")
    return count, used, why


def r4_7(st: State) -> Step | None:
    """R4.7 Pressured Exclusion (a): a line whose stars, 1xn's and one-line star-containing 2x2s
    already account for S stars has no star anywhere else."""
    g, unk = st.geo, st.unknown
    # Only the windows whose candidates lie in a line count for it (pressure skips the others).
    n = g.n
    inside: dict[tuple[str, int], list[Window]] = {}
    for w in windows(st, MEDIUM):
        cells = w.mask & unk
        if cells:
            i = (cells & -cells).bit_length() - 1
            if not cells & ~g.rows[i // n]:
                inside.setdefault(("row", i // n), []).append(w)
            if not cells & ~g.cols[i % n]:
                inside.setdefault(("column", i % n), []).append(w)
    for line in g.row_units + g.col_units:
        wins = inside.get((line.kind, line.index), [])
        count, used, why = pressure(st, line, 0, wins, explain=False)
        if count >= g.S:
            count, used, why = pressure(st, line, 0, wins)
        if count > g.S:
            raise Broken(broken_step(g, "R4.7", f"{cap(line.name)} would get more than {g.S} stars: "
                                     + "; ".join(why) + ".", used, MEDIUM))
        marks = line.mask & unk & ~used
        if count == g.S and marks:
            return make_step(g, "R4.7", MEDIUM, f"{cap(line.name)} is full: " + "; ".join(why)
                             + f". So {said(g, marks)}.", used, black=marks)
    return None


def _pair_lines(geo: Geo, a: int, b: int) -> list[Unit]:
    """Lines through ``a`` that do not pass through ``b``."""
    out = []
    for kind in ("row", "column"):
        la = geo.line_of(a, kind)
        if not la.mask >> b & 1:
            out.append(la)
    return out


def r4_8(st: State) -> Step | None:
    """R4.8 Star-Containing 2x2 Pressured Exclusion: a star-containing 2x2 with two candidates A, B;
    if A's row (or column) is already full without A, the star is at B."""
    g, unk = st.geo, st.unknown
    wins = windows(st, MEDIUM)
    for w in wins:
        cells = w.mask & unk
        if cells.bit_count() != 2:
            continue
        a, b = bits(cells)
        for x, y in ((a, b), (b, a)):
            for line in _pair_lines(g, x, y):
                others = [v for v in wins if v is not w]
                count, used, why = pressure(st, line, w.mask, others, explain=False)
                if count >= g.S:
                    count, used, why = pressure(st, line, w.mask, others)
                    return make_step(g, "R4.8", MEDIUM, f"The 2x2 with candidates {g.cells_name(cells)} holds a "
                                     f"star ({w.source}); {line.name} is already full"
                                     + (f" ({'; '.join(why)})" if why else "") + f", so {g.cell_name(x)} is empty and "
                                     f"{g.cell_name(y)} is a star.", cells | used, black=1 << x, star=1 << y)
    return None
