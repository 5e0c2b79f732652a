"""The web app's front door (one ASGI middleware): which hosts and origins may ask, how much they may
send and get back, and the security headers every answer carries.

- ``Host`` must name this server (127.0.0.1, localhost, ::1, or the ``--host`` it was started with):
  a page on another site cannot reach it by DNS rebinding.
- A POST from a browser must come from this server's own pages (``Origin``, else ``Sec-Fetch-Site``);
  requests without either (curl, scripts) are served.
- Bodies: at most ``max_body`` bytes (413), JSON nested at most :data:`MAX_JSON_DEPTH` deep (400),
  checked before anything parses them; the body is kept in the scope so an error can avoid quoting it.
- Answers: at most ``max_answer`` bytes (a 422 saying so instead), a Content-Security-Policy (pages run
  only their own scripts; anything else, an SVG opened on its own included, runs none), ``nosniff``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import unquote

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_JSON_DEPTH = 320
"""Deepest JSON nesting a request may have ([ and { inside one another): a proof 100 case splits deep
fits, with room; a deeper body is refused before it is parsed."""
BODY_KEY = "gridlogic.body"
"""Where the request body (and its path and query) is kept in the ASGI scope, for error messages that must
not quote it."""
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DATA_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Refused(Exception):  # noqa: N818 - control flow: the answer to send instead
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def json_depth(body: bytes) -> int:
    """How deeply ``[`` and ``{`` nest in the JSON text ``body`` (strings skipped); linear, no parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def too_deep(body: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``body`` nests deeper than ``limit``; bodies whose brackets are few are passed at once."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    return json_depth(body) > limit


def hostname(host: str) -> str:
    """The host part of a ``Host`` header or URL netloc (no port; IPv6 without brackets), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_hosts(bound: str | None, extra: Iterable[str] = ()) -> frozenset[str]:
    """The local names, the address the server was started on (unless it is a wildcard), and ``extra``."""
    names = {*LOCAL_HOSTS, *(hostname(h) for h in extra)}
    if bound and bound not in ("0.0.0.0", "::"):
        names.add(hostname(bound))
    return frozenset(names)


class Guard:
    def __init__(self, app: ASGIApp, *, max_body: int, max_answer: int, hosts: frozenset[str]) -> None:
        self.app = app
        self.max_body = max_body
        self.max_answer = max_answer
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            headers = {k.lower(): v for k, v in scope.get("headers") or []}
            self._check_host(headers)
            if scope.get("method", "GET") not in SAFE_METHODS:
                self._check_origin(headers)
            body = await self._body(headers, receive)
        except Refused as no:
            await answer(send, no.status, no.message, DATA_POLICY)
            return
        where = scope.get("path", "") + "?" + unquote(scope.get("query_string", b"").decode("latin-1"))
        scope[BODY_KEY] = body + b"\n" + where.encode("utf-8", "replace")
        await self.app(scope, _replay(body, receive), self._bounded(scope, send))

    def _check_host(self, headers: dict[bytes, bytes]) -> None:
        host = headers.get(b"host", b"").decode("latin-1")
        if hostname(host) not in self.hosts:
            raise Refused(400, "the Host header names a host this server does not serve "
                               f"(it answers to {', '.join(sorted(self.hosts))})")

    def _check_origin(self, headers: dict[bytes, bytes]) -> None:
        origin = headers.get(b"origin")
        if origin is not None:
            netloc = origin.decode("latin-1").split("://", 1)[-1].rstrip("/")
            if netloc.lower() != headers.get(b"host", b"").decode("latin-1").lower():
                raise Refused(403, "cross-site request refused: the Origin header is not this server's own page")
        elif headers.get(b"sec-fetch-site") in (b"cross-site", b"same-site"):
            raise Refused(403, "cross-site request refused (Sec-Fetch-Site)")

    async def _body(self, headers: dict[bytes, bytes], receive: Receive) -> bytes:
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            raise Refused(413, self._too_large())
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_body:
                raise Refused(413, self._too_large())
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if b"json" in headers.get(b"content-type", b"") and too_deep(body):
            raise Refused(400, f"the request body is nested too deeply (more than {MAX_JSON_DEPTH} levels of "
                               "[ and { inside one another)")
        return body

    def _too_large(self) -> str:
        return f"request body too large: the limit is {self.max_body:,} bytes"

    def _bounded(self, scope: Scope, send: Send) -> Send:
        """``send`` with the security headers added and answers over ``max_answer`` bytes replaced."""
        refused = False

        async def wrapped(message: Message) -> None:
            nonlocal refused
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                size = next((int(v) for k, v in headers if k.lower() == b"content-length" and v.isdigit()), 0)
                if size > self.max_answer:
                    refused = True
                    await answer(send, 422, f"the answer would be {size:,} bytes, more than this server sends "
                                            f"({self.max_answer:,}): ask for less, or use the command line",
                                 DATA_POLICY)
                    return
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers)
                headers += security_headers(PAGE_POLICY if html else DATA_POLICY)
                message["headers"] = headers
            elif refused:
                return
            await send(message)

        return wrapped


def security_headers(policy: str) -> list[tuple[bytes, bytes]]:
    return [(b"content-security-policy", policy.encode()), (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def answer(send: Send, status: int, error: str, policy: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *security_headers(policy)]})
    await send({"type": "http.response.body", "body": body})


QUOTED = re.compile(r"'((?:[^'\\]|\\.){2,})'|\"((?:[^\"\\]|\\.){2,})\"")


def redact(message: str, body: bytes | None) -> str:
    """``message`` with every quoted piece of the request's own ``body`` replaced by ``'…'``: an error names
    the field and the position, never quotes the input itself."""
    if not body:
        return message
    text = body.decode("utf-8", "replace")

    def one(m: re.Match[str]) -> str:
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        inner = inner.removesuffix("…")  # quoted cut short (``shown``): its start is still the input
        plain = inner.encode("utf-8", "replace").decode("unicode_escape", "replace") if "\\" in inner else inner
        if inner in text or plain in text or json.dumps(plain)[1:-1] in text:
            return "'…'"
        return m.group(0)

    return QUOTED.sub(one, message)
