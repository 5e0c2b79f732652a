"""The worker pool: answers, deadlines that kill the worker, errors that carry through."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from gridlogic.core.errors import ParseError
from gridlogic.web.worker import JobTimeoutError, WorkerPool


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def _raise_parse() -> None:
    raise ParseError("bad", "here")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_answer_deadline_and_error() -> None:
    pool = WorkerPool(workers=1, time_limit=0.5)

    async def scenario() -> tuple[int, int]:
        # a fresh worker first imports this test module (pytest and all): those calls get time for it
        first = await pool.run(_pid_after, 0.0, time_limit=60)
        with pytest.raises(JobTimeoutError, match=r"time limit of 0\.5 s"):
            await pool.run(_pid_after, 30.0)
        second = await pool.run(_pid_after, 0.0, time_limit=60)
        with pytest.raises(ParseError, match=r"bad \(here\)"):
            await pool.run(_raise_parse)
        return first, second

    try:
        first, second = asyncio.run(scenario())
    finally:
        pool.close()
    assert first != second  # the overrunning worker was replaced
    deadline = time.monotonic() + 25  # under the job's 30 s: only the kill ends it this soon
    while _alive(first) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(first)


def _write_pid_then_sleep(path: str, seconds: float) -> int:
    Path(path).write_text(str(os.getpid()))
    time.sleep(seconds)
    return os.getpid()


class GoneAfterStart:
    """A client that is there until the job has started (its pid file exists), then gone."""

    def __init__(self, path: Path) -> None:
        self.path = path

    async def is_disconnected(self) -> bool:
        return self.path.exists()


def test_client_gone_kills_the_worker(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    pool = WorkerPool(workers=1, time_limit=600)

    async def scenario() -> int:
        with pytest.raises(asyncio.CancelledError):
            await pool.run(_write_pid_then_sleep, str(pid_file), 600.0, client=GoneAfterStart(pid_file))
        return await pool.run(os.getpid)  # the pool still serves, from a new worker

    try:
        after = asyncio.run(scenario())
    finally:
        pool.close()
    gone = int(pid_file.read_text())
    assert after != gone
    assert pool.cancelled == 1
    deadline = time.monotonic() + 120  # only a kill ends it this soon, however loaded the machine: the job sleeps 600 s
    while _alive(gone) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(gone)
