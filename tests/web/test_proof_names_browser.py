"""The /proof tree drawing shows every rule name whole (a long one wraps onto a second line inside its
column, never cut to "FinishSurroundWit…" and never over the next column), with the name in the
tooltip and in the accessible label of the board it leads to. At 375 and 1366 px; screenshots go to
/tmp/q-web-shots."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import NEEDS_CHROMIUM, browser, watched
from test_proof_open_end_browser import FINISHED

__all__ = ["browser"]

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/q-web-shots")


@pytest.fixture(params=[375, 1366])
def sized(request: Any, browser: Any) -> Iterator[tuple[int, Any]]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with watched(browser.new_page(viewport={"width": request.param, "height": 800})) as pg:
        yield request.param, pg


def test_long_rule_names_are_drawn_whole(sized: tuple[int, Any], server: str) -> None:
    width, page = sized
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "finished.json"
        path.write_text(json.dumps(FINISHED))
        page.goto(f"{server}/proof")
        page.set_input_files("#loadfile", str(path))
        page.wait_for_function("document.getElementById('status').textContent.includes('transitions:')")
    page.wait_for_selector("#treeview svg .edge text")
    edges = page.eval_on_selector_all("#treeview svg .edge", """gs => gs.map(g => {
        const t = g.querySelector("text"), box = t.getBBox();
        return {text: t.textContent, title: g.querySelector("title").textContent,
                x: box.x, right: box.x + box.width, bottom: box.y + box.height};
    })""")
    nodes = page.eval_on_selector_all("#treeview svg .node", """gs => gs.map(g => {
        const c = g.querySelector("circle");
        return {x: +c.getAttribute("cx"), y: +c.getAttribute("cy"), label: g.getAttribute("aria-label")};
    })""")
    page.locator("#treeview").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"proof-tree-{width}.png"))
    rules = [s["rule"] for s in FINISHED["root"]["split"]["branches"][1]["steps"]]
    longest = max(rules, key=len)
    assert len(longest) > 20
    drawn = [e["text"] for e in edges]
    assert not any("…" in t for t in drawn if not t.startswith("…"))  # cut names end in …, a pending mark starts so
    assert sum(longest in t for t in drawn) == rules.count(longest)
    svg_width = page.eval_on_selector("#treeview svg", "s => s.viewBox.baseVal.width")
    assert all(e["right"] <= svg_width for e in edges)  # nothing cut at the drawing's edge
    # this two-column tree fits its panel at both widths: no sideways scrolling to read it
    assert page.eval_on_selector("#treeview", "v => v.scrollWidth <= v.clientWidth")
    columns = sorted({n["x"] for n in nodes})
    for e in edges:  # each label stays left of the next column's boards
        nxt = [x for x in columns if x > e["x"]]
        if nxt:
            assert e["right"] < nxt[0] - 8, e
    assert any(longest in n["label"] for n in nodes)  # the board after the step names its rule
    assert all(e["text"].split(" ", 1)[1].replace(" ", "") in e["title"].replace(" ", "") for e in edges)
