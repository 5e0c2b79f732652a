"""Fast marking on the play page, with the mouse at 1366 px: a drag paints the value its first cell took
across every cell it passes (one undo step), a click still cycles as LEGUP does; automatic dots around a
star and in its row, column and region, looking like the player's dots, gone with the star that put them;
a dot the player clears stays clear; the switch in the help settings takes them all away and back.
Screenshots go to /tmp/p25-board-shots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, browser, watched
from test_browser import URL, cell, open_puzzle, value

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/p25-board-shots")
REGION_OF_R1C2 = "document.querySelector('#board .gl-cell[data-row=\"0\"][data-col=\"1\"]').dataset.region"


@pytest.fixture
def laptop(browser: Any) -> Any:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with watched(browser.new_page(viewport={"width": 1366, "height": 768})) as pg:
        yield pg


def board_state(page: Any) -> dict[tuple[int, int], tuple[str, bool]]:
    """(row, col) -> (data-value, automatic?) of every cell."""
    cells = page.eval_on_selector_all(
        "#board .gl-cell", "gs => gs.map(g => [+g.dataset.row, +g.dataset.col, g.dataset.value, !!g.dataset.auto])")
    return {(r, c): (v, a) for r, c, v, a in cells}


def automatic(page: Any) -> set[tuple[int, int]]:
    return {rc for rc, (_, auto) in board_state(page).items() if auto}


def centre(page: Any, r: int, c: int) -> tuple[float, float]:
    box = page.locator(cell(r, c)).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page: Any, cells: list[tuple[int, int]], button: str = "left") -> None:
    page.mouse.move(*centre(page, *cells[0]))
    page.mouse.down(button=button)
    for r, c in cells[1:]:
        page.mouse.move(*centre(page, r, c), steps=2)
    page.mouse.up(button=button)


def set_auto(page: Any, on: bool) -> None:
    if not page.is_visible("#set-auto"):
        page.click("#help-settings summary")
    if page.is_checked("#set-auto") != on:
        page.click("#set-auto")


def expected_dots(star: tuple[int, int], region: dict[tuple[int, int], str]) -> set[tuple[int, int]]:
    """A 1-star puzzle: a star rules out its neighbours, its row, its column and its region."""
    r0, c0 = star
    return {(r, c) for (r, c), g in region.items()
            if (r, c) != star and (max(abs(r - r0), abs(c - c0)) == 1 or r == r0 or c == c0 or g == region[star])}


def regions(page: Any) -> dict[tuple[int, int], str]:
    cells = page.eval_on_selector_all(
        "#board .gl-cell", "gs => gs.map(g => [+g.dataset.row, +g.dataset.col, g.dataset.region])")
    return {(r, c): g for r, c, g in cells}


def test_a_drag_paints_the_first_cells_value_and_is_one_undo_step(laptop: Any, server: str) -> None:
    page = laptop
    open_puzzle(page, server, URL)
    set_auto(page, False)
    row = [(3, c) for c in range(6)]
    mouse_drag(page, row, button="right")  # right: one step backward, unknown -> dot, painted along the row
    assert [value(page, r, c) for r, c in row] == ["black"] * 6
    assert automatic(page) == set()
    page.screenshot(path=str(SHOTS / "drag-mouse-1366.png"))
    page.click("#undo")  # the whole drag is one step
    assert [value(page, r, c) for r, c in row] == ["unknown"] * 6
    assert page.is_disabled("#undo")
    page.click("#redo")
    assert [value(page, r, c) for r, c in row] == ["black"] * 6
    # a quick diagonal drag that skips cells between two events still paints every cell on its way
    page.mouse.move(*centre(page, 0, 0))
    page.mouse.down()
    page.mouse.move(*centre(page, 2, 2))  # one event: r2c2 is crossed, not visited
    page.mouse.up()
    assert [value(page, i, i) for i in range(3)] == ["star"] * 3
    # a drag from a dot erases: the first cell's step is dot -> unknown
    mouse_drag(page, [(3, 5), (3, 4), (3, 3)])
    assert [value(page, 3, c) for c in (5, 4, 3, 2)] == ["unknown", "unknown", "unknown", "black"]
    # a click is still one cycle step, as in LEGUP
    seen = []
    for _ in range(3):
        page.click(cell(5, 5))
        seen.append(value(page, 5, 5))
    assert seen == ["star", "black", "unknown"]


def test_automatic_dots_follow_the_star_that_put_them(laptop: Any, server: str) -> None:
    page = laptop
    open_puzzle(page, server, URL)
    set_auto(page, True)
    region = regions(page)
    assert len(set(region.values())) == 6
    page.click(cell(0, 1))
    want = expected_dots((0, 1), region)
    assert automatic(page) == want
    state = board_state(page)
    assert all(state[rc][0] == "black" for rc in want)  # the same value, so drawn as the player's dots are
    assert {rc for rc, (v, _) in state.items() if v == "unknown"} == set(region) - want - {(0, 1)}
    auto_fill = page.eval_on_selector(f"{cell(*sorted(want)[0])} .black circle", "e => getComputedStyle(e).fill")
    page.click(cell(5, 5), button="right")  # a dot of the player's own
    own_fill = page.eval_on_selector(f"{cell(5, 5)} .black circle", "e => getComputedStyle(e).fill")
    assert auto_fill == own_fill
    assert "(automatic)" in page.get_attribute(cell(0, 0), "aria-label")
    assert "(automatic)" not in page.get_attribute(cell(5, 5), "aria-label")
    page.screenshot(path=str(SHOTS / "auto-dots-1366.png"))
    page.click(cell(1, 1))  # the player clears an automatic dot: it is the player's now and stays clear
    assert value(page, 1, 1) == "unknown"
    assert (1, 1) not in automatic(page)
    page.click(cell(0, 1))  # the star becomes a dot: every dot it had put goes, the player's dot stays
    assert value(page, 0, 1) == "black"
    assert automatic(page) == set()
    assert value(page, 5, 5) == "black"
    assert {rc for rc, (v, _) in board_state(page).items() if v == "black"} == {(0, 1), (5, 5)}
    page.click("#undo")  # the star and its dots come back in one step
    assert value(page, 0, 1) == "star"
    assert automatic(page) == want - {(1, 1)}


def test_the_switch_takes_automatic_marks_away_and_back(laptop: Any, server: str) -> None:
    page = laptop
    open_puzzle(page, server, URL)
    set_auto(page, True)
    page.click(cell(0, 1))
    page.click(cell(3, 2))  # a second star of the solution
    dots = automatic(page)
    assert len(dots) > 15
    set_auto(page, False)
    assert automatic(page) == set()
    assert {rc for rc, (v, _) in board_state(page).items() if v != "unknown"} == {(0, 1), (3, 2)}
    page.click(cell(5, 0))  # off: a star puts no dots
    assert automatic(page) == set()
    set_auto(page, True)  # on again: every cell the stars rule out gets its dot
    assert automatic(page) >= dots
    assert value(page, 5, 0) == "star"


def test_a_drag_over_automatic_dots_makes_them_the_players(laptop: Any, server: str) -> None:
    page = laptop
    open_puzzle(page, server, URL)
    set_auto(page, True)
    page.click(cell(3, 0))  # a wrong star: r4c1 is no star of the solution
    assert value(page, 3, 1) == "black" and (3, 1) in automatic(page)
    mouse_drag(page, [(3, 0), (3, 1)])  # the star becomes a dot, and the drag dots r4c2 for good
    assert value(page, 3, 0) == "black"
    assert value(page, 3, 1) == "black"
    assert automatic(page) == set()
