"""P-99 mode of ``pyclingo-puzzles crossword``: the word list is given, every word used once."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .. import count
from ..errors import InputError
from ..output import print_json, print_stats
from ..rules import describe_rules
from ..solve import Solver, SolveResult
from .p99 import solve_instance
from .reader import read_instance
from .solution import CrosswordSolution, render_text

__all__ = ["report", "run", "solve_instance"]  # solve_instance lives in p99.py (re-exported for older imports)


def report(
    path: str,
    result: SolveResult,
    solutions: list[CrosswordSolution],
    args: argparse.Namespace,
    rules_to_blame: Sequence[str] = (),
) -> int:
    """Print solutions (text or JSON) and return the exit code; shared with the dictionary mode."""
    blamed = list(rules_to_blame) or Solver.rule_core(result.core)
    if getattr(args, "count", False):
        return count.report(result.count, result.exhausted, result.exit_code, args.json)
    if args.json:
        print_json(
            {
                "status": result.status.value,
                "count": result.count,
                "solutions": [s.as_dict() for s in solutions],
                **({"rules_to_blame": blamed} if blamed else {}),
            }
        )
    else:
        for i, sol in enumerate(solutions, 1):
            if len(solutions) > 1:
                print(f"Solution {i}:")
            print(render_text(sol))
            if sol.shown is not None:
                print(f"shown: {' '.join(sol.shown)}")
            print()
        if result.status.value == "UNSAT":
            print(f"{path}: no solution (proved unsolvable){describe_rules(blamed)}")
        elif not solutions:
            print(f"{path}: no solution found within the time limit (unknown)")
        if result.count and (args.models != 1 or result.count > 1):
            complete = "all" if result.exhausted else "at least"
            print(f"{path}: {complete} {result.count} solution(s)")
    if args.stats:
        print_stats(result.stats)
    return result.exit_code


def run(args: argparse.Namespace) -> int:
    instance = read_instance(args.file)
    if not instance.words:
        raise InputError("no words before the framework (a framework-only file needs --dictionary)", args.file, 1)
    result, solutions = solve_instance(
        instance, rules=args.rules, models=args.models, seed=args.seed, time_limit=args.time_limit,
        count=getattr(args, "count", False),
    )
    return report(str(args.file), result, solutions, args)
