"""Str8ts fixtures: the seed's example and the corpus rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from str8ts_data import SEED, Row

from gridlogic.puzzles.str8ts.formats import s81
from gridlogic.puzzles.str8ts.model import Str8ts


@pytest.fixture
def seed() -> Str8ts:
    return s81.read(SEED)


@pytest.fixture(scope="session")
def rows(corpus: Path) -> list[Row]:
    """(id, puzzle81, num_solutions, solution81) of every str8ts.tsv row."""
    out: list[Row] = []
    for line in (corpus / "str8ts" / "str8ts.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        f = line.split("\t")
        out.append((f[0], f[1], f[2], f[3]))
    return out
