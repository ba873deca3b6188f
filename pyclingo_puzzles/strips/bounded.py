"""The API's bound on grounding: ``strips.tile(..., time_limit=T)`` returns within T and a moment.

clingo cannot interrupt grounding, and a large grid grounds for long (300 x 300: over a minute),
so a time limit that only the search polls does not hold. The command has its watchdog, which ends
the process; a library may not end its caller. So a large instance under a time limit (at least
``LARGE_CELLS`` cells) is solved in a forked worker process (``run.workers``), which is killed
``WAIT`` seconds after the limit: the result is then UNKNOWN for every grid, as a search stopped
by its limit without an answer. Smaller instances, calls without a limit and platforms that
cannot fork solve in the caller's process, as before.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.solve import Stats, Status
from .reader import StripsInstance
from .solver import GridResult, StripsResult, solve_grids

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

LARGE_CELLS = 10_000  # cells (all grids together) from which a limited call grounds in a worker (100 x 100)
WAIT = 0.3  # seconds past the limit the worker's result is waited for (it stops itself at the limit)


def cells(instance: StripsInstance) -> int:
    return sum(len(row) for grid in instance.grids for row in grid.rows)


def solve_within(
    instance: StripsInstance, *, rules: Sequence[str], models: int, count: bool, seed: int | None,
    time_limit: float | None,
) -> StripsResult:
    """``solve_grids``, bounded by ``time_limit`` also while grounding (see the module docstring)."""
    options: dict[str, Any] = {"rules": rules, "models": models, "count": count, "seed": seed}
    if time_limit is None or cells(instance) < LARGE_CELLS:
        return solve_grids(instance, time_limit=time_limit, **options)
    from ..run import workers  # here: a call that needs no worker does not pay for multiprocessing

    if not workers.can_fork():
        return solve_grids(instance, time_limit=time_limit, **options)
    until = time.monotonic() + time_limit + WAIT
    worker = workers.start(_work, instance, time_limit, options)
    try:
        while (left := until - time.monotonic()) > 0:
            if worker.conn.poll(min(left, 0.05)):
                try:
                    kind, value = worker.conn.recv()
                except EOFError:  # the worker died (killed from outside, out of memory)
                    break
                if kind == "error":
                    raise value
                return value
    finally:
        worker.stop()
    return unknown(instance)


def unknown(instance: StripsInstance) -> StripsResult:
    """The result of a call its limit ended before any answer (grounding, most likely)."""
    grids = [GridResult(grid.name, Status.UNKNOWN, 0, False) for grid in instance.grids]
    return StripsResult(grids, Stats(), interrupted=True, strip_lengths=instance.strip_lengths)


def _work(conn: Connection, instance: StripsInstance, time_limit: float, options: dict[str, Any]) -> None:
    try:
        conn.send(("ok", solve_grids(instance, time_limit=time_limit, **options)))
    except BaseException as exc:  # handed to the caller, which raises it
        try:
            conn.send(("error", exc))
        except Exception:  # one that does not pickle
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
    finally:
        conn.close()
