"""Options schemas: what each kind takes, and the one check every interface uses."""

from __future__ import annotations

import pytest

from gridlogic.core.errors import ParseError
from gridlogic.core.options import Option, field_name, take, union
from gridlogic.kinds import kind, kinds

STARS = Option("stars", int, "stars", lo=1, hi=9, commands=frozenset({"generate"}))
UNIQUE = Option("unique_lines", bool, "distinct", default=True, flag="--no-unique-lines")


def test_each_kind_declares_its_options() -> None:
    names = {k.name: sorted(o.name for o in k.options) for k in kinds().values()}
    assert names == {"starbattle": ["allow_uniqueness", "requires", "single_cells", "stars"],
                     "binary": ["unique_lines"], "str8ts": ["allow_uniqueness"]}
    assert kind("binary").options[0].spelled == "--no-unique-lines"
    assert kind("starbattle").options[0].to_json()["flag"] == "--stars"


def test_take_keeps_what_the_kind_takes_checked() -> None:
    assert take("k", [STARS, UNIQUE], {"stars": 3, "unique_lines": False}, "generate") == \
        {"stars": 3, "unique_lines": False}
    assert take("k", [STARS, UNIQUE], {"stars": None}, "generate") == {}  # None: not given
    assert take("k", [STARS, UNIQUE], {"unique_lines": True}, "solve") == {}  # the default: as if not given


def test_an_option_the_kind_does_not_take_is_named() -> None:
    with pytest.raises(ParseError, match=r"^b generate does not take the option --stars \(b generate options: "
                                         r"--no-unique-lines\)$"):
        take("b", [UNIQUE], {"stars": 3}, "generate", every=[STARS])
    with pytest.raises(ParseError, match="does not take the option stars"):  # a web form: by field name
        take("b", [UNIQUE], {"stars": 3}, "generate", every=[STARS], spell=field_name)
    with pytest.raises(ParseError, match="k solve does not take the option --stars"):  # generate only
        take("k", [STARS], {"stars": 3}, "solve")
    with pytest.raises(ParseError, match="does not take the option 'bogus'"):
        take("k", [STARS], {"bogus": 1}, "generate")


def test_another_kinds_option_at_its_default_is_no_option() -> None:
    assert take("s", [STARS], {"unique_lines": True}, "solve", every=[UNIQUE]) == {}
    with pytest.raises(ParseError, match="--no-unique-lines"):
        take("s", [STARS], {"unique_lines": False}, "solve", every=[UNIQUE])


@pytest.mark.parametrize(("value", "message"), [
    (0, r"stars must be in 1..9, not 0"), ("3", "stars must be a whole number"), (True, "whole number")])
def test_values_are_checked(value: object, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        take("k", [STARS], {"stars": value}, "generate")
    with pytest.raises(ParseError, match="unique_lines must be true or false"):
        take("k", [UNIQUE], {"unique_lines": "no"}, "solve")


def test_union_is_every_option_of_a_command_once() -> None:
    schemas = [k.options for k in kinds().values()]
    assert [o.name for o in union(schemas, "explain")] == ["allow_uniqueness", "unique_lines"]
    assert [o.name for o in union(schemas, "solve")] == ["unique_lines"]
