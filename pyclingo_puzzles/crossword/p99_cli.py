"""P-99 mode of ``pyclingo-puzzles crossword``: the word list is given, every word used once."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path

from ..formats import count, pagetext
from ..formats.output import warn
from ..formats.report import Report
from . import pages
from .api import CrosswordResult, instance_of, solve
from .p99 import solve_instance
from .solution import CrosswordSolution, render_text

__all__ = ["report", "run", "solve_instance"]  # solve_instance lives in p99.py (re-exported for older imports)


def report(
    path: str, result: CrosswordResult, args: argparse.Namespace, given: Mapping[tuple[int, int], str] | None = None
) -> Report:
    """A result as the command reports it (text, JSON or only the count, outputs); both modes.
    ``given``: the framework's predefined letters, which the exported puzzle shows."""
    if getattr(args, "count", False):
        return count.report(result.count, result.exhausted, result.clingo_code)
    page = pagetext.from_args(args, Path(path).stem, pages.INSTRUCTIONS)
    first = result.solutions[0] if result.solutions else None
    return Report(
        result.clingo_code,
        text=lambda: result.text(path, args.models) + "\n",
        json=result.to_json,
        files={
            "ipuz": lambda: ipuz_text(first, page.title, given),
            "svg": lambda: pages.svg(first, page),
            "pdf": lambda: pages.pdf_bytes(result.solutions, page, args.paper, given),
        },
        stats=result.stats,
        answered=first is not None,
    )


def render_one(args: argparse.Namespace) -> Callable[[CrosswordSolution], str]:
    """One solution as the report prints it (JSON or text): timed on a sample, it sizes the time a
    search keeps for printing its solutions (``runtime.price``)."""
    if getattr(args, "json", False):
        import json

        return lambda sol: json.dumps(sol.as_dict(), ensure_ascii=False, indent=2)
    return lambda sol: f"Solution 1:\n{render_text(sol)}\n" + (f"shown: {' '.join(sol.shown)}\n" if sol.shown else "")


def ipuz_text(solution: CrosswordSolution, title: str, given: Mapping[tuple[int, int], str] | None = None) -> str:
    from ..formats import ipuz  # on use, as every output's module

    return ipuz.to_text(pages.ipuz_doc(solution, title, given))


def dictionary_options(args: argparse.Namespace) -> list[str]:
    """The dictionary fill's options given on the command line (they mean nothing to a word list)."""
    given = [("--optimize", args.optimize), ("--word-atoms", args.word_atoms), ("--allow-repeat", not args.no_repeat)]
    given += [("--min-length", args.min_length != 2), ("--min-score", args.min_score is not None)]
    return [option for option, on in given if on]


def run(args: argparse.Namespace) -> Report:
    instance = instance_of(args.file)  # a file without words: FrameworkOnlyError, the caller fills it
    ignored = dictionary_options(args)
    if ignored:
        warn(f"{args.file}: {', '.join(ignored)}: for a dictionary fill (--dictionary); ignored for a word list")
    result = solve(
        instance,
        rules=args.rules,
        models=args.models,
        seed=args.seed,
        time_limit=args.time_limit,
        count=getattr(args, "count", False),
        warn=warn,
    )
    return report(str(args.file), result, args, instance.framework.predefined())
