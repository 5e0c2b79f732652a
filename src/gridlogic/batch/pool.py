"""Where a batch's tasks run: a local process pool (pebble) whose workers die with their parent, or a
Ray cluster (optional extra ``gridlogic[ray]``), work sent in chunks."""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from gridlogic.batch.tasks import Task, error_row, run_chunk, run_task
from gridlogic.core.errors import UnsupportedError
from gridlogic.core.numbers import parse_int

Runner = Callable[[list[Task]], Iterator[dict[str, Any]]]

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


def local(workers: int, timeout: float | None) -> Runner:
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
def ray(address: str, workers: int, timeout: float | None, connect_timeout: float) -> Runner:
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
