"""What every page shares, seen in the browser: the header ui.js draws, and kind differences taken from
the descriptor (the tools page's board is the kind's own drawing, the play page's rules line)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from browsing import NEEDS_CHROMIUM, SHOTS, browser, page

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM
STAR6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
STR8TS = "##2..#9..#....h6.#52..f...#..........#a5..##.........6#...e..3.h..i....#...#.2.d#"
PAGES = {"/play": "#board svg", "/proof": "#palette", "/starstar": "#board svg", "/tools": "#kind option",
         "/docs": "section h2"}


@pytest.mark.parametrize("path", sorted(PAGES))
def test_every_page_draws_the_same_header(page: Any, server: str, path: str) -> None:
    page.goto(f"{server}{path}" + (f"?puzzle={quote(STAR6, safe='')}" if path == "/proof" else ""))
    page.wait_for_selector(PAGES[path], state="attached")
    # (a link may carry the puzzle open here, as play's proof link does: its path is what counts)
    paths = "els => els.map(a => new URL(a.href).pathname)"
    assert page.eval_on_selector_all("header.top nav a", paths) == ["/play", "/proof", "/starstar", "/tools", "/docs"]
    current = page.eval_on_selector_all("header.top [aria-current=page]", paths)
    assert current == [path]
    assert page.inner_text("header.top .brand") == "gridlogic"


def test_tools_page_steps_on_the_kinds_drawing(page: Any, server: str) -> None:
    page.goto(f"{server}/tools")
    page.wait_for_selector("#kind option[value=str8ts]", state="attached")
    assert page.inner_text("#kind option[value=str8ts]") == "Str8ts"  # the descriptor's title
    page.fill("#puzzle", STR8TS)
    page.click("#explain")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('solved')")
    assert page.locator("#board svg.gl-str8ts .gl-cell").count() == 81
    empty = page.locator('#board .gl-cell[data-value="empty"]').count()
    steps = page.locator("#steps li").count()
    assert steps > 0 and empty > 0
    page.click(f"#steps li:nth-child({steps})")  # the last step: every cell decided
    assert page.locator('#board .gl-cell[data-value="empty"]').count() == 0
    assert page.locator("#board .gl-cell.hl-marks").count() > 0
    page.screenshot(path=str(SHOTS / "tools-str8ts-explained.png"))
    page.click("#steps li:nth-child(1)")
    seen = [page.locator('#board .gl-cell[data-value="empty"]').count()]
    for _ in range(steps - 1):  # step by step: cells fill, never empty again, and never all at once
        page.click("#next")
        seen.append(page.locator('#board .gl-cell[data-value="empty"]').count())
    assert seen == sorted(seen, reverse=True) and seen[0] <= empty and seen[-1] == 0
    assert any(0 < n < empty for n in seen)
    for _ in range(steps):
        page.click("#prev")  # back to the start
    assert page.locator('#board .gl-cell[data-value="empty"]').count() == empty
    assert page.locator("#board .gl-cell.hl-marks").count() == 0


def test_play_page_shows_the_kinds_rules_and_keypad(page: Any, server: str) -> None:
    kinds = {k["name"]: k for k in page.request.get(f"{server}/api/kinds").json()}
    page.goto(f"{server}/play?puzzle={quote(STR8TS, safe='')}")
    page.wait_for_selector("#board svg .gl-cell")
    assert page.inner_text("#rules") == kinds["str8ts"]["rules"]
    assert page.inner_text("#help") == kinds["str8ts"]["help"]
    assert page.locator("#keypad button[data-digit]").count() == 9 and page.is_visible("#pencil")
    page.goto(f"{server}/play?puzzle={quote(STAR6, safe='')}")
    page.wait_for_selector("#board svg .gl-cell")
    assert page.inner_text("#rules") == kinds["starbattle"]["rules"]
    assert page.is_hidden("#keypad")
    groups = page.eval_on_selector_all("#library optgroup", "els => els.map(g => g.label)")
    assert groups == [k["title"] for k in kinds.values()]
