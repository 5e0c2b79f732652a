"""The server's own side of a first request, paid at start-up rather than by the first user.

The workers warm themselves (:mod:`gridlogic.web.workerproc`). What is left is in the server process:
FastAPI builds each route's request handling (its parameters, body model and validators) the first
time a request reaches the route, about 2-3 ms, so a fresh server's first Hint took twice as long as
the next one. :func:`warm_routes` sends every route of the app's OpenAPI schema one request through
the app itself (no network): a GET, or a POST with the empty JSON object, which every solver route
refuses as bad input (422) before it reaches the worker pool (``/api/starstar/state`` answers the
empty game). Nothing is kept from those answers; the routes are then as quick on their first real
request as on later ones.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any

Message = MutableMapping[str, Any]
ASGIApp = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                   Awaitable[None]]

WARM_BODY = b"{}"
"""What a warming POST sends: no solver route takes it, so it stops at validation (422), before the pool."""


def warm_requests(paths: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    """``(method, path)`` of every GET and POST of an OpenAPI ``paths`` object, paths with parameters aside."""
    return [(method.upper(), path) for path, methods in paths.items() if "{" not in path
            for method in methods if method in ("get", "post")]


async def request(app: ASGIApp, method: str, path: str, body: bytes = b"") -> int:
    """Send ``app`` one HTTP request from 127.0.0.1 (scripts' way: no Origin) and return its status."""
    scope: dict[str, Any] = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
        "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())],
        "client": ("127.0.0.1", 0), "server": ("127.0.0.1", 80)}
    finished = asyncio.Event()
    status = 0
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await finished.wait()  # the client stays until the answer is complete
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body" and not message.get("more_body", False):
            finished.set()

    await app(scope, receive, send)
    finished.set()
    return status


async def warm_routes(app: ASGIApp, requests: Iterable[tuple[str, str]]) -> dict[str, int]:
    """Send each ``(method, path)`` once (a POST with :data:`WARM_BODY`); the status of each, by ``"METHOD path"``
    (0 for a route that raised: warming is an optimisation, it never stops the server from starting)."""
    out: dict[str, int] = {}
    for method, path in requests:
        try:
            out[f"{method} {path}"] = await request(app, method, path, WARM_BODY if method == "POST" else b"")
        except Exception:  # noqa: BLE001 - see above; the route's own error handling reports it when it is used
            out[f"{method} {path}"] = 0
    return out
