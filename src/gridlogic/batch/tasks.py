"""The tasks of a batch: one puzzle (or one generator seed) and a command, run in isolation: every
failure, ``--timeout`` included, becomes an error row."""

from __future__ import annotations

import signal
import threading
from dataclasses import dataclass, field
from typing import Any

from gridlogic import service
from gridlogic.batch.out import Key, real_source
from gridlogic.core.errors import GridlogicError, UnsupportedError
from gridlogic.kinds import detect, kind, kinds, take_options

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
    index: int = 0
    line: int | None = None
    input: str | None = None
    """The input's identity: a digest of its bytes (``sha256:`` and 16 hex digits), whatever its spelling."""
    kind_options: dict[str, object] = field(default_factory=dict)
    """The kind options given (``--stars``...), checked against each puzzle's kind when it runs."""

    @property
    def key(self) -> Key:
        return self.input or real_source(self.source), self.id


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
        taken = take_options(k, task.kind_options, task.command)
        g = k.generate(size=task.options.get("size"), difficulty=task.options.get("difficulty"), seed=task.seed,
                       options=taken)
        return {**service.generated(k, g, task.seed, task.id), **head(task, k.name)}
    k, fmt = detect(task.text, task.kind, task.format, fallback=True)
    taken = take_options(k, task.kind_options, task.command)
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
