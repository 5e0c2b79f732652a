"""Mutation check: does some test fail when a rule does nothing?

For every rule of a kind's technique table, run the kind's tests with that rule replaced by a no-op
(its ``find`` returns None, and so does its module function; the hook is ``mutate`` at the top of
``tests/conftest.py``, driven by ``$GRIDLOGIC_MUTATE``), one pytest process per rule, with ``-x`` and
a timeout. Several forms of one id are mutated one at a time, as ``id@function``
(``tests/rule_forms.py``). A rule whose no-op no test notices is *uncaught*: its tests do not test
it. Figures go to ``benchmarks/results/mutation.md`` (one section per kind, rewritten when that kind
is run).

    PYTHONPATH=src python -m benchmarks.mutation                       # every kind
    PYTHONPATH=src python -m benchmarks.mutation --kind binary --kind str8ts
    PYTHONPATH=src python -m benchmarks.mutation --kind starbattle --rule R4.7 --no-write

CPU-heavy (one test-folder run per rule; a caught rule stops at the first failure): the runs are
niced, one at a time unless ``--jobs``.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import importlib.util
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "mutation.md"
PUZZLES = ROOT / "src" / "gridlogic" / "puzzles"
KINDS = tuple(sorted(p.parent.parent.name for p in PUZZLES.glob("*/rules/__init__.py")))


@dataclass(frozen=True)
class Outcome:
    key: str
    verdict: str  # "caught" | "uncaught" | "timeout" | "error"
    seconds: float
    detail: str  # the first failing test, or the reason


def table(kind: str) -> list[Any]:
    """The kind's full technique table (every rule the engine may run, uniqueness rules included)."""
    rules = importlib.import_module(f"gridlogic.puzzles.{kind}.rules")
    for name in ("techniques", "rules"):
        make = getattr(rules, name, None)
        if callable(make):
            try:
                return list(make(allow_uniqueness=True))
            except TypeError:
                return list(make())
    return list(rules.TECHNIQUES)


def forms() -> Any:
    """``tests/rule_forms.py``: what a rule's form is called, one definition for the keys here, the
    no-ops of the hook and the tests that take a form from the table."""
    spec = importlib.util.spec_from_file_location("rule_forms", ROOT / "tests" / "rule_forms.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def keys(kind: str) -> list[str]:
    """One mutation per rule record: its id, or ``id@function`` where several records share an id."""
    return list(forms().keys(table(kind)))


def pytest_command(paths: Sequence[str]) -> list[str]:
    return ["nice", "-n", "10", sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
            "--no-header", "-rf", *paths]


def run_one(kind: str, key: str | None, paths: Sequence[str], timeout: float) -> Outcome:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    if key is not None:
        env["GRIDLOGIC_MUTATE"] = f"{kind}:{key}"
    start = time.perf_counter()
    try:
        done = subprocess.run(pytest_command(paths), cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return Outcome(key or "-", "timeout", time.perf_counter() - start, f"over {timeout:.0f} s")
    seconds = time.perf_counter() - start
    text = done.stdout + done.stderr
    if "no rule of that id" in text:
        return Outcome(key or "-", "error", seconds, "no rule of that id")
    failed = next((line.removeprefix("FAILED ").split(" - ")[0] for line in text.splitlines()
                   if line.startswith(("FAILED ", "ERROR "))), "")
    if done.returncode == 0:
        return Outcome(key or "-", "uncaught", seconds, "")
    if done.returncode == 1:
        return Outcome(key or "-", "caught", seconds, failed)
    return Outcome(key or "-", "error", seconds, f"pytest exit {done.returncode}: {text.strip()[-200:]}")


def check_kind(kind: str, only: Sequence[str], timeout: float, jobs: int, progress: Progress,
               tests: Sequence[str] = ()) -> list[Outcome]:
    paths = list(tests) or [f"tests/{kind}"]
    base = run_one(kind, None, paths, timeout)
    if base.verdict != "uncaught":
        raise SystemExit(f"{kind}: the tests fail without any mutation ({base.detail}); fix them first")
    todo = [k for k in keys(kind) if not only or k.split("@")[0] in only or k in only]
    bar = progress.add_task(kind, total=len(todo))

    def one(key: str) -> Outcome:
        out = run_one(kind, key, paths, timeout)
        progress.update(bar, advance=1, description=f"{kind} {key}: {out.verdict}")
        return out

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, todo))


