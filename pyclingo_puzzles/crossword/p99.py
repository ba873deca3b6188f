"""P-99 site filling (the word list is given, every word used once): facts -> clingo -> verified
solutions. No command-line code: ``p99_cli`` prints what this returns."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ..errors import VerificationError
from ..solve import Answer, Solver, SolveResult, Status, user_rules
from .facts import site_facts, word_facts
from .reader import CrosswordInstance
from .solution import CrosswordSolution, decode, verify

ENCODING = "crossword.lp"


def solve_instance(
    instance: CrosswordInstance,
    *,
    rules: Sequence[str | Path] = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
    count: bool = False,
) -> tuple[SolveResult, list[CrosswordSolution]]:
    """Facts -> clingo -> decoded and verified solutions. ``count``: enumerate every solution but
    keep none (``result.count``). When unsolvable only because of the user's rules, ``result.core``
    holds the switches of the rule files to blame (``Solver.rule_core``)."""
    from ..output import warn

    t0 = time.perf_counter()
    sites = instance.framework.sites()
    solver = Solver([ENCODING], rules, seed=seed, warn=warn)
    solver.add_facts(site_facts(instance.framework, sites))
    solver.add_facts(word_facts(instance.words))
    solver.ground()
    by_id = {s.id: s for s in sites}
    solutions: list[CrosswordSolution] = []

    def take(answer: Answer) -> None:  # checked as found: a stopped run has them ready to print
        sol = decode(answer.symbols, instance.words, by_id, instance.framework, rules=rules)
        problems = verify(instance.framework, sol, instance.words)
        if problems:
            raise VerificationError(f"model {answer.number} failed verification: {problems[0]}")
        solutions.append(replace(sol, shown=solver.shown(answer)))

    if count:
        result = solver.solve(models=0, time_limit=time_limit, keep=0)
    else:
        result = solver.solve(models=models, time_limit=time_limit, keep=0, on_answer=take)
    if result.status is Status.UNSAT and solver.rule_files:
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - t0))
        blamed = user_rules().blame(solver, left)
        result = replace(result, core=[user_rules().rules_atom(f) for f in blamed])
    return result, solutions
