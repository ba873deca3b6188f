"""The ASGI guard in front of the app: what one request may hold, and that it always ends.

For every HTTP request:
- a request line and headers over ``MAX_HEADERS`` bytes are answered 431;
- a body declared over ``max_body`` is answered 413 (JSON naming ``body``) before any of it is
  read; a chunked body that grows past it is cut the same way;
- the body must arrive within ``body_timeout`` seconds of the headers, or the client gets 408;
- a client that hangs up (mid-body, queued, or while its puzzle is solved) has the app's task
  cancelled at once: its place in the queue and its worker are given back (the app and the jobs
  release them on cancellation), nothing is logged but one line;
- a request ends within its time limit (``scope[TIME_LIMIT]``, set by the app once it has read
  it; the server's cap until then) plus ``REQUEST_GRACE`` from the end of its body, whatever
  happens behind it: past that the app is cancelled and the client gets 503 with Retry-After;
- an error nobody foresaw is one log line with an id, and the client's 500 carries the id;
- every answer carries ``nosniff``, a Content-Security-Policy with ``frame-ancestors 'none'``
  and no referrer.

The connection itself (slow headers, the cap on open connections, half-closes, closing after an
early answer) is ``edge.py``'s: an ASGI app sees a request only once its headers are in.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from . import quietlog

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

REQUEST_GRACE = 15.0  # seconds past a request's time limit: a run's hard stop (10 s) plus start and answer
RETRY_AFTER = 5  # seconds a turned-away client is told to wait
TIME_LIMIT = "pyclingo.time_limit"  # scope key: the request's time limit, once the app knows it
MAX_HEADERS = 16 * 1024  # bytes of a request's line and headers (h11's own limit on incomplete ones)
CANCEL_WAIT = 2.0  # seconds a cancelled app task may take to unwind before the guard stops waiting

# every answer's; the pages' policy is the app's (it knows which inline scripts its previews run)
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
API_POLICY = b"default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


def answer_bytes(status: int, message: str, field: str | None = None, retry_after: int | None = None) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection (for the edge, below h11's state)."""
    from http import HTTPStatus

    body = json.dumps({"error": message} | ({"field": field} if field else {})).encode()
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}", "content-type: application/json",
            f"content-length: {len(body)}", "connection: close"]  # fmt: skip
    head += [f"{k.decode()}: {v.decode()}" for k, v in (*SECURITY_HEADERS, (b"content-security-policy", API_POLICY))]
    if retry_after is not None:
        head.append(f"retry-after: {retry_after}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


class Guard:
    def __init__(self, app: ASGIApp, *, max_body: int, body_timeout: float, max_time_limit: float,
                 page_policy: bytes = API_POLICY, grace: float = REQUEST_GRACE):  # fmt: skip
        self.app = app
        self.max_body = max_body
        self.body_timeout = body_timeout
        self.max_time_limit = max_time_limit
        self.page_policy = page_policy
        self.grace = grace

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await Exchange(self, scope, receive, send).run()


class Exchange:
    """One request through the guard."""

    def __init__(self, guard: Guard, scope: Scope, receive: Receive, send: Send):
        self.guard = guard
        self.scope = scope
        self.receive = receive
        self.send = send
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.body_done = asyncio.Event()
        self.gone = asyncio.Event()
        self.started = False  # the answer's headers are sent
        self.finished = False  # the whole answer is sent
        self.cut = False  # the guard answers (or has given up on) this request: the app's sends are dropped
        self.received = 0
        self.too_big = False  # a body without a declared length grew past max_body

    def declared(self) -> int | None:
        for name, value in self.scope.get("headers", ()):
            if name == b"content-length":
                with contextlib.suppress(ValueError):
                    return int(value)
        return None

    async def run(self) -> None:
        size = len(self.scope.get("raw_path", b"")) + sum(len(k) + len(v) + 4 for k, v in self.scope.get("headers", ()))
        if size > MAX_HEADERS:  # h11 holds back only headers still incomplete past its limit: one read may hold more
            quietlog.expected("431", "headers of %d bytes were refused (over %d)", size, MAX_HEADERS)
            await self.refuse(431, f"headers: {size} bytes is over the limit of {MAX_HEADERS} bytes", "headers")
            return
        declared = self.declared()
        if declared is not None and declared > self.guard.max_body:
            quietlog.expected("413", "a body of %d bytes was refused (over --max-body) before it was read", declared)
            await self.refuse(413, f"body: {declared} bytes is over the server's limit of {self.guard.max_body} bytes",
                              "body")  # fmt: skip
            return
        loop = asyncio.get_running_loop()
        headers_at = loop.time()
        pump = asyncio.ensure_future(self.pump())
        app = asyncio.ensure_future(self.guard.app(self.scope, self.app_receive, self.app_send))
        gone = asyncio.ensure_future(self.gone.wait())
        try:
            await self.watch(app, gone, headers_at)
        finally:
            gone.cancel()
            pump.cancel()
            if not app.done():
                await self.cancel(app)

    async def watch(self, app: asyncio.Future[None], gone: asyncio.Future[Any], headers_at: float) -> None:
        loop = asyncio.get_running_loop()
        body_at: float | None = None
        while True:
            if self.body_done.is_set() and body_at is None:
                body_at = loop.time()
            if body_at is None:
                left = headers_at + self.guard.body_timeout - loop.time()
            else:
                limit = self.scope.get(TIME_LIMIT) or self.guard.max_time_limit
                left = body_at + float(limit) + self.guard.grace - loop.time()
            if left <= 0:
                await self.late(app, body_at is None)
                return
            waiting = {app, gone} if body_at is not None else {app, gone, asyncio.ensure_future(self.body_done.wait())}
            done, _ = await asyncio.wait(waiting, timeout=min(left, 1.0), return_when=asyncio.FIRST_COMPLETED)
            for extra in waiting - {app, gone}:
                extra.cancel()
            if app in done:
                await self.ended(app)
                return
            if gone in done:
                await self.cancel(app)
                what = "queued or solving" if self.body_done.is_set() else "in the middle of its body"
                quietlog.expected("gone", "a client hung up %s: its request was stopped", what)
                return

    async def ended(self, app: asyncio.Future[None]) -> None:
        exc = app.exception() if not app.cancelled() else None
        if self.too_big and not self.started:  # the app read on past the limit and saw a hang-up
            await self.refuse(413, f"body: over the server's limit of {self.guard.max_body} bytes", "body")
            return
        if exc is None:
            return
        if type(exc).__name__ == "ClientDisconnect" or self.gone.is_set():  # starlette.requests.ClientDisconnect
            quietlog.expected("gone", "a client hung up %s: its request was stopped", "in the middle of its body")
            return
        eid = quietlog.unexpected(f"{self.scope.get('method')} {str(self.scope.get('path', ''))[:80]}", exc)
        await self.refuse(500, f"internal error: the server could not answer this request (error {eid})")

    async def late(self, app: asyncio.Future[None], in_body: bool) -> None:
        await self.cancel(app)
        if in_body:
            quietlog.expected("408", "a body did not arrive within %g s: 408", self.guard.body_timeout)
            await self.refuse(408, f"body: not received within the server's {self.guard.body_timeout:g} s", "body")
            return
        limit = float(self.scope.get(TIME_LIMIT) or self.guard.max_time_limit)
        quietlog.expected("late", "a request did not end within its time limit plus %g s: 503", self.guard.grace)
        await self.refuse(503, f"the server could not answer within the time limit ({limit:g} s) plus "
                               f"{self.guard.grace:g} s; try again in {RETRY_AFTER} s",
                          retry_after=RETRY_AFTER)  # fmt: skip

    async def cancel(self, app: asyncio.Future[None]) -> None:
        self.cut = True
        app.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.wait({app}, timeout=CANCEL_WAIT)
        if app.done() and not app.cancelled():
            app.exception()  # retrieved: an app that ended as it was cancelled logs nothing

    async def refuse(self, status: int, message: str, field: str | None = None, retry_after: int | None = None) -> None:
        """The guard's own answer, closing the connection (its body may be unread)."""
        self.cut = True
        if self.started or self.gone.is_set():
            return
        body = json.dumps({"error": message} | ({"field": field} if field else {})).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close"), *SECURITY_HEADERS, (b"content-security-policy", API_POLICY)]  # fmt: skip
        if retry_after is not None:
            headers.append((b"retry-after", str(retry_after).encode()))
        self.started = True
        with contextlib.suppress(Exception):
            await self.send({"type": "http.response.start", "status": status, "headers": headers})
            await self.send({"type": "http.response.body", "body": body})
        self.finished = True

    async def pump(self) -> None:
        """The only reader of the server's ``receive``: the body for the app, then the hang-up."""
        try:
            while True:
                message = await self.receive()
                if message["type"] == "http.disconnect":
                    self.gone.set()
                    await self.inbox.put(message)
                    return
                if message["type"] == "http.request":
                    self.received += len(message.get("body", b""))
                    if self.received > self.guard.max_body:
                        self.too_big = True
                        self.body_done.set()
                        quietlog.expected(
                            "413", "a body was refused past %d bytes (over --max-body)", self.guard.max_body
                        )
                        await self.inbox.put({"type": "http.disconnect"})
                        return
                    if not message.get("more_body", False):
                        self.body_done.set()
                await self.inbox.put(message)
        except asyncio.CancelledError:
            raise
        except Exception:  # the server's receive failed: the client is as good as gone
            self.gone.set()

    async def app_receive(self) -> Message:
        if self.gone.is_set() and self.inbox.empty():
            return {"type": "http.disconnect"}
        return await self.inbox.get()

    async def app_send(self, message: Message) -> None:
        if self.cut or self.gone.is_set():
            return
        if message["type"] == "http.response.start":
            headers = [(k.lower(), v) for k, v in message.get("headers", [])]
            names = {k for k, _ in headers}
            media = dict(headers).get(b"content-type", b"")
            policy = self.guard.page_policy if media.startswith(b"text/html") else API_POLICY
            extra = [(k, v) for k, v in (*SECURITY_HEADERS, (b"content-security-policy", policy)) if k not in names]
            message = dict(message) | {"headers": headers + extra}
            self.started = True
        elif message["type"] == "http.response.body" and not message.get("more_body", False):
            self.finished = True
        await self.send(message)
