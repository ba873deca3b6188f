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

from clingo import Function, Number

from ..core.errors import VerificationError, derived_error
from ..core.results import Answer, SolveResult, Stats
from ..core.solve import Solver
from ..core.status import Status, api_code, exit_code
from ..run import runtime
from .options import StripsOptions
from .reader import DEFAULT_LENGTHS, StripsInstance
from .tiling import NAMES_NO_GRID, Tiling, decode, grid_facts, names_grid, verify

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


class Pages:
    """What every strips result shows: its exit code and its tilings (``drawn()``: each grid's
    first, and a hunt's meta grid's) outlined in SVG and PDF, or to play in HTML."""

    strip_lengths: tuple[int, ...]

    @property
    def clingo_code(self) -> int:
        raise NotImplementedError

    def drawn(self) -> list[Tiling]:
        raise NotImplementedError

    @property
    def exit_code(self) -> int:
        """The command's exit code for this result, in the convention ``$PYCLINGO_PUZZLES_EXIT_CODES``
        names (Unix by default: 0 an answer, 1 none exists, 3 no answer within the limit)."""
        return api_code(self.clingo_code)

    def to_svg(
        self, *, title: str = "Strips", instructions: str | None = None, name_line: bool = False, per_row: int = 5,
        bottom_up: bool = False,
    ) -> str:
        """The tilings drawn, outlined (SVG), ``per_row`` side by side."""
        from .render import page_of

        return page_of(self.drawn(), "svg", title, instructions, name_line, per_row=per_row, bottom_up=bottom_up)

    def to_pdf(
        self, *, title: str = "Strips", instructions: str | None = None, name_line: bool = False, paper: str = "a4",
        bottom_up: bool = False,
    ) -> bytes:
        """The tilings drawn, outlined, a page each (PDF bytes)."""
        from .render import page_of

        return page_of(self.drawn(), "pdf", title, instructions, name_line, paper, bottom_up=bottom_up)

    def to_html(self, *, title: str = "Strips", instructions: str | None = None, name_line: bool = False) -> str:
        """A playable page (HTML, self-contained) of the tilings drawn: draw the strips
        (``instructions``: default how to play the page; "" none)."""
        from ..formats.playable import text_of
        from .play import page

        text = text_of("strips", title, instructions, name_line)
        tilings = self.drawn()
        if not tilings:
            raise ValueError("no tiling to play")
        return page(tilings, self.strip_lengths, text)


@dataclass
class StripsResult(Pages):
    grids: list[GridResult]
    stats: Stats
    interrupted: bool = False
    shown: tuple[str, ...] | None = None  # what the user's #show statements show in the first model
    strip_lengths: tuple[int, ...] = DEFAULT_LENGTHS  # the instance's (a playable page needs them)

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
    def clingo_code(self) -> int:
        return exit_code(self.status, self.exhausted, self.interrupted and self.status is not Status.UNSAT)

    def drawn(self) -> list[Tiling]:
        """The tilings the pages draw: each grid's first."""
        return [g.tilings[0] for g in self.grids if g.tilings]

    def unsolvable(self) -> list[str]:
        return [g.name for g in self.grids if g.status is Status.UNSAT]


def _blame(solver: Solver, time_limit: float | None, active: Sequence) -> list[str]:
    """The rule files that alone rule out a grid's tilings (the user-rules machinery loads on use)."""
    from ..core.blame import blame

    return blame(solver, time_limit, active)


def _grid_of(symbols: Sequence, n: int, rules: Sequence[str]) -> int:
    """The grid a one-grid model tiles: its one ``tiled(G)`` atom."""
    active = [s for s in symbols if s.name == "tiled" and len(s.arguments) == 1]
    for s in active:
        if not names_grid(s.arguments[0], n):
            raise derived_error(s, NAMES_NO_GRID, rules)
    if len(active) != 1:
        raise derived_error(active[-1] if active else "tiled(_)", "but a model tiles exactly one grid", rules)
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
    """Solve every grid; ``count`` (or ``models`` = 0) counts all tilings of every grid. Every
    solve call asks the run's budget for its time (``runtime.until``: this call's own limit)."""
    with runtime.until(None if time_limit is None else time.monotonic() + time_limit):
        tiler = _Tiler(instance, rules, seed)  # one grounding for every mode
        joint = count or models == 0  # every tiling of every grid is wanted
        if (not joint and models == 1) or (joint and tiler.n > 1 and not rules):
            done = tiler.all_in_one(joint)
            if done is not None:
                return done
        # from here a model tiles one grid; a single grid is counted in joint mode (its models are its tilings)
        tiler.solver.assign_external(JOINT, joint and tiler.n == 1)
        # --models 0 prints every tiling it counts; --count prints only the numbers (one tiling kept)
        return tiler.enumerate(0 if models == 0 and not count else max(1, models)) if joint else tiler.each_grid(models)


