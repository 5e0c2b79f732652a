"""Binary corpus fixtures: the TSV rows and a fixed deterministic sample of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridlogic.puzzles.binary import Binary
from gridlogic.puzzles.binary.formats import rows

Row = list[str]


def tsv_rows(corpus: Path) -> list[Row]:
    text = (corpus / "binary" / "binary.tsv").read_text(encoding="utf-8")
    return [ln.split("\t") for ln in text.splitlines() if ln and not ln.startswith("#")]


def puzzle_of(row: Row) -> Binary:
    return rows.read(f"{row[1]}:{row[2]}")


@pytest.fixture(scope="session")
def binary_rows(corpus: Path) -> list[Row]:
    return tsv_rows(corpus)


@pytest.fixture(scope="session")
def binary_sample(binary_rows: list[Row]) -> list[Row]:
    """Every 20th row, plus every row that is not uniquely solvable or not from the big sources."""
    return [r for i, r in enumerate(binary_rows)
            if i % 20 == 0 or r[3] != "1" or r[4] != "1" or not r[7].startswith("Borroot")]
