"""The /starstar page in a real browser (Debian's chromium, driven by Playwright) against a real uvicorn.

Generous waits and no timing assertions: the machine is shared. Screenshots: see ``SHOTS``.
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from browsing import CspFreeBrowser
from fastapi import FastAPI

from gridlogic.games.starstar.examples import EXAMPLE_1_BLUE, EXAMPLE_1_RED, game_of
from gridlogic.games.starstar.sgf import GameRecord, to_sgf
from gridlogic.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("GRIDLOGIC_SCREENSHOTS", Path(tempfile.gettempdir()) / "gridlogic-screenshots"))
"""Where screenshots go: a temporary folder, or docs/screenshots with GRIDLOGIC_SCREENSHOTS=docs/screenshots."""
WAIT = 120_000  # ms: the AI's first move in a fresh worker compiles the playouts

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="Debian chromium not installed (.ci/run installs it)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield CspFreeBrowser(b)
        b.close()


@pytest.fixture(scope="module")
def served(browser: Any) -> Iterator[tuple[str, FastAPI]]:
    """A real uvicorn in a thread. It depends on ``browser`` so that it and its worker pool stop before
    Playwright does (a worker forked while Playwright's driver runs would hold the driver's pipes open)."""
    del browser
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(extra_hosts=("testserver",))
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(6000):  # the workers warm up before the server listens: minutes on a loaded machine
        if srv.started:
            break
        time.sleep(0.05)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    thread.join(timeout=10)
    app.state.pool.close()


def status(page: Any) -> str:
    text: str = page.inner_text("#status")
    return text


def wait_idle(page: Any) -> None:
    """No request on the way (a click starts its request before it returns)."""
    page.wait_for_function("document.body.dataset.pending === '0'", timeout=WAIT)


def wait_your_move(page: Any) -> None:
    wait_idle(page)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Your move')", timeout=WAIT)


def open_game(browser: Any, url: str, rings: int, playouts: int | None = None, **options: Any) -> Any:
    """A page on /starstar?rings=N, ready for the first move; the AI on ``playouts`` per move if given."""
    page = browser.new_page(**({"viewport": {"width": 1280, "height": 860}} | options))
    page.goto(f"{url}/starstar?rings={rings}")
    wait_your_move(page)
    if playouts is not None:
        page.select_option("#budget-kind", "playouts")
        page.fill("#budget", str(playouts))
    return page


def stones(page: Any, colour: str) -> int:
    count: int = page.locator(f'#board g.node[data-stone="{colour}"]').count()
    return count


def score_text(page: Any) -> str:
    text: str = page.inner_text("#score tbody")
    return text


def test_play_three_moves_against_the_ai(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    page = open_game(browser, url, 4)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    assert page.locator("#board g.node").count() == 50  # 4 rings: 5 * 4 * 5 / 2 nodes
    assert page.locator("#board g.node.peri").count() == 20
    assert page.locator("#board g.node.quark").count() == 5
    assert page.locator("#board line.bridge").count() == 5
    assert page.locator('#board g.node[data-label="S41"] title').text_content().startswith("S41")
    page.select_option("#budget-kind", "playouts")
    page.fill("#budget", "200")
    before = score_text(page)
    answers = []
    for turn in range(3):
        label = next(lb for lb in ("*41", "*40", "*42", "*43", "S40", "R43")
                     if page.get_attribute(f'#board g.node[data-label="{lb}"]', "data-stone") == "")
        page.click(f'#board g.node[data-label="{label}"]')
        page.wait_for_function(f"document.querySelectorAll('#board g.node[data-stone=\"w\"]').length > {turn}",
                               timeout=WAIT)
        wait_your_move(page)
        assert page.get_attribute(f'#board g.node[data-label="{label}"]', "data-stone") == "b"
        assert stones(page, "b") == stones(page, "w") == turn + 1
        answer = page.inner_text("#ai-move")
        assert answer.startswith("AI played ")
        played = answer.split()[2]
        assert page.get_attribute(f'#board g.node[data-label="{played}"]', "data-stone") == "w"
        answers.append(played)
    assert len(set(answers)) == 3
    assert score_text(page) != before  # Black's two adjacent peries make a star: the score moved
    assert page.locator("#board .star-outline[data-player='b']").count() >= 1
    assert len(page.inner_text("#moves").split()) == 6
    page.screenshot(path=str(SHOTS / "starstar-play.png"))
    page.click("#undo")  # takes back the AI's answer and your move
    wait_your_move(page)
    assert stones(page, "b") == stones(page, "w") == 2
    assert not errors
    page.close()


def test_a_full_game_on_two_rings_ends_with_the_winner(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    page = open_game(browser, url, 2, playouts=20)
    for _ in range(10):
        empty = page.locator('#board g.node[data-stone=""]')
        if empty.count() == 0 or status(page).startswith("Game over"):
            break
        empty.first.click()
        wait_idle(page)
    assert status(page).startswith("Game over: ")
    assert page.locator('#board g.node[data-stone=""]').count() == 0
    assert "wins" in status(page) or "draw" in status(page)
    assert page.text_content("#score-note") == "(final)"
    assert page.is_disabled("#pass")
    page.screenshot(path=str(SHOTS / "starstar-finished-2rings.png"))
    page.close()


def test_open_a_record_replay_it_and_see_the_winner(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    moves = game_of(EXAMPLE_1_BLUE, EXAMPLE_1_RED)
    sgf = to_sgf(GameRecord(4, [(i % 2, m) for i, m in enumerate(moves)], black="Blue", white="Red"))
    page = open_game(browser, url, 6)
    assert page.locator("#board g.node").count() == 105
    page.screenshot(path=str(SHOTS / "starstar-6rings-empty.png"))
    page.set_input_files("#open", files=[{"name": "example1.sgf", "mimeType": "application/x-go-sgf",
                                          "buffer": sgf.encode()}])
    page.wait_for_function("document.getElementById('status').textContent.includes('Game over')", timeout=WAIT)
    assert "Black wins B+1 (11–10)" in status(page)
    assert page.locator("#board g.node").count() == 50 and page.locator('#board g.node[data-stone=""]').count() == 0
    assert page.locator("#board .star-outline").count() == 4
    assert page.locator("#board circle.owned").count() == 20
    assert page.locator('#board g.node[data-label="S43"] path.dead').count() == 1
    rows = {line.split("\t")[0]: line.split("\t")[1:] for line in score_text(page).split("\n")}
    assert rows["Score"] == ["11", "10"] and rows["Simplified"] == ["3", "2"] and rows["Stars"] == ["1", "3"]
    page.screenshot(path=str(SHOTS / "starstar-example1.png"))
    page.eval_on_selector("#slider", "el => { el.value = '10'; el.dispatchEvent(new Event('input')); }")
    page.wait_for_function("document.querySelectorAll('#board g.node[data-stone=\"b\"]').length === 5",
                           timeout=WAIT)
    assert stones(page, "w") == 5 and "Replay: move 10 of" in status(page)
    assert page.inner_text("#slider-label").startswith("after move 10")
    page.screenshot(path=str(SHOTS / "starstar-replay.png"))
    page.click("#resume")  # play on from move 10 against the AI
    wait_your_move(page)
    assert page.input_value("#colour") == "b" and stones(page, "b") == 5
    page.set_input_files("#open", files=[{"name": "bad.sgf", "mimeType": "text/plain", "buffer": b"(;SZ[4];B[Q9])"}])
    page.wait_for_function("document.getElementById('status').textContent.startsWith('error')", timeout=WAIT)
    assert status(page).startswith("error: ") and "move 1" in status(page)  # named by its place, never quoted
    assert "is not a node of the 4-ring board" in status(page)
    page.close()


def test_big_board_and_download(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    page = open_game(browser, url, 12, viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    assert page.locator("#board g.node").count() == 390
    page.click('#board g.node[data-label="T12.5"]')
    page.wait_for_function("document.querySelectorAll('#board g.node[data-stone=\"w\"]').length === 1",
                           timeout=WAIT)  # default budget: one second per move
    wait_your_move(page)
    page.check("#labels")
    page.wait_for_function("document.querySelectorAll('#board text.label').length === 388", timeout=WAIT)
    page.screenshot(path=str(SHOTS / "starstar-12rings.png"))
    with page.expect_download() as info:
        page.click("#download")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text.startswith("(;FF[4]") and "SZ[12]" in text and ";B[T12.5]" in text
    page.close()


def test_leaving_the_page_cancels_the_ai(served: tuple[str, FastAPI], browser: Any) -> None:
    url, app = served
    page = open_game(browser, url, 8)
    page.fill("#budget", "30")  # seconds: far longer than the wait below
    page.click('#board g.node[data-label="T80"]')
    page.wait_for_function("document.getElementById('status').textContent.includes('thinking')", timeout=WAIT)
    for _ in range(100):
        if app.state.pool._pending:  # noqa: SLF001 - the job is in the pool
            break
        time.sleep(0.1)
    assert app.state.pool._pending == 1  # noqa: SLF001
    cancelled = app.state.pool.cancelled
    page.close()
    for _ in range(1200):  # the AI would think for 30 s; whatever the load, wait until the pool is empty
        if not app.state.pool._pending:  # noqa: SLF001
            break
        time.sleep(0.1)
    assert app.state.pool._pending == 0  # noqa: SLF001
    assert app.state.pool.cancelled == cancelled + 1  # emptied by the cancel, not by the move's end


def test_play_white_with_the_pie_rule_and_swap(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    page = open_game(browser, url, 3, playouts=100)
    page.select_option("#colour", "w")
    page.check("#pie")
    page.click("#new")
    page.wait_for_function("document.querySelectorAll('#board g.node[data-stone=\"b\"]').length === 1", timeout=WAIT)
    wait_your_move(page)
    assert status(page) == "Your move (White)"
    opening = page.locator('#board g.node[data-stone="b"]').get_attribute("data-label")
    assert page.is_visible("#swap")
    page.click("#swap")  # the pie rule: Black's first stone becomes White's, and Black (the AI) moves again
    page.wait_for_function("document.querySelectorAll('#board g.node[data-stone=\"b\"]').length === 1", timeout=WAIT)
    wait_your_move(page)
    assert page.get_attribute(f'#board g.node[data-label="{opening}"]', "data-stone") == "w"
    assert page.inner_text("#moves").split()[:2] == [f"1.{opening}", "2.swap"]
    assert not page.is_visible("#swap")  # only White's first move may swap
    page.click("#pass")
    wait_idle(page)
    assert "4.pass" in page.inner_text("#moves") and len(page.inner_text("#moves").split()) >= 5
    page.close()


def test_the_rules_and_every_score_term_are_explained(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    page = open_game(browser, url, 4)
    rules = page.inner_text("#rules-play")
    for word in ("empty node", "peri", "quark", "star", "Swap"):
        assert word in rules, word
    page.click("#rules-score summary")
    assert page.is_visible("#term-schmittberger")
    keys = page.eval_on_selector_all("#score tbody tr", "rows => rows.map(r => r.dataset.key)")
    assert keys == ["peries", "stars", "quarks", "quark_peri", "adjustment", "conventional", "simplified",
                    "schmittberger"]
    for key in keys:  # each row's name carries its definition: a tooltip and a description for screen readers
        head = page.locator(f'#score tbody tr[data-key="{key}"] th')
        definition = page.inner_text(f"#term-{key}")
        assert len(definition) > 20
        assert head.get_attribute("aria-describedby") == f"term-{key}"
        assert " ".join(head.get_attribute("title").split()) == " ".join(definition.split())
    assert "Schmittberger" in page.get_attribute('#score tr[data-key="schmittberger"] th', "title")
    assert "3 or more of the 5 quarks" in page.get_attribute('#score tr[data-key="quark_peri"] th', "title")
    page.screenshot(path=str(SHOTS / "starstar-rules.png"), full_page=True)
    page.close()


def test_a_move_played_with_the_keyboard_only(served: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = served
    page = open_game(browser, url, 4, playouts=50)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    labels = page.eval_on_selector_all("#board g.node", "gs => gs.map(g => g.getAttribute('aria-label'))")
    assert len(labels) == 50 and all(label.endswith(", empty") for label in labels)
    assert page.get_attribute('#board g.node[data-label="*40"]', "aria-label") == "*40, perimeter, quark corner, empty"
    page.focus("#pass")
    for _ in range(10):  # Tab from the buttons round to the board
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.id") == "board":
            break
    assert page.evaluate("document.activeElement.id") == "board"
    first = page.get_attribute("#board g.node.cursor", "data-label")
    assert first is not None  # focusing the board shows the cursor at the centre
    assert page.get_attribute("#board", "aria-activedescendant") == page.get_attribute("#board g.node.cursor", "id")
    seen = {first}
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        seen.add(page.get_attribute("#board g.node.cursor", "data-label"))
    assert len(seen) >= 4  # the arrows walk the mesh
    for _ in range(3):  # go out to the edge
        page.keyboard.press("ArrowDown")
    label = page.get_attribute("#board g.node.cursor", "data-label")
    assert page.get_attribute(f'#board g.node[data-label="{label}"]', "data-stone") == ""
    page.screenshot(path=str(SHOTS / "starstar-keyboard-cursor.png"))
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#board g.node[data-stone=\"w\"]').length === 1",
                           timeout=WAIT)
    wait_your_move(page)
    assert page.get_attribute(f'#board g.node[data-label="{label}"]', "data-stone") == "b"
    named = page.get_attribute(f'#board g.node[data-label="{label}"]', "aria-label")
    assert named.startswith(f"{label}, perimeter, Black stone")
    assert page.inner_text("#ai-move").startswith("AI played ")
    assert page.inner_text("#moves").split()[0] == f"1.{label}"
    assert page.evaluate("document.activeElement.id") == "board"  # the focus stays for the next move
    assert page.get_attribute("#board g.node.cursor", "data-label") == label
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")
    second = page.get_attribute("#board g.node.cursor", "data-label")
    if page.get_attribute(f'#board g.node[data-label="{second}"]', "data-stone") == "":
        page.keyboard.press(" ")  # Space plays too
        page.wait_for_function("document.querySelectorAll('#board g.node[data-stone=\"w\"]').length === 2",
                               timeout=WAIT)
        wait_your_move(page)
        assert page.get_attribute(f'#board g.node[data-label="{second}"]', "data-stone") == "b"
    else:
        page.keyboard.press(" ")  # a stone is there: nothing happens
        assert stones(page, "b") == 1
    page.screenshot(path=str(SHOTS / "starstar-keyboard-played.png"))
    assert not errors
    page.close()


@pytest.mark.parametrize(("width", "height"), [(375, 667), (1366, 768)])
def test_no_sideways_scroll_with_the_rules_open(served: tuple[str, FastAPI], browser: Any, width: int,
                                                height: int) -> None:
    url, _ = served
    page = open_game(browser, url, 6, viewport={"width": width, "height": height})
    page.click("#rules-score summary")
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    page.screenshot(path=str(SHOTS / f"starstar-rules-{width}.png"), full_page=True)
    page.close()
    assert scroll <= inner, (width, scroll, inner)
