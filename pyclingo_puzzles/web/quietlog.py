"""The server's log: one line per event, and never a wait on the event loop.

Issue 47's wedge: every client hang-up was a 3 KB traceback written to stderr from the event loop;
once stderr was a pipe nobody read (a test's pipe, a paused pager, a stalled journal) the loop
blocked in ``write(2)`` for good and answered nothing, not even a stop signal. Here records go to a
bounded queue that a thread of its own writes out: the loop never waits on the sink, and a record
that finds the queue full is dropped and counted (the count is written once the sink drains).

- An expected event (a hang-up, a refused or timed-out client, a bad request) is one line, and
  the same kind of event is written at most once per ``WINDOW`` seconds: the first, then a count.
- An unexpected error is one line with an id (the id the client's 500 carries); its traceback is
  written only under ``--debug``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import secrets
import threading
import time
from typing import Any

PREFIX = "pyclingo-puzzles serve: "
WINDOW = 10.0  # seconds in which one kind of expected event is written once (then counted)
CAPACITY = 1000  # lines waiting for the sink; more are dropped and counted
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio", "pyclingo_puzzles.web")

log = logging.getLogger("pyclingo_puzzles.web")


def error_id() -> str:
    """An id for one unexpected error: in its log line and in the client's 500."""
    return secrets.token_hex(4)


def unexpected(what: str, exc: BaseException, eid: str | None = None, kind: str | None = None) -> str:
    """Log an unexpected error as one line (the traceback under --debug); its id. ``kind``: errors
    nobody answers (the event loop's), held to one line per kind and window like expected events."""
    eid = eid or error_id()
    extra = {"kind": kind} if kind else {"error_id": eid}
    log.error("unexpected error %s: %s: %s: %s", eid, what, type(exc).__name__, exc,
              exc_info=(type(exc), exc, exc.__traceback__), extra=extra)  # fmt: skip
    return eid


def expected(kind: str, message: str, *args: object) -> None:
    """An expected event: one line, and at most one line of ``kind`` per WINDOW seconds."""
    log.info(message, *args, extra={"kind": kind})


class OneLine(logging.Formatter):
    """``PREFIX level: message``, newlines folded; an exception as ``: Type: text`` on the same
    line, its traceback after it only with ``debug``."""

    def __init__(self, debug: bool):
        super().__init__()
        self.debug = debug

    def format(self, record: logging.LogRecord) -> str:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string from some library: say what there is
            message = f"{record.msg!r} {record.args!r}"
        message = " ".join(message.split("\n")).strip()
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and type(exc).__name__ not in message:
            message += f": {type(exc).__name__}: {' '.join(str(exc).split())}"[:300]
        level = "" if getattr(record, "plain", False) else f"{record.levelname.lower()}: "
        line = f"{PREFIX}{level}{message}"
        if self.debug and record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line + "\n"


class Sink(logging.Handler):
    """Lines to a file descriptor from a thread of its own, through a bounded queue."""

    def __init__(self, fd: int = 2, debug: bool = False, capacity: int = CAPACITY, window: float = WINDOW):
        super().__init__()
        self.fd = fd
        self.window = window
        self.lines: queue.Queue[str | None] = queue.Queue(capacity)
        self.dropped = 0
        # kind -> (window start, records held back, the last one's line)
        self.seen: dict[tuple[str, str], tuple[float, int, str]] = {}
        self.guard = threading.Lock()
        self.setFormatter(OneLine(debug))
        self.writer = threading.Thread(target=self._write, name="log-writer", daemon=True)
        self.writer.start()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if not self._first_of_its_kind(record):
                return
            self._put(self.format(record))
        except Exception:  # a log line is never worth an error of its own
            self.dropped += 1

    def _first_of_its_kind(self, record: logging.LogRecord) -> bool:
        if getattr(record, "error_id", None):
            return True  # each unexpected error is a line of its own
        kind = (record.name, str(getattr(record, "kind", record.msg)))
        now = time.monotonic()
        with self.guard:
            start, held, last = self.seen.get(kind, (0.0, 0, ""))
            if now - start < self.window:
                self.seen[kind] = (start, held + 1, record.getMessage())
                return False
            self.seen[kind] = (now, 0, "")
        if held:
            self._put(self._count(held, last))
        return True

    def _count(self, held: int, last: str) -> str:
        return f"{PREFIX}info: {held} more like this within {self.window:g} s, the last: {' '.join(last.split())}\n"

    def _put(self, line: str) -> None:
        try:
            self.lines.put_nowait(line)
        except queue.Full:
            self.dropped += 1

    def held_back(self, ended_only: bool = False) -> list[str]:
        """The counts of the events held back: in windows that have ended, or in all (the server
        is stopping)."""
        now = time.monotonic()
        with self.guard:
            kinds = [
                k for k, (start, n, _) in self.seen.items() if n and not (ended_only and now - start < self.window)
            ]
            held = [self.seen[k][1:] for k in kinds]
            for kind in kinds:
                self.seen[kind] = (self.seen[kind][0], 0, "")
        return [self._count(n, last) for n, last in held]

    def summarize(self, ended_only: bool = False) -> None:
        """Write the counts held back."""
        for line in self.held_back(ended_only):
            self._put(line)

    def _write(self) -> None:
        dropped = 0
        while True:
            try:
                line = self.lines.get(timeout=self.window)
            except queue.Empty:  # a quiet spell: the counts of windows that have ended
                self.summarize(ended_only=True)
                continue
            if line is None:
                return
            if self.dropped != dropped:  # the queue was full meanwhile: say so once it drains
                line = (
                    f"{PREFIX}warning: {self.dropped - dropped} log lines were dropped (the log was not read)\n" + line
                )
                dropped = self.dropped
            data = line.encode("utf-8", "replace")
            with contextlib.suppress(OSError):
                while data:
                    data = data[os.write(self.fd, data) :]

    def close(self, timeout: float = 0.5) -> None:
        """Write what is left, for at most ``timeout`` seconds (a sink nobody reads stays blocked:
        the process ends anyway)."""
        self.summarize()
        with contextlib.suppress(queue.Full):
            self.lines.put(None, timeout=timeout)
        self.writer.join(timeout)
        super().close()


def start(debug: bool = False, fd: int = 2) -> Sink:
    """The server's log, in place of uvicorn's own (which writes from the event loop)."""
    sink = Sink(fd, debug)
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(sink)
    root.setLevel(logging.INFO)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
        logger.propagate = True
        logger.setLevel(logging.INFO if name.startswith("pyclingo") or debug else logging.WARNING)
    logging.raiseExceptions = False  # a failing handler prints no traceback of its own
    return sink


def say(message: str) -> None:
    """A line of the server's own (started, stopped), through the log."""
    log.warning(message, extra={"kind": message, "plain": True})


def loop_exception(loop: Any, context: dict[str, Any]) -> None:
    """The event loop's handler for errors nobody awaited (an accept that found no free file
    descriptor, a callback that raised): one line, the same kind once per window."""
    exc = context.get("exception")
    message = str(context.get("message", "event loop error"))
    if isinstance(exc, OSError) and exc.errno is not None:
        expected(f"loop:{exc.errno}", "%s: %s", message, os.strerror(exc.errno))
    elif exc is not None:
        unexpected(message.split("(")[0][:80], exc, kind=f"loop:{message.split('(')[0]}:{type(exc).__name__}")
    else:
        expected(f"loop:{message}", "%s", message)
