"""``pyclingo-puzzles crossword``: P-99 site filling (words given) or dictionary fill (--dictionary)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import InputError
from ..formats import args as argtypes
from ..formats import count
from ..formats.report import Report

NAME = "crossword"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="P-99 .dat file or YAML instance (words and framework), or a framework only (.grid, .dat, .yaml) to fill "
        "from --dictionary",
    )
    count.add_argument(parser)
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the (first) solution as .ipuz")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write the (first) filled grid (SVG; - for stdout)")
    argtypes.add_pdf_arguments(parser, "write printable pages: each solution's numbered blank grid, then the fills")
    argtypes.add_html_argument(parser, "fill the (first) solution's grid, with checks and reveals")
    g = parser.add_argument_group("dictionary fill (with --dictionary)")
    g.add_argument(
        "--dictionary",
        default=None,
        metavar="WORDS.txt",
        help="fill the framework from this word list (one word per line, or WORD;SCORE), or 'en': the built-in "
        "English dictionary scored by word frequency (the default for a framework without words, e.g. a .grid)",
    )
    g.add_argument(
        "--no-repeat",
        dest="no_repeat",
        action="store_true",
        default=True,
        help="never use a word twice (default)",
    )
    g.add_argument(
        "--allow-repeat",
        dest="no_repeat",
        action="store_false",
        help="allow the same word on several sites",
    )
    g.add_argument(
        "--min-length",
        type=argtypes.positive_int,
        default=2,
        metavar="N",
        help="ignore dictionary words shorter than N (default 2)",
    )
    g.add_argument(
        "--min-score",
        type=int,
        default=None,
        metavar="S",
        help="ignore dictionary words scored below S (scored lists: WORD;SCORE; 'en' scores Zipf frequency x 100 "
        "and leaves out words below 200 unless S is given)",
    )
    g.add_argument("--optimize", action="store_true", help="maximise the total score of the fill")
    g.add_argument(
        "--word-atoms",
        action="store_true",
        help="ground the word atoms fill/2 instead of the word propagator (slower; implied by --optimize "
        "and by --rules files that mention fill/2)",
    )


def run(args: argparse.Namespace) -> Report:
    """P-99 unless a dictionary is given or the file has no words (a .grid, a framework-only .dat or
    YAML): those are filled from ``--dictionary``, by default the built-in English one."""
    from ..run import runtime
    from .p99_cli import render_one

    if str(args.file) == "-":  # the format is the file's (a .grid, a .dat, YAML): it said "-: file not found"
        raise InputError("crossword reads a FILE (.dat, .yaml or .grid), not standard input", "-")
    runtime.price(None if getattr(args, "count", False) else render_one(args))  # the answers' reserve
    if args.dictionary is None and Path(args.file).suffix.lower() != ".grid":
        from .p99_cli import run as run_p99
        from .reader import FrameworkOnlyError

        try:
            return run_p99(args)
        except FrameworkOnlyError:
            pass
    from .fill_cli import run as run_fill

    return run_fill(args, default=args.dictionary is None)
