"""Late answers never change or hide a newer state: a Hint or a "Check my progress" answered after the
player moved is dropped (the answers are held back by route interception, then let go)."""

from __future__ import annotations

from typing import Any

from browsing import NEEDS_CHROMIUM, SHOTS, browser, page
from test_browser import SOL, URL, cell, open_puzzle, value, wait_status

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM


def hold(page: Any, path: str) -> list[Any]:
    held: list[Any] = []

    def keep(route: Any) -> None:
        held.append(route)

    page.route(f"**{path}", keep)
    return held


def wait_held(page: Any, held: list[Any]) -> None:
    for _ in range(600):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the request was never sent")


def test_a_late_hint_is_never_armed(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    held = hold(page, "/api/hint")
    page.click("#hint")
    wait_held(page, held)
    page.click(cell(0, 1))  # the player moves while the hint is computed
    assert value(page, 0, 1) == "star"
    with page.expect_response("**/api/hint"):
        held[0].continue_()
    page.wait_for_timeout(300)
    assert page.locator("#hintbox").is_hidden()
    assert page.locator("#board .hl-marks").count() == 0
    page.unroute("**/api/hint")
    page.click("#hint")  # asks afresh: never applies the stale step to the new star
    page.wait_for_function("document.getElementById('hintbox').textContent.includes('press Hint again')")
    assert value(page, 0, 1) == "star"
    page.screenshot(path=str(SHOTS / "play-late-hint-dropped.png"))


def test_a_late_progress_check_never_overwrites_solved(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    stars = [(r, c) for r, row in enumerate(SOL) for c, ch in enumerate(row) if ch == "*"]
    for r, c in stars[:-1]:
        page.click(cell(r, c))
    page.click(cell(5, 5), button="right")  # a wrong dot, then the check is asked
    held = hold(page, "/api/progress")
    page.click("#progress")
    wait_held(page, held)
    page.click(cell(5, 5), button="right")  # the dot is taken back (a dot cycles back to unknown)
    page.click(cell(5, 5), button="right")
    page.click(cell(*stars[-1]))
    wait_status(page, "solved")
    with page.expect_response("**/api/progress"):
        held[0].continue_()
    page.wait_for_timeout(300)
    status = page.inner_text("[role=status]")
    assert "solved" in status and "wrong" not in status
