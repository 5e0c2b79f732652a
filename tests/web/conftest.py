"""A real uvicorn server on loopback for the browser and load tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from gridlogic.web.app import create_app


def start_server(**app_options: object) -> tuple[uvicorn.Server, threading.Thread, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(**app_options), host="127.0.0.1", port=port,  # type: ignore[arg-type]
                                        log_level="warning", backlog=2048))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 300  # the workers warm up before the server listens
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started, "the test server did not start"
    return srv, thread, f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """Base URL (no trailing slash) of a served app: 2 workers, a 10 s limit."""
    srv, thread, url = start_server()
    yield url
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def fast() -> Iterator[str]:
    """A server with a 3 s limit, so an overrunning solve is stopped quickly."""
    srv, thread, url = start_server(workers=2, time_limit=3.0)
    yield url
    srv.should_exit = True
    thread.join(timeout=10)
