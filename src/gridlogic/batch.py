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

import concurrent.futures
import contextlib
import ctypes
import fcntl
import hashlib
import json
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TextIO

import click

from gridlogic import service
from gridlogic.commandline import KindCommand, given_options
from gridlogic.core.errors import GridlogicError, UnsupportedError
from gridlogic.core.files import FileError, check_target, same_file, write_text
from gridlogic.core.inputs import read_argument, read_bytes, split_records
from gridlogic.core.numbers import load_json, parse_int, parse_size
from gridlogic.core.registry import detect, kind, kinds
from gridlogic.params import Int, Seconds

COMMANDS = ("solve", "count", "grade", "explain", "check", "generate")
Key = tuple[str, str]
Runner = Callable[[list["Task"]], Iterator[dict[str, Any]]]


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
    index: int = 0
    line: int | None = None
    input: str | None = None
    """The input's identity: a digest of its bytes (``sha256:`` and 16 hex digits), whatever its spelling."""
    kind_options: dict[str, object] = field(default_factory=dict)
    """The kind options given (``--stars``...), checked against each puzzle's kind when it runs."""

    @property
    def key(self) -> Key:
        return self.input or _real(self.source), self.id


def head(task: Task, kind_name: str | None = None) -> dict[str, Any]:
    """The fields every row starts with: which puzzle of which input, and the command."""
    out: dict[str, Any] = {"kind": kind_name or task.kind or "unknown", "source": task.source, "id": task.id,
                           "index": task.index}
    if task.input is not None:
        out["input"] = task.input
    if task.line is not None:
        out["line"] = task.line
    out["command"] = task.command
    return out


def error_row(task: Task, message: str, status: str = "error") -> dict[str, Any]:
    where = f"line {task.line}" if task.line is not None else f"puzzle {task.id}"
    return {**head(task), "status": status, "error": f"{message} ({task.source}, {where})"}


def run_task(task: Task) -> dict[str, Any]:
    """Do one task; every failure becomes an error row, never an exception."""
    try:
        return {**_run(task), "status": "ok"}
    except GridlogicError as e:
        return error_row(task, str(e))
    except RecursionError:
        return error_row(task, "input nested too deeply (Python's recursion limit)")
    except Exception as e:  # noqa: BLE001 - one puzzle's bug must not stop the batch
        return error_row(task, f"internal error, please report it: {type(e).__name__}: {e}")


def _run(task: Task) -> dict[str, Any]:
    if task.command == "generate":
        k = kind(task.text)
        taken = k.take_options(task.kind_options, task.command)
        g = k.generate(size=task.options.get("size"), difficulty=task.options.get("difficulty"), seed=task.seed,
                       options=taken)
        return {**service.generated(k, g, task.seed, task.id), **head(task, k.name)}
    k, fmt = detect(task.text, task.kind, task.format, fallback=True)
    taken = k.take_options(task.kind_options, task.command)
    puzzle = k.configure(fmt.read(task.text), taken)
    row = head(task, k.name)
    if task.command == "solve":
        return {**row, **service.solve(k, puzzle)}
    if task.command == "count":
        return {**row, **service.count(k, puzzle, int(task.options.get("limit", 2)))}
    if task.command == "grade":
        return {**row, **service.grade(k, puzzle)}
    if task.command == "explain":
        return {**row, **service.explain(k, puzzle, None, taken)}
    if task.command == "check":
        if task.solution is None:
            raise UnsupportedError("no solution to check: the input carries none for this puzzle")
        return {**row, **service.check(k, puzzle, task.solution)}
    raise UnsupportedError(f"unknown batch command {task.command!r}")


def run_chunk(tasks: list[Task], timeout: float | None = None) -> list[dict[str, Any]]:
    """Several tasks in one call (a Ray task), each under ``timeout`` seconds when given (counted after
    the kinds are loaded: a fresh worker's imports are not the first puzzle's time)."""
    kinds()
    return [_timed(t, timeout) for t in tasks]


class _Overrun(BaseException):
    """Raised in the worker by the alarm that ends a task past its time limit."""


def _timed(task: Task, timeout: float | None) -> dict[str, Any]:
    if not timeout or threading.current_thread() is not threading.main_thread():
        return run_task(task)

    def ring(signum: int, frame: Any) -> None:
        raise _Overrun

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return run_task(task)
    except _Overrun:
        return error_row(task, f"stopped after the time limit of {timeout:g} s (--timeout)", "timeout")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


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
            taken = k.take_options(kind_options, command)
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


# ----- the output file
ROW_START = b'{"kind":'
"""How every row the batch writes begins (a torn last line must too, to be taken for one)."""


