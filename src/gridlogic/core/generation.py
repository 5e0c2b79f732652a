"""What every kind's generator shares: the asked level validated, the RNG seeded by the whole
request (so another difficulty with the same seed gives another puzzle), the seed's solutions on
sizes with few of them (so that nearby seeds never share one), and a tally of what was tried for
the "none found" answer."""

from __future__ import annotations

import random
import signal
import threading
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from gridlogic.core.errors import GenerationFailed, ParseError
from gridlogic.core.numbers import is_int, parse_int, shown
from gridlogic.core.registry import Options

DEFAULT_TIME_LIMIT = 60.0
Progress = Callable[[str], None]
T = TypeVar("T")
VARIETY = 100
"""Seeds closer than this never share a solution where a kind's size has few solutions
(:func:`seed_solutions`): seeds 1..100, or any 100 seeds in a row (``generate --count``), give 100
different solutions."""
LEVEL_SHIFT = 37
"""A seed's class moves this far per asked level, so that one seed has another solution at every
level as well (37 k mod 100 differ for k = 0..7)."""
KEEP = 10
"""Candidates built on one solution of the seed's class before another is drawn (drawing one costs
about :data:`VARIETY` plain draws)."""


def target_level(difficulty: str | None, levels: tuple[str, ...], first: int, last: int) -> int | None:
    """The level asked (a name or a number), which must be one of ``first..last``."""
    if difficulty is None:
        return None
    text = difficulty.strip()
    names = [lv.lower() for lv in levels]
    allowed = "--difficulty: " + ", ".join(f"{i} {levels[i]}" for i in range(first, last + 1))
    if is_int(text):
        level = parse_int(text, "--difficulty", allowed, lo=None)
    elif text.lower() in names:
        level = names.index(text.lower())
    else:
        raise ParseError(f"unknown level {shown(difficulty)}", allowed)
    if not first <= level <= last:
        raise ParseError(f"difficulty {shown(difficulty)} cannot be targeted", allowed)
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
        if self.attempts is not None:
            return f"{self.attempts} attempts"
        return f"{self.clock() - self.start:.1f} s (time limit {self.limit:g} s)"


@contextmanager
def within(seconds: float, what: str = "puzzle") -> Iterator[None]:
    """Stop the block with :class:`GenerationFailed` once ``seconds`` of wall time have passed, wherever it
    is (a region drawing, a placement, a grading run): a generator's own checks come between candidates,
    and one candidate on a large board can take longer than the whole limit. In the main thread only
    (the alarm signal); elsewhere the generator's own checks are all there is."""
    if threading.current_thread() is not threading.main_thread() or seconds <= 0:
        yield
        return
    start = time.monotonic()

    def ring(signum: int, frame: object) -> None:
        raise GenerationFailed(f"no {what} found within the time limit of {seconds:g} s "
                               f"(stopped after {time.monotonic() - start:.1f} s)")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def in_class(seed: int, draw: Callable[[], T], key: Callable[[T], bytes], tries: int = 20 * VARIETY) -> T:
    """A draw in ``seed``'s class: the CRC-32 of its ``key`` is ``seed`` modulo :data:`VARIETY`, so
    two seeds less than :data:`VARIETY` apart never get the same one. About :data:`VARIETY` draws;
    after ``tries`` the last draw (only a size with a few hundred solutions or fewer can leave a
    class empty: a kind lists those instead)."""
    want = seed % VARIETY
    for _ in range(tries - 1):
        got = draw()
        if zlib.crc32(key(got)) % VARIETY == want:
            return got
    return draw()


def seed_solutions(seed: int, draw: Callable[[], T], key: Callable[[T], bytes], keep: int = KEEP) -> Iterator[T]:
    """The solutions a seed's candidates are built on, endlessly: each drawn in the seed's class
    (:func:`in_class`) and kept for ``keep`` candidates."""
    while True:
        got = in_class(seed, draw, key)
        for _ in range(keep):
            yield got


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
        noun = "puzzle" if self.candidates == 1 else "puzzles"
        return f"{self.candidates} unique {noun} tried" + (f" (graded {graded})" if graded else "")


def tally_of(options: Options | None) -> Tally:
    """The caller's tally (``options["tally"]``, e.g. a benchmark's), else a fresh one."""
    found = (options or {}).get("tally")
    return found if isinstance(found, Tally) else Tally()
