"""What every kind's generator shares: the asked level validated, the RNG seeded by the whole
request (so another difficulty with the same seed gives another puzzle), and a tally of what was
tried for the "none found" answer."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gridlogic.core.errors import ParseError
from gridlogic.core.registry import Options

DEFAULT_TIME_LIMIT = 60.0
Progress = Callable[[str], None]


def target_level(difficulty: str | None, levels: tuple[str, ...], first: int, last: int) -> int | None:
    """The level asked (a name or a number), which must be one of ``first..last``."""
    if difficulty is None:
        return None
    text = difficulty.strip()
    names = [lv.lower() for lv in levels]
    allowed = "--difficulty: " + ", ".join(f"{i} {levels[i]}" for i in range(first, last + 1))
    if text.isascii() and text.isdigit():
        level = int(text)
    elif text.lower() in names:
        level = names.index(text.lower())
    else:
        raise ParseError(f"unknown level {difficulty!r}", allowed)
    if not first <= level <= last:
        raise ParseError(f"difficulty {difficulty!r} cannot be targeted", allowed)
    return level


def seeded(*request: object) -> random.Random:
    """An RNG seeded by every part of the request (kind, size, level, options, seed)."""
    return random.Random("/".join(str(x) for x in request))


def time_limit(options: Options | None) -> float:
    return float((options or {}).get("time_limit") or DEFAULT_TIME_LIMIT)


class Allowance:
    """How long a generator may search: ``time_limit`` seconds (wall), and at most ``attempts``
    candidates when given (a cap that does not depend on the machine's speed: the same seed gives
    the same answer everywhere). At least one attempt is always made."""

    def __init__(self, options: Options | None) -> None:
        self.limit = time_limit(options)
        found = (options or {}).get("attempts")
        self.attempts = int(found) if found else None
        # wall clock for users; a benchmark on a loaded machine may ask for CPU time ("cpu_clock")
        self.clock = time.process_time if (options or {}).get("cpu_clock") else time.monotonic
        self.start = self.clock()

    def more(self, done: int) -> bool:
        if done == 0:
            return True
        if self.attempts is not None and done >= self.attempts:
            return False
        return self.clock() - self.start < self.limit

    def said(self) -> str:
        return f"{self.attempts} attempts" if self.attempts is not None else f"{self.limit:g} s"


def progress_of(options: Options | None) -> Progress | None:
    found: Any = (options or {}).get("progress")
    return found if callable(found) else None


@dataclass
class Tally:
    """What a generation tried: candidates drawn and kept, and the kept ones by grade."""

    candidates: int = 0
    draws: int = 0
    grades: Counter[str] = field(default_factory=Counter)

    def summary(self) -> str:
        graded = ", ".join(f"{k} {v}" for k, v in self.grades.most_common())
        return f"{self.candidates} unique puzzles tried" + (f" (graded {graded})" if graded else "")


def tally_of(options: Options | None) -> Tally:
    """The caller's tally (``options["tally"]``, e.g. a benchmark's), else a fresh one."""
    found = (options or {}).get("tally")
    return found if isinstance(found, Tally) else Tally()
