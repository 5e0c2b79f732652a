"""Solver work off the event loop: a supervised pool of worker processes nothing can take down.

Every web route that calls a solver goes through :meth:`WorkerPool.run`. The pool is plain asyncio over
pipes to processes it starts itself (:mod:`gridlogic.web.workerproc`); there is no scheduler thread
that one bad job could kill:

- a job is pickled in the caller, so a request too deep or too odd to send fails alone, as bad input;
- the deadline counts from the request's arrival (waiting included): past it the worker is killed and
  the answer is :class:`JobTimeoutError` at the limit, not later;
- a worker that dies, overruns, outgrows the memory cap or whose client went away is killed and
  replaced, and only that request is answered with an error saying why;
- ``quick`` workers are kept for small jobs, so a 6×6 never waits behind two 40×40 solves;
- workers die with the server (the kernel's parent-death signal), ``kill -9`` included, and start warm.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from socket import socketpair
from typing import Any, Protocol, TypeVar

from gridlogic.core.errors import GridlogicError

T = TypeVar("T")

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
POLL = 0.1
"""Seconds between looks at the client and the worker's memory while a job runs."""
MAX_ANSWER_BYTES = 8_000_000
"""A worker's answer larger than this (pickled) is refused: no request may make the server hold more."""


class JobTimeoutError(GridlogicError):
    """The job ran past its time limit and was stopped."""


class JobFailedError(GridlogicError):
    """The worker process died (out of memory, a crash) before it answered."""


class _NotTaken(Exception):  # noqa: N818 - control flow inside the pool
    """The worker had died before the job could be sent: the job never started and may go to another."""


TAKE_TRIES = 3
"""Sends a job may fail (each worker looked alive, then its pipe was closed) before it fails; workers
found dead before the send are replaced and not counted."""


class ServerBusyError(GridlogicError):
    """Too many jobs are already waiting."""


class JobInputError(GridlogicError):
    """The job's arguments cannot be sent to a worker (nested too deeply, not serialisable)."""


class Disconnectable(Protocol):
    async def is_disconnected(self) -> bool: ...


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (0 where /proc cannot tell)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            return int(fh.read().split()[1]) * PAGE / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


@dataclass(eq=False)
class _Worker:
    """One worker process and the parent's end of its pipe."""

    process: subprocess.Popen[bytes]
    conn: Connection
    quick: bool
    jobs: int = 0
    ready: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    @property
    def pid(self) -> int:
        return self.process.pid

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.conn.close()
        with contextlib.suppress(subprocess.TimeoutExpired, ChildProcessError):
            self.process.wait(timeout=5)


