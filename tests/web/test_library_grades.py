"""The play page's library is honest: every label is the grade ``gridlogic grade`` gives the puzzle now
(a rule change that moves a grade fails here until the library is rebuilt: python -m gridlogic.web.library)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from gridlogic import service
from gridlogic.service import Spec, load

ENTRIES: list[dict[str, Any]] = json.loads(
    resources.files("gridlogic.web").joinpath("static/library.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["title"] for e in ENTRIES])
def test_every_label_is_the_engines_grade(entry: dict[str, Any]) -> None:
    ld = load(Spec(entry["puzzle"], entry["kind"]))
    graded = service.grade(ld.kind, ld.puzzle)["grade"]
    assert graded == entry["grade"], (entry["title"], graded)
    assert entry["title"].endswith(f"· {graded}")


def test_real_expert_star_battles_at_three_sizes() -> None:
    have = {(e["size"], e["grade"]) for e in ENTRIES if e["kind"] == "starbattle"}
    for size in ("8", "10", "14"):
        assert {(size, "expert"), (size, "expert+")} <= have, size
