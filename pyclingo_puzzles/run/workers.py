"""Worker processes: the one way the package starts and stops them (a batch's pool, the fill's
race, the layout's second search).

A worker is forked: it inherits the parsed input and the imports without pickling them. From its
start it is the run's child: forked and adopted under ``children.spawning`` (a hard exit waits for
the fork, then kills every child), counted in the memory ceiling, killed with the run, and killed
by the kernel when the parent dies (``in_worker``, first thing in the worker). It talks to
the parent over one pipe. ``Worker.stop`` kills it (SIGKILL: a worker may be stuck in grounding,
where no signal handler runs), reaps it and takes it off the run's list.

Not ``concurrent.futures`` or ``pebble``: the parent must signal one given worker (a cooperative
stop that keeps its answers), read what it is doing from shared memory (to say which stage a limit
hit) and end it alone, and a ``ProcessPoolExecutor`` (3.11) breaks the whole pool when one worker
dies; pebble's per-task timeout kills a worker without the cooperative stop that keeps answers.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from . import children, jsonout, process, runtime, signals, stdout_guard


def can_fork() -> bool:
    """Workers are forked (they inherit the instance without pickling it), and not from a daemonic
    process (a ``multiprocessing.Pool``'s worker, the caller's or a batch's: multiprocessing forbids
    it children); otherwise the caller runs its work in its own process."""
    return "fork" in multiprocessing.get_all_start_methods() and not multiprocessing.current_process().daemon


def context() -> Any:
    """The fork context: shared values for the workers are made with it (``RawArray``, ``Value``)."""
    return multiprocessing.get_context("fork")


class Worker:
    """A started worker: its process and the parent's end of its pipe."""

    def __init__(self, proc: Any, conn: Connection, run: runtime.Run | None):
        self.proc = proc
        self.conn = conn
        self.run = run  # whose child it is (None: no run, as in the Python API)

    @property
    def pid(self) -> int:
        return int(self.proc.pid)

    def alive(self) -> bool:
        return bool(self.proc.is_alive())

    def run_queue_wait(self) -> float:
        """Seconds it has waited for a CPU (``process.run_queue_wait``): a loaded machine's share."""
        return process.run_queue_wait(self.pid)

    def signal(self, sig: int) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, sig)

    def stop(self) -> None:
        """Kill it unless it has ended, reap it, and close the pipe (idempotent)."""
        if self.proc.is_alive():
            self.signal(signal.SIGKILL)
        self.proc.join(1)
        if self.run is not None:
            self.run.children.release(self.pid)
        self.conn.close()


def ready(conns: Iterable[Connection], timeout: float | None = None) -> list[Connection]:
    """The workers' pipes that have something to read (or are closed): ``multiprocessing``'s
    ``wait`` over pipes, typed as what it returns for them."""
    return cast(list[Connection], wait(list(conns), timeout=timeout))


def start(target: Callable[..., None], *args: Any, duplex: bool = False) -> Worker:
    """Fork a worker running ``target(conn, *args)``, ``conn`` its end of the pipe (``duplex``:
    both ways; otherwise the worker only sends). The worker should end with ``os._exit`` or by
    returning; exceptions are the target's to hand over."""
    ctx = context()
    mine, theirs = ctx.Pipe(duplex=duplex)  # one-way: (receiving end, sending end)
    proc = ctx.Process(target=_main, args=(target, theirs, *args), daemon=True)
    run = runtime.current()
    with children.spawning():
        proc.start()
        if run is not None:
            run.children.adopt(proc.pid)
    theirs.close()
    return Worker(proc, mine, run)


def _main(target: Callable[..., None], conn: Connection, *args: Any) -> None:
    in_worker()
    target(conn, *args)


def in_worker() -> None:
    """Called first thing in a forked worker: die with the parent, leave signals to the parent
    (a Ctrl-C in a terminal reaches the whole process group), and run no watchdog of its own."""
    children.forked()
    with contextlib.suppress(Exception):
        signal.set_wakeup_fd(-1)
    signals.in_worker()
    if hasattr(signal, "SIGCONT"):
        signal.signal(signal.SIGCONT, signal.SIG_DFL)
    run = runtime.detach()
    if not children.die_with_parent(None if run is None else run.pid):
        os._exit(runtime.EXIT_INTERRUPTED)  # the run ended between the fork and the line above: no signal comes
    python_stderr_only()
    jsonout.after_last_line = None  # a worker's file's line is not its process's last


def python_stderr_only() -> None:
    """The C library's last words in a worker go nowhere: under ``ulimit -v`` glibc ends a worker
    whose thread-local data it cannot allocate with "cannot allocate memory for thread-local data:
    ABORT", written straight to descriptor 2, and the parent then says that the worker died, in the
    limit's one line. So descriptor 2 goes to /dev/null and ``sys.stderr`` to a copy of it: what
    Python prints (a warning, a traceback) still shows. Left as it is when a descriptor is short."""
    stream = sys.stderr
    try:
        if stream is None or stream.fileno() != 2:  # (a test's capture: no descriptor of its own)
            return
    except (AttributeError, OSError, ValueError):
        return
    replacement = None
    try:
        stream.flush()
        replacement = os.fdopen(os.dup(2), "w", buffering=1, encoding=stream.encoding, errors=stream.errors)
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
    except Exception:  # EMFILE under ulimit -n, no memory: descriptor 2 stays as it was
        if replacement is not None:
            with contextlib.suppress(Exception):
                replacement.close()
        return
    if isinstance(stream, stdout_guard.QuietStderr):  # the command's: it keeps guarding the writes
        stream.inner = replacement
    else:
        sys.stderr = replacement
