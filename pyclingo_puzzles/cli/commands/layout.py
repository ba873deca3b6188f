"""``pyclingo-puzzles layout``: the best free-form crossword from a word list, numbered and clued."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...formats.report import Report
from ...layout import report as reporting
from ...layout.options import DEFAULT_TIME_LIMIT, LayoutOptions
from ..schema_args import from_args
from ..shared_options import add_html_argument, add_input, add_pdf_arguments, page_asked

OUTPUTS = reporting.OUTPUTS  # the files a run offers (its report's): -o's suffixes too


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input(
        parser,
        "YAML word list (words: strings or {word, clue}; max_width, ...) or a .txt word list (a word a line, "
        "the rest of the line its clue)",
    )
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the numbered blank puzzle with its clues (SVG; - for stdout)"
    )
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the filled puzzle (SVG)")
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the puzzle as .ipuz (open crossword JSON)")
    parser.add_argument("--puz", type=Path, metavar="FILE", help="write the puzzle as Across Lite .puz, with its clues")
    add_pdf_arguments(parser, "write printable pages: the numbered blank grid with its clues, then the solution")
    add_html_argument(parser, "fill the grid from its clues, with checks and reveals")


def run(args: argparse.Namespace) -> Report:
    return reporting.run(args.file, args.words, layout_options(args), page=page_asked(args), paper=args.paper,
                         time_limit_given=args.time_limit is not None)  # fmt: skip


def layout_options(args: argparse.Namespace) -> LayoutOptions:
    """The options of this run, from the arguments (once: nothing below changes them). --jobs 1 (and
    each file of a batch, whose pool already uses the cores): one search, no worker."""
    time_limit = DEFAULT_TIME_LIMIT if args.time_limit is None else args.time_limit
    return from_args(LayoutOptions, args, time_limit=time_limit)
