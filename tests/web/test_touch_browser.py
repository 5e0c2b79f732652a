"""A phone: at 375x667 with touch (mobile emulation: has_touch, is_mobile) a 6x6 Star Battle is solved by
taps and one drag (real touch events through the DevTools protocol), the drag paints without scrolling
the page and is one undo step, and nothing scrolls sideways. Screenshots go to /tmp/p25-board-shots."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, browser, watched
from test_browser import SOL, URL, cell, open_puzzle, value, wait_status
from test_marking_browser import SHOTS, automatic, centre

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM


@pytest.fixture
def phone(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True,
                              device_scale_factor=2, bypass_csp=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with watched(ctx.new_page(), closing=ctx) as pg:
        yield pg


def touch_drag(page: Any, cells: list[tuple[int, int]]) -> None:
    """One finger down on the first cell, through the others, up: touch events as a phone sends them."""
    cdp = page.context.new_cdp_session(page)
    points = [centre(page, r, c) for r, c in cells]
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        for k in (1, 2, 3):  # a few moves per cell, as a finger gives
            x, y = x0 + (x1 - x0) * k / 3, y0 + (y1 - y0) * k / 3
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_solve_a_6x6_star_battle_by_taps_and_a_drag(phone: Any, server: str) -> None:
    page = phone
    open_puzzle(page, server, URL)
    page.locator(cell(5, 0)).scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")  # the whole column in view, and room to scroll either way
    page.tap(cell(1, 0))  # a wrong star: its dots fill column 1 (automatic marks are on by default)
    assert value(page, 1, 0) == "star"
    assert {(2, 0), (3, 0), (4, 0)} <= automatic(page)
    before = page.evaluate("[window.scrollX, window.scrollY]")
    touch_drag(page, [(1, 0), (2, 0), (3, 0), (4, 0)])  # down the column: the star becomes a dot, painted on
    assert page.evaluate("[window.scrollX, window.scrollY]") == before  # the finger painted, the page stayed
    assert [value(page, r, 0) for r in range(1, 5)] == ["black"] * 4
    assert automatic(page) == set()  # the star's automatic dots went with it; the painted ones are the player's
    page.screenshot(path=str(SHOTS / "touch-drag-375.png"))
    # the drag is one step: the star and its dots are back. The buttons are clicked: a tap on a button is a
    # click only when chromium's gesture detector says so, which a loaded machine sometimes does not
    page.click("#undo")
    page.wait_for_selector(f'{cell(1, 0)}[data-value="star"]')
    assert value(page, 2, 0) == "black" and (2, 0) in automatic(page)
    page.click("#redo")
    page.wait_for_selector(f'{cell(1, 0)}[data-value="black"]')
    assert automatic(page) == set()
    stars = [(r, c) for r, row in enumerate(SOL) for c, ch in enumerate(row) if ch == "*"]
    for r, c in stars:
        page.tap(cell(r, c))
        assert value(page, r, c) == "star"
    wait_status(page, "solved")
    assert page.locator("[role=alert] li").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SHOTS / "touch-solved-375.png"), full_page=True)


def test_a_tap_cycles_as_a_click_does(phone: Any, server: str) -> None:
    page = phone
    open_puzzle(page, server, URL)
    seen = []
    for _ in range(3):
        page.tap(cell(5, 5))
        seen.append(value(page, 5, 5))
    assert seen == ["star", "black", "unknown"]
    assert page.evaluate("getComputedStyle(document.querySelector('#board svg')).touchAction") == "none"
