"""One run's limits: a deadline for the whole run, a memory ceiling, and Ctrl-C / SIGTERM.

clingo cannot interrupt grounding (``Control.interrupt`` only stops solving), and a Python signal
handler only runs between bytecodes of the main thread, so a run stuck in grounding ignores both a
time limit and Ctrl-C. The chosen design is an in-process watchdog thread (clingo's C calls release
the GIL, so the thread keeps running while the main thread grounds):

- Stopping is cooperative where it can be: at the deadline, or at the first Ctrl-C / SIGTERM, the
  watchdog sets a stop flag. ``Solver.solve`` polls it and cancels the search, so the answers found
  so far are printed (exit 11) or the run says it found none (exit 1).
- Where it cannot be (grounding, loading a program), or when the main thread has not finished
  within a short grace after the deadline, the watchdog ends the process itself: it prints one
  line naming the stage ("time limit hit while grounding"), kills the worker processes and calls
  ``os._exit`` (exit 1). A second Ctrl-C does that at once.
- Memory: the watchdog samples the resident size of the process and its registered workers every
  few milliseconds; past the ceiling it ends the run with one line (exit 1).
- Signals reach the watchdog through ``signal.set_wakeup_fd``: the C-level handler writes the
  signal number to a pipe the watchdog reads, whatever the main thread is doing.

Hard limits (the watchdog may end the process) are only armed for the command-line process
(``Run(hard=True)``). Library use and in-process tests get the cooperative deadline only: a library
must never ``os._exit`` its caller.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from . import signals

EXIT_INTERRUPTED = 1
# seconds after the deadline the main thread gets to start printing what it has: a stage that does
# not poll (an import, a C call) is ended then, so the run overshoots its limit by at most this and
# the exit (issue 34: 0.5 s); a search stops before the deadline, keeping a reserve to print
GRACE = 0.4
SIGNAL_GRACE = 0.6  # the same after a first Ctrl-C / SIGTERM / SIGHUP (no limit to keep)
PRINT_GRACE = 0.95  # seconds after the deadline a run already printing may go on (``Run.print_grace``)
# The reserve for the answers a search hands over (``Run.reserve``): each costs the CPU time
# rendering one for the run's output measured (``price``/``priced``: the first SAMPLED answers,
# then every RESAMPLE-th; the median), times COST_MARGIN, at least COST_FLOOR (nothing measured:
# COST_FLOOR); divided by the share of a CPU the process is getting (``Run.cpu_share``: on a busy
# machine printing takes that much longer by the clock).
SAMPLED = 16
RESAMPLE = 256
COST_MARGIN = 1.0  # printing the whole output took 0.8 times the sample's CPU cost per answer (JSON
# and text, crossword and word search: one answer rendered alone pays a call's overhead), so the
# sample alone already keeps a little more than printing needs; a slower machine counts in cpu_share
COST_FLOOR = 0.00001  # seconds an answer, when unmeasured or less (a crossword's text: 5 us measured)
SHARE_WINDOW = 0.3  # seconds of the clock over which the process's share of a CPU is measured
SHARE_MIN = 0.15  # a share below this counts as this (a stalled process is not measured well)
CHECK_GRACE = 5.0  # seconds (plus the answers' reserve) after a signal for checking the answers found
POLL = 0.01  # watchdog period (memory sampling, deadline)
WATCHDOG_BEHIND = 0.2  # seconds without a poll after which the main thread leaves the deadline to the watchdog
# stages that ignore the stop flag: C calls, and workers that may be stuck grounding (a worker
# still searching stops on its own, a little before the deadline, and reports in time)
UNINTERRUPTIBLE = frozenset({"grounding", "loading rules", "searching in worker processes"})
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


_unfinished: set[str] = set()  # temporary files being written (formats/outfiles.write_atomic)


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


class Stopped(Exception):
    """Raised by ``check()`` in long Python loops once the run has to stop."""

    def __init__(self, reason: str, stage: str):
        self.reason = reason  # "time limit" | "interrupted"
        self.stage = stage
        super().__init__(f"{'interrupted' if reason == 'interrupted' else reason + ' hit'} while {stage}")


def default_memory_limit() -> int | None:
    """75% of the machine's RAM, in bytes (None when it cannot be read)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * _PAGE * 0.75)
    except (ValueError, OSError, AttributeError):
        return None


