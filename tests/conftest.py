"""Shared fixtures: where the corpus is (``$GRIDLOGIC_CORPUS`` or ``../shared/corpus``); and the
mutation hook of ``benchmarks/mutation.py`` (``$GRIDLOGIC_MUTATE``), which must run before any
rule table is built, so it comes first."""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from rule_forms import rule_function


def mutate(spec: str) -> None:
    """Turn the rules named by ``spec`` into no-ops (their ``find`` returns None), to see whether
    any test notices. ``spec`` is ``kind:ID`` (every rule of the kind with that id) or
    ``kind:ID@function`` (only the forms whose :func:`rule_function` has that ``__qualname__``, where
    a table has several forms of one id). The rule is a no-op as the engine and the tests see it:
    every record of it held by a module of the kind (alone or in a tuple, list or dict), a
    ``core.engine.Rule`` built later (patched as it is built), and the module-level function itself,
    under every name a module of the kind binds it to (``tier4.r4_1`` as a test calls it; a test
    module imports it after this hook ran)."""
    kind, _, rule = spec.partition(":")
    rule_id, _, fn_name = rule.partition("@")
    package = f"gridlogic.puzzles.{kind}"

    def noop_like(original: Any) -> Any:
        """A no-op with the original's names (tests that read a rule's module still pass)."""
        def noop(*args: object, **kwargs: object) -> None:  # a module function may take more than a state
            return None
        if callable(original):
            functools.update_wrapper(noop, original)
        noop.mutated = True  # type: ignore[attr-defined]
        return noop

    def targeted(obj: object) -> bool:
        if getattr(obj, "id", None) != rule_id or not hasattr(obj, "find"):
            return False
        if getattr(getattr(obj, "find", None), "mutated", False):
            return True  # patched as it was built
        fn = rule_function(getattr(obj, "fn", None), package)
        where = getattr(fn, "__module__", None) or type(obj).__module__
        name = getattr(fn, "__qualname__", None) or type(obj).__qualname__
        return where.startswith(package) and (not fn_name or name == fn_name)

    functions: dict[int, Any] = {}  # the rule functions patched, by id (a module's callables need no hash)

    def patch(obj: object) -> None:
        fn = getattr(obj, "fn", None)
        base = rule_function(fn, package)
        if base is not None and "." not in getattr(base, "__qualname__", "."):
            functions[id(base)] = base
        noop = noop_like(base or getattr(obj, "find", None))  # named as the form it stands for
        if hasattr(obj, "fn"):
            object.__setattr__(obj, "fn", noop)
        object.__setattr__(obj, "find", noop)

    record = importlib.import_module("gridlogic.core.engine").Rule
    original = record.__post_init__

    def post_init(self: Any) -> None:
        original(self)
        if targeted(self):
            patch(self)

    record.__post_init__ = post_init
    importlib.import_module(f"{package}.rules")
    modules = [m for name, m in list(sys.modules.items()) if name.startswith(package) and m is not None]
    hit = 0
    for module in modules:
        for value in list(vars(module).values()):
            if isinstance(value, dict):
                value = list(value.values())
            for obj in value if isinstance(value, tuple | list | frozenset) else (value,):
                if targeted(obj):
                    patch(obj)
                    hit += 1
    for module in modules:  # the functions themselves, under every name a module binds them to
        for name, value in list(vars(module).items()):
            if id(value) in functions:
                setattr(module, name, noop_like(value))
    if not hit:
        raise SystemExit(f"GRIDLOGIC_MUTATE={spec}: no rule of that id in {package}")


if os.environ.get("GRIDLOGIC_MUTATE"):
    mutate(os.environ["GRIDLOGIC_MUTATE"])

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


@pytest.fixture(autouse=True)
def _fixed_save_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """LEGUP files carry their save time (in the ``<solved>`` flag): fixed in every test, so two
    exports compare whole even when they straddle a second."""
    from datetime import UTC, datetime

    from gridlogic.proof import legup_flag

    monkeypatch.setattr(legup_flag, "now", lambda: datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC))


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
