"""``gridlogic batch``: run solve / count / grade / explain / check / generate over many puzzles, one
JSON line per puzzle appended to ``--out`` as each finishes.

- Each puzzle is isolated: an error, an exception of any kind, ``--timeout`` or a crash of its worker
  becomes an error row (``status``: ``error`` / ``timeout`` / ``crash``, with the input line) and
  the run goes on.
- Resumable: rows already in ``--out`` are kept and their puzzles skipped; error rows are retried and
  replaced; a half-written last line (a killed run) is dropped. Each id ends up in the file once.
- ``--out`` must not be an input, a directory, or an existing file that is not this batch's output
  (``--force`` replaces such a file; never an input).
- Local: a process pool (pebble) whose workers die with their parent. ``--ray ADDR``: a Ray
  cluster (optional extra ``gridlogic[ray]``), work sent in chunks, ``--workers`` chunks at a time.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

import click

from gridlogic.batch.out import Key, json_line, lock, prepare_out, relock
from gridlogic.batch.pool import local, ray
from gridlogic.batch.tasks import COMMANDS, Task
from gridlogic.commandline import KindCommand, given_options
from gridlogic.core.files import FileError, check_target, same_file
from gridlogic.core.inputs import read_argument
from gridlogic.core.numbers import parse_size
from gridlogic.kinds import kind, split_records, take_options
from gridlogic.params import Int, Seconds


# ----- the tasks
def tasks_for(command: str, inputs: Iterable[str], kind_name: str | None, format_name: str | None,
              options: dict[str, Any], how_many: int, given: Mapping[str, object] | None = None) -> list[Task]:
    """Every task of the run, in input order (``index``); an unreadable input stops the run here,
    before any work; a bad puzzle does not (it becomes an error row)."""
    tasks: list[Task] = []
    kind_options = dict(given or {})
    if command == "generate":
        for name in inputs:
            k = kind(name)
            taken = take_options(k, kind_options, command)
            if options.get("size") is not None:
                parse_size(options["size"], "--size")
            if options.get("difficulty") is not None and k.levels:
                k.level_number(options["difficulty"])
            asked = ":".join([str(options.get("size")), str(options.get("difficulty")),
                              *(f"{o}={v}" for o, v in sorted(taken.items()))])
            for i in range(how_many):
                seed = int(options.get("seed", 1)) + i
                tasks.append(Task(command, name, str(seed), name, kind=name, options=options, seed=seed,
                                  index=len(tasks), input=f"generate:{name}:{asked}", kind_options=kind_options))
        return tasks
    only = kind(kind_name) if kind_name else None
    seen: Counter[Key] = Counter()
    for arg in inputs:
        text, source = read_argument(arg)
        digest = "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        renamed = []
        for rec in split_records(text, only):
            sol = rec.extra.get("solution_rows")
            seen[digest, rec.id] += 1
            rid = rec.id
            if seen[digest, rec.id] > 1:  # a repeated id (or the same input twice): made unique, and said
                rid = f"{rec.id}~{seen[digest, rec.id]}"
                renamed.append(rid)
            tasks.append(Task(command, source, rid, rec.text, kind_name, format_name, options,
                              "/".join(sol) if isinstance(sol, list) else None, index=len(tasks), line=rec.line,
                              input=digest, kind_options=kind_options))
        if renamed:
            click.echo(f"batch: {len(renamed):,} repeated id{'s' if len(renamed) > 1 else ''} in {source} renamed "
                       f"({', '.join(renamed[:3])}{', ...' if len(renamed) > 3 else ''})", err=True)
    return tasks


# ----- progress and summary
class Progress:
    """A rich progress bar (rate, ETA) on a terminal; elsewhere a plain line every ``every`` seconds."""

    def __init__(self, total: int, stream: TextIO, every: float = 10.0) -> None:
        self.total, self.stream, self.every = total, stream, every
        self.done = self.errors = 0
        self.start = self.last = time.perf_counter()
        self.bar: Any = None
        if stream.isatty() and total:
            from rich import progress as rp
            from rich.console import Console

            self.bar = rp.Progress(rp.TextColumn("batch"), rp.BarColumn(), rp.MofNCompleteColumn(),
                                   rp.TextColumn("{task.fields[rate]}/s, {task.fields[errors]} errors"),
                                   rp.TimeElapsedColumn(), rp.TextColumn("ETA"), rp.TimeRemainingColumn(),
                                   console=Console(file=stream), transient=True)
            self.task = self.bar.add_task("batch", total=total, rate="0.0", errors=0)
            self.bar.start()

    def advance(self, row: dict[str, Any]) -> None:
        self.done += 1
        self.errors += "error" in row
        now = time.perf_counter()
        if self.bar is not None:
            self.bar.update(self.task, advance=1, rate=f"{self.rate():.1f}", errors=self.errors)
        elif now - self.last >= self.every:
            self.last = now
            eta = (self.total - self.done) / self.rate() if self.rate() else 0
            click.echo(f"batch: {self.done}/{self.total} ({100 * self.done / self.total:.0f}%), "
                       f"{self.rate():.1f}/s, {self.errors} errors, ETA {eta:.0f} s", file=self.stream)

    def rate(self) -> float:
        spent = time.perf_counter() - self.start
        return self.done / spent if spent > 0 else 0.0

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def summary(rows: list[dict[str, Any]], before: int, out_path: str, elapsed: float, cpu: float,
            stream: TextIO) -> None:
    """A table of the run: counts by status and grade, elapsed time, rate; then the first errors."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=stream, highlight=False)
    table = Table(title=f"batch -> {out_path}", show_header=False, title_justify="left")
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("done now", str(len(rows)))
    table.add_row("already in the file", str(before))
    for status, n in sorted(Counter(str(r.get("status", "ok")) for r in rows).items()):
        table.add_row(f"status {status}", str(n))
    grades = Counter(str(r["grade"]) for r in rows if r.get("grade") is not None)
    for grade, n in sorted(grades.items()):
        table.add_row(f"grade {grade}", str(n))
    table.add_row("elapsed", f"{elapsed:.1f} s wall, {cpu:.1f} s CPU (with the local workers)")
    table.add_row("rate", f"{len(rows) / elapsed:.1f} puzzles/s" if elapsed > 0 else "-")
    console.print(table)
    errors = [r for r in rows if "error" in r]
    for r in errors[:10]:
        click.echo(f"  {r.get('status', 'error')}: {r['error']}", file=stream)
    if len(errors) > 10:
        click.echo(f"  ... and {len(errors) - 10} more (rows with \"error\" in {out_path})", file=stream)
    click.echo(f"{len(rows)} done, {before} already in {out_path}, {len(errors)} errors", file=stream)


