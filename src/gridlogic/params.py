"""Command-line option types that read numbers the one way (:mod:`gridlogic.core.numbers`): ASCII
digits, bounded, finite. click's own ``int``/``float`` accept ``٦``, ``nan`` and ``inf``."""

from __future__ import annotations

from typing import Any

import click

from gridlogic.core.errors import ParseError
from gridlogic.core.numbers import check_number, parse_float, parse_int


class Int(click.ParamType[int]):
    """A whole number in ``lo..hi``."""

    name = "integer"

    def __init__(self, lo: int | None = 0, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        what = "the value"
        try:
            if isinstance(value, int) and not isinstance(value, bool):
                return int(check_number(value, what, lo=self.lo, hi=self.hi))
            return parse_int(str(value), what, lo=self.lo, hi=self.hi)
        except ParseError as e:
            self.fail(str(e), param, ctx)


class Seconds(click.ParamType[float]):
    """A finite, non-negative duration in seconds (at least ``lo``)."""

    name = "seconds"

    def __init__(self, lo: float = 0.0, hi: float | None = 1e7) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        what = "the value"
        try:
            if isinstance(value, int | float) and not isinstance(value, bool):
                return float(check_number(value, what, lo=self.lo, hi=self.hi))
            return parse_float(str(value), what, lo=self.lo, hi=self.hi)
        except ParseError as e:
            self.fail(str(e), param, ctx)
