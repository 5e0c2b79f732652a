"""The play page's help settings: their defaults (automatic dots on for Star Battle, off for Str8ts'
candidates; broken rules shown at once; "Check" does not say which marks are wrong), kept across a reload,
and each doing what it says: broken rules shown at once, only on request, or never; "Check my progress"
outlining the wrong marks only when asked to; no sideways scroll with the panel open at 375, 768 and
1366 px. Screenshots go to /tmp/p25-board-shots."""

from __future__ import annotations

from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, WAIT, browser, watched
from test_browser import STR8TS, URL, cell, open_puzzle, value, wait_status
from test_marking_browser import SHOTS, automatic, set_auto

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

WIDTHS = {"phone": (375, 667), "tablet": (768, 1024), "laptop": (1366, 768)}


@pytest.fixture(params=list(WIDTHS))
def sized(request: pytest.FixtureRequest, browser: Any) -> Any:
    width, height = WIDTHS[request.param]
    pg = browser.new_page(viewport={"width": width, "height": height})
    pg.set_default_timeout(WAIT)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.width = request.param
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield pg
    pg.close()
    assert not errors, errors


@pytest.fixture
def page(browser: Any) -> Any:
    with watched(browser.new_page(viewport={"width": 1366, "height": 768})) as pg:
        yield pg


def open_panel(page: Any) -> None:
    if not page.is_visible("#set-which"):
        page.click("#help-settings summary")


def errors_mode(page: Any) -> str:
    mode: str = page.eval_on_selector("input[name=set-errors]:checked", "e => e.value")
    return mode


def shown_errors(page: Any) -> int:
    n: int = page.locator("#board .gl-cell.hl-error").count() + page.locator("[role=alert] li").count()
    return n


def test_defaults_persist_across_a_reload(sized: Any, server: str) -> None:
    page = sized
    open_puzzle(page, server, URL)
    open_panel(page)
    assert page.is_checked("#set-auto")  # Star Battle: automatic dots on
    assert "dots" in page.inner_text("#set-auto-label")
    assert errors_mode(page) == "immediate"
    assert not page.is_checked("#set-which")  # off unless asked for
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SHOTS / f"settings-{page.width}.png"), full_page=True)
    set_auto(page, False)
    page.check("input[name=set-errors][value=request]")
    page.check("#set-which")
    page.reload()
    page.wait_for_function("document.getElementById('status').textContent.includes('move')")
    open_panel(page)
    assert not page.is_checked("#set-auto")
    assert errors_mode(page) == "request"
    assert page.is_checked("#set-which")
    page.click(cell(0, 1))
    assert value(page, 0, 1) == "star" and automatic(page) == set()  # still off after the reload


def test_automatic_candidates_are_off_by_default_and_follow_the_digits(page: Any, server: str) -> None:
    open_puzzle(page, server, STR8TS)
    open_panel(page)
    assert not page.is_checked("#set-auto")
    assert "candidates" in page.inner_text("#set-auto-label")
    assert page.eval_on_selector_all("#board .gl-cell[data-pencil]", "gs => gs.length") == 0
    set_auto(page, True)
    body = {"puzzle": STR8TS}
    start = page.request.post(f"{server}/api/load", data=body).json()["board"]
    blank = [(r, c) for r, row in enumerate(start) for c, ch in enumerate(row) if ch == "?"]
    assert automatic(page) == set(blank)  # every empty white cell
    r, c = blank[0]
    marks = page.get_attribute(cell(r, c), "data-pencil")
    assert marks and marks.isdigit()
    d = marks[0]
    page.click(cell(r, c))
    page.keyboard.press(d)  # the digit leaves the candidates of its row and column
    assert value(page, r, c) == d
    peers = [(rr, cc) for rr, cc in blank if (rr == r) != (cc == c)]
    assert peers and all(d not in (page.get_attribute(cell(*p), "data-pencil") or "") for p in peers)
    page.screenshot(path=str(SHOTS / "candidates-1366.png"))
    page.keyboard.press("Backspace")  # and comes back when the digit goes
    assert any(d in (page.get_attribute(cell(*p), "data-pencil") or "") for p in peers)
    set_auto(page, False)
    assert page.eval_on_selector_all("#board .gl-cell[data-pencil]", "gs => gs.length") == 0


def test_broken_rules_at_once_on_request_or_never(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    open_panel(page)
    set_auto(page, False)
    page.click(cell(0, 1))
    page.click(cell(1, 2))  # touches r1c2 diagonally
    page.wait_for_function("document.querySelector('[role=alert]').textContent.includes('ClashingOrbit')")
    assert shown_errors(page) >= 3
    page.check("input[name=set-errors][value=request]")
    assert shown_errors(page) == 0
    page.click(cell(5, 5))  # a move: the rules are checked, nothing shown
    page.wait_for_timeout(800)
    assert shown_errors(page) == 0
    assert "broken" not in page.inner_text("[role=status]")
    page.click("#progress")  # asked for: the broken rule shows
    page.wait_for_function("document.querySelector('[role=alert]').textContent.includes('ClashingOrbit')")
    assert page.locator("#board .gl-cell.hl-error").count() >= 2
    page.screenshot(path=str(SHOTS / "errors-on-request-1366.png"))
    page.click(cell(5, 5))  # the next move hides it again
    page.wait_for_timeout(800)
    assert shown_errors(page) == 0
    page.check("input[name=set-errors][value=off]")
    page.click("#progress")
    wait_status(page, "wrong")
    page.wait_for_timeout(500)
    assert shown_errors(page) == 0  # never


def test_check_says_which_marks_only_when_asked(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    open_panel(page)
    set_auto(page, False)
    page.click(cell(0, 1))  # a star of the solution
    page.click(cell(2, 2))  # not one
    page.click("#progress")
    wait_status(page, "1 mark is wrong")
    assert "outlined" not in page.inner_text("[role=status]")
    assert page.locator("#board .gl-cell.hl-wrong").count() == 0  # off by default
    page.check("#set-which")
    page.click("#progress")
    wait_status(page, "outlined in red")
    cells = page.eval_on_selector_all("#board .gl-cell.hl-wrong", "gs => gs.map(g => [+g.dataset.row, +g.dataset.col])")
    assert cells == [[2, 2]]
