"""The /starstar page while the AI thinks (its simulations so far, counting up) and the rules' worked
examples, in Debian's chromium at 1366 and 375 px. Generous waits, no timing assertions: the machine is
shared. Screenshots go to ``SHOTS`` (looked at when the page changes)."""

from __future__ import annotations

from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, SHOTS, browser

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM
WAIT = 120_000


def ready(browser: Any, server: str, width: int, height: int) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/starstar?rings=6")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Your move')")
    page.wait_for_function("document.body.dataset.pending === '0'")
    page.errors = errors
    return page


@pytest.mark.parametrize(("width", "height"), [(1366, 860), (375, 760)])
def test_the_ai_shows_its_simulations_while_it_thinks(browser: Any, server: str, width: int, height: int) -> None:
    page = ready(browser, server, width, height)
    assert page.is_hidden("#ai-progress")
    page.select_option("#budget-kind", "seconds")
    page.fill("#budget", "4")
    page.dispatch_event("#budget", "change")
    page.click('#board g.node[data-label="*50"]')
    page.wait_for_function("document.getElementById('status').textContent.includes('is thinking')")
    assert page.is_visible("#ai-progress")
    # the count comes from the worker while the move is still on the way, and grows
    page.wait_for_function("Number(document.body.dataset.aiSimulations || 0) > 0")
    first = int(page.evaluate("document.body.dataset.aiSimulations"))
    assert page.evaluate("document.body.dataset.pending") == "1"  # the AI's move has not arrived yet
    page.wait_for_function(f"Number(document.body.dataset.aiSimulations) > {first} "
                           "|| document.body.dataset.pending === '0'")
    text = page.inner_text("#ai-count")
    assert " simulations, " in text and " s of 4 s" in text
    assert 0 < float(page.eval_on_selector("#ai-bar", "el => el.value")) <= 1
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"starstar-thinking-{width}.png"))
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Your move')")
    assert page.is_hidden("#ai-progress")  # gone with the answer
    played = page.inner_text("#ai-move")
    assert played.startswith("AI played ") and "simulations" in played
    final = int(played.split("(")[1].split()[0])
    assert final >= int(page.evaluate("document.body.dataset.aiSimulations"))  # the count never overstates
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 1400), (375, 2400)])
def test_the_rules_draw_the_two_worked_examples(browser: Any, server: str, width: int, height: int) -> None:
    page = ready(browser, server, width, height)
    assert page.locator("#examples figure").count() == 0  # fetched when opened
    page.click("#rules-examples summary")
    page.wait_for_function("document.querySelectorAll('#examples figure svg').length === 2")
    verdicts = page.locator("#examples .verdict").all_inner_texts()
    assert verdicts[0].startswith("Example 1: Blue 11, Red 10") and "stars 1–3" in verdicts[0]
    assert verdicts[1].startswith("Example 2: Blue 11, Red 10") and "quarks 3–2" in verdicts[1]
    assert page.locator("#examples svg g.node").count() == 100  # two full 4-ring boards
    assert page.locator("#examples svg .star-outline").count() >= 8
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner
    page.locator("#rules-examples").scroll_into_view_if_needed()
    page.locator("#rules-examples").screenshot(path=str(SHOTS / f"starstar-examples-{width}.png"))
    assert not page.errors, page.errors
    page.close()
