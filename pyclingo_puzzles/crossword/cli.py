"""`pyclingo-puzzles crossword` (placeholder until the family lands)."""

from __future__ import annotations

import argparse

NAME = "crossword"
HELP = "crossword puzzles"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="instance file")


def run(args: argparse.Namespace) -> int:
    raise NotImplementedError
