"""axe-core (from npm, never fetched by the app) run by Playwright over a page: where its file is, and the
serious or critical violations it finds. ``make axe`` installs the pinned version into ``.cache/npm``
(outside the package); ``$GRIDLOGIC_AXE`` may name another copy of ``axe.min.js``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

AXE_VERSION = "4.14.1"
ROOT = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("GRIDLOGIC_AXE", ROOT / ".cache/npm/node_modules/axe-core/axe.min.js"))
SEVERE = ("serious", "critical")


def violations(page: Any, severe: tuple[str, ...] = SEVERE) -> list[dict[str, Any]]:
    """axe-core's violations of ``page`` (WCAG 2.x A and AA and best practices) at the ``severe`` impacts:
    each ``{id, impact, help, targets, summary, board}`` (``board``: every node is inside ``#board``)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       targets: v.nodes.map(n => n.target.join(" ")).slice(0, 8),
                                       summary: v.nodes.slice(0, 2).map(n => n.failureSummary),
                                       board: v.nodes.every(n => {
                                           const el = document.querySelector(n.target[0]);
                                           return Boolean(el && el.closest("#board"));
                                       })}));
    }""")
    return [v for v in found if v["impact"] in severe]

