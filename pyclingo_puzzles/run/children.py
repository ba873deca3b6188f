"""A run's worker processes and temporary files: what a run's end, or a hard exit, cleans up.

Workers are adopted into their run's ``Children`` (their memory counts against the ceiling, and
they are killed and reaped when the run ends) and forked under ``spawning``, which a hard exit
takes for good before it kills every child, so none is forked unseen. Temporary files being
written (``unfinished_file``) are removed by a hard exit: ``os._exit`` runs no cleanup.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

_unfinished: set[str] = set()  # temporary files being written (formats/outfiles.write_atomic)
_spawn_lock = threading.Lock()


class Children:
    """The worker processes of one run."""

    def __init__(self) -> None:
        self.pids: set[int] = set()

    def adopt(self, pid: int) -> None:
        self.pids.add(pid)

    def release(self, pid: int) -> None:
        self.pids.discard(pid)

    def kill(self) -> None:
        """SIGKILL the workers and reap them (briefly): a killed worker left unreaped stays in the
        process table as a zombie until its parent's parent collects it, and some inits never do."""
        pids = list(self.pids)
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        self.pids.clear()
        until = time.monotonic() + 0.5
        while pids and time.monotonic() < until:
            for pid in list(pids):
                try:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                except OSError:  # reaped already (e.g. by multiprocessing's join)
                    done = pid
                if done:
                    pids.remove(pid)
            if pids:
                time.sleep(0.005)


@contextlib.contextmanager
def spawning() -> Iterator[None]:
    """Hold while forking a worker and adopting it: a hard exit waits for it and then kills every
    child, so no worker is forked unseen as the run ends."""
    with _spawn_lock:
        yield


def stop_spawning(timeout: float = 0.5) -> None:
    """No worker is forked from here on (a hard exit: never released, the process ends)."""
    _spawn_lock.acquire(timeout=timeout)


@contextlib.contextmanager
def unfinished_file(path: str | os.PathLike[str]) -> Iterator[None]:
    """While the block runs, ``path`` is a temporary file that a hard exit removes: ``os._exit``
    runs no cleanup, and a second Ctrl-C while an output is written would leave it behind."""
    name = os.fspath(path)
    _unfinished.add(name)
    try:
        yield
    finally:
        _unfinished.discard(name)


def remove_unfinished_files() -> None:
    """A hard exit: the temporary files being written go (their targets stay as they were)."""
    for name in list(_unfinished):
        with contextlib.suppress(OSError):
            os.unlink(name)


def forked() -> None:
    """First thing in a forked worker: a spawn lock of its own (it was forked while the parent
    held it)."""
    global _spawn_lock
    _spawn_lock = threading.Lock()


def die_with_parent(parent: int | None = None, libc: Any = None) -> bool:
    """Linux: the kernel kills this worker when its parent dies, even by SIGKILL. ``parent``: the
    process it was forked from; False when that one has already died (between the fork and this
    call: the worker is adopted and no signal will come, so it must end itself). ``libc``: loaded
    before the fork by a threaded parent (a child forked from threads should load no library)."""
    if sys.platform.startswith("linux"):
        try:
            if libc is None:
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    return parent is None or os.getppid() == parent
