"""How a studio call ends: its time limit, and cancelling (a newer request from the same page
makes an older one stale). A call runs inside the run's budget (``run/runtime.py``): the one
already under way (a worker's) or one of its own, so the family's fill, the core's search and every
loop that polls the budget stop with it. A watcher thread turns the cancel flag into the run's
"interrupted" within ``WATCH`` seconds; the studio's own solves poll the flag themselves."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from ...core.errors import InputError
from ...run import runtime

WATCH = 0.02  # seconds between two looks at the cancel flag (the watcher thread)
MAX_SECONDS = 600.0  # a call's time limit at most (a server caps it lower)


class Flag(Protocol):
    """A cancel flag: ``threading.Event``, ``multiprocessing.Event`` or anything with ``is_set``."""

    def is_set(self) -> bool: ...


class Cancelled(runtime.Stopped):
    """The call was cancelled (``Studio.cancel()`` or its ``cancel`` flag): nobody wants its answer."""

    def __init__(self, stage: str = "the studio's call"):
        super().__init__("interrupted", stage)


def seconds_of(value: Any, what: str = "time_limit") -> float:
    """A call's time limit: seconds, more than 0 and at most ``MAX_SECONDS``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_SECONDS:
        raise InputError(f"{what} must be a number of seconds above 0 and at most {MAX_SECONDS:g}", what)
    return float(value)


def whole_of(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{what} must be a whole number from {low} to {high}", what)
    return value


@contextlib.contextmanager
def bounded(seconds: float | None, stop: Callable[[], bool]) -> Iterator[float | None]:
    """The call's budget: its deadline (a ``time.monotonic()`` value, yielded) as a stage of the
    run under way, or of a run of its own; ``stop()`` turning true interrupts the run. A
    ``runtime.Stopped`` raised inside because of ``stop`` leaves as ``Cancelled``."""
    if stop():  # stale before it began (a newer request came while it waited)
        raise Cancelled()
    deadline = runtime.after(seconds)
    own = runtime.current() is None
    run = runtime.Run() if own else runtime.current()
    assert run is not None
    done = threading.Event()

    def watch() -> None:
        while not done.wait(WATCH):
            if stop():
                run.reason = "interrupted"
                return

    watcher = threading.Thread(target=watch, name="studio-cancel", daemon=True)
    with run if own else contextlib.nullcontext(), runtime.until(deadline):
        watcher.start()
        try:
            yield deadline
        except runtime.Stopped as exc:
            if stop() and not isinstance(exc, Cancelled):
                raise Cancelled(exc.stage) from None
            raise
        finally:
            done.set()
            watcher.join()
    if stop():
        raise Cancelled()


def left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())
