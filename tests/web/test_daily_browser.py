"""The daily puzzle on the play page: the Daily tab plays today's puzzle of a kind and grade, its link
opens that day's puzzle (the one ``/api/daily`` gives for the date), and every kind's grades are offered."""

from __future__ import annotations

import datetime as dt
from typing import Any

import httpx
from browsing import NEEDS_CHROMIUM, browser, page
from test_browser import wait_status

from gridlogic.kinds import kinds

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM


def played(page: Any) -> str:
    """The puzzle the page plays (its address bar names it)."""
    page.wait_for_selector("#board svg .gl-cell")
    wait_status(page, "daily")
    return str(page.evaluate("new URLSearchParams(location.search).get('puzzle')"))


def test_the_daily_tab_plays_todays_puzzle_and_links_to_it(page: Any, server: str) -> None:
    page.goto(f"{server}/play")
    page.wait_for_selector("#library option[value='0']", state="attached")
    page.click("[role=tab][data-tab=daily]")
    kinds_offered = page.eval_on_selector_all("#daily-kind option", "os => os.map(o => o.value)")
    assert kinds_offered == [k.name for k in kinds().values() if k.client().daily]
    last = list(kinds().values())[-1]
    page.select_option("#daily-kind", last.name)
    grades = page.eval_on_selector_all("#daily-grade option", "os => os.map(o => o.value)")
    assert grades == [d.level for d in last.client().daily]
    page.select_option("#daily-grade", grades[1])
    page.click("#daily-play")
    puzzle = played(page)
    today = httpx.get(f"{server}/api/daily", params={"kind": last.name, "grade": grades[1]}, timeout=120).json()
    assert puzzle == today["puzzle"]
    assert today["date"] in page.inner_text("#title") and grades[1] in page.inner_text("#title")
    href = page.get_attribute("#daily-link", "href")
    assert href is not None and f"daily={today['date']}" in href and f"grade={grades[1]}" in href
    assert dt.date.fromisoformat(today["date"]) >= dt.date(2026, 1, 1)


def test_a_daily_link_opens_that_days_puzzle(page: Any, server: str) -> None:
    first = next(iter(kinds().values()))
    grade = first.client().daily[-1].level
    page.goto(f"{server}/play?daily=2026-11-01&kind={first.name}&grade={quote(grade)}")
    puzzle = played(page)
    want = httpx.get(f"{server}/api/daily", params={"kind": first.name, "grade": grade, "date": "2026-11-01"},
                     timeout=120).json()
    assert puzzle == want["puzzle"]
    assert "2026-11-01" in page.inner_text("#title")
    assert page.get_attribute("[role=tab][data-tab=daily]", "aria-selected") == "true"


def quote(text: str) -> str:
    return text.replace("+", "%2B")


def test_a_daily_link_that_cannot_be_made_says_why_on_the_daily_tab(page: Any, server: str) -> None:
    first = next(iter(kinds().values()))
    page.goto(f"{server}/play?daily=1999-12-31&kind={first.name}&grade={quote(first.client().daily[0].level)}")
    page.wait_for_function("document.getElementById('daily-status').textContent.startsWith('error:')")
    assert "between 2000-01-01" in page.inner_text("#daily-status")
    assert page.get_attribute("[role=tab][data-tab=daily]", "aria-selected") == "true"
    assert page.is_hidden("#daily-link")