class WorkerPool:
    """``workers`` processes for any job plus ``quick`` more kept for small ones; at most ``max_queued``
    jobs waiting or running before new ones are refused.

    ``time_limit`` seconds per job, from its arrival; ``memory_mb``: a worker over it while a job runs is
    killed (the job answers why); after a job it is replaced once over ``recycle_mb``. ``preload``: modules
    each worker imports, then ``warm`` (module-level ``"module:function"`` names) it calls, before it takes
    work, so a first request is as fast as a later one."""

    def __init__(self, workers: int = 2, time_limit: float = 10.0, max_queued: int = 1000,
                 preload: tuple[str, ...] = ("gridlogic.web.jobs",), warm: tuple[str, ...] = (),
                 quick: int = 0, memory_mb: float = 4000.0, recycle_mb: float = 1500.0) -> None:
        self.workers = workers
        self.quick = quick
        self.preload = preload
        self.warm = warm
        self.time_limit = time_limit
        self.max_queued = max_queued
        self.memory_mb = memory_mb
        self.recycle_mb = recycle_mb
        self.cancelled = 0
        """Jobs cancelled so far because their client went away."""
        self.replaced = 0
        """Workers killed and replaced so far (overrun, crash, memory, client gone)."""
        self._pending = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._all: set[_Worker] = set()
        self._idle: list[_Worker] = []
        self._waiters: list[tuple[bool, asyncio.Future[_Worker]]] = []

    # -- life cycle ------------------------------------------------------------------------------
    async def start(self, wait: float = 300.0) -> None:
        """Start every worker and wait (up to ``wait`` seconds) until each has warmed up; ``run`` does this
        on first use, before its job's clock starts."""
        if self._loop is asyncio.get_running_loop():
            return
        self._bind()
        pending = [w.ready for w in self._all if not w.ready.done()]
        if pending:
            await asyncio.wait(pending, timeout=wait)

    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return
        if self._loop is not None:  # a new event loop (tests run one per scenario): start afresh
            self.close()
        self._loop = loop
        for k in range(self.workers + self.quick):
            self._spawn(quick=k >= self.workers)

    def _spawn(self, quick: bool) -> None:
        parent, child = socketpair()
        settings = {"ppid": os.getpid(), "sys_path": sys.path, "preload": list(self.preload),
                    "warm": list(self.warm), "recycle_mb": self.recycle_mb}
        process = subprocess.Popen(  # started from the event loop's thread, whose exit the child watches
            [sys.executable, "-m", "gridlogic.web.workerproc", str(child.fileno())],
            pass_fds=(child.fileno(),), stdin=subprocess.DEVNULL, close_fds=True)
        child.close()
        conn = Connection(parent.detach())
        worker = _Worker(process, conn, quick)
        self._all.add(worker)
        conn.send_bytes(pickle.dumps(settings))
        loop = asyncio.get_running_loop()

        def started() -> None:
            loop.remove_reader(conn.fileno())
            try:
                conn.recv_bytes()
            except (EOFError, OSError):
                self._retire(worker)
                return
            if not worker.ready.done():
                worker.ready.set_result(None)
            self._release(worker)

        loop.add_reader(conn.fileno(), started)

    def _retire(self, worker: _Worker) -> None:
        """Kill ``worker`` and start another in its place (while the pool is open)."""
        if worker not in self._all:
            return
        self._all.discard(worker)
        if not worker.ready.done():
            worker.ready.set_result(None)
        if worker in self._idle:
            self._idle.remove(worker)
        if self._loop is not None:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(worker.conn.fileno())
        worker.kill()
        self.replaced += 1
        if self._loop is not None and not self._loop.is_closed():
            self._spawn(worker.quick)

    def close(self) -> None:
        """Kill every worker; jobs still waiting fail."""
        loop, self._loop = self._loop, None
        for worker in list(self._all):
            if loop is not None and not loop.is_closed():
                with contextlib.suppress(ValueError, OSError):
                    loop.remove_reader(worker.conn.fileno())
            worker.kill()
        self._all.clear()
        self._idle.clear()
        for _, waiter in self._waiters:
            if not waiter.done() and loop is not None and not loop.is_closed():
                waiter.set_exception(JobFailedError("the server is shutting down"))
        self._waiters.clear()

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and monitoring)."""
        return [w.pid for w in self._all]

    # -- handing out workers ---------------------------------------------------------------------
    def _release(self, worker: _Worker) -> None:
        """``worker`` is free: give it to the first waiter it may serve, else keep it idle."""
        for entry in self._waiters:
            small, waiter = entry
            if waiter.done():
                continue
            if worker.quick and not small:
                continue
            self._waiters.remove(entry)
            waiter.set_result(worker)
            return
        self._idle.append(worker)

    async def _acquire(self, small: bool, deadline: float) -> _Worker:
        choices = [w for w in self._idle if small or not w.quick]
        if choices:
            # a small job takes a quick worker first, keeping the others for large jobs
            worker = next((w for w in choices if w.quick), choices[0]) if small else choices[0]
            self._idle.remove(worker)
            return worker
        assert self._loop is not None
        waiter: asyncio.Future[_Worker] = self._loop.create_future()
        entry = (small, waiter)
        self._waiters.append(entry)
        try:
            return await asyncio.wait_for(asyncio.shield(waiter), max(0.0, deadline - time.monotonic()))
        except (TimeoutError, asyncio.CancelledError):
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._release(waiter.result())  # handed over just as this job gave up: pass it on
            waiter.cancel()
            raise
        finally:
            if entry in self._waiters:
                self._waiters.remove(entry)

    # -- running ---------------------------------------------------------------------------------
    async def run(self, fn: Callable[..., T], *args: Any, time_limit: float | None = None,
                  client: Disconnectable | None = None, small: bool = False) -> T:
        """``fn(*args)`` in a worker process, within ``time_limit`` seconds from now (the pool's limit by
        default). ``small``: the job may use the quick workers. Raises :class:`JobTimeoutError` past the
        limit, :class:`JobFailedError` if the worker died or outgrew the memory cap,
        :class:`ServerBusyError` when the queue is full, :class:`JobInputError` when the arguments cannot
        be sent; if ``client`` disconnects the job is cancelled and its worker killed."""
        await self.start()
        limit = self.time_limit if time_limit is None else time_limit
        deadline = time.monotonic() + limit
        if self._pending >= self.max_queued:
            raise ServerBusyError(f"server busy: {self._pending} jobs waiting; try again shortly")
        try:
            message = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        except RecursionError:
            raise JobInputError("the request is nested too deeply to process") from None
        except (pickle.PicklingError, TypeError, AttributeError) as e:
            raise JobInputError(f"the request cannot be sent to a worker ({type(e).__name__})") from None
        self._pending += 1
        try:
            refused = 0
            while True:
                try:
                    worker = await self._acquire(small, deadline)
                except TimeoutError:
                    raise JobTimeoutError(f"stopped after the time limit of {limit:g} s (no worker was free)") from None
                if worker.process.poll() is not None:  # died while idle, not yet noticed: it never gets the job,
                    self._retire(worker)  # and a fresh worker replaces it (waited for within the deadline)
                    continue
                try:
                    return await self._on(worker, message, deadline, limit, client)  # type: ignore[no-any-return]
                except _NotTaken:  # the job never reached the worker (_on retired it): another takes it
                    refused += 1
                    if refused >= TAKE_TRIES:
                        raise JobFailedError(f"the worker processes died before taking the job ({refused} tries)") \
                            from None
        finally:
            self._pending -= 1

    async def _on(self, worker: _Worker, message: bytes, deadline: float, limit: float,
                  client: Disconnectable | None) -> Any:
        assert self._loop is not None
        loop = self._loop
        answer: asyncio.Future[bytes] = loop.create_future()

        def readable() -> None:
            loop.remove_reader(worker.conn.fileno())
            if answer.done():
                return
            try:
                answer.set_result(worker.conn.recv_bytes(MAX_ANSWER_BYTES))
            except (EOFError, OSError) as e:
                answer.set_exception(e)

        healthy = False
        try:
            try:
                worker.conn.send_bytes(message)
            except OSError:
                raise _NotTaken from None
            loop.add_reader(worker.conn.fileno(), readable)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise JobTimeoutError(f"stopped after the time limit of {limit:g} s")
                done, _ = await asyncio.wait({answer}, timeout=min(POLL, left))
                if done:
                    break
                if client is not None and await client.is_disconnected():
                    self.cancelled += 1
                    raise asyncio.CancelledError
                used = rss_mb(worker.pid)
                if used > self.memory_mb:
                    raise JobFailedError(f"stopped: the job used more than {self.memory_mb:g} MB of memory")
            try:
                raw = answer.result()
            except OSError as e:
                if "too long" in str(e).lower() or "bad message length" in str(e).lower():
                    raise JobFailedError(f"the answer is larger than {MAX_ANSWER_BYTES:,} bytes") from None
                raise JobFailedError(f"the worker process died ({e})") from None
            except EOFError:
                code = worker.process.poll()
                why = f"exit code {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
                raise JobFailedError(f"the worker process died ({why})") from None
            try:
                status, value, recycle = pickle.loads(raw)
            except Exception as e:  # noqa: BLE001 - an answer that cannot be read is a failed job
                raise JobFailedError(f"the worker's answer could not be read ({type(e).__name__})") from None
            worker.jobs += 1
            healthy = not recycle
            if status == "error":
                raise value
            return value
        finally:
            with contextlib.suppress(ValueError, OSError):
                loop.remove_reader(worker.conn.fileno())
            if healthy and worker in self._all:
                self._release(worker)
            else:
                self._retire(worker)