# Process facts (age, resident memory, children) are read from /proc where there is one, else
# through psutil: importing psutil costs about 40 ms (measured: python -X importtime), a tenth of a
# small puzzle's whole run, and Linux gives the same figures from /proc for a file read each.
_PROC = os.path.exists("/proc/self/statm")


def _psutil():
    import psutil

    return psutil


def process_age() -> float:
    """Seconds since this process started, so the deadline also counts interpreter start-up and
    imports (0 where that cannot be read)."""
    if not _PROC:
        with contextlib.suppress(Exception):
            return max(0.0, time.time() - _psutil().Process().create_time())
        return 0.0
    try:
        with open("/proc/self/stat", "rb") as f:
            stat = f.read()
        start_ticks = int(stat[stat.rindex(b")") + 2 :].split()[19])
        with open("/proc/uptime", "rb") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def rss_bytes(pid: int | str = "self") -> int:
    """The resident size of a process (this one by default); 0 when it has gone."""
    if not _PROC:
        try:
            return int(_psutil().Process(None if pid == "self" else int(pid)).memory_info().rss)
        except Exception:  # gone, or no access
            return 0
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


class Run:
    """The limits of one run. Use as a context manager; ``current()`` gives it to the core.
    (A plain class: importing dataclasses costs a small run's start-up more than it saves.)"""

    def __init__(self, time_limit: float | None = None, memory_limit: int | None = None, hard: bool = False):
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        self.hard = hard  # may the watchdog end the process (command-line runs only)
        self.started = time.monotonic()
        self.stage = "reading the input"
        self.reason: str | None = None  # why the run is stopping: "time limit" | "interrupted" | "memory limit"
        self.children: set[int] = set()
        self.pid = os.getpid()  # the run's own process (workers check their parent)
        self._signals = 0
        self.paused = False  # stopped (SIGSTOP) and resumed past the deadline (``_on_resume``)
        self._last_poll = time.monotonic()  # the watchdog's last look at the clock (a pause's start)
        self._gap: tuple[float, float] | None = None  # (length, end) of the last long gap between polls
        # past the memory ceiling with workers, end only them (a batch: ``memory_note`` says why)
        self.spare_parent = False
        self.memory_note = ""
        self._signalled: float | None = None  # when the first Ctrl-C / SIGTERM arrived
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._saved: list = []
        self._pipe: tuple[int, int] | None = None
        self.detail: Callable[[], str] | None = None  # what a long stage has done so far (progress line)
        self.last_words: Callable[[str], None] | None = None  # told a hard exit's message before it (--json)
        # the budget's bookkeeping: a search was cut short by this run's deadline (what is left is
        # the reserve for checking and printing: a batch starts no further file), and how many
        # answers the last search handed over to be checked and printed
        self.spent = False
        self.answers = 0
        # what one answer costs to render for this run's output (``price``): measured on a sample
        self.render: Callable[[object], object] | None = None
        self.cost_factor = 1.0  # a batch worker's answers cost more: handed over, then printed
        self.samples: list[float] = []  # CPU seconds each sampled answer took to render
        self.priced_answers = 0
        self.output_reserve = 0.0  # seconds kept from every stage for output files (--pdf's pages)
        # seconds past the deadline printing may go on: a batch's parent starts printing only once
        # its workers have reported, which itself may take until past the deadline (cli/batch.py)
        self.print_grace = PRINT_GRACE
        self._share = 1.0  # of a CPU, over the last SHARE_WINDOW (``cpu_share``)
        self._share_mark: tuple[float, float] | None = None  # (clock, process CPU time) at its start

    # ---------------------------------------------------------------------------------- deadline

    @property
    def deadline(self) -> float | None:
        return None if self.time_limit is None else self.started + self.time_limit

    def remaining(self) -> float | None:
        """Seconds left for cooperative work (solving), keeping a small reserve for printing and
        the output files' (``output_reserve``)."""
        if self.deadline is None:
            return None if self.reason is None else 0.0
        reserve = min(0.25, 0.1 * (self.time_limit or 0)) + self.output_reserve
        left = self.deadline - reserve - time.monotonic()
        return 0.0 if self.reason is not None else max(0.0, left)

    def answer_cost(self) -> float:
        """Seconds one answer takes to check and print: the measured rendering cost (``priced``)
        times COST_MARGIN, at least COST_FLOOR; times ``cost_factor`` (a batch worker); divided by
        the share of a CPU the process is getting (``cpu_share``)."""
        samples = sorted(self.samples)
        measured = samples[len(samples) // 2] * COST_MARGIN if samples else 0.0
        return max(COST_FLOOR, measured) * self.cost_factor / self.cpu_share()

    def cpu_share(self, now: float | None = None, cpu: float | None = None) -> float:
        """The share of a CPU this process got over the last SHARE_WINDOW seconds (1: a whole one,
        as a search has on a quiet machine; at least SHARE_MIN), measured as polled (the
        search's wait polls it)."""
        now = time.monotonic() if now is None else now
        cpu = time.process_time() if cpu is None else cpu
        if self._share_mark is None:
            self._share_mark = (now, cpu)
        elif now - self._share_mark[0] >= SHARE_WINDOW:
            wall0, cpu0 = self._share_mark
            self._share = min(1.0, max(SHARE_MIN, (cpu - cpu0) / (now - wall0)))
            self._share_mark = (now, cpu)
        return self._share

    def reserve(self, answers: int) -> float:
        """Seconds a search stops before the deadline to check and print the ``answers`` it hands over."""
        return answers * self.answer_cost() if answers > 0 else 0.0

    def checking_grace(self) -> float:
        """Seconds after a signal the run gets to check the answers its search found: CHECK_GRACE
        plus their reserve (a deadline, when there is one, still bounds it)."""
        return CHECK_GRACE + self.reserve(self.answers)

    def stopping(self) -> bool:
        if self.reason is None and self.deadline is not None:
            now = time.monotonic()
            # a watchdog that has not looked at the clock for a while may have a pause to account
            # for (SIGSTOP: ``_on_resume``); it decides, at its next poll
            behind = self._thread is not None and now - self._last_poll > WATCHDOG_BEHIND
            if now >= self.deadline and not behind:
                self.reason = "time limit"
        return self.reason is not None

    # ---------------------------------------------------------------------------------- set-up

    def __enter__(self) -> Run:
        global _current
        _current = self
        if self.hard:
            self.started = time.monotonic() - process_age()
            if threading.current_thread() is threading.main_thread():
                r, w = os.pipe()
                os.set_blocking(w, False)
                self._pipe = (r, w)
                self._saved = [signal.set_wakeup_fd(w, warn_on_full_buffer=False), signals.install(_ignore)]
                if hasattr(signal, "SIGCONT"):  # resumed after a pause (``_on_resume``)
                    self._saved.append(signal.signal(signal.SIGCONT, _ignore))
            self._thread = threading.Thread(target=self._watch, name="pyclingo-puzzles watchdog", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        global _current, last_stage
        last_stage = self.stage  # an error leaving the run is reported after it (``resources``)
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
        self.kill_children()
        _current = None

    # ---------------------------------------------------------------------------------- watchdog

    def _watch(self) -> None:
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
            now = time.monotonic()
            if now - self._last_poll > WATCHDOG_BEHIND:  # stopped here, or starved: maybe a pause
                self._gap = (now - self._last_poll, now)
            self._last_poll = now
            deadline = self.deadline
            if deadline is not None and now >= deadline and not self._resumed_now(rfd, now):
                if self.reason is None:
                    self.reason = "time limit"
                stuck = self.stage in UNINTERRUPTIBLE
                grace = self.print_grace if self.stage == "printing" else GRACE
                if stuck or now >= deadline + grace:
                    self.hard_exit(f"time limit hit while {self.stage}")
            elif self._signalled is not None and self.stage != "printing":
                # Python work that does not poll the stop flag (reading, building facts): a first
                # Ctrl-C must still end the run, as the deadline does; answers found are checked
                # first (a deadline, when there is one, still bounds that: the branch above)
                grace = self.checking_grace() if self.stage == "checking answers" else SIGNAL_GRACE
                if now >= self._signalled + grace:
                    self.hard_exit(f"interrupted while {self.stage}")

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
        was given, a run exits 11 with an answer (``paused``), as one stopped by its limit."""
        now = time.monotonic()
        pause = now - self._last_poll
        if self._gap is not None and now - self._gap[1] < 1.0:  # the watchdog woke first and saw the gap
            pause = max(pause, self._gap[0])
        self._gap = None
        if self.deadline is not None and now > self.deadline:
            self.paused = True
        self.started += max(0.0, pause)
        self._last_poll = now

    def _resumed_now(self, rfd: int | None, now: float) -> bool:
        """Before ending the run at the deadline: a SIGCONT still unread (the watchdog was stopped
        between its wait and this check) is read first; True when it moved the deadline, or when
        the watchdog has just woken from a gap (the SIGCONT it may be is written a moment later)."""
        if self._gap is not None and now - self._gap[1] < WATCHDOG_BEHIND:
            return True
        if rfd is None or not select.select([rfd], [], [], 0)[0]:
            return False
        deadline = self.deadline
        self._read_signals(rfd)
        return self.deadline != deadline

    def _on_signal(self) -> None:
        self._signals += 1
        if self._signals > 1:
            self.hard_exit("interrupted again: stopped at once")
        if self.reason is None:
            self.reason = "interrupted"
        self._signalled = time.monotonic()
        if self.stage in UNINTERRUPTIBLE:
            self.hard_exit(f"interrupted while {self.stage}")
        # otherwise the main thread sees the flag (Solver.solve polls it) and, within GRACE, starts
        # printing what it has, however long that takes: a second signal ends the run at once

    def _check_memory(self) -> None:
        if self.memory_limit is None:
            return
        own = rss_bytes()
        workers = sum(rss_bytes(pid) for pid in list(self.children))
        if own + workers <= self.memory_limit:
            return
        message = memory_message(self.memory_limit, self.stage, own, workers, len(self.children))
        if self.spare_parent and workers and own <= self.memory_limit:
            # a batch: its workers end, and the parent prints what it has and its summary
            self.memory_note = message
            self.reason = "memory limit"  # first: no worker is started or given a file from here on
            self.kill_children()
            return
        self.hard_exit(message)

    def hard_exit(self, message: str) -> None:
        """End the process now with ``message`` on stderr (exit 1)."""
        if self._done.is_set():
            return
        self._done.set()
        _spawn_lock.acquire(timeout=0.5)  # no worker is forked from here on (never released: we exit)
        # every child of this process, also one forked a moment ago and not yet adopted (only the
        # command's own process gets here: a library's caller may have children of its own)
        self.children |= _own_children()
        self.kill_children()
        if self.last_words is not None:
            with contextlib.suppress(Exception):
                self.last_words(message)
        _flush(sys.stdout)
        with contextlib.suppress(Exception):
            print(message, file=sys.stderr)
        _flush(sys.stderr)
        # last, so that a write the main thread began meanwhile is caught too; its target stays as it was
        for name in list(_unfinished):
            with contextlib.suppress(OSError):
                os.unlink(name)
        os._exit(getattr(self, "hard_exit_code", EXIT_INTERRUPTED))  # the command sets it: --exit-codes

    # ---------------------------------------------------------------------------------- children

    def kill_children(self) -> None:
        """SIGKILL the workers and reap them (briefly): a killed worker left unreaped stays in the
        process table as a zombie until its parent's parent collects it, and some inits never do."""
        pids = list(self.children)
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        self.children.clear()
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


def _own_children() -> set[int]:
    """This process's children (from /proc, else psutil)."""
    me, out = os.getpid(), set()
    if not _PROC:
        with contextlib.suppress(Exception):
            out = {child.pid for child in _psutil().Process(me).children()}
        return out
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError), open(f"/proc/{entry}/stat", "rb") as f:
                    if int(f.read().rsplit(b")", 1)[1].split()[1]) == me:  # field 4: the parent
                        out.add(int(entry))
    return out


def _flush(stream: object, timeout: float = 0.2) -> None:
    """Flush without hanging: a reader that stopped reading must not keep the process alive."""

    def flush() -> None:
        with contextlib.suppress(Exception):
            stream.flush()  # type: ignore[attr-defined]

    flusher = threading.Thread(target=flush, daemon=True)
    flusher.start()
    flusher.join(timeout)


def _ignore(signum: int, frame: object) -> None:
    """The Python-level handler does nothing: the watchdog reads the signal from the wakeup pipe."""


_current: Run | None = None
last_stage = "starting"  # the stage the last run ended in


def current() -> Run | None:
    return _current


def remaining(limit: float | None = None) -> float | None:
    """The smallest of ``limit``, what the current run has left and what the stages under way
    (``until``) have left (None = no limit at all)."""
    lefts = [max(0.0, limit)] if limit is not None else []
    run_left = run_remaining()
    if run_left is not None:
        lefts.append(run_left)
    if _until:
        lefts.append(max(0.0, min(_until) - time.monotonic()))
    return min(lefts) if lefts else None


def run_remaining() -> float | None:
    """What the current run has left for cooperative work (None: no run, or no deadline)."""
    run = _current
    return run.remaining() if run is not None else None


def stopping() -> bool:
    """True once the run must wrap up (deadline passed, Ctrl-C, SIGTERM), or the deadline of a
    stage under way (``until``) has passed."""
    run = _current
    if run is not None and run.stopping():
        return True
    return bool(_until) and time.monotonic() >= min(_until)


# deadlines of the stages under way (``until``): a search's own end, inside the run's deadline;
# also where there is no run (the Python API), so every stage polls one place
_until: list[float] = []


def after(seconds: float | None) -> float | None:
    """The deadline ``seconds`` from now (a ``time.monotonic()`` value, for ``until``); None: none."""
    return None if seconds is None else time.monotonic() + max(0.0, seconds)


def out_of_time() -> bool:
    """Nothing left of the time but the run's reserve for printing: a stage that would start
    something it cannot interrupt (grounding) does not."""
    left = remaining()
    return left is not None and left <= 0.0


@contextlib.contextmanager
def until(deadline: float | None) -> Iterator[None]:
    """A stage's own deadline (a ``time.monotonic()`` value): ``stopping()`` and ``remaining()``
    also count it, so inner loops that poll them need no deadline of their own."""
    if deadline is None:
        yield
        return
    _until.append(deadline)
    try:
        yield
    finally:
        _until.remove(deadline)


def price(render: Callable[[Any], object] | None) -> None:
    """The command's output, one answer at a time: ``render(answer)`` makes what will be printed
    for one answer as the family's search hands it over (``priced``). Timing it on a sample gives
    the reserve a search keeps for its answers (``Run.reserve``)."""
    run = _current
    if run is not None:  # a new output (a batch's next file): a new sample
        run.render = render
        run.samples, run.priced_answers = [], 0


def priced(answer: object) -> None:
    """A family's search has checked ``answer`` (as it arrives, in clingo's model callback): the
    first SAMPLED answers, then every RESAMPLE-th, are rendered as the output will and timed."""
    run = _current
    if run is None or run.render is None:
        return
    run.priced_answers += 1
    if run.priced_answers > SAMPLED and run.priced_answers % RESAMPLE:
        return
    t0 = time.thread_time()  # CPU time: how busy the machine is counts once, in ``cpu_share``
    run.render(answer)
    run.samples.append(time.thread_time() - t0)


def reserve(answers: int) -> float:
    """Seconds a search keeps, before the run's deadline, for checking and printing ``answers``
    answers after it stops (no run, as in the Python API: nothing is printed, nothing kept)."""
    run = _current
    return run.reserve(answers) if run is not None else 0.0


def search_cut(answers: int) -> None:
    """A search stopped because this run's deadline (less the reserve for its answers) came: the
    run's search time is spent. ``answers``: how many it hands over to be checked and printed."""
    run = _current
    if run is not None:
        run.spent = True
        run.answers = answers


def found(answers: int) -> None:
    """A search ended (or was stopped by a signal) with ``answers`` to be checked and printed: a
    signal's grace gives the run time for them (``Run.checking_grace``)."""
    run = _current
    if run is not None:
        run.answers = answers


def interrupted() -> bool:
    """True once Ctrl-C or SIGTERM asked the run to stop."""
    run = _current
    return run is not None and run.reason == "interrupted"


def check() -> None:
    """Call in long Python loops: raises ``Stopped`` once the run must wrap up. (A stage's own
    deadline, ``until``, does not raise: the stage ends cooperatively, with what it has.)"""
    run = _current
    if run is not None and run.stopping():
        raise Stopped(run.reason or "time limit", run.stage)


def describe(detail: Callable[[], str] | None) -> None:
    """Tell the progress line what the current stage has done so far (a search's conflicts);
    None when the stage ends. The line calls it from its own thread."""
    if _current is not None:
        _current.detail = detail


@contextlib.contextmanager
def stage(name: str, after: str | None = None) -> Iterator[None]:
    """Name what the run is doing (reported when a limit hits; grounding may be ended hard);
    ``after`` names what follows (default: the stage before)."""
    run = _current
    if run is None:
        yield
        return
    before, run.stage = run.stage, name
    try:
        yield
    finally:
        run.stage = after or before


_spawn_lock = threading.Lock()


@contextlib.contextmanager
def spawning() -> Iterator[None]:
    """Hold while forking a worker and adopting it: a hard exit waits for it and then kills every
    child, so no worker is forked unseen as the run ends."""
    with _spawn_lock:
        yield


def adopt_child(pid: int) -> None:
    """A worker process of this run: its memory counts, and it is killed when the run ends."""
    run = _current
    if run is not None:
        run.children.add(pid)


def release_child(pid: int) -> None:
    run = _current
    if run is not None:
        run.children.discard(pid)


def in_worker() -> None:
    """Called first thing in a forked worker: die with the parent, leave signals to the parent
    (a Ctrl-C in a terminal reaches the whole process group), and run no watchdog of its own."""
    global _current, _spawn_lock
    _spawn_lock = threading.Lock()  # forked while the parent held it
    with contextlib.suppress(Exception):
        signal.set_wakeup_fd(-1)
    signals.in_worker()
    if hasattr(signal, "SIGCONT"):
        signal.signal(signal.SIGCONT, signal.SIG_DFL)
    _set_parent_death_signal()
    if _current is not None and os.getppid() != _current.pid:
        os._exit(EXIT_INTERRUPTED)  # the run ended between the fork and the line above: no signal comes
    if _current is not None:
        _current._done.set()
        _current._thread = None
        _current.children = set()
        _current.hard = False


def _set_parent_death_signal() -> None:
    """Linux: the kernel kills this worker when its parent dies, even by SIGKILL."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass
