"""Every page fits the screen from a phone to a desktop: no sideways scrolling at 320, 375, 768, 1366 and 1920 px,
with the largest boards the pages show (Binary 12x12, Str8ts 9x9, *Star 6 rings)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from browsing import NEEDS_CHROMIUM, SHOTS, browser

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM
STAR6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
STR8TS = "##2..#9..#....h6.#52..f...#..........#a5..##.........6#...e..3.h..i....#...#.2.d#"
PAGES = {
    "play-starbattle": (f"/play?puzzle={quote(STAR6, safe='')}", "#board svg .gl-cell"),
    "play-binary12": (f"/play?puzzle={quote('12x12:' + '.' * 144, safe='')}&kind=binary", "#board svg .gl-cell"),
    "play-str8ts9": (f"/play?puzzle={quote(STR8TS, safe='')}", "#board svg .gl-cell"),
    "proof": (f"/proof?puzzle={quote(STAR6, safe='')}", "#board .gl-cell"),
    "starstar": ("/starstar?rings=6", "#board svg"),
    "tools": ("/tools", "#kind option"),
    "docs": ("/docs", "section h2"),
}


@pytest.mark.parametrize("width", [320, 375, 768, 1366, 1920])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_sideways_scroll(browser: Any, server: str, name: str, width: int) -> None:
    path, ready = PAGES[name]
    page = browser.new_page(viewport={"width": width, "height": 800})
    try:
        page.goto(f"{server}{path}")
        page.wait_for_selector(ready, state="attached", timeout=60_000)
        page.wait_for_timeout(200)
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if width == 375:
            page.screenshot(path=str(SHOTS / f"{name}-375.png"))
    finally:
        page.close()
    assert scroll <= inner, (name, width, scroll, inner)
