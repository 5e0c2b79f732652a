"""The /starstar page shows the estimate of the end after each AI move: a dot outside every peri (its
expected owner) and both players' expected points, in Debian's chromium at 375 and 1366 px. Generous
waits, no timing assertions. Screenshots go to ``SHOTS`` (looked at when the page changes)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, SHOTS, browser, watched

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM
YOUR_MOVE = "document.getElementById('status').textContent.startsWith('Your move')"
IDLE = "document.body.dataset.pending === '0'"


@pytest.mark.parametrize(("width", "height"), [(375, 760), (1366, 860)])
def test_the_estimate_is_drawn_and_told_after_the_ai_moves(browser: Any, server: str, width: int,
                                                           height: int) -> None:
    with watched(browser.new_page(viewport={"width": width, "height": height})) as page:
        page.goto(f"{server}/starstar?rings=6")
        page.wait_for_function(YOUR_MOVE)
        page.wait_for_function(IDLE)
        assert page.is_hidden("#estimate") and page.locator("#board .estimate").count() == 0  # no AI move yet
        page.select_option("#budget-kind", "playouts")
        page.fill("#budget", "300")
        page.dispatch_event("#budget", "change")
        page.click('#board g.node[data-label="T60"]')
        page.wait_for_function(IDLE)
        page.wait_for_function(YOUR_MOVE)
        assert page.is_visible("#estimate")
        dots = page.locator("#board .estimate circle.own")
        assert dots.count() == 30  # one per peri on 6 rings
        owns = [float(v) for v in dots.evaluate_all("els => els.map(e => e.dataset.own)")]
        assert all(-1 <= v <= 1 for v in owns)
        assert float(page.get_attribute('#board .estimate circle.own[data-label="T60"]', "data-own") or "0") > 0.3
        text = page.inner_text("#estimate-points")
        assert re.fullmatch(r"Black \d+\.\d – White \d+\.\d points", text), text
        text = page.inner_text("#estimate-chance")
        found = re.fullmatch(r"Black wins (\d+)\u00a0%, White (\d+)\u00a0%", text)
        assert found, text
        assert int(found[1]) + int(found[2]) == 100
        played = page.inner_text("#ai-move").split()[2]
        assert f"after the AI's {played}, 1,000 playouts" in page.inner_text("#estimate-note")
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert scroll <= inner, (width, scroll, inner)
        page.screenshot(path=str(SHOTS / f"starstar-estimate-{width}.png"), full_page=True)
        page.uncheck("#estimate-dots")  # the dots hide, the figures stay
        assert not dots.first.is_visible() and page.is_visible("#estimate-points")
        page.check("#estimate-dots")
        assert dots.first.is_visible()
        page.click('#board g.node[data-label="T61"]' if page.get_attribute(
            '#board g.node[data-label="T61"]', "data-stone") == "" else '#board g.node[data-label="R60"]')
        page.wait_for_function(IDLE)
        page.wait_for_function(YOUR_MOVE)
        assert page.locator("#board .estimate circle.own").count() == 30  # a new estimate with the new move
