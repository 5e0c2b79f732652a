"""GET /api/daily: the puzzle of a date is made from the date alone. Two servers (each its own workers and
its own in-memory cache) give the same puzzle for every kind and daily grade, its grade is the engine's
(``/api/grade``), another date gives another puzzle, and bad input is one 400 line."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import httpx
import pytest

from conftest import start_server
from gridlogic.kinds import kinds
from gridlogic.web import daily

DAY = "2026-11-27"


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[str, str]]:
    one, t1, url1 = start_server(workers=1, quick=0)
    two, t2, url2 = start_server(workers=1, quick=0)
    yield url1, url2
    for srv, t in ((one, t1), (two, t2)):
        srv.should_exit = True
        t.join(timeout=10)


def get(url: str, **params: str) -> httpx.Response:
    return httpx.get(f"{url}/api/daily", params=params, timeout=120)


def test_every_kind_offers_daily_grades_of_its_own_levels() -> None:
    for k in kinds().values():
        offered = [d.level for d in k.client().daily]
        assert offered, k.name
        assert set(offered) <= set(k.levels), k.name
        assert len(set(offered)) == len(offered), k.name


def test_two_servers_give_the_same_puzzle_of_the_engines_grade(servers: tuple[str, str]) -> None:
    url1, url2 = servers
    for k in kinds().values():
        for d in k.client().daily:
            a = get(url1, kind=k.name, grade=d.level, date=DAY)
            b = get(url2, kind=k.name, grade=d.level, date=DAY)
            assert a.status_code == b.status_code == 200, (k.name, d.level, a.text, b.text)
            ja, jb = a.json(), b.json()
            assert ja["puzzle"] == jb["puzzle"] and ja["seed"] == jb["seed"], (k.name, d.level)
            assert (ja["date"], ja["grade"], ja["kind"], ja["size"]) == (DAY, d.level, k.name, d.size)
            assert "solution" not in ja and DAY in ja["title"] and d.level in ja["title"]
            graded = httpx.post(f"{url1}/api/grade", json={"puzzle": ja["puzzle"], "kind": k.name},
                                timeout=120).json()
            assert graded.get("grade") == d.level, (k.name, d.level, graded)
            assert get(url1, kind=k.name, grade=d.level, date=DAY).json() == ja  # from the cache, the same


def test_the_date_decides_the_puzzle(servers: tuple[str, str]) -> None:
    url1, _ = servers
    k = next(iter(kinds().values()))
    grade = k.client().daily[0].level
    puzzles = {get(url1, kind=k.name, grade=grade, date=f"2026-11-0{day}").json()["puzzle"] for day in (1, 2, 3)}
    assert len(puzzles) == 3
    today = get(url1, kind=k.name, grade=grade).json()
    assert today["date"] in {dt.datetime.now(dt.UTC).date().isoformat(),
                             (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)).date().isoformat()}
    assert today["seed"] == daily.seed(dt.date.fromisoformat(today["date"]), k.name, grade)


@pytest.mark.parametrize(("params", "says"), [
    ({"kind": "nosuch", "grade": "easy"}, "unknown kind"),
    ({"grade": "impossible"}, "daily grades:"),
    ({"grade": "GRADE", "date": "27/11/2026"}, "YYYY-MM-DD"),
    ({"grade": "GRADE", "date": "1999-12-31"}, "between 2000-01-01"),
])
def test_bad_input_is_one_line(servers: tuple[str, str], params: dict[str, str], says: str) -> None:
    k = next(iter(kinds().values()))
    params = {"kind": k.name, **params}
    if params["grade"] == "GRADE":
        params["grade"] = k.client().daily[0].level
    r = get(servers[0], **params)
    assert r.status_code == 400, r.text
    assert says in r.json()["error"] and "\n" not in r.json()["error"]