def section(kind: str, outcomes: Sequence[Outcome], command: str, table_size: int,
            tests: Sequence[str] = ()) -> str:
    caught = [o for o in outcomes if o.verdict in ("caught", "timeout")]
    missed = [o for o in outcomes if o.verdict == "uncaught"]
    errors = [o for o in outcomes if o.verdict == "error"]
    lines = [f"## {kind}", "",
             f"{datetime.date.today().isoformat()}, `{command}` (tests: `{' '.join(tests) or f'tests/{kind}'}`).", "",
             f"**{len(caught)} / {len(outcomes)}** rules whose no-op some test catches"
             + ("." if len(outcomes) == table_size else
                f" (only the rules asked for: {len(outcomes)} of the table's {table_size}).")
             + f" Wall time {sum(o.seconds for o in outcomes) / 60:.0f} min.", ""]
    if missed:
        lines += ["Uncaught (no test fails when the rule does nothing): "
                  + ", ".join(f"`{o.key}`" for o in missed) + ".", ""]
    if errors:
        lines += ["Errors: " + "; ".join(f"`{o.key}` {o.detail}" for o in errors) + ".", ""]
    lines += ["| rule | verdict | seconds | first failing test |", "|---|---|---:|---|"]
    lines += [f"| `{o.key}` | {o.verdict} | {o.seconds:.0f} | {o.detail.replace('|', '/')} |" for o in outcomes]
    return "\n".join(lines) + "\n"


HEAD = """# Mutation check

Each rule of each kind's technique table replaced by a no-op (its `find` returns None) while the
kind's tests run (`benchmarks/mutation.py`; the hook is `mutate` in `tests/conftest.py`): every
record of that rule (or form, `id@function`, named in `tests/rule_forms.py`) at every level, and
the module function itself, which tests may call directly. A rule is *caught* when some test fails
(or the run times out); *uncaught* rules are not tested by what they do. One section per kind,
rewritten each time that kind is run.
"""


def write(sections: dict[str, str]) -> None:
    old: dict[str, str] = {}
    if RESULTS.exists():
        for part in RESULTS.read_text(encoding="utf-8").split("\n## ")[1:]:
            name = part.split("\n", 1)[0].strip()
            old[name] = "## " + part.rstrip("\n") + "\n"
    old.update(sections)
    body = "\n".join(old[k] for k in sorted(old))
    RESULTS.write_text(HEAD + "\n" + body, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", action="append", choices=KINDS, help="a kind (repeatable; default all)")
    ap.add_argument("--rule", action="append", default=[], help="only this rule id (repeatable)")
    ap.add_argument("--tests", action="append", default=[], help="test paths (default: tests/<kind>)")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per pytest run (default 900)")
    ap.add_argument("--jobs", type=int, default=1, help="pytest runs at once (default 1)")
    ap.add_argument("--list", action="store_true", help="list the mutations and exit")
    ap.add_argument("--no-write", action="store_true", help=f"do not rewrite {RESULTS.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    kinds = args.kind or list(KINDS)
    if args.list:
        for k in kinds:
            print(k, " ".join(keys(k)))
        return 0
    command = "python -m benchmarks.mutation " + " ".join(
        [f"--kind {k}" for k in kinds] + [f"--rule {r}" for r in args.rule] + [f"--tests {t}" for t in args.tests])
    sections: dict[str, str] = {}
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as progress:
        for k in kinds:
            outcomes = check_kind(k, args.rule, args.timeout, args.jobs, progress, args.tests)
            sections[k] = section(k, outcomes, command, len(keys(k)), args.tests)
            caught = sum(o.verdict in ("caught", "timeout") for o in outcomes)
            progress.console.print(f"{k}: {caught} / {len(outcomes)} caught; uncaught: "
                                   + (", ".join(o.key for o in outcomes if o.verdict == "uncaught") or "none"))
    if not args.no_write:
        write(sections)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
