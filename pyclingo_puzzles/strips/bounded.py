"""The API's bound on grounding: ``strips.tile(..., time_limit=T)`` returns within T and a moment.

clingo cannot interrupt grounding, and a large grid grounds for long (300 x 300: over a minute),
so a time limit that only the search polls does not hold. The command has its watchdog, which ends
the process; a library may not end its caller. So a large instance under a time limit (at least
``LARGE_CELLS`` cells) is solved in a forked worker process (``run.bounded``), which is killed
0.3 s after the limit: the result is then UNKNOWN for every grid, as a search stopped
by its limit without an answer. Smaller instances, calls without a limit and platforms that
cannot fork solve in the caller's process, as before.
"""

from __future__ import annotations

from ..core.results import Stats
from ..core.status import Status
from ..run.bounded import within
from .options import StripsOptions
from .reader import StripsInstance
from .solver import GridResult, StripsResult, solve_with

LARGE_CELLS = 10_000  # cells (all grids together) from which a limited call grounds in a worker (100 x 100)


def cells(instance: StripsInstance) -> int:
    return sum(len(row) for grid in instance.grids for row in grid.rows)


def solve_within(instance: StripsInstance, options: StripsOptions) -> StripsResult:
    """``solve_grids``, bounded by ``options.time_limit`` also while grounding (see the module docstring)."""
    time_limit = options.time_limit
    if time_limit is None or cells(instance) < LARGE_CELLS:
        return solve_with(instance, options)
    return within(lambda: solve_with(instance, options), time_limit, lambda: unknown(instance))


def unknown(instance: StripsInstance) -> StripsResult:
    """The result of a call its limit ended before any answer (grounding, most likely)."""
    grids = [GridResult(grid.name, Status.UNKNOWN, 0, False) for grid in instance.grids]
    return StripsResult(grids, Stats(), interrupted=True, strip_lengths=instance.strip_lengths)
