"""Accessibility: axe-core (installed from npm by ``make axe``, injected by Playwright from the local file)
finds no serious or critical violation on any page at 375 and 1366 px: the play page (the library, each
kind's puzzle, the Daily tab, a Str8ts hint with its lead-in steps open, an explanation), the tools page
(with a solve's answer), proof mode, *Star and the API docs. Without axe-core the test skips, but under
CI=true it fails."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from axe import AXE, AXE_VERSION, violations
from browsing import NEEDS_CHROMIUM, WAIT, browser

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

LIBRARY = json.loads((Path(__file__).resolve().parents[2] / "src/gridlogic/web/static/library.json").read_text())
FIRSTS: dict[str, dict[str, Any]] = {}
for _item in LIBRARY:
    FIRSTS.setdefault(_item["kind"], _item)
SB6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
STR8TS = ".e...24#.#.#.......2.5..#.#.#....4a."


def ready(page: Any) -> None:
    page.wait_for_load_state("networkidle")


def board(page: Any) -> None:
    page.wait_for_selector("#board svg .gl-cell")
    page.wait_for_function("document.getElementById('status').textContent.includes('move')")


def daily_tab(page: Any) -> None:
    board(page)
    page.click("[role=tab][data-tab=daily]")


def str8ts_hint(page: Any) -> None:
    board(page)
    page.click("#hint")
    page.wait_for_selector("#hintbox .lead-in")
    page.click("#hintbox .lead-in summary")
    page.click("#hintbox .lead-in li:first-child button")


def explained(page: Any) -> None:
    board(page)
    page.click("#explain")
    page.wait_for_selector("#ex-steps li")
    page.click("#ex-next")


def solved(page: Any) -> None:
    page.fill("#puzzle", SB6)
    page.click("#solve")
    page.wait_for_function("document.getElementById('result').textContent.length > 0")


def proof(page: Any) -> None:
    page.wait_for_function("document.getElementById('status').textContent.includes('transition')")


PAGES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "play-library": ("/play", board),
    **{f"play-{k}": (f"/play?puzzle={quote(e['puzzle'], safe='')}&kind={k}", board) for k, e in FIRSTS.items()},
    "play-daily": ("/play", daily_tab),
    "play-hint-lead-in": (f"/play?puzzle={quote(STR8TS, safe='')}&kind=str8ts", str8ts_hint),
    "play-explain": (f"/play?puzzle={quote(STR8TS, safe='')}&kind=str8ts", explained),
    "tools": ("/tools", solved),
    "proof": (f"/proof?puzzle={quote(SB6, safe='')}", proof),
    "starstar": ("/starstar", ready),
    "docs": ("/docs", ready),
}


@pytest.fixture(scope="module", autouse=True)
def axe_installed() -> None:
    if not AXE.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"axe-core is not installed at {AXE}: run `make axe` (.ci/run does)")
        pytest.skip(f"axe-core is not installed at {AXE} (make axe installs it)")


@pytest.mark.parametrize("width", [375, 1366])
@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_or_critical_violation(browser: Any, server: str, name: str, width: int) -> None:
    path, settle = PAGES[name]
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}{path}")
        settle(page)
        found = violations(page)
        assert not found, json.dumps(found, indent=1)
        assert not errors, errors
    finally:
        page.close()


def test_the_installed_axe_is_the_pinned_one() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    assert f"AXE_VERSION := {AXE_VERSION}" in makefile
    installed = json.loads((AXE.parent / "package.json").read_text(encoding="utf-8"))["version"]
    assert installed == AXE_VERSION
