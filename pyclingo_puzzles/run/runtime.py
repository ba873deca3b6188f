"""One run's time budget: its deadline, the stages under way and their own deadlines, and why the
run is stopping.

Every stage asks the budget for its time (``remaining``) and polls it (``stopping``, ``check``);
a stage with a deadline of its own inside the run's (a family's ``time_limit``) sets it with
``until``, so the loops inside it need none. ``Run`` holds what the rest of a run's plumbing
shares: its workers (``children.Children``), what an answer costs to print (``pricing.Pricing``)
and what its watchdog (``watchdog.Watchdog``, armed by the command-line process only) reads.
A search stops before the deadline by the reserve its answers need (``reserve``).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from . import children, pricing, process

EXIT_INTERRUPTED = 1
PRINT_GRACE = 0.95  # seconds after the deadline a run already printing may go on (``Run.print_grace``)
CHECK_GRACE = 5.0  # seconds (plus the answers' reserve) after a signal for checking the answers found
WATCHDOG_BEHIND = 0.2  # seconds without a poll after which the main thread leaves the deadline to the watchdog


class Stopped(Exception):
    """Raised by ``check()`` in long Python loops once the run has to stop."""

    def __init__(self, reason: str, stage: str):
        self.reason = reason  # "time limit" | "interrupted"
        self.stage = stage
        super().__init__(f"{'interrupted' if reason == 'interrupted' else reason + ' hit'} while {stage}")

    def __reduce__(self) -> tuple:
        # a worker's Stopped reaches its parent pickled: rebuilt from its own two arguments (from
        # ``args``, the message alone, it raised TypeError in the parent: "internal error")
        return (Stopped, (self.reason, self.stage))


class Run:
    """The budget of one run. Use as a context manager; ``current()`` gives it to the core.
    ``from_process_start``: the deadline also counts interpreter start-up and imports (the command).
    (A plain class: importing dataclasses costs a small run's start-up more than it saves.)"""

    def __init__(self, time_limit: float | None = None, from_process_start: bool = False):
        self.time_limit = time_limit
        self.from_process_start = from_process_start
        self.started = time.monotonic()
        self.stage = "reading the input"
        self.reason: str | None = None  # why the run is stopping: "time limit" | "interrupted" | "memory limit"
        self.children = children.Children()
        self.pricing = pricing.Pricing()
        self.pid = os.getpid()  # the run's own process (workers check their parent)
        self.paused = False  # stopped (SIGSTOP) and resumed past the deadline (the watchdog's)
        self.watched_at: float | None = None  # the watchdog's last look at the clock (None: no watchdog)
        self.paused_for = 0.0  # seconds the process was stopped (SIGSTOP): local deadlines move by them
        # past the memory ceiling with workers, end only them (a batch: ``memory_note`` says why)
        self.spare_parent = False
        self.memory_note = ""
        self.detail: Callable[[], str] | None = None  # what a long stage has done so far (progress line)
        self.last_words: Callable[[str], None] | None = None  # told a hard exit's message before it (--json)
        # the budget's bookkeeping: a search was cut short by this run's deadline (what is left is
        # the reserve for checking and printing: a batch starts no further file), and how many
        # answers the last search handed over to be checked and printed
        self.spent = False
        self.answers = 0
        self.output_reserve = 0.0  # seconds kept from every stage for output files (--pdf's pages)
        # seconds past the deadline printing may go on: a batch's parent starts printing only once
        # its workers have reported, which itself may take until past the deadline (cli/batch.py)
        self.print_grace = PRINT_GRACE

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

    def reserve(self, answers: int) -> float:
        """Seconds a search stops before the deadline to check and print the ``answers`` it hands over."""
        return self.pricing.reserve(answers)

    def checking_grace(self) -> float:
        """Seconds after a signal the run gets to check the answers its search found: CHECK_GRACE
        plus their reserve (a deadline, when there is one, still bounds it)."""
        return CHECK_GRACE + self.reserve(self.answers)

    def behind(self, now: float) -> bool:
        """The watchdog has not looked at the clock for a while: it may have a pause to account
        for (SIGSTOP: ``Watchdog._on_resume``), so a deadline waits for its next poll."""
        return self.watched_at is not None and now - self.watched_at > WATCHDOG_BEHIND

    def stopping(self) -> bool:
        if self.reason is None and self.deadline is not None:
            now = time.monotonic()
            if now >= self.deadline and not self.behind(now):
                self.reason = "time limit"
        return self.reason is not None

    def resumed(self, pause: float) -> None:
        """The process went on after a pause of ``pause`` seconds (the watchdog's ``_on_resume``):
        the run's deadline and the deadlines of the stages under way (``until``) move by it."""
        self.started += pause
        self.paused_for += pause
        _until[:] = [deadline + pause for deadline in _until]

    def __enter__(self) -> Run:
        global _current
        _current = self
        if self.from_process_start:
            self.started = time.monotonic() - process.process_age()
        return self

    def __exit__(self, *exc: object) -> None:
        global _current, last_stage
        last_stage = self.stage  # an error leaving the run is reported after it (``resources``)
        self.children.kill()
        _current = None


_current: Run | None = None
last_stage = "starting"  # the stage the last run ended in


def current() -> Run | None:
    return _current


def detach() -> Run | None:
    """A forked worker's copy of the run: no watchdog of its own, and no workers yet."""
    run = _current
    if run is not None:
        run.watched_at = None
        run.children = children.Children()
    return run


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


class Due(NamedTuple):
    """A deadline made once from a time limit (``due``) and carried in the run's options to every
    stage (``until``), never made again from the limit: when (a ``time.monotonic()`` value), the
    run's pauses when it was made (a pause since moves it: SIGSTOP) and the seconds it was made of
    (options that change their limit make a new one)."""

    at: float
    paused: float
    seconds: float


def due(seconds: float, start: float | None = None) -> Due:
    """The deadline of a time limit of ``seconds`` counted from ``start`` (default: now; the
    command's options: the run's start, the process's)."""
    run = _current
    base = time.monotonic() if start is None else start
    return Due(base + max(0.0, seconds), run.paused_for if run is not None else 0.0, seconds)


def after(seconds: float | None) -> float | None:
    """The deadline ``seconds`` from now (a ``time.monotonic()`` value, for ``until``); None: none."""
    return None if seconds is None else time.monotonic() + max(0.0, seconds)


def local_deadline(deadline: float) -> Callable[[], float | None]:
    """A caller's own deadline (a ``time.monotonic()`` value) as the run sees it: moved by the
    pauses since (SIGSTOP), and None while the watchdog may still have one to account for."""
    run = _current
    paused = run.paused_for if run is not None else 0.0

    def now_due() -> float | None:
        if run is None:
            return deadline
        if run.behind(time.monotonic()):
            return None
        return deadline + run.paused_for - paused

    return now_due


def out_of_time() -> bool:
    """Nothing left of the time but the run's reserve for printing: a stage that would start
    something it cannot interrupt (grounding) does not."""
    left = remaining()
    return left is not None and left <= 0.0


@contextlib.contextmanager
def until(deadline: float | Due | None) -> Iterator[None]:
    """A stage's own deadline (a ``time.monotonic()`` value, or the run options' ``Due``, moved by
    the pauses since it was made): ``stopping()`` and ``remaining()`` also count it, so inner loops
    that poll them need no deadline of their own."""
    if deadline is None:
        yield
        return
    if isinstance(deadline, Due):
        run = _current
        deadline = deadline.at + ((run.paused_for - deadline.paused) if run is not None else 0.0)
    _until.append(deadline)
    index = len(_until) - 1  # stages nest; a pause may have moved the value since (``Run.resumed``)
    try:
        yield
    finally:
        del _until[index]


def price(render: Callable[[Any], object] | None) -> None:
    """The command's output, one answer at a time: ``render(answer)`` makes what will be printed
    for one answer as the family's search hands it over (``priced``). Timing it on a sample gives
    the reserve a search keeps for its answers (``pricing``)."""
    if _current is not None:  # a new output (a batch's next file): a new sample
        _current.pricing.start(render)


def priced(answer: object) -> None:
    """A family's search has checked ``answer`` (as it arrives, in clingo's model callback)."""
    if _current is not None:
        _current.pricing.priced(answer)


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
    except BaseException as exc:
        if not hasattr(exc, STAGE_ATTRIBUTE):  # the innermost stage: where it was raised
            with contextlib.suppress(Exception):
                setattr(exc, STAGE_ATTRIBUTE, name)
        raise
    finally:
        run.stage = after or before


STAGE_ATTRIBUTE = "pyclingo_puzzles_stage"


def stage_of(exc: BaseException) -> str:
    """The stage ``exc`` was raised in (an error reported once its stage is over names that stage)."""
    named = getattr(exc, STAGE_ATTRIBUTE, None)
    if isinstance(named, str):
        return named
    run = _current
    return run.stage if run is not None else last_stage
