"""The fill-in's second search: another solution of the word list than the puzzle's answer that
keeps a set of starter letters (``encodings/fillin.lp`` over ``crossword.lp``), ground once and
asked once per set of starters through assumptions. It is the oracle ``core/unique.fewest_givens``
asks: None when the starters make the answer unique, else the cells where the other one differs."""

from __future__ import annotations

from collections.abc import Sequence

from clingo import Function, Number, String

from ...core.solve import Solver
from ...core.status import Status
from ...core.unique import Cell, differ_cells
from ...run import runtime
from ..engine.facts import candidate_facts, site_facts, word_facts
from ..p99 import ENCODING, candidates
from ..reader import CrosswordInstance
from ..solution import CrosswordSolution, decode

ENCODINGS = (ENCODING, "fillin.lp")


class SearchCut(RuntimeError):
    """The limit came before a search for another solution ended: no claim about these starters."""


class Rivals:
    """Another solution than ``answer`` under given starters, from one ground program."""

    def __init__(self, instance: CrosswordInstance, answer: CrosswordSolution, rules: Sequence[str] = (),
                 seed: int | None = None):  # fmt: skip
        self.instance, self.answer = instance, answer
        framework = instance.framework
        self.sites = framework.sites()
        self.by_id = {s.id: s for s in self.sites}
        # the letters of the sites' cells (a lone place on no site holds none: it stays empty)
        self.cells = {cell: answer.grid[cell[0]][cell[1]] for site in self.sites for cell in site.cells()}
        self.solver = Solver(list(ENCODINGS), rules, seed=seed, distinct=False, options=("--opt-strategy=usc",))
        self.solver.add_facts(site_facts(framework, self.sites, cells=False))
        self.solver.add_facts(word_facts(instance.words))
        self.solver.add_facts(candidate_facts(candidates(framework, self.sites, instance.words)))
        self.solver.add_facts(
            Function("answer", [Number(r), Number(c), String(ch)]) for (r, c), ch in sorted(self.cells.items())
        )
        self.solver.ground()
        self.checks = 0
        self.rules = tuple(rules)

    def other(self, starters: frozenset[Cell]) -> CrosswordSolution | None:
        """A solution that keeps the ``starters``' letters and differs from the answer, or None (proved)."""
        assumptions = [(Function("starter", [Number(r), Number(c)]), True) for r, c in sorted(starters)]
        self.checks += 1
        result = self.solver.solve(models=0, keep=1, assumptions=assumptions, reports=False,
                                   time_limit=runtime.remaining())  # fmt: skip
        if result.status is Status.UNSAT:
            return None
        if not result.answers:
            raise SearchCut("the limit came before the search for another solution ended")
        return decode(result.answers[-1].symbols, self.instance.words, self.by_id, self.instance.framework,
                      rules=self.rules)  # fmt: skip

    def __call__(self, starters: frozenset[Cell]) -> frozenset[Cell] | None:
        """The oracle: None when ``starters`` make the answer unique, else where another solution differs."""
        other = self.other(starters)
        return None if other is None else frozenset(differ_cells(self.answer.grid, other.grid))
