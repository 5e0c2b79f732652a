"""What a new user met on the pages (Debian's chromium, driven by Playwright): the play page opens proof
mode on the same puzzle and board; Binary's distinct-lines switch reaches every request of both pages;
proof mode says where a transition can go and deletes the last one by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlparse

from browsing import NEEDS_CHROMIUM, SHOTS, browser, page, quiet_help

__all__ = ["browser", "page"]  # the shared fixtures, used by name

SB6 = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
TINY = "4x4:01101001....01.."
"""Unique with distinct lines (rows 3-4: 1010 / 0101); two solutions without (1001 / 0110 as well)."""

pytestmark = NEEDS_CHROMIUM


def cell(r: int, c: int) -> str:
    return f'#board .gl-cell[data-row="{r}"][data-col="{c}"]'


def wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(f"(document.querySelector({json.dumps(selector)}).textContent || '')"
                           f".includes({json.dumps(text)})")


def open_play(page: Any, server: str, puzzle: str, extra: str = "") -> None:
    page.goto(f"{server}/play?puzzle={quote(puzzle, safe='')}{extra}")
    page.wait_for_selector("#board svg .gl-cell")
    wait_text(page, "#status", "move")


def record_posts(page: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every JSON POST the page sends, as (path, body), in order."""
    seen: list[tuple[str, dict[str, Any]]] = []

    def on_request(req: Any) -> None:
        if req.method == "POST" and "/api/" in req.url:
            seen.append((urlparse(req.url).path, json.loads(req.post_data or "{}")))
    page.on("request", on_request)
    return seen


def test_play_page_opens_proof_mode_on_the_same_puzzle_and_board(page: Any, server: str) -> None:
    quiet_help(page)  # the two marks placed, no automatic dots beside them
    open_play(page, server, SB6)
    assert page.is_hidden("#unique-lines")  # Binary's switch only
    page.click(cell(0, 1))  # a star
    page.click(cell(0, 0))
    page.click(cell(0, 0))  # a dot
    wait_text(page, "#status", "move")
    page.click("#proof-link")
    page.wait_for_url("**/proof?**")
    wait_text(page, "#status", "transition")
    assert "starting from your board (2 marks" in page.inner_text("#status")
    assert page.get_attribute(cell(0, 1), "data-value") == "star"
    assert page.get_attribute(cell(0, 0), "data-value") == "black"
    assert page.input_value("#puzzle").startswith("https://puzz.link/p?starbattle/6/6/1/")
    # the board is the proof's start: the next step is judged from it, and it is saved with the proof
    page.click("#suggest")
    wait_text(page, "#status", "Press Add step")
    page.click("#apply")
    wait_text(page, "#status", "1 transition: 1 ✓")
    with page.expect_download() as dl:
        page.click("#save")
    proof = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert sorted(map(tuple, proof["start"])) == [(0, 0, "black"), (0, 1, "star")]
    page.screenshot(path=str(SHOTS / "proof-from-play.png"), full_page=True)


def test_str8ts_has_no_proof_link_target(page: Any, server: str) -> None:
    open_play(page, server, ".e...24#.#.#.......2.5..#.#.#....4a.")
    page.click("#proof-link")
    wait_text(page, "#status", "Proof mode is for Star Battle and Binary")
    assert urlparse(page.url).path == "/play"


