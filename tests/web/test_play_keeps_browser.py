"""The play page keeps what the player did with the automatic marks: a dot the player cleared stays clear
after a reload and in a shared link, and the marks the page put still follow the star that put them there
(an old link, with no word on the automatic marks, opens as before). At 375x667 with touch (mobile
emulation) and at 1366 px. Screenshots go to /tmp/q-web-shots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlparse

import pytest
from browsing import NEEDS_CHROMIUM, browser, watched
from test_browser import URL, cell, open_puzzle, value
from test_marking_browser import automatic, expected_dots, regions, set_auto

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/q-web-shots")
SIZES = {"phone": {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
                   "device_scale_factor": 2},
         "desktop": {"viewport": {"width": 1366, "height": 768}}}


@pytest.fixture(params=sorted(SIZES))
def device(request: Any, browser: Any) -> Iterator[tuple[str, Any]]:
    """(name, context): a fresh context (its own localStorage) at a phone's or a desktop's size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(bypass_csp=True, **SIZES[request.param])
    yield request.param, ctx
    ctx.close()


def play(ctx: Any) -> Any:
    return watched(ctx.new_page())


def star_and_clear(page: Any, server: str) -> tuple[set[tuple[int, int]], Any]:
    """A star at r1c2 (its dots automatic), then the player clears the automatic dot at r2c2."""
    open_puzzle(page, server, URL)
    set_auto(page, True)
    page.click(cell(0, 1))
    want = expected_dots((0, 1), regions(page))
    assert automatic(page) == want
    page.click(cell(1, 1))  # dot -> unknown: the player's own choice now
    assert value(page, 1, 1) == "unknown"
    assert automatic(page) == want - {(1, 1)}
    return want, page


def test_a_reload_keeps_the_dot_the_player_cleared(device: tuple[str, Any], server: str) -> None:
    name, ctx = device
    with play(ctx) as page:
        want, _ = star_and_clear(page, server)
        page.reload()
        page.wait_for_selector("#board svg .gl-cell")
        page.wait_for_function("document.getElementById('status').textContent.includes('Welcome back')")
        page.screenshot(path=str(SHOTS / f"reload-keeps-cleared-dot-{name}.png"))
        assert value(page, 1, 1) == "unknown"  # not dotted again
        assert automatic(page) == want - {(1, 1)}
        page.click(cell(0, 1))  # the star goes (it becomes a dot): its automatic dots still go with it
        assert automatic(page) == set()
        assert value(page, 1, 1) == "unknown"


def test_a_shared_link_keeps_the_dot_the_player_cleared(device: tuple[str, Any], browser: Any,
                                                         server: str) -> None:
    name, ctx = device
    with play(ctx) as page:
        want, _ = star_and_clear(page, server)
        page.click("#share")
        link = page.input_value("#sharelink")
    assert parse_qs(urlparse(link).query)["board"]
    fresh = browser.new_context(bypass_csp=True, **SIZES[name])  # another browser: nothing in its storage
    with watched(fresh.new_page(), closing=fresh) as other:
        other.goto(link)
        other.wait_for_selector("#board svg .gl-cell")
        other.wait_for_function("document.getElementById('status').textContent.includes('move')")
        other.screenshot(path=str(SHOTS / f"link-keeps-cleared-dot-{name}.png"))
        assert value(other, 0, 1) == "star"
        assert value(other, 1, 1) == "unknown"
        assert automatic(other) == want - {(1, 1)}  # the page's dots are still the page's: they follow the star
        other.click(cell(0, 1))
        assert automatic(other) == set()
        assert {(r, c) for r in range(6) for c in range(6) if value(other, r, c) != "unknown"} == {(0, 1)}


def test_an_old_link_opens_as_before(device: tuple[str, Any], server: str) -> None:
    """A link made before the page said which marks were automatic: its board as it is, the star's dots added."""
    _, ctx = device
    board = "/".join(["?*????"] + ["??????"] * 5)
    with play(ctx) as page:
        open_puzzle(page, server, URL, f"&board={quote(board, safe='')}&t=5")
        assert value(page, 0, 1) == "star"
        assert automatic(page) == expected_dots((0, 1), regions(page))


def test_marks_off_and_on_again_keep_the_dot_the_player_cleared(device: tuple[str, Any], server: str) -> None:
    name, ctx = device
    with play(ctx) as page:
        want, _ = star_and_clear(page, server)
        set_auto(page, False)
        assert automatic(page) == set()
        set_auto(page, True)
        assert automatic(page) == want - {(1, 1)}
        assert value(page, 1, 1) == "unknown"
        page.screenshot(path=str(SHOTS / f"keeps-off-on-{name}.png"))
