"""The server's connections: what a client may hold before the app sees its request, and how a
connection ends (uvicorn's h11 protocol, subclassed).

- **Headers in time**: a request's line and headers must be in within ``header_timeout`` seconds
  of the connection's opening (or of the first byte of the next request on a kept-alive one);
  past that the client gets 408 and the connection is closed (a client sending a header line
  every few seconds holds nothing for long).
- **A cap on open connections**: one more than ``connection_cap`` gets 503 with Retry-After at
  once and is closed. The cap is ``max_connections``, lowered to fit the process's file
  descriptors (``ulimit -n``) with room for the workers' pipes, the refused connections and a
  burst's accepted ones not yet counted (``FDS_IN_FLIGHT``), so the server never runs out of
  them (no 500s, no flood of ``EMFILE`` errors in the log). A refused connection holds its
  descriptor for a moment (``REFUSED_LINGER``); in a burst past the cap and ``FDS_SPARE`` more,
  the excess is reset at once, and asyncio accepts at most ``ACCEPT_BATCH`` before the check.
- **A closing that the client can read**: a connection closed before its client has sent the
  whole body (a 413 or 408 answered early) first ends its own side, then reads and drops what
  still arrives for at most ``linger`` seconds, then closes: closing with unread data would send
  a reset, and the client could lose the answer it has not read yet.
- **Half-close**: a client that ends its side after a whole request (``shutdown(SHUT_WR)``) gets
  its answer. To tell it from a client that has gone (both arrive as an end of file) the server
  sends an interim ``100 Continue`` (which every HTTP/1.1 client passes over) now and then until
  the answer starts: to a closed socket that write fails within a round trip, and the request
  is stopped as a hang-up (the guard cancels it).
"""

from __future__ import annotations

import asyncio
import resource
from dataclasses import dataclass
from typing import Any

import h11
from h11._connection import DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
from uvicorn.protocols.http.h11_impl import H11Protocol

from . import quietlog
from .guard import RETRY_AFTER, answer_bytes

FDS_KEPT = 48  # file descriptors the cap leaves for the server itself (its sockets, log, temporary files)
FDS_SPARE = 24  # of which refused connections may use this many for a moment (then they are reset)
REFUSED_LINGER = 0.2  # seconds a refused connection reads (its request, sent at once) before it closes
# asyncio accepts up to its backlog of connections in one go before any of them reaches the cap's
# check (connection_made runs after the batch): a small batch keeps a burst within FDS_SPARE, and the
# listening socket's own queue stays long (``server.py`` sets it again after the start)
ACCEPT_BATCH = 16
LISTEN_BACKLOG = 2048
FDS_PER_WORKER = 16  # and for each worker (its pipes, its own children's)
# accepted connections the cap's check has not seen yet, and reset ones not yet closed: asyncio
# makes a connection's protocol two loop turns after its accept, while the next batch is accepted,
# and closes an aborted one a turn later (a burst of 300 under ulimit -n 256: 29 past the cap and
# the spare, at the peak); the cap leaves room for three batches
FDS_IN_FLIGHT = 3 * ACCEPT_BATCH
PROBE_EVERY = (0.05, 0.2, 0.5)  # seconds between 100 Continue probes of a half-closed client (then the last)


@dataclass(frozen=True)
class EdgeLimits:
    """What one connection may hold (``serve``'s options)."""

    header_timeout: float = 10.0  # seconds for a request's line and headers
    body_timeout: float = 10.0  # seconds for its body, from the end of its headers (the guard's)
    max_connections: int = 512  # open connections; more get 503 at once
    keep_alive: int = 5  # seconds an idle kept-alive connection stays open
    linger: float = 2.0  # seconds an early answer's connection keeps dropping the rest of the body


