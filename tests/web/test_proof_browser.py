"""Proof mode in a real browser (Debian's chromium, driven by Playwright): a proof with a case split
and a contradiction built by clicks and checked; Binary click cycling; save, export and reload."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import CspFreeBrowser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SB6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SB6_SOLUTION = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
BINARY6 = "6x6:.1...01....1..0...1........0.0....1."
SHOTS = Path(os.environ.get("GRIDLOGIC_SCREENSHOTS", Path(tempfile.gettempdir()) / "gridlogic-screenshots"))
"""Where screenshots go: a temporary folder, or docs/screenshots with GRIDLOGIC_SCREENSHOTS=docs/screenshots."""
WAIT = 30_000  # ms: generous, the machine is shared

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="Debian chromium not installed (.ci/run installs it)")


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield CspFreeBrowser(b)
        finally:
            b.close()


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f"#board .gl-cell[data-row='{r}'][data-col='{c}']")


def set_cell(page: Any, r: int, c: int, value: str, clicks: dict[str, int]) -> None:
    """Click a cell until it shows ``value`` (LEGUP's cycling: each click one state on)."""
    for _ in range(clicks[value]):
        cell(page, r, c).click()
    assert cell(page, r, c).get_attribute("data-value") == value


def wait_checked(page: Any, text: str) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.includes({json.dumps(text)})",
                           timeout=WAIT)


def open_proof(page: Any, server: str, puzzle: str) -> None:
    page.goto(f"{server}/proof?puzzle={puzzle}")
    wait_checked(page, "transition")


