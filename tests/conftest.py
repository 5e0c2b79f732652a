"""Shared fixtures: where the corpus is (``$GRIDLOGIC_CORPUS`` or ``../shared/corpus``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Tests are deterministic: hypothesis derandomized unless HYPOTHESIS_PROFILE=explore (random search
# belongs in benchmarks/), and no per-example deadline (a wall-clock limit fails by chance on a
# loaded machine). The "ci" profile is the default for make test and .ci/run.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path | None:
    env = os.environ.get("GRIDLOGIC_CORPUS")
    candidates = [Path(env)] if env else []
    candidates += [ROOT.parent / "shared" / "corpus", ROOT / ".." / ".." / "shared" / "corpus"]
    for c in candidates:
        if c.is_dir():
            return c.resolve()
    return None


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The puzzle corpus; tests that need it are skipped, with the reason, where it is absent."""
    found = corpus_dir()
    if found is None:
        pytest.skip("puzzle corpus not found: set GRIDLOGIC_CORPUS or put it at ../shared/corpus")
    return found


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """The web app in process (FastAPI's TestClient); its worker pool is closed afterwards."""
    from fastapi.testclient import TestClient

    from gridlogic.web.app import create_app

    app = create_app(extra_hosts=("testserver",))
    with TestClient(app) as c:
        yield c
    app.state.pool.close()