def connection_cap(max_connections: int, workers: int) -> tuple[int, str | None]:
    """``max_connections``, lowered to fit the soft ``RLIMIT_NOFILE``; why it was lowered, or None."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return max_connections, None
    room = soft - FDS_KEPT - FDS_PER_WORKER * workers - FDS_SPARE - FDS_IN_FLIGHT
    if room >= max_connections:
        return max_connections, None
    cap = max(8, room)
    return cap, f"at most {cap} open connections (ulimit -n is {soft}; --max-connections asked for {max_connections})"


def protocol(limits: EdgeLimits, cap: int) -> type[H11Protocol]:
    """The protocol class uvicorn builds each connection with (``Config(http=...)``)."""
    return type("Edge", (EdgeProtocol,), {"limits": limits, "cap": cap, "hard_cap": cap + FDS_SPARE})


class _Transport:
    """The connection's transport as uvicorn's code sees it: closing goes through the protocol,
    which ends a connection with an unread body gently (``EdgeProtocol.close``)."""

    def __init__(self, transport: asyncio.Transport, edge: EdgeProtocol):
        self._transport = transport
        self._edge = edge

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def close(self) -> None:
        self._edge.close()


class EdgeProtocol(H11Protocol):
    limits: EdgeLimits
    cap: int
    hard_cap: int

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.real = transport
        self.lingering = False
        self.half_closed = False
        self.probes = 0
        self.timers: dict[str, asyncio.TimerHandle] = {}
        super().connection_made(_Transport(transport, self))  # type: ignore[arg-type]
        if len(self.connections) > self.hard_cap:  # far past the cap: not even an answer (it costs time)
            transport.abort()
            return
        if len(self.connections) > self.cap:
            quietlog.expected("cap", "a connection was refused: %d are open (the cap): 503", self.cap)
            self.answer_and_close(503, f"the server has {self.cap} open connections; try again in {RETRY_AFTER} s",
                                  retry_after=RETRY_AFTER, linger=REFUSED_LINGER)  # fmt: skip
            return
        self.timer("headers", self.limits.header_timeout, self.headers_late)

    # timers
    def timer(self, name: str, delay: float, callback: Any) -> None:
        self.untimer(name)
        self.timers[name] = self.loop.call_later(delay, callback)

    def untimer(self, name: str) -> None:
        handle = self.timers.pop(name, None)
        if handle is not None:
            handle.cancel()

    # reading
    def data_received(self, data: bytes) -> None:
        if self.lingering:
            return  # the rest of a body nobody will read
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:  # a request's headers still to come
            if "headers" not in self.timers and not self.real.is_closing():
                self.timer("headers", self.limits.header_timeout, self.headers_late)
        else:
            self.untimer("headers")

    def headers_late(self) -> None:
        self.timers.pop("headers", None)
        if self.conn.their_state is not h11.IDLE or self.real.is_closing():
            return
        quietlog.expected("headers", "a client did not send its headers within %g s: 408", self.limits.header_timeout)
        self.answer_and_close(408, f"headers: not received within the server's {self.limits.header_timeout:g} s",
                              "headers")  # fmt: skip

    def send_400_response(self, msg: str) -> None:
        """h11 refused the request (uvicorn's answer is plain text): JSON, 431 for headers over
        h11's limit, else 400; then a gentle close."""
        limit = self.config.h11_max_incomplete_event_size or DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
        if len(self.conn.trailing_data[0]) >= limit:
            self.answer_and_close(431, f"headers: over the server's limit of {limit // 1024} KiB", "headers")
        else:
            self.answer_and_close(400, "not an HTTP/1.1 request this server can read")

    def eof_received(self) -> bool | None:  # type: ignore[override]
        if self.lingering:
            return None  # the client is done sending: close now
        cycle = self.cycle
        whole = self.conn.their_state in (h11.DONE, h11.MUST_CLOSE)
        if cycle is not None and whole and not cycle.response_complete:
            self.half_closed = True  # answer it, and find out whether anybody is still there
            self.untimer("keep-alive")
            self.probe()
            return True
        return None

    def probe(self) -> None:
        """An interim 100 Continue to a half-closed client: a client that has gone resets the
        connection, and the next write fails (``connection_lost``: the guard stops the request)."""
        self.timers.pop("probe", None)
        cycle = self.cycle
        if cycle is None or cycle.response_started or cycle.response_complete or self.real.is_closing():
            return
        if self.conn.their_http_version != b"1.1" or self.conn.our_state is not h11.SEND_RESPONSE:
            return  # no 1xx to an HTTP/1.0 client: its answer's own write tells
        try:
            self.real.write(self.conn.send(h11.InformationalResponse(status_code=100, headers=[], reason=b"Continue")))
        except h11.LocalProtocolError:
            return
        self.probes += 1
        self.timer("probe", PROBE_EVERY[min(self.probes, len(PROBE_EVERY)) - 1], self.probe)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.half_closed:  # nothing more can come from this client
            self.close()

    # closing
    def answer_and_close(
        self, status: int, message: str, field: str | None = None, retry_after: int | None = None,
        linger: float | None = None,
    ) -> None:  # fmt: skip
        """An answer below h11 (none started on this connection), then a gentle close."""
        self.real.write(answer_bytes(status, message, field, retry_after))
        self.linger(linger)

    def close(self) -> None:
        """How uvicorn's code closes this connection: gently when the client may still be sending."""
        if self.real.is_closing() or self.lingering:
            return
        if self.conn.their_state in (h11.SEND_BODY, h11.IDLE) and self.cycle is not None and not self.half_closed:
            self.linger()
        else:
            self.real.close()

    def linger(self, seconds: float | None = None) -> None:
        """End our side, drop what still comes for at most ``seconds`` (the ``linger`` limit), then close."""
        if self.lingering or self.real.is_closing():
            return
        self.lingering = True
        for name in list(self.timers):
            self.untimer(name)
        self._unset_keepalive_if_required()
        if self.real.can_write_eof():
            try:
                self.real.write_eof()
            except OSError:
                self.real.close()
                return
        self.real.resume_reading()
        self.timer("linger", self.limits.linger if seconds is None else seconds, self.real.close)

    def connection_lost(self, exc: Exception | None) -> None:
        for name in list(self.timers):
            self.untimer(name)
        super().connection_lost(exc)

    def shutdown(self) -> None:
        if self.lingering:
            self.real.close()
            return
        super().shutdown()

    def timeout_keep_alive_handler(self) -> None:
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a half-closed request still being answered
        super().timeout_keep_alive_handler()