def is_row(obj: Any, command: str) -> bool:
    """Is ``obj`` a row a batch of ``command`` wrote?"""
    return isinstance(obj, dict) and obj.get("command") == command and "source" in obj and "id" in obj


def row_key(row: dict[str, Any]) -> Key:
    """What a finished row is matched on when a run resumes: its input's digest (however the input was
    spelled) and its id; rows of older runs, without a digest, by the input's real path."""
    return str(row.get("input") or _real(str(row["source"]))), str(row["id"])


def _real(source: str) -> str:
    return os.path.realpath(source) if source not in ("-", "stdin") and os.path.exists(source) else source


def _rows(data: bytes, command: str) -> tuple[list[dict[str, Any]], int, int | None]:
    """The rows of ``data`` (complete lines only), how many lines are not rows, and the first such line's
    number. A last line without its newline (a killed run, cut at any byte) is not counted when it could
    be the start of a row."""
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    rows: list[dict[str, Any]] = []
    bad, first = 0, None
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            row = load_json(raw.decode("utf-8"))
        except (GridlogicError, UnicodeDecodeError):
            row = None
        if is_row(row, command):
            rows.append(row)
        else:
            bad, first = bad + 1, first or number
    if tail and not (tail.startswith(ROW_START) or ROW_START.startswith(tail)):
        bad, first = bad + 1, first or len(lines) + 1
    return rows, bad, first


def prepare_out(path: str, command: str, inputs: Iterable[str], force: bool) -> dict[Key, dict[str, Any]]:
    """The finished rows of ``path`` by :func:`row_key`, after making it safe to append to: refuse an input,
    a directory, or a file with lines that are not rows of this batch (``force``: keep its rows, drop the
    other lines, and say so); drop a torn last line, error rows (to be retried) and repeated ids, rewriting
    the file (atomically) if needed."""
    sources = [i for i in inputs if i != "-" and os.path.isfile(i)]
    check_target(path, force=force, inputs=sources, existing_ok=True)
    if not os.path.exists(path):
        write_text(path, "", inputs=sources)
        return {}
    try:
        with open(path, "rb") as fh:
            data = read_bytes(fh, path)
    except OSError as e:
        raise FileError(f"cannot read {path}: {e.strerror}") from None
    rows, bad, first = _rows(data, command)
    if bad:
        if not force:
            what = "is not the output of a batch" if not rows else "has lines that are not rows of a batch"
            raise FileError(f"{path} {what} {command} (line {first}): refusing to append to it (--force keeps "
                            "its finished rows and drops the other lines)")
        click.echo(f"batch: --force: kept {len(rows):,} finished rows of {path}, dropped {bad:,} other "
                   f"line{'s' if bad > 1 else ''}", err=True)
    kept: dict[Key, dict[str, Any]] = {}
    for row in rows:
        key = row_key(row)
        if "error" not in row and key not in kept:
            kept[key] = row
    if bad or len(kept) != len(rows) or (not data.endswith(b"\n") and data):
        write_text(path, "".join(map(json_line, kept.values())), force=True, inputs=sources)
    return kept


def _lock(path: str) -> int:
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o666)
    except OSError as e:
        raise FileError(f"cannot open {path}: {e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise FileError(f"{path} is being written by another batch run: wait for it to finish, or choose "
                        "another --out") from None
    return fd


def relock(path: str, held: int) -> int:
    """The lock moved to the file now at ``path`` (after an atomic rewrite replaced the locked one)."""
    if os.path.samestat(os.fstat(held), os.stat(path)):
        return held
    fd = _lock(path)
    os.close(held)
    return fd


def json_line(row: dict[str, Any]) -> str:
    """One row as one line of UTF-8 JSON, whatever it holds (a lone surrogate is escaped, a value
    JSON cannot hold is written as its text)."""
    try:
        line = json.dumps(row, ensure_ascii=False, separators=(",", ":"))
        line.encode("utf-8")
    except (TypeError, ValueError, UnicodeError):
        line = json.dumps(row, ensure_ascii=True, separators=(",", ":"), default=str)
    return line + "\n"


# ----- local pool
PR_SET_PDEATHSIG = 1


