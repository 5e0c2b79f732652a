"""The daily puzzle: one per kind and grade, made from the date alone, so every server gives everyone the
same one without keeping anything (``GET /api/daily``).

The seed is a hash of the date, the kind and the grade; the kind's own generator makes the puzzle at the
size its client descriptor names for that grade (:class:`gridlogic.core.client.Daily`, sizes chosen to
generate well within the time limit), and the engine's grade of the result is checked against the grade
asked. Nothing here depends on the clock but the default date (today, UTC), so two servers answer alike.
A served app keeps the puzzles it made in memory (:data:`CACHE_SIZE` of them, on ``app.state``), never
needing them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import time
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Query, Request

from gridlogic import service
from gridlogic.core.client import Daily
from gridlogic.core.errors import GenerationFailed, GridlogicError
from gridlogic.core.generation import within
from gridlogic.core.options import field_name
from gridlogic.core.registry import AnyKind
from gridlogic.kinds import kind, take_options

router = APIRouter()

FIRST, LAST = dt.date(2000, 1, 1), dt.date(2100, 12, 31)
"""The dates a daily puzzle may be asked for."""
TRIES = 3
"""Seeds tried in turn (the date's seed, then the next ones) when the generator finds no puzzle of the grade:
the same ones on every server, so the answer stays the date's alone."""
CACHE_SIZE = 256
Cache = OrderedDict[tuple[str, str, str], dict[str, Any]]


def parse_date(text: str | None) -> dt.date:
    """``YYYY-MM-DD`` between :data:`FIRST` and :data:`LAST`; None: today in UTC."""
    if text is None or text == "":
        return dt.datetime.now(dt.UTC).date()
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise GridlogicError("date: expected YYYY-MM-DD, e.g. 2026-11-27") from None
    if not FIRST <= day <= LAST:
        raise GridlogicError(f"date: between {FIRST} and {LAST}")
    return day


def plan(k: AnyKind, grade: str) -> Daily:
    """The kind's daily puzzle of ``grade`` (a level name, any case)."""
    for d in k.client().daily:
        if d.level == grade.lower():
            return d
    offered = ", ".join(d.level for d in k.client().daily) or "none"
    raise GridlogicError(f"grade: {k.name} has no daily puzzle of grade {grade!r} (daily grades: {offered})")


def seed(day: dt.date, kind_name: str, grade: str) -> int:
    """The seed of one day's puzzle of a kind and grade: the first 31 bits of a SHA-256 of the three."""
    digest = hashlib.sha256(f"gridlogic daily {day.isoformat()} {kind_name} {grade}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def title(k: AnyKind, d: Daily, day: str) -> str:
    """``Daily Star Battle 10x10, 2★ · expert · 2026-11-27``."""
    side = d.size if "x" in d.size else f"{d.size}x{d.size}"
    stars = d.options.get("stars")
    return f"Daily {k.client().title} {side}{f', {stars}★' if stars else ''} · {d.level} · {day}"


def make(kind_name: str, day: str, grade: str, time_limit: float) -> dict[str, Any]:
    """The puzzle of ``day`` (ISO date) for a kind and grade, in a worker: the generator at the plan's size and
    options from the date's seed (the next seeds, in order, if it finds none), its grade checked by the engine.
    Stopped after ``time_limit`` seconds (:class:`GenerationFailed`, never a puzzle from another seed)."""
    k = kind(kind_name)
    d = plan(k, grade)
    options: dict[str, object] = {**take_options(k, d.options, "generate", field_name)}
    first = seed(dt.date.fromisoformat(day), k.name, d.level)
    start = time.monotonic()
    with within(time_limit, f"daily {k.name} puzzle"):
        for s in range(first, first + TRIES):
            try:
                g = k.generate(size=d.size, difficulty=d.level, seed=s, options=options)
            except GenerationFailed:
                if time.monotonic() - start >= time_limit * 0.95:
                    raise  # the time limit, not the seed: another server may be faster, so no next seed
                continue
            graded = k.grade(g.puzzle)
            if graded.name == d.level:
                out = service.generated(k, g, s, f"daily-{day}-{k.name}-{d.level}")
                del out["solution"]  # the day's challenge: the page never needs it
                return {**out, "date": day, "size": d.size, "grade": graded.name, "level": graded.level,
                        "title": title(k, d, day)}
    raise GenerationFailed(f"no {d.level} {k.name} puzzle for {day} from {TRIES} seeds")


@router.get("/api/daily", summary="The daily puzzle of a kind and grade: the same for everyone on a date (default "
            "today, UTC), made from the date alone")
async def daily(request: Request, kind_name: str = Query(alias="kind", max_length=40),
                grade: str = Query(max_length=40), date: str | None = Query(default=None, max_length=10)) -> \
        dict[str, Any]:
    k = kind(kind_name)
    d = plan(k, grade)
    day = parse_date(date).isoformat()
    key = (k.name, d.level, day)
    cache: Cache = getattr(request.app.state, "daily", None) or Cache()
    request.app.state.daily = cache
    found = cache.get(key)
    if found is None:
        pool = request.app.state.pool
        found = await pool.run(make, k.name, day, d.level, max(0.5, pool.time_limit * 0.8), client=request)
        cache[key] = found
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found
