"""``pyclingo-puzzles crossword``: P-99 site filling (words given) or dictionary fill (--dictionary)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..cli import argtypes, count

NAME = "crossword"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="P-99 .dat file, YAML instance, or (with --dictionary) a framework-only .dat/.yaml/.grid",
    )
    count.add_argument(parser)
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the (first) solution as .ipuz")
    g = parser.add_argument_group("dictionary fill (with --dictionary)")
    g.add_argument(
        "--dictionary",
        type=Path,
        default=None,
        metavar="WORDS.txt",
        help="fill the framework from this word list (one word per line, or WORD;SCORE)",
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
        help="ignore dictionary words scored below S (scored lists: WORD;SCORE)",
    )
    g.add_argument("--optimize", action="store_true", help="maximise the total score of the fill")
    g.add_argument(
        "--word-atoms",
        action="store_true",
        help="ground the word atoms fill/2 instead of the word propagator (slower; implied by --optimize "
        "and by --rules files that mention fill/2)",
    )


def run(args: argparse.Namespace) -> int:
    if args.dictionary is not None:
        from .fill_cli import run as run_fill

        return run_fill(args)
    from .p99_cli import run as run_p99

    return run_p99(args)