def test_build_check_save_and_reload_a_starbattle_proof(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_proof(page, server, SB6)
    assert page.locator("#board .gl-cell").count() == 36
    assert "1 ★ in each row, column and region" in page.inner_text("#goal")
    stars = {"star": 1, "black": 2}

    # a case split on r2c2: star or black
    page.check("input[value='StarOrEmpty']")
    cell(page, 1, 1).click()
    wait_checked(page, "1 transition: 1 ✓")
    assert cell(page, 1, 1).get_attribute("data-value") == "star"

    # branch 1 (star): its surround empties region A, which then has too few stars
    page.check("input[value='SurroundStar']")
    for r, c in [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]:
        set_cell(page, r, c, "black", stars)
    page.click("#apply")
    wait_checked(page, "2 transitions: 2 ✓")
    page.check("input[value='TooFewStars']")
    assert page.inner_text("#apply") == "Close branch"
    page.click("#apply")
    wait_checked(page, "3 transitions: 3 ✓")

    # a wrong transition shows ✗ at once, and can be deleted
    page.click("#tree .item[aria-label^='branch 2']")
    page.check("input[value='FinishWithStars']")
    set_cell(page, 0, 0, "star", stars)
    page.click("#apply")
    wait_checked(page, "4 transitions: 3 ✓, 1 ✗")
    assert page.locator("#tree .bad").count() == 1
    assert "not forced by FinishWithStars" in page.inner_text("#alert")
    assert "root.split.branches[1].steps[0]" in page.inner_text("#errors")
    page.screenshot(path=str(SHOTS / "proof-starbattle-wrong-step.png"), full_page=True)
    page.click("#undo")
    wait_checked(page, "3 transitions: 3 ✓")

    # branch 2 (black): the rest of the solution in one step is no rule's (implied is not enough) ...
    page.check("input[value='']")
    for r, row in enumerate(SB6_SOLUTION):
        for c, ch in enumerate(row):
            if (r, c) != (1, 1):
                set_cell(page, r, c, "star" if ch == "*" else "black", stars)
    page.click("#apply")
    page.wait_for_function("document.getElementById('alert').textContent.includes('no rule justifies')", timeout=WAIT)
    page.click("#clear")
    # ... so Suggest a step, and add it, until the branch is solved
    n = 3
    for _ in range(40):
        page.evaluate("document.getElementById('status').textContent = ''")
        page.click("#suggest")
        page.wait_for_function("document.getElementById('status').textContent.length > 0", timeout=WAIT)
        if not page.inner_text("#status").startswith("Suggested:"):
            break
        page.click("#apply")
        n += 1
        wait_checked(page, f"{n} transitions: {n} ✓")
    assert n > 4
    page.click("#checkall")
    wait_checked(page, "valid proof")
    assert "1 solved leaf, 1 closed branch" in page.inner_text("#status")
    assert page.locator("#tree .ok").count() >= 4 and page.locator("#tree .bad").count() == 0
    page.screenshot(path=str(SHOTS / "proof-starbattle-valid.png"), full_page=True)

    # save JSON, export LEGUP XML, load the JSON back
    with page.expect_download() as dl:
        page.click("#save")
    saved = tmp_path / "proof.json"
    dl.value.save_as(saved)
    proof = json.loads(saved.read_text(encoding="utf-8"))
    assert proof["kind"] == "starbattle" and proof["root"]["split"]["rule"] == "StarOrEmpty"
    assert proof["root"]["split"]["branches"][0]["close"] == "TooFewStars"
    with page.expect_download() as dl:
        page.click("#xml")
    xml = tmp_path / "proof.xml"
    dl.value.save_as(xml)
    text = xml.read_text(encoding="utf-8")
    assert "<Legup" in text and 'rule="Star or Empty"' in text and 'rule="Too Few Stars"' in text

    fresh = browser.new_page(viewport={"width": 1280, "height": 1000})
    fresh.goto(f"{server}/proof")
    fresh.set_input_files("#loadfile", str(saved))
    wait_checked(fresh, f"{n} transitions: {n} ✓")
    assert fresh.locator("#tree .ok").count() >= 4
    fresh.evaluate("document.getElementById('status').textContent = ''")
    fresh.set_input_files("#loadfile", str(xml))  # the LEGUP file opens too
    wait_checked(fresh, "Opened a 6×6 Star Battle")
    wait_checked(fresh, f"{n} transitions: {n} ✓")
    fresh.click("#checkall")
    wait_checked(fresh, "valid proof")
    assert not errors
    fresh.close()
    page.close()


def test_binary_click_cycling_and_a_checked_step(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_proof(page, server, BINARY6)
    assert "empty → 0 → 1 → empty" in page.inner_text("#goal")
    c = cell(page, 4, 4)
    seen = [c.get_attribute("data-value")]
    for _ in range(3):
        c.click()
        seen.append(c.get_attribute("data-value"))
    assert seen == ["empty", "0", "1", "empty"]  # LEGUP's cycling
    assert cell(page, 0, 1).get_attribute("data-given") == "1"
    cell(page, 0, 1).click()  # a given cannot change
    assert cell(page, 0, 1).get_attribute("data-value") == "1"

    page.click("#suggest")  # the human solver's next step, drafted with its rule chosen
    wait_checked(page, "Suggested: PreventTrio")
    assert page.is_checked("input[value='PreventTrio']")
    assert c.get_attribute("data-value") == "1"  # r5c5 = 1, between two 0s
    page.click("#apply")
    wait_checked(page, "1 transition: 1 ✓")
    c.click()  # decided by the step: a later transition cannot change it
    assert "already decided" in page.inner_text("#alert")
    assert c.get_attribute("data-value") == "1"
    page.check("input[value='PreventTrio']")
    cell(page, 0, 0).click()  # r1c1 = 0 is not what PreventTrio says
    page.click("#apply")
    wait_checked(page, "2 transitions: 1 ✓, 1 ✗")
    page.screenshot(path=str(SHOTS / "proof-binary.png"), full_page=True)
    page.close()


def test_open_from_the_library_and_bad_puzzle_alert(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/proof")
    page.wait_for_function("document.querySelectorAll('#library option').length > 2", timeout=WAIT)
    titles = page.locator("#library option").all_inner_texts()
    assert any(t.startswith("Binary") for t in titles) and not any(t.startswith("Str8ts") for t in titles)
    page.select_option("#library", index=1)
    wait_checked(page, "Opened a")
    assert page.locator("#board .gl-cell").count() > 0
    page.screenshot(path=str(SHOTS / "proof-library.png"), full_page=True)
    page.fill("#puzzle", "nonsense")
    page.click("#load")
    page.wait_for_function("document.getElementById('alert').textContent.length > 0", timeout=WAIT)
    assert "not a puzzle" in page.inner_text("#alert")
    page.close()


def test_drawn_tree_disarmed_split_counterexample_and_suggest_in_a_false_branch(server: str, browser: Any) -> None:
    for width in (1366, 375):
        page = browser.new_page(viewport={"width": width, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        open_proof(page, server, SB6)
        assert "★ 0 of 6 placed" in page.inner_text("#count") and "1 ★ per row" in page.inner_text("#count")
        assert "1 ★ in each row, column and region" in page.inner_text("#goal")

        # split r2c2; the case rule disarms: the next click marks a cell, it does not split again
        page.check("input[value='StarOrEmpty']")
        cell(page, 1, 1).click()
        wait_checked(page, "1 transition: 1 ✓")
        assert page.is_checked("input[value='']")
        cell(page, 3, 3).click()
        assert cell(page, 3, 3).get_attribute("data-value") == "star"  # a drafted mark
        assert page.locator("#treeview .edge").count() == 2  # the two branches, no nested split
        page.click("#clear")

        # branch 1 (r2c2 star) has no solution: Suggest leads to a contradiction, never the solution
        for _ in range(12):
            page.evaluate("document.getElementById('status').textContent = ''")
            page.click("#suggest")
            page.wait_for_function("document.getElementById('status').textContent.length > 0", timeout=WAIT)
            status = page.inner_text("#status")
            assert status.startswith("Suggested:") and "wrong" not in status, status
            page.click("#apply")
            if "close with" in status:
                page.wait_for_function("document.getElementById('status').textContent.includes('Closed')",
                                       timeout=WAIT)
                break
            page.wait_for_function("document.getElementById('status').textContent.includes('✓')", timeout=WAIT)
        assert page.locator("#treeview .closed").count() == 1  # ⊥ under the close
        assert page.locator("#treeview .edge.bad").count() == 0

        # branch 2: a wrong step shows ✗, the failed condition and a counterexample board
        page.click("#treeview [data-node='root.split.branches[1]@0']")
        assert "branch 2" in page.inner_text("#where")
        page.check("input[value='FinishWithStars']")
        cell(page, 0, 0).click()
        page.click("#apply")
        page.wait_for_function("!document.getElementById('counter').hidden", timeout=WAIT)
        assert "not forced by FinishWithStars" in page.inner_text("#alert")
        assert "Counterexample" in page.inner_text("#counter") and "r1c1=black" in page.inner_text("#counter")
        assert page.locator("#counter .mini span").count() == 36
        assert page.locator("#treeview .edge.bad").count() == 1
        assert page.locator("#treeview .node.open").count() == 1  # the open leaf is marked
        page.screenshot(path=str(SHOTS / f"proof-tree-{width}.png"), full_page=True)

        # the drawn tree jumps: the root node
        page.click("#treeview [data-node='root@0']")
        assert page.inner_text("#where").startswith("Showing root")
        assert not errors, errors
        page.close()


def test_assignment_link_shows_only_the_allowed_rules(server: str, browser: Any) -> None:
    from gridlogic.proof.assign import Assignment

    allowed = ("SurroundStar", "FinishWithEmpty", "StarOrEmpty", "TooFewStars", "R1.1")
    a = Assignment("starbattle", (SB6,), allowed, None, 50)
    page = browser.new_page(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    page.goto(f"{server}{a.link()}")
    wait_checked(page, "transition")
    ids = [x for x in page.locator("#palette input[name='rule']").evaluate_all("els => els.map(e => e.value)") if x]
    assert set(ids) == {"SurroundStar", "FinishWithEmpty", "StarOrEmpty", "TooFewStars", "production"}
    assert page.locator("#production option").all_inner_texts() == ["R1.1"]
    assert f"Assignment {a.id}" in page.inner_text("#goal") and "at most 50 transitions" in page.inner_text("#goal")
    assert page.is_disabled("#ruleset")
    with page.expect_download() as dl:
        page.click("#save")
    saved = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert saved["assignment"] == a.id and saved["rules"] == "gridlogic"  # the student's file names it
    page.close()
    legup = Assignment("starbattle", (SB6,), "legup")
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{server}{legup.link()}")
    wait_checked(page, "transition")
    assert page.locator("#production").count() == 0 or not page.locator("#production").is_visible()
    assert "Regions Within Rows" not in page.inner_text("#palette")
    page.close()
