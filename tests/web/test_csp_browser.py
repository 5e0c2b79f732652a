"""Every page works under its own Content-Security-Policy (the other browser tests bypass it, because
Playwright's waits evaluate strings): no violation reported, and the page does its first job."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from browsing import NEEDS_CHROMIUM, SHOTS, browser

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM
URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
PAGES = [  # the page, and a selector that shows its script ran
    (f"/play?puzzle={quote(URL, safe='')}", "#board svg .gl-cell"),
    (f"/proof?puzzle={quote(URL, safe='')}", "#board svg .gl-cell, #board .gl-cell"),
    ("/starstar?rings=3", "#board svg"),
    ("/tools", "#kind option"),
    ("/docs", "section h2"),
]


@pytest.mark.parametrize(("path", "ready"), PAGES)
def test_pages_run_under_their_policy(browser: Any, server: str, path: str, ready: str) -> None:
    page = browser.new_page(bypass_csp=False, viewport={"width": 375, "height": 667})
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: violations.append(str(e)))
    try:
        response = page.goto(f"{server}{path}")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector(ready, state="attached", timeout=60_000)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"csp-{path.strip('/').split('?')[0] or 'index'}-375.png"))
    finally:
        page.close()
    assert not violations, violations
