"""The kind contract and registry: every kind declares every part; a kind's import error is said,
never turned into "no such kind" or "not a puzzle"."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from gridlogic import kinds as kinds_registry
from gridlogic.core.errors import ParseError, UnknownFormatError, UnsupportedError
from gridlogic.core.registry import AnyKind, Kind
from gridlogic.kinds import REGISTRY, detect, kind, kinds

URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"


@pytest.fixture
def fresh() -> Iterator[None]:
    """The registry's load-once cache emptied before and after (a test may register a broken kind)."""
    kinds_registry.load.cache_clear()
    yield
    kinds_registry.load.cache_clear()


def test_every_kind_declares_every_part() -> None:
    for name, k in kinds().items():
        assert k.name == name
        assert k.formats and k.methods and k.levels
        assert all(o.name and o.help for o in k.options)
        assert k.check_part() is not None and k.draw_part() is not None and k.hint_part() is not None
    assert kind("starbattle").legup_part() is not None and kind("binary").legup_part() is not None
    assert kind("str8ts").legup_part() is None  # LEGUP has no Str8ts: declared, not defaulted


def test_a_kind_without_a_part_cannot_be_made() -> None:
    class Half(Kind[str]):  # no parts at all: abstract
        name = "half"

    with pytest.raises(TypeError):
        Half()  # type: ignore[abstract]


def test_a_kind_must_declare_its_attributes() -> None:
    base = type(kind("str8ts"))
    with pytest.raises(TypeError, match="does not declare options"):
        type("NoOptions", (Kind,), {k: v for k, v in vars(base).items() if k not in ("options", "__dict__")})


def test_unknown_kind_names_the_kinds() -> None:
    with pytest.raises(UnsupportedError, match=r"unknown kind 'nope'.*starbattle, binary, str8ts"):
        kind("nope")


def test_a_kinds_import_error_propagates(monkeypatch: pytest.MonkeyPatch, fresh: None) -> None:
    def broken() -> AnyKind:
        raise ModuleNotFoundError("No module named 'pysat'", name="pysat")

    monkeypatch.setitem(REGISTRY, "binary", broken)
    with pytest.raises(ModuleNotFoundError, match="pysat"):
        kinds()
    with pytest.raises(ModuleNotFoundError):
        detect(URL)  # never "not a puzzle in any format I know"
    assert kind("starbattle").name == "starbattle"  # a kind that loads is still there


def test_a_loader_giving_another_kind_is_a_bug(monkeypatch: pytest.MonkeyPatch, fresh: None) -> None:
    monkeypatch.setitem(REGISTRY, "binary", REGISTRY["str8ts"])
    with pytest.raises(TypeError, match="loads the kind 'str8ts'"):
        kind("binary")


def test_a_sniffer_bug_propagates(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sniffer that crashes is a bug to see; one that raises gridlogic's own error says "not mine"."""
    fmt = kind("binary").formats[0]

    def crash(_text: str) -> bool:
        raise IndexError("sniffer bug")

    def refuse(_text: str) -> bool:
        raise ParseError("not mine")

    monkeypatch.setattr(type(kind("binary")), "formats", (replace(fmt, sniff=crash),))
    with pytest.raises(IndexError):
        detect("nonsense text")
    monkeypatch.setattr(type(kind("binary")), "formats", (replace(fmt, sniff=refuse),))
    with pytest.raises(UnknownFormatError):
        detect("nonsense text")


def test_kinds_are_loaded_lazily_one_by_one(fresh: None) -> None:
    kind("str8ts")
    assert kinds_registry.load.cache_info().currsize == 1
