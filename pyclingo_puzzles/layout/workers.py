"""The search on both cores: a second, differently seeded search in a forked worker process, the
better layout wins.

The search is Python (it holds the GIL), so the second core is only used by a second process. The
worker is registered with the run (its memory counts; it is killed when the run ends, and the kernel
kills it if the parent dies) and ends on its own at the same deadline as the parent's search; a
result it has not sent shortly after that is not waited for. The pick is deterministic: the better
objective, ties to the parent's layout. Lists short enough for the proof, user rules, and machines
with one core run one search.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import VerificationError
from ..run import runtime
from .objective import key
from .reader import LayoutInstance
from .search import PROOF_WORDS, Outcome, Search
from .verify import check

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

GRACE = 0.3  # seconds the parent waits for the worker's result after its own search ended
SEED_STEP = 7919  # the worker's seed: the parent's plus this (a different, reproducible start)


def _work(search: Search, time_limit: float, started: float, conn: Connection) -> None:
    runtime.in_worker()
    try:
        conn.send(("ok", search.run(time_limit, started)))
    except BaseException as exc:  # handed to the parent, which raises it
        conn.send(("error", RuntimeError(f"layout worker: {type(exc).__name__}: {exc}")))
    finally:
        conn.close()


def two_cores() -> bool:
    from ..run.portfolio import can_race  # here: only a run that forks pays for multiprocessing

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores >= 2 and can_race()


def arrange(
    inst: LayoutInstance,
    *,
    rules: Sequence[str | Path] = (),
    seed: int | None = None,
    warn: Callable[[str], None] | None = None,
    time_limit: float,
    started: float,
    workers: bool = True,
) -> Outcome:
    """The best layout of one search here and (``workers``, when it pays) one in a worker."""
    search = Search(inst, rules=rules, seed=seed, warn=warn)
    if not workers or rules or len(inst.words) <= PROOF_WORDS or not two_cores():
        return search.run(time_limit, started)
    import multiprocessing

    twin = Search(inst, seed=(seed or 0) + SEED_STEP, warn=warn)
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_work, args=(twin, time_limit, started, send), daemon=True)
    with runtime.spawning():
        proc.start()
        runtime.adopt_child(proc.pid)
    send.close()
    try:
        mine = search.run(time_limit, started)
        theirs = None
        until = time.monotonic() + GRACE
        while theirs is None and time.monotonic() < until and not runtime.stopping():
            if recv.poll(0.02):
                try:
                    kind, theirs = recv.recv()
                except EOFError:
                    break  # the worker died (killed): the parent's layout stands
                if kind == "error":
                    raise theirs
    finally:
        if proc.is_alive():
            proc.terminate()
        proc.join()
        runtime.release_child(proc.pid)
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
