"""Race search configurations in worker processes and pick the winner deterministically.

The Python propagators hold the GIL, so clingo's own threads cannot run them in parallel; separate
processes can. The first worker to finish is not simply taken, since that would make the answer
depend on the machine's timing: each worker counts its search steps (a deterministic measure of work) in shared memory,
and the winner is the decided worker with the fewest steps (ties: the earlier worker), accepted as
soon as every worker still running is past that count. The same input and seed therefore give the
same answer, however the processes are scheduled.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any, Protocol, TypeVar

from . import runtime, workers

T = TypeVar("T")


class Progress(Protocol):
    value: int


def can_race() -> bool:
    """Workers are forked (they inherit the pruned instance without pickling it)."""
    return workers.can_fork()


def _work(conn: Connection, task: Callable[[Progress], Any], progress: Progress) -> None:
    try:
        out = task(progress)
        conn.send(("ok", out, progress.value))
    except BaseException as exc:  # handed to the parent, which raises it
        try:
            conn.send(("error", exc, progress.value))
        except Exception:  # one that does not pickle
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}"), progress.value))
    finally:
        conn.close()


def _received(conn: Connection, worker: workers.Worker, i: int) -> tuple[Any, int]:
    """Worker ``i``'s (result, steps); its error raised here, or why it ended without a result."""
    try:
        kind, out, steps = conn.recv()
    except EOFError:
        worker.proc.join(1)
        if (worker.proc.exitcode or 0) < 0 or runtime.stopping():
            # killed by a signal: Ctrl-C / SIGTERM sent to the whole process group reaches the
            # workers too, maybe before the watchdog has read it
            run = runtime.current()
            reason = run.reason if run is not None and run.reason else "interrupted"
            raise runtime.Stopped(reason, "searching in worker processes") from None
        raise RuntimeError(f"search worker {i} died (exit code {worker.proc.exitcode})") from None
    if kind == "error":
        raise out
    return out, steps


def race(
    tasks: Sequence[Callable[[Progress], T]], decided: Callable[[T], bool], *, in_order: bool = False
) -> tuple[int, T, float]:
    """Run each task in its own process; return the winner's index and result (see the module
    docstring) and the seconds spent waiting for the other workers after the first decided. A task
    counts its steps in the ``Progress`` it is given and must stop on its own (its time limit);
    when no task decides, the first task's result is returned. ``in_order``: the tasks are in order
    of preference, and the winner is the first that decided, accepted once every task before it
    has finished (at the run's deadline: the first decided so far), whatever the steps."""
    progress = [workers.context().Value("q", 0, lock=False) for _ in tasks]
    procs: list[workers.Worker] = []
    pending: dict[Connection, int] = {}
    results: dict[int, tuple[T, int]] = {}
    first = None  # when the first decided result arrived
    with runtime.stage("searching in worker processes"):
        runtime.describe(lambda: f"{sum(p.value for p in progress):,} search steps in {len(tasks)} workers")
        try:
            for i, task in enumerate(tasks):
                procs.append(workers.start(_work, task, progress[i]))
                pending[procs[i].conn] = i
            while True:
                if runtime.interrupted():
                    raise runtime.Stopped("interrupted", "searching in worker processes")  # workers ended below
                for conn in workers.ready(pending, timeout=0.05) if pending else []:
                    i = pending.pop(conn)
                    results[i] = _received(conn, procs[i], i)
                if in_order:
                    ready = [i for i in range(len(tasks)) if i in results and decided(results[i][0])]
                    if ready:
                        first = first or time.perf_counter()
                        if runtime.stopping() or all(j in results for j in range(ready[0])):
                            return ready[0], results[ready[0]][0], time.perf_counter() - first
                    elif not pending:
                        return 0, results[0][0], 0.0
                    continue
                done = sorted((steps, i) for i, (out, steps) in results.items() if decided(out))
                if done:
                    first = first or time.perf_counter()
                    steps, i = done[0]
                    # a worker still running has made progress[j] steps so far and would finish later
                    # (at the run's deadline the least work so far wins: the others could not finish)
                    if runtime.stopping() or all(
                        j in results or (progress[j].value, j) > (steps, i) for j in range(len(tasks))
                    ):
                        return i, results[i][0], time.perf_counter() - first
                elif not pending:
                    return 0, results[0][0], 0.0
        finally:
            runtime.describe(None)
            for proc in procs:
                proc.stop()