def _worker_start(parent: int) -> None:
    """In each worker: die with the parent (Linux: the kernel's parent-death signal; anywhere: a
    thread that watches for the parent to go)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _local(workers: int, timeout: float | None) -> Runner:
    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        if not todo:
            return
        import pebble

        pool = pebble.ProcessPool(max_workers=min(workers, len(todo)), initializer=_worker_start,
                                  initargs=(os.getpid(),))
        waiting: dict[concurrent.futures.Future[dict[str, Any]], Task] = {}
        pending = iter(todo)

        def submit(batch: Iterable[Task]) -> None:
            for t in batch:
                waiting[pool.schedule(run_task, args=[t], timeout=timeout)] = t

        try:
            submit(islice(pending, 4 * workers))
            while waiting:
                done, _ = concurrent.futures.wait(waiting, return_when=concurrent.futures.FIRST_COMPLETED)
                for fut in done:
                    yield _outcome(fut, waiting.pop(fut), timeout, pebble.ProcessExpired)
                submit(islice(pending, len(done)))
        finally:
            pool.stop()  # type: ignore[no-untyped-call]
            pool.join(timeout=10)
    return run


def _outcome(fut: concurrent.futures.Future[dict[str, Any]], task: Task, timeout: float | None,
             expired: type[BaseException]) -> dict[str, Any]:
    try:
        return fut.result()
    except TimeoutError:
        return error_row(task, f"stopped after the time limit of {timeout:g} s (--timeout)", "timeout")
    except expired as e:
        return error_row(task, f"the worker process died ({e})", "crash")
    except Exception as e:  # noqa: BLE001 - e.g. a result that could not be sent back
        return error_row(task, f"internal error, please report it: {type(e).__name__}: {e}")


# ----- Ray
def _ray(address: str, workers: int, timeout: float | None, connect_timeout: float) -> Runner:
    os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")  # the driver's C++ retries would flood stderr
    try:
        import ray
    except ImportError:
        raise UnsupportedError("--ray needs the optional extra: pip install 'gridlogic[ray]'") from None
    _connect(ray, address, workers, connect_timeout)
    remote = ray.remote(num_cpus=1, max_retries=0)(run_chunk)

    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        size = max(1, min(64, len(todo) // (workers * 4) or 1))
        chunks = iter([todo[i:i + size] for i in range(0, len(todo), size)])
        waiting: dict[Any, list[Task]] = {}

        def submit(n: int) -> None:
            for chunk in islice(chunks, n):
                waiting[remote.remote(chunk, timeout)] = chunk

        submit(workers)
        while waiting:
            done, _ = ray.wait(list(waiting), num_returns=1)
            for ref in done:
                chunk = waiting.pop(ref)
                try:
                    yield from ray.get(ref)
                except Exception as e:  # noqa: BLE001 - a lost worker or node
                    for t in chunk:
                        yield error_row(t, f"the Ray task failed ({type(e).__name__}: {str(e)[:200]})", "crash")
            submit(len(done))
    return run


def _connect(ray: Any, address: str, workers: int, connect_timeout: float) -> None:
    """Connect to the cluster at ``address`` (``local``: start one here with ``workers`` CPUs), or
    a clean error if it refuses, is unreachable, or does not answer within ``connect_timeout``."""
    if address == "local":
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True,
                 logging_level=logging.ERROR)
        return
    host, port = _host_port(address)
    try:
        socket.create_connection((host, port), timeout=connect_timeout).close()
    except ConnectionRefusedError:
        raise UnsupportedError(f"cannot reach the Ray cluster at {address}: connection refused") from None
    except TimeoutError:
        raise UnsupportedError(f"no answer from the Ray cluster at {address} within {connect_timeout:g} s "
                               "(--ray-timeout)") from None
    except OSError as e:
        raise UnsupportedError(f"cannot reach the Ray cluster at {address}: {e.strerror or e}") from None
    failure: list[BaseException] = []

    def init() -> None:
        try:
            ray.init(address=address, log_to_driver=False, ignore_reinit_error=True, logging_level=logging.ERROR)
        except Exception as e:  # noqa: BLE001 - reported below
            failure.append(e)

    thread = threading.Thread(target=init, daemon=True)
    with _quiet_stderr():  # Ray's C++ client logs every retry, whatever the log level says
        thread.start()
        thread.join(connect_timeout)
    if thread.is_alive():
        raise UnsupportedError(f"no Ray cluster answered at {address} within {connect_timeout:g} s (--ray-timeout)")
    if failure:
        raise UnsupportedError(f"cannot connect to the Ray cluster at {address}: {str(failure[0])[:200]}")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """File descriptor 2 sent to /dev/null for the duration (C libraries write there directly)."""
    sys.stderr.flush()
    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def _host_port(address: str) -> tuple[str, int]:
    rest = address.split("://", 1)[1] if "://" in address else address
    host, sep, port = rest.rpartition(":")
    if not sep or not host:
        raise UnsupportedError(f"--ray address {address!r} is not HOST:PORT (or 'local')")
    return host, parse_int(port, "port", f"--ray {address}", lo=1, hi=65535)


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
    runner = _ray(ray_address, workers, timeout, ray_timeout) if ray_address else _local(workers, timeout)
    held = _lock(out_path)  # one run per --out at a time
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
