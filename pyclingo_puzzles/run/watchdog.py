"""The watchdog of a command-line run: the memory ceiling, the hard end of the deadline, and
Ctrl-C / SIGTERM / SIGHUP whatever the main thread is doing.

clingo cannot interrupt grounding (``Control.interrupt`` only stops solving), and a Python signal
handler only runs between bytecodes of the main thread, so a run stuck in grounding ignores both a
time limit and Ctrl-C. The watchdog is a thread (clingo's C calls release the GIL, so the thread
keeps running while the main thread grounds), given the run it watches (``Watchdog(run)``):

- Stopping is cooperative where it can be: at the deadline, or at the first Ctrl-C / SIGTERM, the
  run's ``reason`` is set. ``Solver.solve`` polls it and cancels the search, so the answers found
  so far are printed (exit 11) or the run says it found none (exit 1).
- Where it cannot be (grounding, loading a program), or when the main thread has not finished
  within a short grace after the deadline, the watchdog ends the process itself: it prints one
  line naming the stage ("time limit hit while grounding"), kills the worker processes and calls
  ``os._exit`` (exit 1). A second Ctrl-C does that at once.
- Memory: the watchdog samples the resident size of the process and its workers every few
  milliseconds; past the ceiling it ends the run with one line (exit 1).
- Signals reach the watchdog through ``signal.set_wakeup_fd``: the C-level handler writes the
  signal number to a pipe the watchdog reads.
- The kernel ends a run no Python thread can end any more: out of memory, CPython 3.11 loops for
  ever unwinding an exception whose handler needs an int it cannot allocate (python/cpython#132508),
  holding the GIL, so neither the watchdog nor its exit runs again (``book`` under ``ulimit -v``,
  1 run in 20, spun in the watchdog's last steps). A profiling timer, re-armed at every poll, ends
  the process once it has used ``DEADMAN`` s of CPU without one; the last steps get ``LAST_STEPS_CPU``
  s, after the address space set aside for them (``resources.hold_reserve``) is given back.

Only the command-line process arms one (``cli/command.py``): a library must never ``os._exit``
its caller, so library use and in-process tests get the run's cooperative deadline only.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable

from . import children, jsonout, process, resources, signals
from .runtime import EXIT_INTERRUPTED, WATCHDOG_BEHIND, Run

# seconds after the deadline the main thread gets to start printing what it has: a stage that does
# not poll (an import, a C call) is ended then, so the run overshoots its limit by at most this and
# the exit (issue 34: 0.5 s); a search stops before the deadline, keeping a reserve to print
GRACE = 0.4
SIGNAL_GRACE = 0.6  # the same after a first Ctrl-C / SIGTERM / SIGHUP (no limit to keep)
POLL = 0.01  # watchdog period (memory sampling, deadline)
# stages that ignore the stop flag: C calls, and workers that may be stuck grounding (a worker
# still searching stops on its own, a little before the deadline, and reports in time)
UNINTERRUPTIBLE = frozenset({"grounding", "loading rules", "searching in worker processes"})
MEMORY_SHARE = 0.75  # of the machine's RAM: the default ceiling
BACKSTOP = 5.0  # seconds of CPU past the limit, per core, after which the kernel ends a hung run (a run ends
# within 1.75 s of its limit: a run that gets here is one no thread can end any more)
DEADMAN = 15.0  # seconds of the process's CPU without a poll of the watchdog after which the kernel ends it
# (no C call of the run holds the GIL that long; clingo's let it go)
LAST_STEPS_CPU = 2.0  # seconds of CPU a hard exit's last steps have before the kernel ends the process
FLUSH_STACK = 512 * 2**10  # bytes of stack of the thread that flushes a stream on the way out


def default_memory_limit() -> int | None:
    """75% of the machine's RAM, in bytes (None when it cannot be read)."""
    ram = process.physical_memory()
    return None if ram is None else int(ram * MEMORY_SHARE)


def memory_message(limit: int, stage: str, own: int, workers: int, count: int) -> str:
    """The one line of a run ended by ``--memory-limit``. The limit counts the worker processes
    too (each with its own resident size, which includes the pages it still shares with the
    process that forked it): the line gives their share, which is why ``--jobs 1`` may fit."""
    line = f"memory limit hit while {stage}; the program grew past {limit // 2**20} MiB (--memory-limit)"
    if count:
        line += (
            f": {own // 2**20} MiB in the main process and {workers // 2**20} MiB in {count} worker "
            f"process{'es' if count > 1 else ''} (fewer --jobs need less)"
        )
    return line


