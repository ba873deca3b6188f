"""``--count`` in every subcommand: enumerate all solutions, print only their number."""

from __future__ import annotations

import argparse

from .report import Report

HELP = (
    "count all solutions and print only their number (exit 30; with --time-limit a lower bound, "
    "printed as 'at least N', exit 11)"
)


def add_argument(parser: argparse.ArgumentParser, help: str = HELP) -> None:
    parser.add_argument("--count", action="store_true", help=help)


def report(count: int, exhausted: bool, code: int, as_json: bool = False) -> Report:
    """The number (a lower bound when the search was stopped) as the report prints it; ``code``."""
    status = "SAT" if count else "UNSAT" if exhausted else "UNKNOWN"  # every JSON document has one
    return Report(
        code,
        text=f"{count if exhausted else f'at least {count}'}\n",
        json=lambda: {"status": status, "count": count, "exhausted": exhausted},
        answered=False,
    )
