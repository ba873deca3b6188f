"""What the system says about a process: its age, its resident size and its children.

Read from /proc where there is one, else through psutil: importing psutil costs about 40 ms
(measured: python -X importtime), a tenth of a small puzzle's whole run, and Linux gives the same
figures from /proc for a file read each.
"""

from __future__ import annotations

import contextlib
import os
import time
from types import ModuleType

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
PROC = os.path.exists("/proc/self/statm")  # tests turn it off to take the psutil path


def _psutil() -> ModuleType:
    import psutil

    return psutil


def process_age() -> float:
    """Seconds since this process started, so a deadline can also count interpreter start-up and
    imports (0 where that cannot be read)."""
    if not PROC:
        with contextlib.suppress(Exception):
            return max(0.0, time.time() - _psutil().Process().create_time())
        return 0.0
    try:
        return max(0.0, _uptime() - _start_ticks() / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def _start_ticks() -> int:
    with open("/proc/self/stat", "rb") as f:
        stat = f.read()
    return int(stat[stat.rindex(b")") + 2 :].split()[19])


def _uptime() -> float:
    with open("/proc/uptime", "rb") as f:
        return float(f.read().split()[0])


def rss_bytes(pid: int | str = "self") -> int:
    """The resident size of a process (this one by default); 0 when it has gone."""
    if not PROC:
        try:
            return int(_psutil().Process(None if pid == "self" else int(pid)).memory_info().rss)
        except Exception:  # gone, or no access
            return 0
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


def physical_memory() -> int | None:
    """The machine's RAM in bytes (None when it cannot be read)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * PAGE)
    except (ValueError, OSError, AttributeError):
        return None


def own_children() -> set[int]:
    """This process's children, also one forked a moment ago and not yet adopted."""
    me: int = os.getpid()
    if not PROC:
        return _psutil_children(me)
    out = set()
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if entry.isdigit() and _parent_of(entry) == me:
                out.add(int(entry))
    return out


def _psutil_children(me: int) -> set[int]:
    with contextlib.suppress(Exception):
        return {child.pid for child in _psutil().Process(me).children()}
    return set()


def _parent_of(pid: str) -> int | None:
    with contextlib.suppress(OSError, ValueError, IndexError), open(f"/proc/{pid}/stat", "rb") as f:
        return int(f.read().rsplit(b")", 1)[1].split()[1])  # field 4: the parent
    return None


_most_waited: dict[int | str, float] = {}  # per process: the largest reading so far (run_queue_wait)


def run_queue_wait(pid: int | str = "self") -> float:
    """Seconds a process's most delayed thread has spent ready to run but waiting for a CPU: what a
    loaded machine took from it (Linux's schedstat per thread, the second figure, in ns; 0 where
    there is none). A grace counted without it is the time the process had to act, however busy the
    machine. Any thread's, not the main thread's alone: a main thread cancelling a search waits on
    the search's thread, which is the one in the run queue (a first Ctrl-C's grace ran out so at
    load 7). Never less than an earlier reading: a thread that ends takes its figure with it."""
    key = os.getpid() if pid == "self" else pid  # a forked worker's "self" is another process
    waits = thread_waits(pid)
    if waits is None:  # ended (its pid may come again, for another process)
        _most_waited.pop(key, None)
        return 0.0
    most = _most_waited[key] = max([_most_waited.get(key, 0.0), *waits])
    return most


def thread_waits(pid: int | str = "self") -> list[float] | None:
    """Each thread's seconds in the run queue (Linux's schedstat); None when the process is gone."""
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    waits = []
    for thread in threads:
        schedstat = f"/proc/{pid}/task/{thread}/schedstat"
        with contextlib.suppress(OSError, ValueError, IndexError), open(schedstat, "rb") as f:
            waits.append(int(f.read().split()[1]) / 1e9)
    return waits
