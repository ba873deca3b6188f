"""A one-line progress display on stderr: only on a terminal, only once a run has taken a second.

A few lines with ``\\r`` rather than a dependency: the line is redrawn in place and erased before
anything else is written (answers on stdout, warnings on stderr), so a log or a pipe never sees it.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

DELAY = 1.0  # seconds before the line appears: short runs never show it
PERIOD = 0.2  # seconds between redraws of a single run's line
_ERASE = "\r\033[K"


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Bar:
    """One status line on ``stream``, drawn only when it is a terminal and ``DELAY`` has passed
    since ``started`` (a ``time.monotonic()`` value: the process start)."""

    def __init__(self, started: float, stream: TextIO | None = None, delay: float = DELAY):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _is_terminal(self.stream)
        self.started = started
        self.delay = delay
        self.shown = False
        self.mid_line = False  # other output has begun a line and not ended it: no drawing until it does
        self.lock = threading.Lock()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def draw(self, text: str) -> None:
        if not self.enabled or self.elapsed() < self.delay:
            return
        with self.lock:
            if self.mid_line:
                return
            self._write(_ERASE + text)
            self.shown = True

    def clear(self) -> None:
        with self.lock:
            self.clear_locked()

    def clear_locked(self) -> None:
        """``clear`` for a caller that holds ``lock``."""
        if self.shown:
            self._write(_ERASE)
            self.shown = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False


class _Clearing:
    """Wraps ``sys.stderr`` while a ticker runs: every write first erases the progress line."""

    def __init__(self, inner: TextIO, bar: Bar):
        self.inner = inner
        self.bar = bar

    def write(self, text: str) -> int:
        # erasing and writing under the bar's lock, and no line drawn inside another's (print
        # writes a message and its newline apart): the ticker once drew between the two
        with self.bar.lock:
            self.bar.clear_locked()
            written = self.inner.write(text)
            if text:
                self.bar.mid_line = not text.endswith("\n")
            return written

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding, ...
        return getattr(self.inner, name)


class Ticker:
    """The line of one long run, redrawn by a thread (the main thread is busy solving):
    ``text()`` says what the run is doing. ``stop()`` erases it for good (call it before the
    first answer is printed). A no-op when stderr is not a terminal."""

    def __init__(self, started: float, text: Callable[[float], str]):
        self.bar = Bar(started)
        self.text = text
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._saved: TextIO | None = None

    def start(self) -> Ticker:
        if self.bar.enabled:
            self._saved = sys.stderr
            sys.stderr = _Clearing(self.bar.stream, self.bar)
            self._thread = threading.Thread(target=self._tick, name="pyclingo-puzzles progress", daemon=True)
            self._thread.start()
        return self

    def _tick(self) -> None:
        while not self._stop.wait(PERIOD):
            self.bar.draw(self.text(self.bar.elapsed()))

    def stop(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1)
        self.bar.clear()
        if self._saved is not None and isinstance(sys.stderr, _Clearing):
            sys.stderr = self._saved
