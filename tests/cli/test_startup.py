"""Start-up: a command imports only what it needs (the figures are in benchmarks/bench_startup.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from gridlogic.cli import OPTIONAL_COMMANDS, OPTIONAL_HELP, cli

ROOT = Path(__file__).resolve().parents[2]
STARBATTLE = str(ROOT / "examples" / "starbattle-10x2.txt")
HEAVY = ("numba", "llvmlite", "rich", "numpy", "fastapi", "uvicorn")
PROBE = """
import json, sys
from gridlogic.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.stdout = sys.__stdout__
print(json.dumps(sorted(m for m in sys.modules)))
"""


def imported(*args: str) -> set[str]:
    """The modules a ``gridlogic`` command run in a fresh interpreter has imported when it ends."""
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=False,
                         cwd=ROOT).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def tops(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.mark.parametrize("name", sorted(OPTIONAL_COMMANDS))
def test_listed_help_is_the_commands_own(name: str) -> None:
    cmd = cli.get_command(click.Context(cli), name)
    assert cmd is not None and cmd.help is not None
    assert OPTIONAL_HELP[name] == cmd.help.split("\n\n")[0].strip()


def test_help_lists_every_command_without_importing_the_groups() -> None:
    modules = imported("--help")
    assert not tops(modules) & {*HEAVY, "pysat"}
    assert not {m for m in modules if m.startswith(("gridlogic.games", "gridlogic.web", "gridlogic.proof"))}
    listed = subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", "--help"],
                            capture_output=True, text=True, check=False).stdout
    for name in [*OPTIONAL_COMMANDS, "solve", "generate"]:
        assert f"\n  {name} " in listed
    assert "*Star, Ea Ea's connection game: play, GTP engine" in listed


def test_solving_a_star_battle_imports_no_other_kinds_heavy_parts() -> None:
    modules = imported("solve", STARBATTLE)
    assert "gridlogic.puzzles.starbattle.exact" in modules
    assert not tops(modules) & set(HEAVY)
    assert not {m for m in modules if ".rules" in m or m.endswith((".exact_sat", ".human"))}
    assert "gridlogic.puzzles.binary.exact" not in modules


def test_levels_are_the_rules_levels() -> None:
    from gridlogic.kinds import kind
    from gridlogic.puzzles.binary.rules import LEVELS as BINARY
    from gridlogic.puzzles.starbattle.rules import LEVELS as STARBATTLE_LEVELS
    from gridlogic.puzzles.str8ts.rules import LEVELS as STR8TS

    assert tuple(kind("binary").levels) == BINARY == ("given", "easy", "medium", "hard", "very-hard", "expert")
    assert tuple(kind("starbattle").levels) == STARBATTLE_LEVELS
    assert tuple(kind("str8ts").levels) == STR8TS
