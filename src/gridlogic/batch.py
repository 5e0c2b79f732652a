"""``gridlogic batch``: run solve / count / grade / explain / check / generate over many puzzles,
one JSON line per puzzle appended to ``--out``; resumable (puzzles already in the file are skipped),
on a local process pool or, with ``--ray ADDR``, on a Ray cluster (optional extra ``gridlogic[ray]``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import click

from gridlogic import service
from gridlogic.core.errors import GridlogicError, UnsupportedError
from gridlogic.core.inputs import read_argument, split_records
from gridlogic.core.output import jsonl
from gridlogic.core.registry import detect, kind

COMMANDS = ("solve", "count", "grade", "explain", "check", "generate")


@dataclass(frozen=True)
class Task:
    """One unit of work, picklable: the command and one puzzle's text (or a generator seed)."""

    command: str
    source: str
    id: str
    text: str
    kind: str | None = None
    format: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    solution: str | None = None
    seed: int = 0


def run_task(task: Task) -> dict[str, Any]:
    """Do one task; errors become an ``error`` field, never an exception."""
    head: dict[str, Any] = {"source": task.source, "id": task.id}
    try:
        if task.command == "generate":
            k = kind(task.text)
            g = k.generate(size=task.options.get("size"), stars=task.options.get("stars"),
                           difficulty=task.options.get("difficulty"), seed=task.seed, options=task.options)
            return {**service.generated(k, g, task.seed, task.id), **head}
        k, fmt = detect(task.text, task.kind, task.format)
        puzzle = k.configure(fmt.read(task.text), task.options)
        head = {"kind": k.name, **head}
        if task.command == "solve":
            return {**head, **service.solve(k, puzzle)}
        if task.command == "count":
            return {**head, **service.count(k, puzzle, int(task.options.get("limit", 2)))}
        if task.command == "grade":
            return {**head, **service.grade(k, puzzle)}
        if task.command == "explain":
            return {**head, **service.explain(k, puzzle)}
        if task.command == "check":
            if task.solution is None:
                raise UnsupportedError("no solution to check: the input carries none for this puzzle")
            return {**head, **service.check(k, puzzle, task.solution)}
        raise UnsupportedError(f"unknown batch command {task.command!r}")
    except GridlogicError as e:
        return {**head, "error": str(e)}


def done_keys(path: str) -> set[tuple[str, str]]:
    """(source, id) of every answer already in ``path`` (a half-written last line is ignored)."""
    keys: set[tuple[str, str]] = set()
    if not os.path.exists(path):
        return keys
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict) and "error" not in row:
                keys.add((str(row.get("source")), str(row.get("id"))))
    return keys


def tasks_for(command: str, inputs: Iterable[str], kind_name: str | None, format_name: str | None,
              options: dict[str, Any], how_many: int) -> Iterator[Task]:
    if command == "generate":
        for name in inputs:
            for i in range(how_many):
                seed = int(options.get("seed", 1)) + i
                yield Task(command, name, str(seed), name, options=options, seed=seed)
        return
    for arg in inputs:
        text, source = read_argument(arg)
        only = kind(kind_name) if kind_name else None
        for rec in split_records(text, only):
            sol = rec.extra.get("solution_rows")
            yield Task(command, source, rec.id, rec.text, kind_name, format_name, options,
                       "/".join(sol) if isinstance(sol, list) else None)


def _local(workers: int) -> Callable[[list[Task]], Iterator[dict[str, Any]]]:
    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        if workers <= 1:
            yield from map(run_task, todo)
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(run_task, todo, chunksize=max(1, min(64, len(todo) // (workers * 8) or 1)))
    return run


def _ray(address: str) -> Callable[[list[Task]], Iterator[dict[str, Any]]]:
    try:
        import ray
    except ImportError:
        raise UnsupportedError("--ray needs the optional extra: pip install 'gridlogic[ray]'") from None

    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        ray.init(address=address, ignore_reinit_error=True)
        remote = ray.remote(run_task)
        refs = [remote.remote(t) for t in todo]
        for ref in refs:
            yield ray.get(ref)
    return run


@click.command()
@click.argument("command", type=click.Choice(COMMANDS))
@click.argument("inputs", nargs=-1, required=True)
@click.option("--out", "out_path", required=True, help="JSON-lines file; answers are appended, done ones skipped.")
@click.option("--workers", default=os.cpu_count() or 1, show_default=True, type=click.IntRange(min=1))
@click.option("--ray", "ray_address", default=None, help="Run on a Ray cluster at this address.")
@click.option("--kind", "kind_name", default=None)
@click.option("--format", "format_name", default=None)
@click.option("--limit", default=2, type=click.IntRange(min=1), help="count: stop at this many solutions.")
@click.option("--count", "how_many", default=10, type=click.IntRange(min=1), help="generate: puzzles per kind.")
@click.option("--seed", default=1, type=int, help="generate: first seed.")
@click.option("--size", default=None)
@click.option("--stars", default=None, type=int)
@click.option("--difficulty", default=None)
@click.option("--no-unique-lines", is_flag=True)
def batch(command: str, inputs: tuple[str, ...], out_path: str, workers: int, ray_address: str | None,
          kind_name: str | None, format_name: str | None, limit: int, how_many: int, seed: int,
          size: str | None, stars: int | None, difficulty: str | None, no_unique_lines: bool) -> None:
    """Run COMMAND over every puzzle of INPUTS (for generate: INPUTS are kind names)."""
    options: dict[str, Any] = {"limit": limit, "seed": seed, "size": size, "stars": stars,
                               "difficulty": difficulty, "unique_lines": not no_unique_lines}
    done = done_keys(out_path)
    todo = [t for t in tasks_for(command, inputs, kind_name, format_name, options, how_many)
            if (t.source, t.id) not in done]
    runner = _ray(ray_address) if ray_address else _local(workers)
    errors = 0
    with open(out_path, "a", encoding="utf-8") as out:
        for row in runner(todo):
            errors += "error" in row
            jsonl(row, out)
    click.echo(f"{len(todo)} done, {len(done)} already in {out_path}, {errors} errors", err=True)