# ----- the command
@click.command(cls=KindCommand, kind_commands=COMMANDS)
@click.argument("command", type=click.Choice(COMMANDS))
@click.argument("inputs", nargs=-1, required=True)
@click.option("--out", "out_path", required=True,
              help="JSON-lines file: rows appended as puzzles finish; puzzles already there are skipped.")
@click.option("--force", is_flag=True, help="Replace an --out file that is not this batch's output (never an input).")
@click.option("--workers", default=os.cpu_count() or 1, show_default=True, type=Int(1, 1024),
              help="Worker processes (with --ray: chunks running at once).")
@click.option("--timeout", default=None, type=Seconds(0.001), help="Seconds per puzzle; past it, an error row.")
@click.option("--ray", "ray_address", default=None,
              help="Run on a Ray cluster at HOST:PORT ('local': start one here). Needs gridlogic[ray].")
@click.option("--ray-timeout", default=10.0, show_default=True, type=Seconds(0.1),
              help="Seconds to wait for the Ray cluster to answer.")
@click.option("--kind", "kind_name", default=None)
@click.option("--format", "format_name", default=None)
@click.option("--limit", default=2, type=Int(1), help="count: stop at this many solutions.")
@click.option("--count", "how_many", default=10, type=Int(1, 10**7), help="generate: puzzles per kind.")
@click.option("--seed", default=1, type=Int(None), help="generate: first seed.")
@click.option("--size", default=None)
@click.option("--difficulty", default=None)
def batch(command: str, inputs: tuple[str, ...], out_path: str, force: bool, workers: int, timeout: float | None,
          ray_address: str | None, ray_timeout: float, kind_name: str | None, format_name: str | None, limit: int,
          how_many: int, seed: int, size: str | None, difficulty: str | None, **given: object) -> None:
    """Run COMMAND over every puzzle of INPUTS (for generate: INPUTS are kind names)."""
    options: dict[str, Any] = {"limit": limit, "seed": seed, "size": size, "difficulty": difficulty}
    if any(i != "-" and os.path.exists(i) and same_file(i, out_path) for i in inputs):
        raise FileError(f"{out_path} is also an input of this command: refusing to write over it, even with --force")
    tasks = tasks_for(command, inputs, kind_name, format_name, options, how_many, given_options(given))
    check_target(out_path, force=force, existing_ok=True)  # before connecting to a cluster
    runner = ray(ray_address, workers, timeout, ray_timeout) if ray_address else local(workers, timeout)
    held = lock(out_path)  # one run per --out at a time
    try:
        done = prepare_out(out_path, command, inputs if command != "generate" else (), force)
        held = relock(out_path, held)
        todo = [t for t in tasks if t.key not in done]
        start, cpu = time.perf_counter(), cpu_seconds()
        rows: list[dict[str, Any]] = []
        progress = Progress(len(todo), sys.stderr)
        try:
            with open(os.dup(held), "a", encoding="utf-8") as out:
                for row in runner(todo):
                    out.write(json_line(row))
                    out.flush()
                    rows.append(row)
                    progress.advance(row)
        except OSError as e:
            raise FileError(f"cannot write {out_path}: {e.strerror}") from None
        finally:
            progress.close()
    finally:
        os.close(held)
    summary(rows, len(done), out_path, time.perf_counter() - start, cpu_seconds() - cpu, sys.stderr)


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished child processes (the local pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