class Watchdog:
    """Watches ``run`` while the block runs (a context manager, inside the run's own)."""

    def __init__(self, run: Run, memory_limit: int | None = None, exit_code: int = EXIT_INTERRUPTED):
        self.run = run
        self.memory_limit = memory_limit
        self.exit_code = exit_code  # of a hard exit (the command's --exit-codes convention)
        self._signals = 0
        self._signalled: float | None = None  # when the first Ctrl-C / SIGTERM arrived (``_own_clock``)
        self._overdue: float | None = None  # the deadline on ``_own_clock``, once it has passed
        self._gap: tuple[float, float] | None = None  # (length, end) of the last long gap between polls
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._saved: list = []
        self._pipe: tuple[int, int] | None = None
        self._backstop = False  # the profiling timer is armed (``_arm_backstop``)
        self._cpu_end: float | None = None  # the time limit's backstop, on the process's CPU clock
        self._exiting = False  # a hard exit is under way (a plain flag: setting it allocates nothing)

    # ---------------------------------------------------------------------------------- set-up

    def __enter__(self) -> Watchdog:
        if threading.current_thread() is threading.main_thread():
            self._take_signals()
            resources.hold_reserve()  # the command's (a library's caller is not ended by us)
        self.run.watched_at = time.monotonic()
        try:
            self._thread = threading.Thread(target=self._watch, name="pyclingo-puzzles watchdog", daemon=True)
            self._thread.start()
        except BaseException:  # no thread (ulimit -u, or -v): the run ends with that limit's line
            self._thread = None
            self.__exit__()
            raise
        self._arm_backstop()
        return self

    def _take_signals(self) -> None:
        r, w = os.pipe()
        os.set_blocking(w, False)
        self._pipe = (r, w)
        self._saved = [signal.set_wakeup_fd(w, warn_on_full_buffer=False), signals.install(_ignore)]
        if hasattr(signal, "SIGCONT"):  # resumed after a pause (``_on_resume``)
            self._saved.append(signal.signal(signal.SIGCONT, _ignore))

    def _arm_backstop(self) -> None:
        """The kernel's own end for a run that no Python thread can end any more (a thread spinning
        with the GIL under memory pressure: 582 s at 98% CPU once): a profiling timer on the
        process's CPU time whose signal ends the process without a handler, at ``DEADMAN`` s of CPU
        without a poll (``_rearm``) and at most ``BACKSTOP`` s past the limit on every core. Pauses
        (SIGSTOP) use no CPU, so they never bring it closer. The command's main thread only."""
        if self._pipe is None or not hasattr(signal, "setitimer"):
            return
        if self.run.time_limit is not None:
            self._cpu_end = time.process_time() + (self.run.time_limit + BACKSTOP) * max(2, _cores())
        with contextlib.suppress(OSError, ValueError):
            signal.signal(signal.SIGPROF, signal.SIG_DFL)
            self._backstop = True
            self._rearm()

    def _rearm(self, budget: float | None = None) -> None:
        """The profiling timer set to ``budget`` s of CPU from now (default ``DEADMAN``; the time
        limit's backstop if nearer)."""
        if not self._backstop:
            return
        budget = DEADMAN if budget is None else budget
        left = budget if self._cpu_end is None else min(budget, self._cpu_end - time.process_time())
        signal.setitimer(signal.ITIMER_PROF, max(left, 0.001))
        if not self._backstop:  # disarmed meanwhile (``__exit__``, in the main thread): no timer outlives the run
            signal.setitimer(signal.ITIMER_PROF, 0)

    def __exit__(self, *exc: object) -> None:
        armed, self._backstop = self._backstop, False  # first: the watchdog re-arms it no more
        self._done.set()
        if self._thread is not None:
            if self._pipe is not None:  # wake the watchdog from its select (no signal is 0)
                with contextlib.suppress(OSError):
                    os.write(self._pipe[1], b"\0")
            self._thread.join(timeout=1)
        if self._saved:
            wakeup, stops, *cont = self._saved
            signal.set_wakeup_fd(wakeup)
            signals.restore(stops)
            if cont:
                signal.signal(signal.SIGCONT, cont[0] if cont[0] is not None else signal.SIG_DFL)
        if self._pipe is not None:
            for fd in self._pipe:
                os.close(fd)
            self._pipe = None
        if armed:
            signal.setitimer(signal.ITIMER_PROF, 0)
        if self._saved:
            resources.release_reserve()  # the run's report after this may need it
        self.run.watched_at = None

    @property
    def wakeup_fd(self) -> int | None:
        """The write end of the pipe signals are written to (None: not the main thread's)."""
        return self._pipe[1] if self._pipe is not None else None

    # ---------------------------------------------------------------------------------- watching

    def _watch(self) -> None:
        try:
            self._loop()
        except BaseException as exc:  # whatever it is, the limits would stop holding
            self._failed(exc)

    def _failed(self, exc: BaseException) -> None:
        """The watchdog cannot go on: under memory pressure a lock, a thread state or a read can
        fail in it (``SystemError``, "can't allocate read lock"), and without it the run's limits no
        longer hold (a run then spun for 582 s). So it ends the run, in the memory limit's words
        (another limit's, if that is what it met), with the reserve given back first."""
        resources.release_reserve()
        stage = self.run.stage
        line = None
        with contextlib.suppress(BaseException):
            line = resources.limit_message(exc, stage)
        self.hard_exit(line or resources.memory_line(stage))

    def _loop(self) -> None:
        rfd = self._pipe[0] if self._pipe else None
        while not self._done.is_set():
            if rfd is not None:
                ready, _, _ = select.select([rfd], [], [], POLL)
                if ready:
                    self._read_signals(rfd)
            else:
                self._done.wait(POLL)
            if self._done.is_set():
                return
            self._check_memory()
            self._check_time(rfd)
            self._rearm()

    def _check_time(self, rfd: int | None) -> None:
        run = self.run
        now = time.monotonic()
        last = run.watched_at if run.watched_at is not None else now
        if now - last > WATCHDOG_BEHIND:  # stopped here, or starved: maybe a pause
            self._gap = (now - last, now)
        run.watched_at = now
        deadline = run.deadline
        if deadline is None or now < deadline:
            self._overdue = None  # (a pause moved the deadline past now)
        if deadline is not None and now >= deadline and not self._resumed_now(rfd, now):
            if run.reason is None:
                run.reason = "time limit"
            if self._overdue is None:  # the graces count from the deadline, on the main thread's clock
                self._overdue = self._own_clock(now) - (now - deadline)
            stuck = run.stage in UNINTERRUPTIBLE
            grace = run.print_grace if run.stage == "printing" else GRACE
            if stuck or self._own_clock(now) >= self._overdue + grace:
                self.hard_exit(f"time limit hit while {run.stage}")
        elif self._signalled is not None and run.stage != "printing":
            # Python work that does not poll the stop flag (reading, building facts): a first
            # Ctrl-C must still end the run, as the deadline does; answers found are checked
            # first (a deadline, when there is one, still bounds that: the branch above)
            grace = run.checking_grace() if run.stage == "checking answers" else SIGNAL_GRACE
            if self._own_clock(now) >= self._signalled + grace:
                self.hard_exit(f"interrupted while {run.stage}")

    @staticmethod
    def _own_clock(now: float) -> float:
        """The clock the graces run on: the time less what the main thread spent waiting for a CPU
        (``process.run_queue_wait``). A quiet machine's is the wall clock; on a loaded one a grace
        is still the time the main thread gets to finish, not time the machine kept it waiting."""
        return now - process.run_queue_wait()

    def _read_signals(self, rfd: int) -> None:
        for sig in os.read(rfd, 64):
            if sig == getattr(signal, "SIGCONT", -1):
                self._on_resume()
            elif sig:  # 0: __exit__ waking the thread up
                self._on_signal()

    def _on_resume(self) -> None:
        """The process was stopped (SIGSTOP, Ctrl-Z) and goes on: the pause was not its doing, so
        the deadline moves by it (from the watchdog's last poll before it), and the run keeps the
        time it had for its search, its checking and its printing. Resumed past the deadline it
        was given, a run exits 11 with an answer (``Run.paused``), as one stopped by its limit."""
        run = self.run
        now = time.monotonic()
        pause = now - (run.watched_at if run.watched_at is not None else now)
        if self._gap is not None and now - self._gap[1] < 1.0:  # the watchdog woke first and saw the gap
            pause = max(pause, self._gap[0])
        self._gap = None
        if run.deadline is not None and now > run.deadline:
            run.paused = True
        run.resumed(max(0.0, pause))
        run.watched_at = now

    def _resumed_now(self, rfd: int | None, now: float) -> bool:
        """Before ending the run at the deadline: a SIGCONT still unread (the watchdog was stopped
        between its wait and this check) is read first; True when it moved the deadline, or when
        the watchdog has just woken from a gap (the SIGCONT it may be is written a moment later)."""
        if self._gap is not None and now - self._gap[1] < WATCHDOG_BEHIND:
            return True
        if rfd is None or not select.select([rfd], [], [], 0)[0]:
            return False
        deadline = self.run.deadline
        self._read_signals(rfd)
        return self.run.deadline != deadline

    def _on_signal(self) -> None:
        self._signals += 1
        if self._signals > 1:
            self.hard_exit("interrupted again: stopped at once")
        if self.run.reason is None:
            self.run.reason = "interrupted"
        self._signalled = self._own_clock(time.monotonic())
        if self.run.stage in UNINTERRUPTIBLE:
            self.hard_exit(f"interrupted while {self.run.stage}")
        # otherwise the main thread sees the flag (Solver.solve polls it) and, within GRACE, starts
        # printing what it has, however long that takes: a second signal ends the run at once

    def _check_memory(self) -> None:
        if self.memory_limit is None:
            return
        run = self.run
        own = process.rss_bytes()
        workers = sum(process.rss_bytes(pid) for pid in list(run.children.pids))
        if own + workers <= self.memory_limit:
            return
        message = memory_message(self.memory_limit, run.stage, own, workers, len(run.children.pids))
        if run.spare_parent and workers and own <= self.memory_limit:
            # a batch: its workers end, and the parent prints what it has and its summary
            run.memory_note = message
            run.reason = "memory limit"  # first: no worker is started or given a file from here on
            run.children.kill()
            return
        self.hard_exit(message)

    def hard_exit(self, message: str) -> None:
        """End the process now with ``message`` on stderr (exit ``exit_code``). Every step may fail
        (out of memory): each is on its own, and the process ends whatever happens."""
        if self._exiting or self._done.is_set():  # another exit is under way (or the run is over)
            return
        self._exiting = True
        try:
            resources.release_reserve()  # first: every step after this needs memory
            self._rearm(LAST_STEPS_CPU)  # and if one spins all the same, the kernel ends it
            self._done.set()
            self._last_steps(message)
        finally:
            os._exit(self.exit_code)

    def _last_steps(self, message: str) -> None:
        # each step on its own, in a function of its own: a short one's handlers push small ints,
        # which CPython does not allocate (tests/run/test_machine_limits: no unwinding loop here)
        _quietly(children.stop_spawning)
        # every child of this process, also one forked a moment ago and not yet adopted (only the
        # command's own process gets here: a library's caller may have children of its own)
        _quietly(self._adopt_all)
        _quietly(self.run.children.kill)
        if self.run.last_words is not None:
            _quietly(self.run.last_words, message)
        _quietly(_flush, sys.stdout)
        _quietly(_say, message)  # unless the main thread has said the run's last line
        _quietly(children.remove_unfinished_files)  # last: a write the main thread began meanwhile is caught too

    def _adopt_all(self) -> None:
        self.run.children.pids |= process.own_children()


def _quietly(step: Callable[..., object], *args: object) -> None:
    with contextlib.suppress(BaseException):  # no memory, a closed descriptor: the next step and the exit still come
        step(*args)


def _say(message: str) -> None:
    jsonout.last_line(message)
    _flush(sys.stderr)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _flush(stream: object, timeout: float = 0.2) -> None:
    """Flush without hanging: a reader that stopped reading must not keep the process alive."""

    def flush() -> None:
        with contextlib.suppress(Exception):
            stream.flush()  # type: ignore[attr-defined]

    with contextlib.suppress(ValueError, RuntimeError):  # (the process ends next: its threads' size no longer matters)
        threading.stack_size(FLUSH_STACK)  # a thread of the default 8 MiB would not fit in the reserve
    flusher = threading.Thread(target=flush, daemon=True)
    flusher.start()
    flusher.join(timeout)


def _ignore(signum: int, frame: object) -> None:
    """The Python-level handler does nothing: the watchdog reads the signal from the wakeup pipe."""