def test_distinct_lines_switch_reaches_every_request(page: Any, server: str) -> None:
    open_play(page, server, TINY, "&kind=binary")
    assert page.is_visible("#unique-lines") and page.is_checked("#unique-lines")
    posts = record_posts(page)
    page.uncheck("#unique-lines")
    wait_text(page, "#status", "distinct-lines rule is off")
    wait_text(page, "#board .caption", "rows may repeat")
    # fill rows 3-4 as 1001 / 0110: row 3 repeats row 2, legal only without the rule
    for r, row in ((2, "1001"), (3, "0110")):
        for c, ch in enumerate(row):
            if page.get_attribute(cell(r, c), "data-given") != "1":
                for _ in range(1 if ch == "0" else 2):
                    page.click(cell(r, c))
    wait_text(page, "[role=status]", "solved")
    page.click("#restart")
    wait_text(page, "[role=status]", "move")
    page.click("#progress")
    wait_text(page, "#status", "no mistakes so far")
    page.click("#hint")
    page.wait_for_selector("#hintbox .rule")
    page.click("#explain")
    wait_text(page, "#status", "steps")
    assert page.is_disabled("#unique-lines")  # the explanation was made under the switch as it is
    page.click("#explain")  # close it
    page.click("#share")
    page.wait_for_selector("#sharelink:not([hidden])")
    share = parse_qs(urlparse(page.input_value("#sharelink")).query)
    assert share["unique_lines"] == ["false"]
    used = {path for path, body in posts}
    assert {"/api/board", "/api/progress", "/api/hint", "/api/explain"} <= used
    assert all(body.get("unique_lines") is False for path, body in posts), posts
    page.screenshot(path=str(SHOTS / "play-binary-no-distinct-lines.png"), full_page=True)

    # the rule stays off in proof mode: the switch, the goal, and the checker's verdicts
    href = page.get_attribute("#proof-link", "href")
    assert parse_qs(urlparse(href).query)["unique_lines"] == ["false"]
    page.click("#proof-link")
    wait_text(page, "#status", "transition")
    assert not page.is_checked("#unique-lines")
    assert "distinct lines" not in page.inner_text("#goal")
    proof_posts = record_posts(page)
    page.check("input[value='UniqueRowColumn']")
    for c, v in ((2, "0"), (3, "1")):  # row 4 ends 01: forced only when it may not repeat row 1 (0110)
        for _ in range(1 if v == "0" else 2):
            page.click(cell(3, c))
    page.click("#apply")
    wait_text(page, "#status", "1 transition: 0 ✓, 1 ✗")
    page.check("#unique-lines")
    wait_text(page, "#status", "1 transition: 1 ✓")
    checks = [body for path, body in proof_posts if path == "/api/proof/check"]
    assert checks[0]["proof"]["unique_lines"] is False and "unique_lines" not in checks[-1]["proof"]
    page.uncheck("#unique-lines")
    wait_text(page, "#status", "1 transition: 0 ✓, 1 ✗")
    page.click("#play-link")  # back to play, the rule still off
    wait_text(page, "#status", "move")
    assert not page.is_checked("#unique-lines")


def test_proof_mode_says_where_transitions_go(page: Any, server: str) -> None:
    page.goto(f"{server}/proof?puzzle={quote(SB6, safe='')}")
    wait_text(page, "#status", "transition")
    assert page.is_hidden("#edit-note") and page.is_hidden("#unique-lines")
    palette = page.inner_text("#palette")  # every rule in words, gridlogic's own direct rules too
    assert "Surround Star" in palette and "Regions Within Columns" in palette and "RegionsWithinColumns" not in palette
    for n in (1, 2):
        page.click("#suggest")
        wait_text(page, "#status", "Press Add step")
        page.click("#apply")
        wait_text(page, "#status", f"{n} transition{'s' if n > 1 else ''}: {n} ✓")
    page.click("#tree .item[aria-label^='step 1']")  # back to the middle of the branch
    page.wait_for_selector("#edit-note:not([hidden])")
    assert "only at the end of an open branch" in page.inner_text("#edit-note")
    assert page.is_disabled("#apply") and page.is_disabled("#suggest")
    page.screenshot(path=str(SHOTS / "proof-edit-note.png"), full_page=True)
    page.click("#to-end")
    page.wait_for_selector("#edit-note", state="hidden")
    assert page.is_enabled("#apply")
    page.click("#undo")
    wait_text(page, "#status", "Deleted step 2")
    wait_text(page, "#status", "1 transition: 1 ✓")
    page.click("#undo")
    wait_text(page, "#status", "0 transitions")
    page.click("#undo")
    wait_text(page, "#alert", "Nothing to delete")


