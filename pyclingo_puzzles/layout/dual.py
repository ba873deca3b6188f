"""The search on both cores: a second, differently seeded search in a forked worker process, the
better layout wins.

The search is Python (it holds the GIL), so the second core is only used by a second process. The
worker is registered with the run (its memory counts; it is killed when the run ends, and the kernel
kills it if the parent dies) and ends on its own at the same deadline as the parent's search. Its
result is waited for until shortly after that deadline, so a worker behind the parent (it spends
the same budget of work) still counts, and not longer. The pick is deterministic: the better
objective, ties to the parent's layout. Lists short enough for the proof, user rules, machines
with one core, ``--jobs 1`` (each file of a batch) and daemonic callers (``run.workers.can_fork``)
run one search.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.errors import VerificationError
from ..run import runtime
from .objective import key
from .options import LayoutOptions
from .reader import LayoutInstance
from .search import PROOF_WORDS, Outcome, Search, output_margin, search_seconds
from .verify import check

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

WAIT_SHARE = 0.6  # of the output's margin (search.output_margin), the time the parent waits for the worker's
# result after the deadline the searches share (0.3 s at 2 s or more)
STAGE = "searching for a layout"  # named when a limit hits (Python work: it polls the deadline)
SHOWN_SHARE = 0.1  # with user rules, the share of the time limit kept for the solve that gives their #show
SHOWN_MAX = 1.0  # atoms for the layout, and at most these seconds (it grounds the encoding and the rules once:
# tens of milliseconds alone, but half the output's margin, as it had, was too short on a busy machine)
SEED_STEP = 7919  # the worker's seed: the parent's plus this (a different, reproducible start)


def _work(conn: Connection, search: Search, time_limit: float, started: float) -> None:
    try:
        conn.send(("ok", _search(search, time_limit, started)))
    except BaseException as exc:  # handed to the parent, which raises it
        conn.send(("error", RuntimeError(f"layout worker: {type(exc).__name__}: {exc}")))
    finally:
        conn.close()


def _deadline(time_limit: float, started: float) -> float:
    """Where both searches end: ``started + time_limit``, less the margin for the output."""
    return started + search_seconds(time_limit)


def _search(search: Search, time_limit: float, started: float) -> Outcome:
    """One search, its end (``_deadline``) polled by every inner loop through ``runtime.until``: a
    long word's thousands of positions included."""
    with runtime.stage(STAGE), runtime.until(_deadline(time_limit, started)):
        return search.run(time_limit, started)


def two_cores() -> bool:
    from ..run.workers import can_fork  # here: only a run that forks pays for multiprocessing

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores >= 2 and can_fork()


def arrange(
    inst: LayoutInstance, options: LayoutOptions, *, started: float, warn: Callable[[str], None] | None = None
) -> Outcome:
    """The best layout of one search here and (``options.workers``, when it pays) one in a worker;
    ``options.work_limit``: a budget of work instead of the clock's (``Search``). ``started``:
    when the run's time began (the process start, for the command)."""
    rules, seed, time_limit, work_seconds = options.rules, options.seed, options.time_limit, options.work_limit
    search = Search(inst, rules=rules, seed=seed, warn=warn, work_seconds=work_seconds)
    if not options.workers or rules or len(inst.words) <= PROOF_WORDS or not two_cores():
        shown = min(SHOWN_MAX, SHOWN_SHARE * time_limit) if rules else 0.0
        outcome = _search(search, time_limit - shown, started)
        if search.rules and outcome.layout is not None:
            # the user's #show atoms of the layout printed (it may come from any of the search's
            # solves, or from none: one small solve with every word fixed), in the time kept for it
            left = started + search_seconds(time_limit) - time.monotonic()
            outcome.shown = search.shown_of(outcome.layout, max(0.01, left))
        return outcome
    from ..run import workers as processes

    twin = Search(inst, seed=(seed or 0) + SEED_STEP, warn=warn, work_seconds=work_seconds)
    worker = processes.start(_work, twin, time_limit, started)
    try:
        mine = _search(search, time_limit, started)
        theirs = None
        # the worker spends the same budget, and may be behind: its result is waited for until the
        # deadline both searches share (then it ends by the clock), not only a moment after this one
        until = max(time.monotonic(), _deadline(time_limit, started)) + WAIT_SHARE * output_margin(time_limit)
        while theirs is None and time.monotonic() < until and not runtime.stopping():
            if worker.conn.poll(0.02):
                try:
                    kind, theirs = worker.conn.recv()
                except EOFError:
                    break  # the worker died (killed): the parent's layout stands
                if kind == "error":
                    raise theirs
    finally:
        worker.stop()
    mine.stats.extra["workers"] = 2 if theirs is not None else 1
    if theirs is None or theirs.layout is None or mine.layout is None:
        return mine
    if check(inst.words, theirs.layout.placements):
        raise VerificationError("the worker's layout failed the checker")
    if key(theirs.layout, inst.prefer) < key(mine.layout, inst.prefer):
        theirs.stats.extra["workers"] = 2
        theirs.stats.extra["winner"] = "worker"
        return theirs
    return mine
