"""Solver work off the event loop: worker processes, a deadline per job, the worker killed on overrun.

Every web route that calls a solver goes through :meth:`WorkerPool.run`. A job that runs past its time
limit, or whose client went away, has its worker process killed (pebble replaces it), so no CPU is
left burning for nobody. Cheap work (listing kinds, parsing) stays in the event loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import pebble

from gridlogic.core.errors import GridlogicError

T = TypeVar("T")


class JobTimeoutError(GridlogicError):
    """The job ran past its time limit and was stopped."""


class JobFailedError(GridlogicError):
    """The worker process died (out of memory, a crash) before it answered."""


class ServerBusyError(GridlogicError):
    """Too many jobs are already waiting."""


class Disconnectable(Protocol):
    async def is_disconnected(self) -> bool: ...


class WorkerPool:
    """``workers`` processes; at most ``max_queued`` jobs waiting or running before new ones are refused."""

    def __init__(self, workers: int = 2, time_limit: float = 10.0, max_queued: int = 1000,
                 preload: tuple[str, ...] = ("gridlogic.web.jobs",)) -> None:
        self.workers = workers
        self.preload = preload
        self.time_limit = time_limit
        self.max_queued = max_queued
        self._pool: pebble.ProcessPool | None = None
        self._pending = 0
        self.cancelled = 0
        """Jobs cancelled so far because their client went away."""

    def _ensure(self) -> pebble.ProcessPool:
        if self._pool is None:
            # Workers come from a fork server, never from the serving process itself: forking a process
            # whose other threads hold locks (the server's thread pool, logging, imports) can leave the
            # child deadlocked, and a replacement worker then never runs its job. The fork server starts
            # single-threaded with ``preload`` imported, so new workers start warm.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(self.preload))
            self._pool = pebble.ProcessPool(max_workers=self.workers, context=context)
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any, time_limit: float | None = None,
                  client: Disconnectable | None = None) -> T:
        """``fn(*args)`` in a worker process. Raises :class:`JobTimeoutError` past the limit (seconds of
        running, not of waiting), :class:`JobFailedError` if the worker died, :class:`ServerBusyError` when the
        queue is full; if ``client`` disconnects, the job is cancelled and its worker killed."""
        if self._pending >= self.max_queued:
            raise ServerBusyError(f"server busy: {self._pending} jobs waiting; try again shortly")
        limit = self.time_limit if time_limit is None else time_limit
        future = self._ensure().schedule(fn, args=args, timeout=limit)
        waiting = asyncio.wrap_future(future)
        self._pending += 1
        try:
            while True:
                done, _ = await asyncio.wait({waiting}, timeout=0.25)
                if done:
                    break
                if client is not None and await client.is_disconnected():
                    future.cancel()  # type: ignore[no-untyped-call]
                    self.cancelled += 1
                    raise asyncio.CancelledError
            return waiting.result()
        except (concurrent.futures.TimeoutError, TimeoutError):
            raise JobTimeoutError(f"stopped after the time limit of {limit:g} s") from None
        except pebble.ProcessExpired as e:
            raise JobFailedError(f"the worker process died ({e})") from None
        finally:
            self._pending -= 1
            if not future.done():
                future.cancel()  # type: ignore[no-untyped-call]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool.join(timeout=5)
            self._pool = None
