"""P-99 mode of ``pyclingo-puzzles crossword``: the word list is given, every word used once."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..cli import print_json, print_stats, warn
from ..errors import InputError, VerificationError
from ..ipuz import crossword_ipuz, write_ipuz
from ..solve import Solver, SolveResult
from .facts import site_facts, word_facts
from .reader import CrosswordInstance, read_instance
from .solution import CrosswordSolution, decode, render_text, verify

ENCODING = "crossword.lp"


def solve_instance(
    instance: CrosswordInstance,
    *,
    rules: Sequence[str] = (),
    models: int = 1,
    seed: int | None = None,
    time_limit: float | None = None,
) -> tuple[SolveResult, list[CrosswordSolution]]:
    """Facts -> clingo -> decoded and verified solutions."""
    sites = instance.framework.sites()
    solver = Solver([ENCODING], rules, seed=seed, warn=warn)
    solver.add_facts(site_facts(instance.framework, sites))
    solver.add_facts(word_facts(instance.words))
    solver.ground()
    result = solver.solve(models=models, time_limit=time_limit)
    by_id = {s.id: s for s in sites}
    solutions = []
    for answer in result.answers:
        sol = decode(answer.symbols, instance.words, by_id, instance.framework)
        problems = verify(instance.framework, sol, instance.words)
        if problems:
            raise VerificationError(f"model {answer.number} failed verification: {problems[0]}")
        solutions.append(sol)
    return result, solutions


def report(
    path: str, result: SolveResult, solutions: list[CrosswordSolution], args: argparse.Namespace
) -> int:
    """Print solutions (text or JSON) and return the exit code; shared with the dictionary mode."""
    if args.json:
        print_json(
            {
                "status": result.status.value,
                "count": result.count,
                "solutions": [s.as_dict() for s in solutions],
            }
        )
    else:
        for i, sol in enumerate(solutions, 1):
            if len(solutions) > 1:
                print(f"Solution {i}:")
            print(render_text(sol))
            print()
        if result.status.value == "UNSAT":
            print(f"{path}: no solution (proved unsolvable)")
        elif not solutions:
            print(f"{path}: no solution found within the time limit (unknown)")
        if result.count and (args.models != 1 or result.count > 1):
            complete = "all" if result.exhausted else "at least"
            print(f"{path}: {complete} {result.count} solution(s)")
    if getattr(args, "ipuz", None) and solutions:
        sol = solutions[0]
        write_ipuz(args.ipuz, crossword_ipuz(sol.grid, sol.placements, title=Path(path).stem))
    if args.stats:
        print_stats(result.stats)
    return result.exit_code


def run(args: argparse.Namespace) -> int:
    instance = read_instance(args.file)
    if not instance.words:
        raise InputError("no words before the framework (a framework-only file needs --dictionary)", args.file, 1)
    result, solutions = solve_instance(
        instance, rules=args.rules, models=args.models, seed=args.seed, time_limit=args.time_limit
    )
    return report(str(args.file), result, solutions, args)
