"""``--count`` in every subcommand: enumerate all solutions, print only their number."""

from __future__ import annotations

import argparse

from ..io.output import print_json

HELP = (
    "count all solutions and print only their number (exit 30; with --time-limit a lower bound, "
    "printed as 'at least N', exit 11)"
)


def add_argument(parser: argparse.ArgumentParser, help: str = HELP) -> None:
    parser.add_argument("--count", action="store_true", help=help)


def report(count: int, exhausted: bool, code: int, as_json: bool) -> int:
    """Print the number (a lower bound when the search was stopped) and return ``code``."""
    if as_json:
        print_json({"count": count, "exhausted": exhausted})
    else:
        print(count if exhausted else f"at least {count}")
    return code
