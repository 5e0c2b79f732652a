"""The pages in a real browser (Debian's chromium, driven by Playwright): play by clicks and keys, live
rule checks, solved, undo, share links, explain; the solver workbench. Screenshots go to docs/screenshots."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from browsing import NEEDS_CHROMIUM, SHOTS, browser, page, quiet_help

__all__ = ["browser", "page"]  # the shared fixtures, used by name

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
SOL = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
BINARY = "6x6:0..0.......10...1....0.1.11..1......"
STR8TS = ".e...24#.#.#.......2.5..#.#.#....4a."
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = NEEDS_CHROMIUM


def open_puzzle(page: object, server: str, puzzle: str, extra: str = "") -> None:
    page.goto(f"{server}/play?puzzle={quote(puzzle, safe='')}{extra}")  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('status').textContent.includes('move')")  # type: ignore[attr-defined]


def cell(r: int, c: int) -> str:
    return f'#board .gl-cell[data-row="{r}"][data-col="{c}"]'


def value(page: object, r: int, c: int) -> str:
    v: str = page.get_attribute(cell(r, c), "data-value")  # type: ignore[attr-defined]
    return v


def wait_status(page: object, text: str) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        f"document.querySelector('[role=status]').textContent.includes({text!r})")


def test_solve_starbattle_by_clicks(page: object, server: str) -> None:
    open_puzzle(page, server, URL)
    assert page.locator("#board .gl-cell").count() == 36  # type: ignore[attr-defined]
    stars = [(r, c) for r, row in enumerate(SOL) for c, ch in enumerate(row) if ch == "*"]
    for r, c in stars[:-1]:
        page.click(cell(r, c))  # type: ignore[attr-defined]
        assert value(page, r, c) == "star"
    assert "solved" not in page.inner_text("[role=status]")  # type: ignore[attr-defined]
    page.click(cell(*stars[-1]))  # type: ignore[attr-defined]
    wait_status(page, "solved")
    assert page.locator("[role=alert] li").count() == 0  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-starbattle-solved.png"))  # type: ignore[attr-defined]


def test_wrong_move_names_the_rule_and_undo_clears_it(page: object, server: str) -> None:
    quiet_help(page)  # clashing and wrong stars on purpose: no automatic dots
    open_puzzle(page, server, URL)
    page.click(cell(0, 1))  # type: ignore[attr-defined]
    page.click(cell(1, 2))  # type: ignore[attr-defined]  # touches r1c2 diagonally
    page.wait_for_function("document.querySelector('[role=alert]').textContent.includes('ClashingOrbit')")  # type: ignore[attr-defined]
    assert "r1c2" in page.inner_text("[role=alert]")  # type: ignore[attr-defined]
    assert "hl-error" in page.get_attribute(cell(1, 2), "class")  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-starbattle-violation.png"))  # type: ignore[attr-defined]
    page.click("#undo")  # type: ignore[attr-defined]
    assert value(page, 1, 2) == "unknown"
    page.wait_for_function("document.querySelector('[role=alert]').textContent === ''")  # type: ignore[attr-defined]
    page.click("#redo")  # type: ignore[attr-defined]
    assert value(page, 1, 2) == "star"


def test_starbattle_cycle_keyboard_and_share_link(page: object, server: str) -> None:
    open_puzzle(page, server, URL)
    seen = []
    for _ in range(3):
        page.click(cell(2, 2))  # type: ignore[attr-defined]
        seen.append(value(page, 2, 2))
    assert seen == ["star", "black", "unknown"]  # LEGUP's cycle
    page.click(cell(2, 2), button="right")  # type: ignore[attr-defined]
    assert value(page, 2, 2) == "black"
    page.keyboard.press("ArrowUp")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowUp")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowLeft")  # type: ignore[attr-defined]
    page.keyboard.press("s")  # type: ignore[attr-defined]
    assert value(page, 0, 1) == "star"
    page.click("#share")  # type: ignore[attr-defined]
    link = page.input_value("#sharelink")  # type: ignore[attr-defined]
    assert "board=" in link
    page.goto(link)  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[role=status]').textContent.length > 0")  # type: ignore[attr-defined]
    assert value(page, 0, 1) == "star"
    assert value(page, 2, 2) == "black"


def test_check_progress_counts_the_wrong_marks(page: object, server: str) -> None:
    quiet_help(page)  # clashing and wrong stars on purpose: no automatic dots
    open_puzzle(page, server, URL)
    page.click(cell(0, 0))  # type: ignore[attr-defined]  # not a star in the solution
    page.click("#progress")  # type: ignore[attr-defined]
    wait_status(page, "wrong")
    assert "1 mark is wrong" in page.inner_text("[role=status]")  # type: ignore[attr-defined]
    page.click("#undo")  # type: ignore[attr-defined]
    page.click(cell(0, 1))  # type: ignore[attr-defined]
    page.click("#progress")  # type: ignore[attr-defined]
    wait_status(page, "no mistakes")


def test_binary_click_cycling(page: object, server: str) -> None:
    open_puzzle(page, server, BINARY)
    assert value(page, 0, 0) == "0"
    assert page.get_attribute(cell(0, 0), "data-given") == "1"  # type: ignore[attr-defined]
    page.click(cell(0, 0))  # type: ignore[attr-defined]
    assert value(page, 0, 0) == "0"  # givens do not change
    seen = []
    for _ in range(3):
        page.click(cell(0, 1))  # type: ignore[attr-defined]
        seen.append(value(page, 0, 1))
    assert seen == ["0", "1", "empty"]  # LEGUP's cycle
    page.keyboard.press("ArrowDown")  # type: ignore[attr-defined]
    page.keyboard.press("1")  # type: ignore[attr-defined]
    assert value(page, 1, 1) == "1"
    page.keyboard.press("Control+z")  # type: ignore[attr-defined]
    assert value(page, 1, 1) == "empty"
    page.click(cell(0, 1))  # type: ignore[attr-defined]
    page.click(cell(0, 2))  # type: ignore[attr-defined]  # 0 0 0 in row 1
    page.wait_for_function("document.querySelector('[role=alert]').textContent.includes('Trio')")  # type: ignore[attr-defined]
    assert "r1c2: 0" in page.get_attribute(cell(0, 1), "aria-label")  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-binary.png"))  # type: ignore[attr-defined]


def test_str8ts_digits_and_pencil(page: object, server: str) -> None:
    open_puzzle(page, server, STR8TS)
    assert value(page, 0, 1) == "black"
    page.click(cell(2, 0))  # type: ignore[attr-defined]
    page.keyboard.press("5")  # type: ignore[attr-defined]
    assert value(page, 2, 0) == "5"
    page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    page.keyboard.press("5")  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[role=alert]').textContent.includes('RepeatedDigit')")  # type: ignore[attr-defined]
    page.keyboard.press("Backspace")  # type: ignore[attr-defined]
    assert value(page, 2, 1) == "empty"
    page.keyboard.press("p")  # type: ignore[attr-defined]
    page.keyboard.press("1")  # type: ignore[attr-defined]
    page.click('#keypad button[data-digit="3"]')  # type: ignore[attr-defined]
    assert page.get_attribute(cell(2, 1), "data-pencil") == "13"  # type: ignore[attr-defined]
    assert value(page, 2, 1) == "empty"
    page.click("#pencil")  # type: ignore[attr-defined]
    page.click(cell(3, 0))  # type: ignore[attr-defined]
    page.click('#keypad button[data-digit="2"]')  # type: ignore[attr-defined]
    assert value(page, 3, 0) == "2"
    page.screenshot(path=str(SHOTS / "play-str8ts.png"))  # type: ignore[attr-defined]


def test_explain_steps_through_with_highlights(page: object, server: str) -> None:
    open_puzzle(page, server, URL)
    page.click("#explain")  # type: ignore[attr-defined]
    page.wait_for_selector("#ex-steps li")  # type: ignore[attr-defined]
    n = page.locator("#ex-steps li").count()  # type: ignore[attr-defined]
    assert n > 0
    page.click("#ex-next")  # type: ignore[attr-defined]
    assert page.locator("#board .gl-cell.hl-marks").count() > 0  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-explain.png"))  # type: ignore[attr-defined]
    page.click(f"#ex-steps li:nth-child({n})")  # type: ignore[attr-defined]
    stars = page.locator('#board .gl-cell[data-value="star"]').count()  # type: ignore[attr-defined]
    assert stars == 6
    page.click("#ex-close")  # type: ignore[attr-defined]
    assert page.locator('#board .gl-cell[data-value="star"]').count() == 0  # type: ignore[attr-defined]


def test_library_and_paste_open_puzzles(page: object, server: str) -> None:
    page.goto(f"{server}/play")  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    assert page.locator("#library option").count() >= 12  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-start.png"))  # type: ignore[attr-defined]
    page.click("[data-tab=paste]")  # type: ignore[attr-defined]
    example = (EXAMPLES / "starbattle-10x2.txt").read_text()
    page.fill("#puzzle", example)  # type: ignore[attr-defined]
    page.click("#open-paste")  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelectorAll('#board .gl-cell').length === 100")  # type: ignore[attr-defined]
    page.fill("#puzzle", "nonsense")  # type: ignore[attr-defined]
    page.click("#open-paste")  # type: ignore[attr-defined]
    wait_status(page, "error")
    assert "not a puzzle" in page.inner_text("[role=status]")  # type: ignore[attr-defined]


def test_workbench_solve_and_explain(page: object, server: str) -> None:
    page.goto(f"{server}/tools")  # type: ignore[attr-defined]
    assert page.is_disabled("#next") and page.is_disabled("#prev")  # type: ignore[attr-defined]  # no explanation yet
    page.fill("#puzzle", URL)  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('status').textContent.includes('unique')")  # type: ignore[attr-defined]
    page.click("#explain")  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('status').textContent.startsWith('solved')")  # type: ignore[attr-defined]
    assert page.locator("#steps li").count() > 0  # type: ignore[attr-defined]
    assert page.is_enabled("#next") and page.is_disabled("#prev")  # type: ignore[attr-defined]
    page.click("#next")  # type: ignore[attr-defined]
    assert page.locator("#steps li.current").count() == 1  # type: ignore[attr-defined]


def test_hint_highlights_explains_and_applies(page: object, server: str) -> None:
    open_puzzle(page, server, URL)
    page.click("#hint")  # type: ignore[attr-defined]
    page.wait_for_selector("#hintbox .rule")  # type: ignore[attr-defined]
    rule = page.inner_text("#hintbox .rule")  # type: ignore[attr-defined]
    sentence = page.inner_text("#hintbox .what")  # type: ignore[attr-defined]
    assert rule
    assert len(sentence) > 20
    assert page.locator("#board .gl-cell.hl-marks").count() > 0  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-hint.png"))  # type: ignore[attr-defined]
    marked = page.eval_on_selector_all(  # type: ignore[attr-defined]
        "#board .gl-cell.hl-marks", "els => els.map(e => [+e.dataset.row, +e.dataset.col])")
    before = [value(page, r, c) for r, c in marked]
    page.click("#hint")  # type: ignore[attr-defined]  # the second press applies it
    after = [value(page, r, c) for r, c in marked]
    assert after != before
    assert all(v in ("star", "black") for v in after)
    assert page.locator("#board .gl-cell.hl-marks").count() == 0  # type: ignore[attr-defined]
    page.click("#undo")  # type: ignore[attr-defined]  # a hint is one undoable move
    assert [value(page, r, c) for r, c in marked] == before


def test_hint_on_a_wrong_board_says_so(page: object, server: str) -> None:
    open_puzzle(page, server, URL)
    page.click(cell(0, 0))  # type: ignore[attr-defined]  # no star there in the solution
    page.click("#hint")  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('hintbox').textContent.includes('wrong')")  # type: ignore[attr-defined]


def test_generate_from_the_page(page: object, server: str) -> None:
    page.goto(f"{server}/play")  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    page.click("[data-tab=generate]")  # type: ignore[attr-defined]
    page.select_option("#gen-kind", "binary")  # type: ignore[attr-defined]
    page.fill("#gen-size", "6x6")  # type: ignore[attr-defined]
    page.click("#generate")  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[role=status]').textContent.includes('new')")  # type: ignore[attr-defined]
    assert page.locator("#board .gl-binary .gl-cell").count() == 36  # type: ignore[attr-defined]
    assert page.locator('#board .gl-cell[data-given="1"]').count() > 0  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "play-generate.png"))  # type: ignore[attr-defined]


def test_upload_legup_xml_and_restart(page: object, server: str) -> None:
    page.goto(f"{server}/play")  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    page.click("[data-tab=paste]")  # type: ignore[attr-defined]
    page.set_input_files("#upload", str(EXAMPLES / "starbattle-8x1.xml"))  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelectorAll('#board .gl-cell').length === 64")  # type: ignore[attr-defined]
    page.click(cell(3, 3))  # type: ignore[attr-defined]
    page.click(cell(5, 5))  # type: ignore[attr-defined]
    page.click(cell(5, 5))  # type: ignore[attr-defined]
    assert value(page, 5, 5) == "black"
    page.click("#restart")  # type: ignore[attr-defined]
    assert page.locator('#board .gl-cell[data-value="unknown"]').count() == 64  # type: ignore[attr-defined]
    page.click("#undo")  # type: ignore[attr-defined]  # restart is undoable too
    assert value(page, 3, 3) == "star"
    assert value(page, 5, 5) == "black"


def test_reload_keeps_the_board(page: object, server: str) -> None:
    open_puzzle(page, server, STR8TS)
    page.click(cell(2, 0))  # type: ignore[attr-defined]
    page.keyboard.press("6")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    page.keyboard.press("p")  # type: ignore[attr-defined]
    page.keyboard.press("2")  # type: ignore[attr-defined]
    page.reload()  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    wait_status(page, "Welcome back")
    assert value(page, 2, 0) == "6"
    assert page.get_attribute(cell(2, 1), "data-pencil") == "2"  # type: ignore[attr-defined]
    page.click("#restart")  # type: ignore[attr-defined]
    page.reload()  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    wait_status(page, "Your move")
    assert value(page, 2, 0) == "empty"


def test_a_file_of_many_puzzles_plays_each(page: object, server: str) -> None:
    page.goto(f"{server}/play")  # type: ignore[attr-defined]
    page.wait_for_selector("#board svg .gl-cell")  # type: ignore[attr-defined]
    page.click("[data-tab=paste]")  # type: ignore[attr-defined]
    page.fill("#puzzle", f"# two puzzles\n{URL}\n{BINARY}\n")  # type: ignore[attr-defined]
    page.click("#open-paste")  # type: ignore[attr-defined]
    wait_status(page, "puzzle 1 of the 2")
    assert page.locator("#board .gl-starbattle").count() == 1  # type: ignore[attr-defined]
    page.select_option("#records", "1")  # type: ignore[attr-defined]
    wait_status(page, "puzzle 2 of the 2")
    assert page.locator("#board .gl-binary").count() == 1  # type: ignore[attr-defined]