def test_proof_mode_opens_a_pasted_file_with_comments(page: Any, server: str) -> None:
    text = (Path(__file__).resolve().parents[2] / "examples" / "starbattle-10x2.txt").read_text(encoding="utf-8")
    assert text.startswith("#")
    page.goto(f"{server}/proof")
    page.fill("#puzzle", text)
    page.click("#load")
    wait_text(page, "#status", "Opened a 10×10 Star Battle puzzle")
    assert page.locator("#board .gl-cell").count() == 100
    assert "2 ★ in each row, column and region" in page.inner_text("#goal")


def test_proof_mode_warns_when_the_brought_board_breaks_a_rule(page: Any, server: str) -> None:
    board = "/".join(["**????"] + ["??????"] * 5)
    page.goto(f"{server}/proof?puzzle={quote(SB6, safe='')}&kind=starbattle&board={quote(board, safe='')}")
    wait_text(page, "#alert", "already breaks a rule: ClashingOrbit")
    page.check("input[value='ClashingOrbit']")
    page.click("#apply")  # the root closed by the contradiction: a complete proof that this board is wrong
    wait_text(page, "#status", "1 transition: 1 ✓")
    page.click("#checkall")
    wait_text(page, "#status", "valid proof")


def test_generate_binary_without_distinct_lines(page: Any, server: str) -> None:
    open_play(page, server, SB6)
    posts = record_posts(page)
    page.click("[data-tab=generate]")
    # the form's options are the kind's (its descriptor's generate options): Star Battle first, no such rule
    assert page.locator("#gen-opt-unique_lines").count() == 0 and page.is_visible("#gen-opt-stars")
    page.select_option("#gen-kind", "binary")
    assert page.locator("#gen-opt-stars").count() == 0 and page.is_checked("#gen-opt-unique_lines")
    page.fill("#gen-size", "6")
    page.uncheck("#gen-opt-unique_lines")
    page.click("#generate")
    wait_text(page, "#status", "A new ")
    assert page.inner_text("#title").startswith("Binary 6x6")
    assert not page.is_checked("#unique-lines")
    wait_text(page, "#board .caption", "rows may repeat")
    gen = [body for path, body in posts if path == "/api/generate"]
    assert gen and gen[0]["unique_lines"] is False
    assert all(body["unique_lines"] is False for path, body in posts if path in ("/api/load", "/api/board"))


def test_restart_resets_the_timer_at_once(page: Any, server: str) -> None:
    page.clock.install()  # the page's clock is driven by the test: no real waiting, no timing
    open_play(page, server, SB6)
    page.click(cell(0, 1))
    page.clock.run_for(75_000)
    wait_text(page, "#timer", "1:15")
    page.click("#restart")
    assert page.inner_text("#timer") == "0:00"
    assert page.get_attribute(cell(0, 1), "data-value") == "unknown"


def test_a_reload_comes_back_to_the_puzzle_being_played(page: Any, server: str) -> None:
    page.goto(f"{server}/play")
    wait_text(page, "#status", "move")
    page.select_option("#library", label="Binary 6x6 · medium")
    wait_text(page, "#title", "Binary 6x6")
    wait_text(page, "#status", "move")
    empty = page.eval_on_selector("#board .gl-cell[data-value='empty']", "g => [g.dataset.row, g.dataset.col]")
    page.click(cell(int(empty[0]), int(empty[1])))
    query = parse_qs(urlparse(page.url).query)
    assert query["kind"] == ["binary"] and query["puzzle"][0].startswith("6x6:")
    page.reload()
    page.wait_for_selector("#board svg .gl-cell")
    wait_text(page, "#status", "Welcome back")
    assert page.inner_text("#title").startswith("Binary 6x6")
    assert page.get_attribute(cell(int(empty[0]), int(empty[1])), "data-value") == "0"
