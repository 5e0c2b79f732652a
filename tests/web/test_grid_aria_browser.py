"""The board for keyboards and screen readers: an ARIA grid (grid, rows, gridcells named with their state),
one cell in the tab order (roving tabindex) with a visible focus, and a 6x6 Star Battle solved from a
fresh page with the keyboard alone. Screenshots go to /tmp/p25-board-shots."""

from __future__ import annotations

from typing import Any

from browsing import NEEDS_CHROMIUM, browser, page
from test_browser import BINARY, SOL, URL, open_puzzle, wait_status
from test_marking_browser import SHOTS

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM

ACTIVE = "(() => { const g = document.activeElement; return [g.getAttribute('role'), +g.dataset.row, +g.dataset.col, " \
         "g.getAttribute('aria-label')]; })()"


def test_the_board_is_an_aria_grid(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    grid = page.locator("#board svg[role=grid]")
    assert grid.count() == 1
    assert grid.get_attribute("aria-label").startswith("Star Battle 6x6")
    assert page.locator("#board [role=row]").count() == 6
    per_row = "rows => rows.map(r => r.querySelectorAll('[role=gridcell]').length)"
    assert page.eval_on_selector_all("#board [role=row]", per_row) == [6] * 6
    labels = page.eval_on_selector_all("#board [role=gridcell]", "gs => gs.map(g => g.getAttribute('aria-label'))")
    assert len(labels) == 36 and labels[0].startswith("r1c1, region ") and labels[0].endswith(": unknown")
    assert page.eval_on_selector_all("#board [role=gridcell][tabindex='0']", "gs => gs.length") == 1  # one tab stop
    # Binary: the same roles, given cells read-only
    open_puzzle(page, server, BINARY)
    assert page.locator("#board [role=row]").count() == 6
    givens = sum(ch in "01" for ch in BINARY.split(":")[1])
    assert page.locator("#board [role=gridcell][aria-readonly=true]").count() == givens


def test_keyboard_only_solve(page: Any, server: str) -> None:
    open_puzzle(page, server, URL)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Home")
    for _ in range(40):  # from the top of the page, Tab reaches the board's one cell
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    role, r, c, _ = page.evaluate(ACTIVE)
    assert role == "gridcell"
    stroke = page.evaluate("getComputedStyle(document.activeElement.querySelector('.hl')).strokeWidth")
    assert stroke == "5px"  # the focus is seen
    page.keyboard.press("Control+Home")
    assert page.evaluate(ACTIVE)[1:3] == [0, 0]
    page.keyboard.press("End")
    assert page.evaluate(ACTIVE)[1:3] == [0, 5]
    page.keyboard.press("Home")
    at = [0, 0]
    for r, row in enumerate(SOL):
        c = row.index("*")
        while at[0] < r:
            page.keyboard.press("ArrowDown")
            at[0] += 1
        while at[1] != c:
            page.keyboard.press("ArrowRight" if at[1] < c else "ArrowLeft")
            at[1] += 1 if at[1] < c else -1
        assert page.evaluate(ACTIVE)[1:3] == at
        page.keyboard.press("s")
        assert page.evaluate(ACTIVE)[3].endswith(": star")  # a screen reader hears the new state
    wait_status(page, "solved")
    label = page.get_attribute('#board .gl-cell[data-row="0"][data-col="0"]', "aria-label")
    assert label.endswith(": black (automatic)")
    page.screenshot(path=str(SHOTS / "keyboard-solved-1366.png"))
    page.keyboard.press("Control+z")  # undo from the keyboard: the last star (and its dots) go
    assert page.evaluate(ACTIVE)[0] == "gridcell"
    r, c = 5, SOL[5].index("*")
    assert page.get_attribute(f'#board .gl-cell[data-row="{r}"][data-col="{c}"]', "data-value") == "unknown"
