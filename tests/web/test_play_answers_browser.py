"""On a phone the answer to Hint, Explain and "Check my progress" is in view when it arrives, with the
cells it highlights: the player who scrolled just far enough to press the button below the board does
not hunt for it. At 1366 px the side panel is as it was (beside the board, the page does not scroll).
Screenshots go to /tmp/q-web-shots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, browser, watched
from test_browser import STR8TS, URL, cell, open_puzzle, wait_status
from test_marking_browser import set_auto

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/q-web-shots")


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True,
                              device_scale_factor=2, bypass_csp=True)
    with watched(ctx.new_page(), closing=ctx) as pg:
        yield pg


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with watched(browser.new_page(viewport={"width": 1366, "height": 768})) as pg:
        yield pg


def press_below_the_board(page: Any, button: str) -> None:
    """Scroll only as far as a player must to reach ``button`` (its bottom at the screen's bottom), press it."""
    page.evaluate("""id => {
        const r = document.getElementById(id).getBoundingClientRect();
        window.scrollBy(0, r.bottom - innerHeight + 4);
    }""", button)
    page.click(f"#{button}")


def in_view(page: Any, selector: str) -> list[bool]:
    """For each element of ``selector``: is it wholly inside the viewport?"""
    flags: list[bool] = page.eval_on_selector_all(selector, """els => els.map(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    })""")
    return flags


def test_a_hint_on_a_phone_is_in_view_with_its_cells(phone: Any, server: str) -> None:
    page = phone
    open_puzzle(page, server, URL)
    press_below_the_board(page, "hint")
    page.wait_for_selector("#hintbox .rule")
    page.wait_for_timeout(400)  # a smooth scroll, if any, has ended
    page.screenshot(path=str(SHOTS / "hint-375.png"))
    assert in_view(page, "#hintbox .what") == [True]
    cells = in_view(page, "#board .gl-cell.hl-marks, #board .gl-cell.hl-uses")
    assert cells and all(cells)
    assert in_view(page, "#hint") == [True]  # a second press applies it: the button is still at hand
    page.click("#hint")
    assert page.locator("#board .gl-cell.hl-marks").count() == 0


def test_a_hint_going_away_leaves_the_board_where_it_was(phone: Any, server: str) -> None:
    """The hint above the board goes at the player's next move: the board does not jump under the finger.
    Chromium's scroll anchoring would hide a jump; Safari on a phone has none, so it is turned off here."""
    page = phone
    open_puzzle(page, server, URL)
    page.add_style_tag(content="* { overflow-anchor: none; }")
    press_below_the_board(page, "hint")
    page.wait_for_selector("#hintbox .rule")
    top = page.eval_on_selector("#board", "b => b.getBoundingClientRect().top")
    page.click(cell(5, 5), button="right")  # a dot, no star: nothing else changes
    page.wait_for_selector("#hintbox", state="hidden")
    wait_status(page, "move")
    page.wait_for_timeout(300)
    assert abs(page.eval_on_selector("#board", "b => b.getBoundingClientRect().top") - top) < 1
    assert in_view(page, "#status") == [True]
    page.screenshot(path=str(SHOTS / "hint-gone-375.png"))


def test_explain_on_a_phone_shows_the_step_and_its_cells(phone: Any, server: str) -> None:
    page = phone
    open_puzzle(page, server, URL)
    press_below_the_board(page, "explain")
    page.wait_for_selector("#ex-steps li")
    page.wait_for_timeout(400)
    assert in_view(page, "#ex-next") == [True]
    page.click("#ex-next")
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / "explain-375.png"))
    assert in_view(page, "#ex-detail") == [True]
    cells = in_view(page, "#board .gl-cell.hl-marks, #board .gl-cell.hl-uses")
    assert cells and all(cells)


def test_check_on_a_phone_shows_its_answer_and_the_wrong_marks(phone: Any, server: str) -> None:
    page = phone
    page.add_init_script("localStorage.setItem('gridlogic:help:which', 'true');")
    open_puzzle(page, server, URL)
    set_auto(page, False)
    page.click(cell(0, 0))  # a star where the solution has none
    page.click(cell(5, 5))
    press_below_the_board(page, "progress")
    wait_status(page, "wrong")
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / "check-375.png"))
    assert in_view(page, "#status") == [True]
    cells = in_view(page, "#board .gl-cell.hl-wrong")
    assert len(cells) == 2 and all(cells)


def test_a_str8ts_hint_on_a_phone_is_in_view(phone: Any, server: str) -> None:
    page = phone
    open_puzzle(page, server, STR8TS, "&kind=str8ts")
    press_below_the_board(page, "hint")
    page.wait_for_selector("#hintbox .rule")
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / "hint-str8ts-375.png"))
    assert in_view(page, "#hintbox .what") == [True]
    cells = in_view(page, "#board .gl-cell.hl-marks")
    assert cells and all(cells)


def test_on_a_desktop_the_answers_stay_beside_the_board(desktop: Any, server: str) -> None:
    page = desktop
    open_puzzle(page, server, URL)
    before = page.evaluate("window.scrollY")
    page.click("#hint")
    page.wait_for_selector("#hintbox .rule")
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / "hint-1366.png"))
    assert page.evaluate("window.scrollY") == before
    board = page.locator("#board").bounding_box()
    for box in ("#status", "#hintbox", ".buttons"):
        assert page.locator(box).bounding_box()["x"] >= board["x"] + board["width"]  # the side column
    hint, status = page.locator("#hintbox").bounding_box(), page.locator("#status").bounding_box()
    assert status["y"] < hint["y"]  # the status on top of the side panel, the hint under the buttons


EXTREME_STR8TS = "2#.c........#...#....i....#..ab...i....#.#....#...##..#9...#....#...#........#.a."
"""A generated extreme Str8ts: its first hint's lead-in holds an AnyCellCompartmentAIC step whose reason
(one set of chains per refuted start) runs to some 1,000 px at 375 px wide."""


def test_a_long_chain_reason_on_a_phone_scrolls_in_place(phone: Any, server: str) -> None:
    page = phone
    open_puzzle(page, server, EXTREME_STR8TS, "&kind=str8ts")
    press_below_the_board(page, "hint")
    page.wait_for_selector("#hintbox .rule", timeout=60_000)
    page.click("#hintbox details.lead-in summary")
    page.locator("#hintbox .lead-in li button", has_text="AnyCellCompartmentAIC").first.click()
    page.wait_for_function("document.querySelector('#hintbox .rule').textContent === 'AnyCellCompartmentAIC'")
    shown, whole, overflow = page.eval_on_selector(
        "#hintbox .what", "e => [e.clientHeight, e.scrollHeight, getComputedStyle(e).overflowY]")
    page.screenshot(path=str(SHOTS / "hint-long-reason-375.png"))
    assert overflow == "auto" and shown <= 8 * 16 < 4 * 8 * 16 < whole  # the reason scrolls in its box
    board_top = page.evaluate("document.getElementById('board').getBoundingClientRect().top + scrollY")
    assert board_top < 1.5 * 667  # the board follows within a screen and a half
