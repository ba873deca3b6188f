"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...formats.report import Report
from ...wordsearch import report as reporting
from ...wordsearch.options import AUTO, WordSearchOptions
from ..schema_args import add_options, from_args
from ..shared_options import add_html_argument, add_input, add_pdf_arguments, page_asked

OUTPUTS = reporting.OUTPUTS  # the files a run offers (its report's): -o's suffixes too


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input(
        parser, "YAML instance (width, height, words, level | directions, ...) or a .txt word list (one word a line)"
    )
    add_options(parser, WordSearchOptions, ("level", "size", "fit", "max_words", "aspect", "max_shared", "balance"))
    parser.add_argument("--key", action="store_true", help="also print the answer key (placed letters only)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write a printable puzzle page (SVG; - for stdout)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the solution page (SVG)")
    add_pdf_arguments(parser, "write printable pages: puzzle(s), then key(s)")
    add_html_argument(parser, "find the (first) puzzle's words by dragging across them")
    add_options(parser, WordSearchOptions, ("count_only",))


def run(args: argparse.Namespace) -> Report:
    return reporting.run(args.file, args.words, search_options(args), page=page_asked(args), paper=args.paper,
                         as_json=args.json, key=args.key, stats=args.stats)  # fmt: skip


def search_options(args: argparse.Namespace, sizeless_input: bool = False) -> WordSearchOptions:
    """The options of this run, from the arguments (once: nothing below changes them, nor them).
    No ``--size`` and an input without one (a word list, YAML without width and height): auto
    (not known before the input is read: ``report.run`` resolves it so too)."""
    size = AUTO if args.size is None and sizeless_input else args.size
    return from_args(WordSearchOptions, args, size=size, fit="most" if args.max_words is not None else args.fit)