def solve_with(instance: StripsInstance, options: StripsOptions) -> StripsResult:
    """``solve_grids`` with its options gathered (the API's and the command's way in), within the
    options' deadline (made once: the hunt's meta grid shares it with the grids)."""
    o = options
    with runtime.until(o.deadline):
        return solve_grids(instance, rules=o.rules, models=o.models, count=o.count_only, seed=o.seed)


class _Tiler:
    """The stages of ``solve_grids`` over one grounding, and the figures of every solve call."""

    def __init__(self, instance: StripsInstance, rules: Sequence[str], seed: int | None):
        self.instance = instance
        self.rules = rules
        self.n = len(instance.grids)
        self.stats = Stats()
        self.shown: tuple[str, ...] | None = None  # the user's #show atoms in the first model
        self.solver = Solver([ENCODING], rules, seed=seed, options=CLASP_OPTIONS)
        self.solver.add_facts(grid_facts(instance))
        self.solver.ground()

    def checked(self, symbols: Sequence) -> dict[int, Tiling]:
        tilings = decode(symbols, self.instance.grids, self.rules)
        for g, tiling in tilings.items():
            problems = verify(tiling, self.instance.strip_lengths)
            if problems:
                raise VerificationError(f"grid {self.instance.grids[g].name}: {problems[0]}")
        return tilings

    def add(self, result: SolveResult) -> None:
        """One more solve call's figures; atoms and rules are the one program's, not summed."""
        self.stats.add(result.stats)
        self.stats.atoms, self.stats.rules = result.stats.atoms, result.stats.rules

    def show(self, answers: Sequence[Answer]) -> None:
        if answers and self.shown is None:
            self.shown = self.solver.shown(answers[0])

    def finish(self, results: list[GridResult], interrupted: bool) -> StripsResult:
        self.stats.ground_seconds = self.solver.stats.ground_seconds
        return StripsResult(results, self.stats, interrupted, self.shown, self.instance.strip_lengths)

    def all_in_one(self, joint: bool) -> StripsResult | None:
        """One model tiles every grid. Counting without user rules: the joint models are the
        combinations of the grids' tilings, so a second joint model is looked for; none means
        exactly one tiling per grid (a puzzle's usual case) with no per-grid enumeration. User
        rules may tie grids together, which breaks that product: they count per grid. None: the
        grids are to be counted one model per tiling."""
        self.solver.assign_external(JOINT, True)
        result = self.solver.solve(models=2 if joint else 1)
        self.add(result)
        unique = joint and result.count == 1 and result.exhausted
        if result.status is Status.SAT and (unique or not joint or result.interrupted):
            self.show(result.answers)
            tilings = self.checked(result.answers[0].symbols)
            names = [gr.name for gr in self.instance.grids]
            return self.finish([GridResult(name, Status.SAT, 1, unique, [tilings[g]]) for g, name in enumerate(names)],
                               result.interrupted)  # fmt: skip
        if result.status is Status.UNKNOWN:
            return self.finish([GridResult(gr.name, Status.UNKNOWN, 0, False) for gr in self.instance.grids], True)
        return None

    def enumerate(self, keep: int) -> StripsResult:
        """One enumeration: every model is one tiling of one grid, counted; the first ``keep`` of
        each grid (0: every one, to be printed) are checked as they come, so none waits to be printed."""
        counts = [0] * self.n
        per_grid: dict[int, list[Tiling]] = {}

        def take(answer: Answer) -> None:
            g = _grid_of(answer.symbols, self.n, self.rules)
            counts[g] += 1
            kept = per_grid.setdefault(g, [])
            if not keep or len(kept) < keep:
                self.show([answer])
                kept.append(self.checked(answer.symbols)[g])

        # every tiling kept is printed: the search keeps time for that (counting only: none)
        result = self.solver.solve(models=0, keep=0, on_answer=take, reports=not keep)
        self.add(result)
        grids = []
        for g, gr in enumerate(self.instance.grids):
            status = Status.SAT if counts[g] else Status.UNSAT if result.exhausted else Status.UNKNOWN
            grids.append(GridResult(gr.name, status, counts[g], result.exhausted, per_grid.get(g, [])))
        return self.finish(grids, result.interrupted)

    def each_grid(self, models: int) -> StripsResult:
        """Up to ``models`` tilings per grid (or: find which grids have none): one call per grid."""
        grids = []
        interrupted = False
        switches = self.solver.rule_assumptions()  # a grid without tiling may be the rules' doing
        for g, gr in enumerate(self.instance.grids):
            active = [(Function("tiled", [Number(g)]), True)]
            result = self.solver.solve(models=max(1, models), assumptions=[*active, *switches])
            self.add(result)
            interrupted = interrupted or result.interrupted
            self.show(result.answers)
            tilings = [self.checked(a.symbols)[g] for a in result.answers]
            blamed = _blame(self.solver, runtime.remaining(), active) if result.status is Status.UNSAT else []
            grids.append(GridResult(gr.name, result.status, result.count, result.exhausted, tilings, tuple(blamed)))
        return self.finish(grids, interrupted)
