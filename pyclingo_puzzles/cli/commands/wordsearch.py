"""``pyclingo-puzzles wordsearch``: generate a word search where every word occurs exactly once."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...core import apicheck
from ...formats.report import Report
from ...wordsearch import quality
from ...wordsearch import report as reporting
from ...wordsearch.options import AUTO, WordSearchOptions
from ...wordsearch.reader import LEVELS, MAX_SIZE
from .. import argtypes
from ..shared_options import add_count, add_html_argument, add_input, add_pdf_arguments, page_asked


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input(
        parser, "YAML instance (width, height, words, level | directions, ...) or a .txt word list (one word a line)"
    )
    parser.add_argument("--level", choices=sorted(LEVELS), help="override the file's level")
    parser.add_argument(
        "--size",
        type=_size,
        metavar="WxH|auto",
        help="the grid's width and height, over the file's (auto: the smallest fit; the default for a word list "
        "and --words)",
    )
    add_fit_arguments(parser)
    parser.add_argument(
        "--max-shared", type=_percent, default=quality.MAX_SHARED, metavar="PERCENT",
        help=f"--models N: any two puzzles have at most PERCENT %% of their word placements in common "
        f"(default {quality.MAX_SHARED}; 100: any different puzzles, as clingo enumerates them)",
    )  # fmt: skip
    parser.add_argument(
        "--no-balance", action="store_true",
        help="do not spread the words evenly over the directions and the grid's quadrants",
    )  # fmt: skip
    parser.add_argument("--key", action="store_true", help="also print the answer key (placed letters only)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write a printable puzzle page (SVG; - for stdout)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the solution page (SVG)")
    add_pdf_arguments(parser, "write printable pages: puzzle(s), then key(s)")
    add_html_argument(parser, "find the (first) puzzle's words by dragging across them")
    add_count(
        parser,
        help="count the placements of the whole word list (no second copy of a word made of placed letters) "
        "and print only the number (with --time-limit a lower bound, 'at least N')",
    )


def add_fit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--fit",
        choices=("all", "most"),
        default="all",
        help="all: every word or a proof they cannot fit (default); most: the heaviest selection that fits",
    )
    parser.add_argument(
        "--max-words", type=argtypes.positive_int, metavar="N", help="place at most N words (implies --fit most)"
    )
    parser.add_argument(
        "--aspect", type=_aspect, default=(1, 1), metavar="W:H", help="with --size auto: grid shape (default 1:1)"
    )


def run(args: argparse.Namespace) -> Report:
    return reporting.run(args.file, args.words, search_options(args), page=page_asked(args), paper=args.paper,
                         as_json=args.json, key=args.key, stats=args.stats)  # fmt: skip


def search_options(args: argparse.Namespace, sizeless_input: bool = False) -> WordSearchOptions:
    """The options of this run, from the arguments (once: nothing below changes them, nor them).
    No ``--size`` and an input without one (a word list, YAML without width and height): auto
    (not known before the input is read: ``report.run`` resolves it so too)."""
    size = AUTO if args.size is None and sizeless_input else args.size
    return WordSearchOptions(
        rules=tuple(apicheck.rule_files(args.rules)), models=args.models, seed=args.seed, time_limit=args.time_limit,
        level=args.level, size=size, aspect=args.aspect, fit="most" if args.max_words is not None else args.fit,
        max_words=args.max_words, max_shared=args.max_shared, balance=not args.no_balance, count_only=args.count,
    )


def _percent(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 100, got {text!r}")
    return value


def _size(text: str) -> tuple[int, int] | str:
    """``auto`` or ``WxH`` within the grids a word search may have (said of --size, not of the file)."""
    if text.strip().lower() == "auto":
        return "auto"
    width, height = argtypes.size(text)
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_SIZE:
            raise argparse.ArgumentTypeError(f"{name} must be between 1 and {MAX_SIZE}, got {value}")
    return width, height


def _aspect(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.split(":"))
        if w >= 1 and h >= 1:
            return w, h
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"expected W:H such as 4:3, got {text!r}")
