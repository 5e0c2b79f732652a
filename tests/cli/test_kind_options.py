"""The CLI's kind options come from the kinds' schemas: a flag the puzzle's kind does not take (for
that command) is bad input, exit 2 with one line naming it; the kinds that take it work as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SB = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BIN = "6x6:.1...01....1..0...1........0.0....1."
S8 = ".e...24#.#.#.......2.5..#.#.#....4a."


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def one_error(p: subprocess.CompletedProcess[str], *names: str) -> None:
    assert p.returncode == 2, p
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), p.stderr
    for name in names:
        assert name in lines[0], lines[0]


@pytest.mark.parametrize(("args", "names"), [
    (["generate", "binary", "--stars", "3", "--seed", "1"], ["binary generate", "--stars", "--no-unique-lines"]),
    (["generate", "str8ts", "--single-cells", "--seed", "1"], ["str8ts generate", "--single-cells"]),
    (["generate", "binary", "--requires", "R6.2", "--seed", "1"], ["binary generate", "--requires"]),
    (["generate", "starbattle", "--no-unique-lines", "--seed", "1"], ["starbattle generate", "--no-unique-lines"]),
    (["explain", BIN, "--allow-uniqueness"], ["binary explain", "--allow-uniqueness"]),
    (["solve", SB, "--no-unique-lines"], ["starbattle solve", "--no-unique-lines"]),
    (["grade", S8, "--allow-uniqueness"], ["--allow-uniqueness"]),  # no kind takes it for grade: no such flag
])
def test_an_option_the_kind_does_not_take_is_exit_2(args: list[str], names: list[str]) -> None:
    one_error(run(*args), *names)


def test_the_kinds_that_take_an_option_still_do() -> None:
    sb = run("explain", SB, "--allow-uniqueness", "--json")
    assert sb.returncode == 0 and json.loads(sb.stdout)["status"] == "solved"
    s8 = run("explain", S8, "--allow-uniqueness", "--json")
    assert s8.returncode in (0, 1) and json.loads(s8.stdout)["kind"] == "str8ts"
    free = run("solve", BIN, "--no-unique-lines", "--json")
    assert free.returncode == 0 and json.loads(free.stdout)["kind"] == "binary"
    assert "need not be distinct" in run("solve", BIN, "--no-unique-lines").stdout


def test_help_lists_every_kinds_options() -> None:
    text = run("generate", "--help").stdout
    for flag in ("--stars", "--single-cells", "--requires", "--no-unique-lines"):
        assert flag in text
    assert "--allow-uniqueness" in run("explain", "--help").stdout
    assert "--allow-uniqueness" not in run("solve", "--help").stdout


def test_batch_checks_options_too(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    one_error(run("batch", "generate", "binary", "--stars", "3", "--out", str(out), "--workers", "1"),
              "binary generate", "--stars")
    assert not out.exists()


def test_a_missing_dependency_is_said_not_a_traceback() -> None:
    """With python-sat unimportable, a valid puzzle is not "not a puzzle": the missing module is named."""
    p = subprocess.run([sys.executable, "-c", "import sys; sys.modules['pysat'] = None\n"
                        "from gridlogic.cli import main; main()", "solve", SB],
                       capture_output=True, text=True, timeout=120, check=False)
    one_error(p, "cannot import pysat", "dependency")
    assert "not a puzzle" not in p.stderr


def test_an_optional_groups_own_import_error_propagates() -> None:
    """A group whose extra is not installed is absent; one of gridlogic's own modules failing is a bug, said."""
    from gridlogic.cli import _load_optional

    assert _load_optional("no_such_extra_package_xyz", "cmd") is None
    with pytest.raises(ModuleNotFoundError, match=r"gridlogic\.no_such_module"):
        _load_optional("gridlogic.no_such_module", "cmd")
