"""Solving strip covers: one grounding for all grids and every mode.

Default: one solve call tiles every grid. Counting (``--count`` / ``--models 0``): the same call
looks for a second model; without one, every grid has exactly one tiling. Otherwise the encoding's
``joint`` switch goes off, each model tiles one grid, and a single enumeration counts every grid (a
single grid is counted in joint mode: its models are the grid's tilings).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from clingo import Function, Number, SymbolType

from ..core.errors import VerificationError, derived_error
from ..core.solve import Solver, SolveResult, Stats, Status, exit_code
from .reader import StripsInstance
from .tiling import Tiling, decode, grid_facts, verify

ENCODING = "strips.lp"
# clasp keeps the (small) cardinality constraints as they are instead of translating some to
# clauses: measured on the 26 MUMS grids, preprocessing 9 -> 6.5 ms, the same search
CLASP_OPTIONS = ("--trans-ext=no",)
JOINT = Function("joint")  # the encoding's switch: every grid in one model, or one grid per model


@dataclass
class GridResult:
    name: str
    status: Status
    count: int  # tilings found (all of them when exhausted)
    exhausted: bool
    tilings: list[Tiling] = field(default_factory=list)
    rules_to_blame: tuple[str, ...] = ()  # no tiling only because of these rule files


@dataclass
class StripsResult:
    grids: list[GridResult]
    stats: Stats
    interrupted: bool = False
    shown: tuple[str, ...] | None = None  # what the user's #show statements show in the first model

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


def _blame(solver: Solver, time_limit: float | None, active: Sequence) -> list[str]:
    """The rule files that alone rule out a grid's tilings (the user-rules machinery loads on use)."""
    from ..core import rules as user_rules

    return user_rules.blame(solver, time_limit, active)


def _grid_of(symbols: Sequence, n: int, rules: Sequence[str]) -> int:
    """The grid a one-grid model tiles: its one ``active(G)`` atom."""
    active = [s for s in symbols if s.name == "active" and len(s.arguments) == 1]
    for s in active:
        if s.arguments[0].type is not SymbolType.Number or not 0 <= s.arguments[0].number < n:
            raise derived_error(s, "which names no grid", rules)
    if len(active) != 1:
        raise derived_error(active[-1] if active else "active(_)", "but a model tiles exactly one grid", rules)
    return active[0].arguments[0].number


def solve_grids(
    instance: StripsInstance,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    count: bool = False,
    seed: int | None = None,
    time_limit: float | None = None,
) -> StripsResult:
    """Solve every grid; ``count`` (or ``models`` = 0) counts all tilings of every grid."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    n = len(instance.grids)
    stats = Stats()

    def remaining() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    solver = Solver([ENCODING], rules, seed=seed, options=CLASP_OPTIONS)  # one grounding for every mode
    solver.add_facts(grid_facts(instance))
    solver.ground()

    def checked(symbols: Sequence) -> dict[int, Tiling]:
        tilings = decode(symbols, instance.grids, rules)
        for g, tiling in tilings.items():
            problems = verify(tiling, instance.strip_lengths)
            if problems:
                raise VerificationError(f"grid {instance.grids[g].name}: {problems[0]}")
        return tilings

    def add(result: SolveResult) -> None:
        """One more solve call's figures; atoms and rules are the one program's, not summed."""
        stats.add(result.stats)
        stats.atoms, stats.rules = result.stats.atoms, result.stats.rules

    def finish(results: list[GridResult], interrupted: bool) -> StripsResult:
        stats.ground_seconds = solver.stats.ground_seconds
        return StripsResult(results, stats, interrupted, shown)

    shown: tuple[str, ...] | None = None

    def show(answers: Sequence) -> None:
        nonlocal shown
        if answers and shown is None:
            shown = solver.shown(answers[0])

    joint = count or models == 0  # every tiling of every grid is wanted
    if (not joint and models == 1) or (joint and n > 1 and not rules):
        # one model tiles every grid. Counting without user rules: the joint models are the
        # combinations of the grids' tilings, so a second joint model is looked for; none means
        # exactly one tiling per grid (a puzzle's usual case) with no per-grid enumeration. User
        # rules may tie grids together, which breaks that product: they count per grid below.
        solver.assign_external(JOINT, True)
        result = solver.solve(models=2 if joint else 1, time_limit=remaining())
        add(result)
        unique = joint and result.count == 1 and result.exhausted
        if result.status is Status.SAT and (unique or not joint or result.interrupted):
            show(result.answers)
            tilings = checked(result.answers[0].symbols)
            grids = [GridResult(gr.name, Status.SAT, 1, unique, [tilings[g]]) for g, gr in enumerate(instance.grids)]
            return finish(grids, result.interrupted)
        if result.status is Status.UNKNOWN:
            grids = [GridResult(gr.name, Status.UNKNOWN, 0, False) for gr in instance.grids]
            return finish(grids, True)

    # from here a model tiles one grid; a single grid is counted in joint mode (its models are its tilings)
    solver.assign_external(JOINT, joint and n == 1)
    if joint:
        # one enumeration: every model is one tiling of one grid
        result = solver.solve(models=0, time_limit=remaining())
        add(result)
        show(result.answers)
        counts = [0] * n
        per_grid: dict[int, list[Tiling]] = {}
        for answer in result.answers:
            g = _grid_of(answer.symbols, n, rules)
            counts[g] += 1
            if len(per_grid.setdefault(g, [])) < max(1, models):
                per_grid[g].append(checked(answer.symbols)[g])
        grids = []
        for g, gr in enumerate(instance.grids):
            status = Status.SAT if counts[g] else Status.UNSAT if result.exhausted else Status.UNKNOWN
            grids.append(GridResult(gr.name, status, counts[g], result.exhausted, per_grid.get(g, [])))
        return finish(grids, result.interrupted)

    # up to `models` tilings per grid (or: find which grids have none): one call per grid
    grids = []
    interrupted = False
    switches = solver.rule_assumptions()  # a grid without tiling may be the rules' doing
    for g, gr in enumerate(instance.grids):
        active = [(Function("active", [Number(g)]), True)]
        result = solver.solve(models=max(1, models), time_limit=remaining(), assumptions=[*active, *switches])
        add(result)
        interrupted = interrupted or result.interrupted
        show(result.answers)
        tilings = [checked(a.symbols)[g] for a in result.answers]
        blamed = _blame(solver, remaining(), active) if result.status is Status.UNSAT else []
        grids.append(GridResult(gr.name, result.status, result.count, result.exhausted, tilings, tuple(blamed)))
    return finish(grids, interrupted)
