"""The signals that ask a run to stop, in one place: every entry point (a single run, a batch, and
any long-lived app on top) handles the same set the same way.

Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed, an ``ssh`` dropped, ``kill -HUP``) all
mean "stop and keep what you have": the run's watchdog reads them (``runtime.Run``). Before the
watchdog is up (interpreter start, imports, parsing) ``early`` ends the process at once with one
line, never a traceback. Worker processes leave all three to their parent (``in_worker``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any

# SIGHUP is missing on Windows: the set is whatever the platform has
STOP_SIGNALS: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
Handler = Callable[[int, Any], None] | int | None


def install(handler: Handler) -> list[Handler]:
    """``handler`` for every stop signal; the handlers it replaces (for ``restore``)."""
    return [signal.signal(sig, handler) for sig in STOP_SIGNALS]


def restore(saved: list[Handler]) -> None:
    for sig, handler in zip(STOP_SIGNALS, saved, strict=True):
        signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


@contextlib.contextmanager
def handled(handler: Handler) -> Iterator[None]:
    """``handler`` for every stop signal while the block runs (main thread only)."""
    saved = install(handler)
    try:
        yield
    finally:
        restore(saved)


def name(sig: int) -> str:
    """How a message names the signal: Ctrl-C is "interrupted", the others by name."""
    with contextlib.suppress(ValueError):
        return signal.Signals(sig).name
    return f"signal {sig}"


def in_worker() -> None:
    """A worker leaves the stop signals to its parent, which asks it to stop (SIGUSR1) and keeps
    its answers; SIGTERM stays deadly (the parent's own kill, or one to the whole group)."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_DFL if sig == signal.SIGTERM else signal.SIG_IGN)


def early(exit_code: int) -> Callable[[int, Any], None]:
    """A handler for the time before the run's watchdog is up: one line, exit ``exit_code`` now."""

    def stop(signum: int, frame: Any) -> None:
        with contextlib.suppress(Exception):
            os.write(2, f"interrupted ({name(signum)})\n".encode())
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        os._exit(exit_code)

    return stop
