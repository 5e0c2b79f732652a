"""A fixed, deterministic sample of dev-corpus puzzles (read from the corpus, never copied) and
their proofs, made once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridlogic.kinds import detect
from gridlogic.proof.cli import puzzle_text
from gridlogic.proof.make import make
from gridlogic.proof.model import Proof

# (file under the corpus, how to pick the record): "line:N" (1-based), "id:X" (binary.tsv), "file"
SAMPLE = [
    ("starbattle/puzzlink/urls.tsv", "line:2"),
    ("starbattle/puzzlink/urls.tsv", "line:3"),
    ("starbattle/starbattlelab/8-1-hard.txt", "line:1"),
    ("starbattle/starbattlelab/8-1-hard.txt", "line:66"),  # needs the solver's Trial: a StarOrEmpty split
    ("starbattle/starbattlelab/10-2-hard.txt", "line:80"),  # ditto, 10x10 with two stars
    ("starbattle/legup/6x6 Star Battle 1 star Normal/6x6 Star Battle 1star Normal1.xml", "file"),
    ("binary/binary.tsv", "id:activestate578414/BOARD2"),
    ("binary/binary.tsv", "id:binairo-csp/8x8_example/0"),
    ("binary/binary.tsv", "id:activestate578414/BOARD3"),
    ("binary/binary.tsv", "id:takuzu-vue/10x14/d5/104"),  # needs ZeroOrOne splits
    ("binary/legup/6x6 Binary Easy/6x6 Binary Easy 1", "file"),
]


def sample_text(corpus: Path, path: str, pick: str) -> str:
    text = (corpus / path).read_text(encoding="utf-8")
    if pick == "file":
        return text
    how, _, what = pick.partition(":")
    lines = text.splitlines()
    if how == "line":
        line = lines[int(what) - 1]
        return line.split("\t")[1] if "\t" in line else line.strip()
    row = next(ln.split("\t") for ln in lines if ln.startswith(what + "\t"))
    return f"{row[1]}:{row[2]}"


def _proofs(corpus: Path, legup_only: bool) -> list[tuple[str, Proof]]:
    out = []
    for path, pick in SAMPLE:
        text = sample_text(corpus, path, pick)
        k, fmt = detect(text)
        puzzle = fmt.read(text)
        out.append((f"{path} {pick}", make(k, puzzle, puzzle_text(k, puzzle, text), legup_only=legup_only)))
    return out


@pytest.fixture(scope="session")
def sample_proofs(corpus: Path) -> list[tuple[str, Proof]]:
    return _proofs(corpus, legup_only=False)


@pytest.fixture(scope="session")
def legup_only_proofs(corpus: Path) -> list[tuple[str, Proof]]:
    """The same sample, proved with LEGUP's own rules alone (``proof make --legup-only``)."""
    return _proofs(corpus, legup_only=True)
