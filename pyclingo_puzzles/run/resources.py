"""The machine's own limits as one line each, never a traceback.

``--memory-limit`` is the command's own ceiling (``watchdog``); the process may meet others first:
``ulimit -v`` (Python's MemoryError, clingo's ``bad_alloc``, which clingo raises as MemoryError),
``ulimit -n`` (EMFILE: too many open files) and ``ulimit -u`` (EAGAIN: no thread or process can be
started, as ``--jobs 2`` needs). ``limit_message`` says which, and while doing what, in the words
``--memory-limit`` uses; None for an error that is none of these (it is not ours to rename).
"""

from __future__ import annotations

import errno

from . import runtime

OPEN_FILES = frozenset({errno.EMFILE, errno.ENFILE})
PROCESSES = frozenset({errno.EAGAIN})  # fork and pthread_create: the process or thread limit


def limit_message(exc: BaseException, stage: str | None = None) -> str | None:
    """The one line for ``exc`` when a limit of the machine or of the process caused it."""
    if stage is None:
        run = runtime.current()
        stage = run.stage if run is not None else runtime.last_stage
    if isinstance(exc, MemoryError):
        return (
            f"memory limit hit while {stage}: out of memory (a ulimit -v, or the machine's memory; "
            "--memory-limit sets the command's own ceiling)"
        )
    if isinstance(exc, OSError) and exc.errno in OPEN_FILES:
        return f"open-file limit hit while {stage}: too many open files (ulimit -n)"
    if (isinstance(exc, OSError) and exc.errno in PROCESSES) or _no_thread(exc):
        return (
            f"process limit hit while {stage}: no thread or process could be started (ulimit -u); "
            "--jobs 1 starts no worker processes"
        )
    if isinstance(exc, RuntimeError) and "bad_alloc" in str(exc):
        return limit_message(MemoryError(), stage)
    return None


def _no_thread(exc: BaseException) -> bool:
    """``threading.Thread.start`` refused (RuntimeError "can't start new thread")."""
    return isinstance(exc, RuntimeError) and "start new thread" in str(exc)
