"""Str8ts help shows its reasoning (steps.js, on /play and /tools): a Hint draws the candidates before
its step, lists the candidate steps made before it, and each of those, chosen, strikes exactly the
candidates it removes and names its rule and cells; Explain does the same for every step; the legend's
"cells it uses" marks real cells. A Star Battle hint (no candidates in its steps) draws none.
Screenshots go to /tmp/shots-steps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browsing import NEEDS_CHROMIUM, browser, page
from test_browser import STR8TS, URL, open_puzzle

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/shots-steps")


def struck(page: Any) -> set[tuple[int, int, str]]:
    """Every candidate drawn struck through: (row, col, digit)."""
    found = page.eval_on_selector_all(
        "#board .gl-cands .cand.gone",
        "gs => gs.map(g => { const at = g.closest('.gl-cands').dataset; return [+at.row, +at.col, g.dataset.digit]; })")
    return {(r, c, d) for r, c, d in found}


def removals(step: dict[str, Any]) -> set[tuple[int, int, str]]:
    return {(r, c, v[1:]) for r, c, v in step["marks"] if v.startswith("-")}


def highlighted(page: Any, cls: str) -> set[tuple[int, int]]:
    cells = page.eval_on_selector_all(f"#board .gl-cell.hl-{cls}",
                                      "gs => gs.map(g => [+g.dataset.row, +g.dataset.col])")
    return {(r, c) for r, c in cells}


def shown_as_drawn(page: Any, step: dict[str, Any]) -> None:
    """The board shows ``step``: its removals struck (and nothing else), its cells highlighted, its rule and
    every changed cell named in the hint box's current step."""
    assert struck(page) == removals(step)
    assert highlighted(page, "marks") == {(r, c) for r, c, _ in step["marks"]}
    uses = {(r, c) for r, c in step["uses"]} - highlighted(page, "marks")
    assert highlighted(page, "uses") == uses
    text = page.inner_text("#hintbox .current")
    assert step["rule"] in text
    for r, c, _ in step["marks"]:
        assert f"r{r + 1}c{c + 1}" in text
    assert ("cells it uses" in text) == bool(uses)  # the legend names only what the board shows
    drawn = page.eval_on_selector_all("#board .gl-cands", "ls => ls.map(l => l.querySelectorAll('.cand').length)")
    assert drawn and all(n >= 1 for n in drawn)


def test_a_str8ts_hint_shows_the_candidates_and_every_step_before_it(page: Any, server: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_puzzle(page, server, STR8TS, "&kind=str8ts")
    rows = page.evaluate("[...document.querySelectorAll('#board .gl-cell')].length")
    assert rows == 36
    start = page.evaluate("new URLSearchParams(location.search).get('puzzle')")
    board = httpx.post(f"{server}/api/load", json={"puzzle": start, "kind": "str8ts"}, timeout=120).json()["board"]
    answer = httpx.post(f"{server}/api/hint", json={"puzzle": start, "kind": "str8ts", "board": board},
                        timeout=120).json()
    page.click("#hint")
    page.wait_for_selector("#hintbox .lead-in")
    lead = answer["lead_in"]
    assert answer["status"] == "step" and lead
    assert page.locator("#hintbox .lead-in li").count() == len(lead) + 1
    step = answer["step"]
    assert struck(page) == removals(step) == set()  # the hint places a digit: its candidates drawn, none struck
    assert highlighted(page, "marks") == {(r, c) for r, c, _ in step["marks"]}
    assert page.locator("#board .gl-cands").count() > 10
    page.click("#hintbox .lead-in summary")
    for i in (0, len(lead) - 1):
        page.click(f"#hintbox .lead-in li:nth-child({i + 1}) button")
        shown_as_drawn(page, lead[i])
        assert "removes" in page.inner_text("#hintbox .current")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "str8ts-hint-lead-in.png"), full_page=True)
    page.click("#hint")  # applies the hint: the drawing goes with the board it was drawn on
    page.wait_for_function("!document.querySelector('#board .gl-cands')")
    assert page.locator("#board.show-cands").count() == 0


def test_explain_strikes_each_steps_removals(page: Any, server: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_puzzle(page, server, STR8TS, "&kind=str8ts")
    page.click("#explain")
    page.wait_for_selector("#ex-steps li")
    start = page.evaluate("new URLSearchParams(location.search).get('puzzle')")
    steps = httpx.post(f"{server}/api/explain", json={"puzzle": start, "kind": "str8ts"}, timeout=120).json()["steps"]
    page.click("#ex-next")
    assert struck(page) == removals(steps[0]) and removals(steps[0])
    detail = page.inner_text("#ex-detail")
    assert "removes" in detail and all(f"r{r + 1}c{c + 1}" in detail for r, c, _ in steps[0]["marks"])
    wide = next(i for i, s in enumerate(steps) if len(s["uses"]) > 1 and removals(s))
    page.click(f"#ex-steps li:nth-child({wide + 1})")
    assert struck(page) == removals(steps[wide])
    assert highlighted(page, "uses") == {(r, c) for r, c in steps[wide]["uses"]} - highlighted(page, "marks")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "str8ts-explain.png"), full_page=True)
    page.click("#ex-close")
    assert page.locator("#board .gl-cands").count() == 0


def test_a_hint_without_candidates_draws_none(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    page.click("#hint")
    page.wait_for_selector("#hintbox .current .rule")
    assert page.locator("#board .gl-cands").count() == 0
    assert highlighted(page, "marks")
    if "cells it uses" in page.inner_text("#hintbox"):
        assert highlighted(page, "uses")


def test_the_tools_explanation_strikes_removals_too(page: Any, server: str) -> None:
    page.goto(f"{server}/tools")
    page.fill("#puzzle", STR8TS)
    page.select_option("#kind", "str8ts")
    page.click("#explain")
    page.wait_for_selector("#steps li")
    steps = httpx.post(f"{server}/api/explain", json={"puzzle": STR8TS, "kind": "str8ts"}, timeout=120).json()["steps"]
    page.click("#steps li:nth-child(1)")
    assert struck(page) == removals(steps[0]) and removals(steps[0])
    info = page.inner_text("#stepinfo")
    assert steps[0]["rule"] in info and all(f"r{r + 1}c{c + 1}" in info for r, c, _ in steps[0]["marks"])
    page.click("#next")
    assert struck(page) == removals(steps[1])


def test_on_a_phone_the_hints_lead_in_scrolls_in_place_and_the_board_stays_in_view(page: Any, server: str) -> None:
    page.set_viewport_size({"width": 375, "height": 667})
    open_puzzle(page, server, STR8TS, "&kind=str8ts")
    page.click("#hint")
    page.wait_for_selector("#hintbox .lead-in")
    page.click("#hintbox .lead-in summary")
    steps = page.locator("#hintbox .lead-in ol")
    box = steps.bounding_box()
    assert box is not None and box["height"] <= 5.5 * 16 + 1  # at most 5.5rem: it scrolls inside
    hint, board = page.locator("#hintbox").bounding_box(), page.locator("#board svg").bounding_box()
    assert hint is not None and board is not None
    assert hint["y"] + hint["height"] <= board["y"]  # the answer above the board
    assert board["y"] - hint["y"] < 667 / 2  # from the hint's top, the board starts within half a screen
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "str8ts-hint-lead-in-phone.png"))
