"""What the browser tests share: Debian's chromium driven by Playwright, where screenshots go, and the
``browser`` / ``page`` fixtures (a test module imports them: ``from browsing import browser, page``)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("GRIDLOGIC_SCREENSHOTS", Path(tempfile.gettempdir()) / "gridlogic-screenshots"))
"""Where screenshots go: a temporary folder, or docs/screenshots with GRIDLOGIC_SCREENSHOTS=docs/screenshots."""
WAIT = 60_000  # ms: the machine is shared and loaded; generous waits, no timing assertions
NEEDS_CHROMIUM = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                    reason="Debian chromium not installed (.ci/run installs it)")


class CspFreeBrowser:
    """The launched browser; its pages bypass the Content-Security-Policy unless asked not to, because
    Playwright's ``wait_for_function`` evaluates strings, which the policy forbids (test_csp_browser.py
    drives the pages under the policy)."""

    def __init__(self, browser: object) -> None:
        self.browser = browser

    def new_page(self, **options: object) -> object:
        options.setdefault("bypass_csp", True)
        return self.browser.new_page(**options)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.browser, name)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield CspFreeBrowser(b)
        b.close()


@contextmanager
def watched(pg: Any, closing: Any = None) -> Iterator[Any]:
    """``pg`` with the generous default wait; on leaving, ``closing`` (the page, or its context) is closed,
    and the test fails if the page threw a JavaScript error meanwhile."""
    pg.set_default_timeout(WAIT)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    (closing or pg).close()
    assert not errors, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page; the test fails if the page threw a JavaScript error."""
    with watched(browser.new_page(viewport={"width": 1180, "height": 860})) as pg:
        yield pg


def quiet_help(page: object) -> None:
    """Before the page loads: the play page's help settings as they were before it had them (no automatic
    dots; "Check my progress" outlines the wrong marks), for the tests that place clashing or wrong marks
    on purpose (test_settings_browser.py and test_marking_browser.py test the settings themselves)."""
    page.add_init_script(  # type: ignore[attr-defined]
        "localStorage.setItem('gridlogic:help:auto:starbattle', 'false');"
        "localStorage.setItem('gridlogic:help:which', 'true');")

