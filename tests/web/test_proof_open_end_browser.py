"""/proof's "Go to the open end" never leads to a closed branch: on a finished proof (no open leaves) the page
says the proof is complete and offers no jump; on a proof whose first branch is closed and second open, it
goes to the second branch's end (the node that still needs work)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from browsing import NEEDS_CHROMIUM, browser, page

__all__ = ["browser", "page"]

pytestmark = NEEDS_CHROMIUM

FINISHED: dict[str, Any] = json.loads('{"kind":"starbattle","puzzle":"https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou","rules":"legup","root":{"steps":[],"split":{"rule":"StarOrEmpty","cell":[1,1],"branches":[{"value":"star","steps":[{"rule":"SurroundStar","set":[[0,0,"black"],[0,1,"black"],[0,2,"black"],[1,0,"black"],[2,0,"black"]]}],"close":"TooFewStars"},{"value":"black","steps":[{"rule":"FinishSurroundWithEmpty","set":[[4,1,"black"]]},{"rule":"FinishSurroundWithEmpty","set":[[3,3,"black"]]},{"rule":"FinishSurroundWithEmpty","set":[[3,1,"black"]]},{"rule":"ColumnsWithinRegions","set":[[0,0,"black"],[1,0,"black"],[2,0,"black"]]},{"rule":"FinishSurroundWithEmpty","set":[[1,2,"black"]]},{"rule":"RowsWithinRegions","set":[[0,3,"black"],[0,4,"black"],[0,5,"black"]]},{"rule":"FinishWithStars","set":[[1,3,"star"]]},{"rule":"SurroundStar","set":[[0,2,"black"],[1,4,"black"],[2,2,"black"],[2,3,"black"],[2,4,"black"]]},{"rule":"FinishWithEmpty","set":[[1,5,"black"]]},{"rule":"FinishWithEmpty","set":[[4,3,"black"],[5,3,"black"]]},{"rule":"FinishWithStars","set":[[0,1,"star"]]},{"rule":"FinishWithEmpty","set":[[2,1,"black"],[5,1,"black"]]},{"rule":"FinishWithStars","set":[[2,5,"star"]]},{"rule":"SurroundStar","set":[[3,4,"black"],[3,5,"black"]]},{"rule":"FinishWithEmpty","set":[[4,5,"black"],[5,5,"black"]]},{"rule":"FinishWithEmpty","set":[[5,2,"black"],[5,4,"black"]]},{"rule":"FinishWithStars","set":[[5,0,"star"]]},{"rule":"SurroundStar","set":[[4,0,"black"]]},{"rule":"FinishWithEmpty","set":[[3,0,"black"]]},{"rule":"FinishWithStars","set":[[3,2,"star"]]},{"rule":"SurroundStar","set":[[4,2,"black"]]},{"rule":"FinishWithStars","set":[[4,4,"star"]]}]}]}}}')
"""A valid proof of a 6×6 Star Battle: a split on r2c2, its star branch closed (TooFewStars), its empty branch
solved by LEGUP's rules."""


def unfinished() -> dict[str, Any]:
    """The same proof with the solved branch cut after 3 steps: an open leaf after a closed branch."""
    out = copy.deepcopy(FINISHED)
    out["root"]["split"]["branches"][1]["steps"] = out["root"]["split"]["branches"][1]["steps"][:3]
    return out


def load(page: Any, server: str, proof: dict[str, Any], tmp_path: Path) -> None:
    page.goto(f"{server}/proof")
    page.wait_for_selector("#loadfile", state="attached")
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(proof), encoding="utf-8")
    page.set_input_files("#loadfile", str(path))
    page.wait_for_function("document.getElementById('status').textContent.includes('transitions:')")
    page.wait_for_selector("#tree .ok")
    page.click("#tree .item[aria-label='root, start']")  # the split node: transitions go on a branch's end


def test_a_finished_proof_says_it_is_complete(page: Any, server: str, tmp_path: Path) -> None:
    load(page, server, FINISHED, tmp_path)
    assert not page.is_hidden("#edit-note")
    assert "The proof is complete" in page.inner_text("#edit-why")
    assert page.is_hidden("#to-end")
    assert "branch" not in page.inner_text("#where") or "root" in page.inner_text("#where")


def test_the_open_end_is_the_branch_that_needs_work(page: Any, server: str, tmp_path: Path) -> None:
    load(page, server, unfinished(), tmp_path)
    assert "open branch" in page.inner_text("#edit-why")
    page.click("#to-end")
    assert "branch 2, after 3 of 3 steps" in page.inner_text("#where")  # not branch 1, which is closed
    assert page.is_hidden("#edit-note")  # at the open end: transitions can be added
