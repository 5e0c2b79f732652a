"""One worker process of :class:`gridlogic.web.worker.WorkerPool` (``python -m gridlogic.web.workerproc FD``).

It dies with the server (the kernel's parent-death signal, checked once more against the parent's
pid), imports and warms what it will need, sets what survives aside from the garbage collector
(:func:`settle`), says it is ready, then answers jobs one at a time: ``(fn, args)`` in, ``(status,
value, recycle)`` out, ``recycle`` set once its memory passed the pool's recycling mark so the pool
replaces it.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import importlib
import os
import pickle
import signal
import sys
import traceback
from multiprocessing.connection import Connection
from typing import Any

PR_SET_PDEATHSIG = 1


def die_with_parent(ppid: int) -> None:
    """SIGKILL this process when its parent goes (Linux), or now if it has gone already."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != ppid:
        os._exit(0)


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


def _warm(names: list[str]) -> None:
    for name in names:
        module, _, function = name.partition(":")
        try:
            getattr(importlib.import_module(module), function)()
        except Exception:  # noqa: BLE001 - warming is an optimisation: a failure is logged, never fatal
            print(f"gridlogic worker: warming {name} failed:", file=sys.stderr)
            traceback.print_exc(limit=3)


def settle() -> None:
    """Collect the garbage of the imports and the warming now and set what survives aside for good
    (``gc.freeze``): otherwise the first job pays for a full collection over all of it (about 1 ms of a
    6x6 Hint's 2)."""
    gc.collect()
    gc.freeze()


def _answer(conn: Connection, status: str, value: Any, recycle: bool) -> None:
    try:
        data = pickle.dumps((status, value, recycle), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as e:  # noqa: BLE001 - an answer that cannot be sent is reported as such
        from gridlogic.core.errors import GridlogicError

        data = pickle.dumps(("error", GridlogicError(f"the answer cannot be sent ({type(e).__name__})"), recycle))
    conn.send_bytes(data)


def serve(conn: Connection) -> None:
    settings: dict[str, Any] = pickle.loads(conn.recv_bytes())
    die_with_parent(settings["ppid"])
    sys.path[:] = settings["sys_path"]
    for module in settings["preload"]:
        importlib.import_module(module)
    _warm(settings["warm"])
    settle()
    conn.send_bytes(b"ready")
    recycle_mb = float(settings["recycle_mb"])
    while True:
        try:
            raw = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            fn, args = pickle.loads(raw)
            value = fn(*args)
            status = "ok"
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt | SystemExit):
                raise
            value, status = e, "error"
        _answer(conn, status, value, _rss_mb() > recycle_mb)


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which then stops us
    serve(Connection(int(sys.argv[1])))


if __name__ == "__main__":
    main()
