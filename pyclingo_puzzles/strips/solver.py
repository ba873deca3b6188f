"""Solving strip covers: one grounding for all grids, grids switched on through ``active/1``."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from clingo import Function, Number

from ..solve import Solver, Stats, Status, exit_code
from .instance import StripsInstance
from .tiling import Tiling, decode, grid_facts, verify

ENCODING = "strips.lp"


class VerificationError(RuntimeError):
    """A model failed the independent verifier (a bug in the encoding or in the user's rules)."""


@dataclass
class GridResult:
    name: str
    status: Status
    count: int  # tilings found (all of them when exhausted)
    exhausted: bool
    tilings: list[Tiling] = field(default_factory=list)


@dataclass
class StripsResult:
    grids: list[GridResult]
    stats: Stats
    interrupted: bool = False

    @property
    def status(self) -> Status:
        if any(g.status is Status.UNSAT for g in self.grids):
            return Status.UNSAT
        if all(g.status is Status.SAT for g in self.grids):
            return Status.SAT
        return Status.UNKNOWN

    @property
    def exhausted(self) -> bool:
        return all(g.exhausted for g in self.grids)

    @property
    def exit_code(self) -> int:
        return exit_code(self.status, self.exhausted, self.interrupted and self.status is not Status.UNSAT)

    def unsolvable(self) -> list[str]:
        return [g.name for g in self.grids if g.status is Status.UNSAT]


def _checked(tilings: dict[int, Tiling], instance: StripsInstance) -> dict[int, Tiling]:
    for g, tiling in tilings.items():
        problems = verify(tiling, instance.strip_lengths)
        if problems:
            raise VerificationError(f"grid {instance.grids[g].name}: {problems[0]}")
    return tilings


def solve_grids(
    instance: StripsInstance,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    count: bool = False,
    seed: int | None = None,
    time_limit: float | None = None,
) -> StripsResult:
    """Solve every grid. ``count`` (or ``models`` != 1) enumerates per grid; otherwise one solve
    call covers the whole set and only an UNSAT answer is split up to name the culprit grids."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    solver = Solver([ENCODING], rules, seed=seed)
    solver.add_facts(grid_facts(instance))
    solver.ground()
    n = len(instance.grids)
    active = [Function("active", [Number(g)]) for g in range(n)]
    stats = Stats(ground_seconds=solver.stats.ground_seconds)

    def remaining() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    def run(on: Sequence[int], limit: int, keep: int):
        for g in range(n):
            solver.assign_external(active[g], g in on)
        result = solver.solve(models=limit, time_limit=remaining(), keep=keep)
        stats.add(result.stats)
        stats.ground_seconds = solver.stats.ground_seconds
        return result

    per_grid = count or models != 1
    results: list[GridResult] = []
    interrupted = False
    if not per_grid:
        together = run(range(n), 1, 1)
        interrupted = together.interrupted
        if together.status is Status.SAT:
            tilings = _checked(decode(together.answers[0].symbols, instance.grids), instance)
            return StripsResult(
                [GridResult(gr.name, Status.SAT, 1, False, [tilings[g]]) for g, gr in enumerate(instance.grids)],
                stats,
                interrupted,
            )
        if together.status is Status.UNKNOWN:
            return StripsResult(
                [GridResult(gr.name, Status.UNKNOWN, 0, False) for gr in instance.grids], stats, interrupted
            )
    for g, grid in enumerate(instance.grids):
        result = run([g], 0 if count else models, max(1, models))
        interrupted = interrupted or result.interrupted
        tilings = [_checked(decode(a.symbols, instance.grids), instance)[g] for a in result.answers]
        results.append(GridResult(grid.name, result.status, result.count, result.exhausted, tilings))
    return StripsResult(results, stats, interrupted)
