"""The machine's own limits as one line each, never a traceback, never "bad input".

``--memory-limit`` is the command's own ceiling (``watchdog``); the process may meet others first:
``ulimit -v`` (Python's MemoryError, clingo's ``bad_alloc``, which clingo raises as MemoryError),
``ulimit -n`` (EMFILE: too many open files) and ``ulimit -u`` (EAGAIN: no thread or process can be
started, as ``--jobs 2`` needs). ``limit_message`` says which, and while doing what, in the words
``--memory-limit`` uses; None for an error that is none of these (it is not ours to rename).

Every form a limit takes counts, wherever it was raised: an ``OSError`` by its errno (ENOMEM too),
clingo's ``RuntimeError`` by its text ("Resource temporarily unavailable", ``std::bad_alloc``),
Python's lock and thread errors ("can't allocate read lock", "can't start new thread"), a worker
process pool that broke because a worker died, an exception whose cause or context is one of
these, and ``LimitHit`` (the line a worker process made, handed to its parent). And since memory
that runs out mid-import leaves half-made modules behind (``urllib.request`` without its
``HTTPSHandler``, ``asyncio`` without ``coroutines``: ImportError, NameError later), any other
error raised while the process is close to its ``ulimit -v`` (``memory_short``) is the memory limit.
"""

from __future__ import annotations

import errno
import os

from . import runtime

OPEN_FILES = frozenset({errno.EMFILE, errno.ENFILE})
PROCESSES = frozenset({errno.EAGAIN})  # fork and pthread_create: the process or thread limit
MEMORY = frozenset({errno.ENOMEM})
HEADROOM = 64 * 2**20  # bytes of address space below ``ulimit -v`` under which memory counts as short
RESERVE = 4 * 2**20  # bytes of address space the command holds under a ``ulimit -v``, given back to end the run
# (its last steps' objects and a small thread; untouched, read-only: no page of memory is used)
_reserve: object | None = None  # the mapping (``hold_reserve``)
_PROCESS_TEXTS = ("start new thread", os.strerror(errno.EAGAIN).lower())
_MEMORY_TEXTS = ("bad_alloc", "can't allocate", "cannot allocate", os.strerror(errno.ENOMEM).lower(),
                 "failed to map segment")  # fmt: skip


class LimitHit(RuntimeError):
    """A limit's line, made where it hit (a worker process) and handed on as it is."""

    def __init__(self, line: str):
        self.line = line
        super().__init__(line)

    def __reduce__(self):  # pickled across a pool's pipe
        return (LimitHit, (self.line,))


def limit_message(exc: BaseException, stage: str | None = None) -> str | None:
    """The one line for ``exc`` when a limit of the machine or of the process caused it."""
    if stage is None:
        stage = runtime.stage_of(exc)
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:  # the exception, then its cause or context
        seen.add(id(cause))
        line = _one(cause, stage)
        if line is not None:
            return line
        cause = cause.__cause__ or cause.__context__
    if memory_short() and not isinstance(exc, (KeyboardInterrupt, SystemExit)):
        return memory_line(stage)
    return None


def memory_line(stage: str) -> str:
    return (
        f"memory limit hit while {stage}: out of memory (a ulimit -v, or the machine's memory; "
        "--memory-limit sets the command's own ceiling)"
    )


def _one(exc: BaseException, stage: str) -> str | None:
    if isinstance(exc, LimitHit):
        return exc.line
    if isinstance(exc, MemoryError) or (isinstance(exc, OSError) and exc.errno in MEMORY):
        return memory_line(stage)
    if isinstance(exc, OSError) and exc.errno in OPEN_FILES:
        return f"open-file limit hit while {stage}: too many open files (ulimit -n)"
    if isinstance(exc, OSError) and exc.errno in PROCESSES:  # (a thread's stack that cannot be mapped: memory)
        return memory_line(stage) if memory_short() else _process_line(stage)
    if any(kind.__name__ == "BrokenExecutor" for kind in type(exc).__mro__):  # concurrent.futures' pools
        return (
            f"memory limit hit while {stage}: a worker process died (out of memory: a ulimit -v, or the "
            "machine's memory; --memory-limit sets the command's own ceiling)"
        )
    if isinstance(exc, (RuntimeError, SystemError, ImportError)):
        text = str(exc).lower()
        if any(part in text for part in _MEMORY_TEXTS):
            return memory_line(stage)
        if isinstance(exc, RuntimeError) and any(part in text for part in _PROCESS_TEXTS):
            return memory_line(stage) if memory_short() else _process_line(stage)
    return None


def _process_line(stage: str) -> str:
    return (
        f"process limit hit while {stage}: no thread or process could be started (ulimit -u); "
        "--jobs 1 starts no worker processes"
    )


def memory_short() -> bool:
    """The process is within ``HEADROOM`` of its ``ulimit -v`` (address space), so an error now
    is most likely memory that ran out (a library that could not be mapped, a half-made module)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft == resource.RLIM_INFINITY:
            return False
        with open("/proc/self/statm", "rb") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError, IndexError):
        return False
    return size + HEADROOM > soft


def hold_reserve() -> None:
    """Under a ``ulimit -v``, set some address space aside: once it is exhausted no Python thread can
    end the run (every step needs a little memory), so ``release_reserve`` gives it back first. Not
    inherited by forked workers (``MADV_DONTFORK``): they have no watchdog to end them."""
    global _reserve
    try:
        import resource

        if _reserve is not None or resource.getrlimit(resource.RLIMIT_AS)[0] == resource.RLIM_INFINITY:
            return
        import mmap

        block = mmap.mmap(-1, RESERVE, flags=mmap.MAP_PRIVATE, prot=mmap.PROT_READ)
        if hasattr(mmap, "MADV_DONTFORK"):
            block.madvise(mmap.MADV_DONTFORK)
        _reserve = block
    except (ImportError, OSError, ValueError, AttributeError, MemoryError):  # no room for it: the run goes on without
        pass


def release_reserve() -> None:
    """Give the reserve back (idempotent). Allocates nothing: it is what runs when nothing can be allocated."""
    global _reserve
    block = _reserve
    _reserve = None
    if block is not None:
        block.close()  # type: ignore[attr-defined]


def quiet_unraisable() -> None:
    """The command's hook for errors Python cannot raise (in ``__del__``, a generator's close): one
    for want of memory is left unsaid, since the run ends in the limit's line. Python's own hook
    needs memory to format it, and under ``ulimit -v`` printed "Exception ignored in
    sys.unraisablehook" and "MemoryError" before that line. Any other goes to Python's hook."""
    import sys

    default = sys.__unraisablehook__

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if isinstance(unraisable.exc_value, MemoryError) or memory_short():
            return
        default(unraisable)

    sys.unraisablehook = hook
