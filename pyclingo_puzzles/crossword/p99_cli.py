"""P-99 mode of ``pyclingo-puzzles crossword``: the word list is given, every word used once."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..cli import count
from ..io.output import print_json, print_stats, warn
from .api import CrosswordResult, solve
from .p99 import solve_instance

__all__ = ["report", "run", "solve_instance"]  # solve_instance lives in p99.py (re-exported for older imports)


def report(path: str, result: CrosswordResult, args: argparse.Namespace) -> int:
    """Print a result (text, JSON or only the count) and return the exit code; both modes."""
    if getattr(args, "count", False):
        return count.report(result.count, result.exhausted, result.exit_code, args.json)
    if args.json:
        print_json(result.to_json())
    else:
        print(result.text(path, args.models))
    if getattr(args, "ipuz", None) and result.solutions:
        from ..io.ipuz import crossword_ipuz, write_ipuz

        sol = result.solutions[0]
        write_ipuz(args.ipuz, crossword_ipuz(sol.grid, sol.placements, title=Path(path).stem))
    if args.stats:
        print_stats(result.stats)
    return result.exit_code


def run(args: argparse.Namespace) -> int:
    result = solve(
        args.file,
        rules=args.rules,
        models=args.models,
        seed=args.seed,
        time_limit=args.time_limit,
        count=getattr(args, "count", False),
        warn=warn,
    )
    return report(str(args.file), result, args)
