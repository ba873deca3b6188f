"""A library call bounded by its time limit also where clingo cannot be interrupted (grounding).

The command has its watchdog, which ends the process; a library may not end its caller. So a call
that may ground for long under a ``time_limit`` runs in a forked worker process (``workers``),
killed ``WAIT`` seconds after the limit: the caller then gets ``timed_out()`` (the family's UNKNOWN
result, as a search stopped by its limit without an answer). Where no process can be forked (a
platform without fork, a daemonic caller) the call runs in the caller's process, as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from . import runtime

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from . import workers

T = TypeVar("T")
WAIT = 0.3  # seconds past the limit the worker's result is waited for (it stops itself at the limit)


def within(call: Callable[[], T], time_limit: float, timed_out: Callable[[], T]) -> T:
    """``call()`` in a worker, its result handed back (it must pickle) or its exception raised here;
    ``timed_out()`` when it has not returned ``WAIT`` s after ``time_limit``."""
    from . import workers  # here: a call that needs no worker does not pay for multiprocessing

    if not workers.can_fork():
        return call()
    # the run's deadline binds too (the command's counts from its start): the caller then prints
    # the timed-out result within the watchdog's grace, rather than being ended while it waits
    left = runtime.remaining(time_limit)
    until = time.monotonic() + (time_limit if left is None else left) + WAIT
    worker = workers.start(_work, call)
    # what a limit hitting now names (it said "reading the input", the stage before)
    with runtime.stage("solving in a worker process"):
        try:
            return _wait(worker, until, timed_out)
        finally:
            worker.stop()


def _wait(worker: workers.Worker, until: float, timed_out: Callable[[], T]) -> T:
    """The worker's result, or ``timed_out()`` once ``until`` has passed or it has died."""
    while (left := until - time.monotonic()) > 0:
        if worker.conn.poll(min(left, 0.05)):
            try:
                kind, value = worker.conn.recv()
            except EOFError:  # the worker died (killed from outside, out of memory)
                break
            if kind == "error":
                raise value
            return value
    return timed_out()


def _work(conn: Connection, call: Callable[[], Any]) -> None:
    try:
        conn.send(("ok", call()))
    except BaseException as exc:  # handed to the caller, which raises it
        try:
            conn.send(("error", exc))
        except Exception:  # one that does not pickle
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
    finally:
        conn.close()
