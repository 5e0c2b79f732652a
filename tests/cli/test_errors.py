"""Bad input never produces a traceback: one ``error:`` line on stderr and exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", *args],
                          input=stdin, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("args", [
    ["solve", "nonsense"],
    ["solve", "/no/such/file.xml"],
    ["frobnicate"],
    ["solve", "x", "--no-such-option"],
    ["solve", "-"],
    ["count", "nonsense", "--limit", "0"],
])
def test_bad_input_is_one_error_line(args: list[str]) -> None:
    p = run(*args, stdin="")
    assert p.returncode == 2, p
    assert p.stderr.startswith("error: "), p.stderr
    assert "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_kind_given_reader_says_what_is_wrong() -> None:
    p = run("solve", "1.0/01./0", "--kind", "binary")
    assert p.returncode == 2
    assert "row 3" in p.stderr
