""""Check my progress" outlines the wrong marks on the board, on a phone and on a laptop: a wrong star
(Star Battle) and a wrong digit (Str8ts) are found, named in the status, cleared by the next move; an
answer about an older board outlines nothing. Screenshots go to /tmp/shots-progress."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, WAIT, browser, quiet_help
from test_browser import STR8TS, URL, cell, open_puzzle, value, wait_status
from test_races_browser import hold, wait_held

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/shots-progress")
VIEWPORTS = {"phone": (375, 667), "laptop": (1366, 768)}


@pytest.fixture(params=list(VIEWPORTS))
def sized(request: pytest.FixtureRequest, browser: Any) -> Any:
    width, height = VIEWPORTS[request.param]
    pg = browser.new_page(viewport={"width": width, "height": height})
    pg.set_default_timeout(WAIT)
    quiet_help(pg)  # "Check" outlines the wrong marks (a help setting, off by default); no automatic dots
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.shot = lambda name: pg.screenshot(path=str(SHOTS / f"{name}-{request.param}.png"), full_page=True)
    yield pg
    pg.close()
    assert not errors, errors


def outlined(page: Any) -> list[tuple[int, int]]:
    cells = page.eval_on_selector_all(
        "#board .gl-cell.hl-wrong", "gs => gs.map(g => [+g.dataset.row, +g.dataset.col])")
    return [(r, c) for r, c in cells]


def test_a_wrong_star_is_outlined_and_the_next_move_clears_it(sized: Any, server: str) -> None:
    page = sized
    open_puzzle(page, server, URL)
    page.click(cell(0, 1))  # a star of the solution
    page.click(cell(2, 2))  # not a star in the solution
    assert value(page, 2, 2) == "star"
    page.click("#progress")
    wait_status(page, "outlined in red")
    assert "1 mark is wrong (outlined in red)" in page.inner_text("[role=status]")
    assert outlined(page) == [(2, 2)]  # the right star is not named
    stroke = page.eval_on_selector(f"{cell(2, 2)} .hl", "e => getComputedStyle(e).stroke")
    assert stroke == "rgb(220, 38, 38)"
    page.shot("progress-star")
    page.click("#undo")  # the next change of the board clears the outline
    assert value(page, 2, 2) == "unknown"
    assert outlined(page) == []
    page.click("#progress")
    wait_status(page, "no mistakes")
    assert outlined(page) == []


def test_a_wrong_digit_is_outlined(sized: Any, server: str) -> None:
    page = sized
    body = {"puzzle": STR8TS}
    start = page.request.post(f"{server}/api/load", data=body).json()["board"]
    solution = page.request.post(f"{server}/api/solve", data=body).json()["solution"]
    r, c = next((r, c) for r, row in enumerate(start) for c, ch in enumerate(row) if ch == "?")
    wrong = str(int(solution[r][c]) % len(start) + 1)
    open_puzzle(page, server, STR8TS)
    page.click(cell(r, c))
    page.keyboard.press(wrong)
    assert value(page, r, c) == wrong
    page.click("#progress")
    wait_status(page, "outlined in red")
    assert "1 mark is wrong (outlined in red)" in page.inner_text("[role=status]")
    assert outlined(page) == [(r, c)]
    page.shot("progress-digit")
    page.click(cell(r, c))  # a click only selects a cell here
    assert outlined(page) == [(r, c)]
    page.keyboard.press(solution[r][c])  # the fix is a move: the outline goes
    assert value(page, r, c) == solution[r][c]
    assert outlined(page) == []


def test_a_late_answer_outlines_nothing(sized: Any, server: str) -> None:
    page = sized
    open_puzzle(page, server, URL)
    page.click(cell(2, 2))  # wrong
    held = hold(page, "/api/progress")
    page.click("#progress")
    wait_held(page, held)
    page.click("#undo")  # the player takes it back while the check is on its way
    with page.expect_response("**/api/progress"):
        held[0].continue_()
    page.wait_for_timeout(300)
    assert outlined(page) == []
    assert "wrong" not in page.inner_text("[role=status]")


def test_a_late_live_check_keeps_the_progress_answer(sized: Any, server: str) -> None:
    """The live check of the same board answering after "Check my progress" must not turn its "wrong" back
    into "Your move." (it did, now and then, under load)."""
    page = sized
    open_puzzle(page, server, URL)
    held = hold(page, "/api/board")
    page.click(cell(2, 2))  # a wrong star that breaks no rule: only the progress check can see it
    wait_held(page, held)
    page.click("#progress")
    wait_status(page, "outlined in red")
    with page.expect_response("**/api/board"):
        held[0].continue_()
    page.unroute("**/api/board")
    page.wait_for_timeout(300)
    assert "1 mark is wrong" in page.inner_text("[role=status]")
    assert outlined(page) == [(2, 2)]
    page.click("#undo")  # a newer board: its live check clears the old answer
    page.wait_for_function("!document.querySelector('[role=status]').textContent.includes('wrong')")
