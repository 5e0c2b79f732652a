"""Compartments where a rule found nothing, remembered (per state) until they change.

A compartment rule whose step depends only on the compartment (its cells' candidates and placed
flags, and the digits decided in its row or column outside it) finds nothing there again until
one of those changes. :meth:`State.apply` stamps the compartments a step touches (a placed cell
also changes what its row's and column's other compartments may hold); a rule skips the
compartments not stamped since it last found nothing in them. Any change made to the board
other than through ``apply`` is noticed (the board is compared with the one ``apply`` left) and
forgets everything."""

from __future__ import annotations

from gridlogic.puzzles.str8ts.model import Str8ts


class Watch:
    """The generation of each compartment's last change, and per rule the generation at which it
    last found nothing there."""

    def __init__(self, p: Str8ts) -> None:
        self.gen = 0
        self.count = len(p.compartments)
        self.stamp = [0] * self.count
        self.quiet: dict[str, list[int]] = {}
        self.masks: list[int] = []  # the board as apply() left it
        self.placed: list[bool] = []
        self.comps_of = p.comps_of
        self.line_comps = _line_comps(p)

    def touch(self, i: int, masks: list[int], placed: list[bool], placing: bool) -> None:
        """Cell ``i`` changed by ``apply`` (``placing``: it was placed)."""
        self.gen += 1
        gen, stamp = self.gen, self.stamp
        for c in self.line_comps[i] if placing else self.comps_of[i]:
            stamp[c] = gen
        if self.masks:
            self.masks[i], self.placed[i] = masks[i], placed[i]

    def of(self, rule: str, masks: list[int], placed: list[bool]) -> tuple[list[int], list[int], int]:
        """For ``rule``: the generation at which it found nothing, per compartment (-1: never), the
        compartments' last changes, and the current generation."""
        if self.masks != masks or self.placed != placed:
            self.masks, self.placed = masks.copy(), placed.copy()
            self.quiet = {}
            self.gen += 1
            self.stamp = [self.gen] * self.count
        found = self.quiet.get(rule)
        if found is None:
            found = self.quiet[rule] = [-1] * self.count
        return found, self.stamp, self.gen


def _line_comps(p: Str8ts) -> tuple[tuple[int, ...], ...]:
    """Per cell: the compartments (indices) of its row and column."""

    def make() -> tuple[tuple[int, ...], ...]:
        out = []
        for i in range(p.size):
            r, c = divmod(i, p.n)
            out.append(tuple(k for k, comp in enumerate(p.compartments)
                             if (comp.axis == "row" and comp.line == r) or (comp.axis == "column" and comp.line == c)))
        return tuple(out)

    return p.memo("line_comps", make)


__all__ = ["Watch"]
