"""Keyboard use of the play page: the arrows move through the library list without opening anything
(focus stays on the list), Enter opens the puzzle shown."""

from __future__ import annotations

from typing import Any

from browsing import NEEDS_CHROMIUM, browser, page

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM


def test_library_arrows_do_not_open_enter_does(page: Any, server: str) -> None:
    page.goto(f"{server}/play")
    page.wait_for_function("document.querySelectorAll('#library option').length > 3")
    page.wait_for_function("document.getElementById('status').textContent.includes('move')")
    title = page.inner_text("#title")
    page.focus("#library")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(500)
    assert page.inner_text("#title") == title  # nothing opened
    assert page.evaluate("document.activeElement.id") == "library"
    chosen = page.evaluate("document.getElementById('library').selectedOptions[0].textContent")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.getElementById('title').textContent !== {title!r}")
    assert page.inner_text("#title").split(" ")[0] == chosen.split(" ")[0]
