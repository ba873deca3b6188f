"""``pyclingo-puzzles codeword``: a filled grid as numbers 1-26 with the fewest given letters for
one decoding (docs/codeword.md); a thin adapter to ``crossword/codeword/report.py``."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...core.errors import InputError
from ...crossword.codeword import report as reporting
from ...crossword.codeword.options import CodewordOptions
from ...formats.report import Report
from ..schema_args import add_options, from_args
from ..shared_options import add_html_argument, add_pdf_arguments, page_asked

OUTPUTS = reporting.OUTPUTS  # the files a run offers (its report's): -o's suffixes too


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="*", type=Path, metavar="FILE",
        help="a framework to fill from --dictionary (.grid, .dat, YAML), a filled grid, or a P-99 word list "
        "with its framework; none with --size",
    )  # fmt: skip
    parser.add_argument("--size", metavar="WxH", help="generate a block pattern (3 to 25 each way) and fill it")
    parser.add_argument(
        "--dictionary", metavar="WORDS.txt", default=None,
        help="the word list the grid is filled from and the decoding proved unique against (default 'en', "
        "the built-in English one; a filled grid's own entries count as words)",
    )  # fmt: skip
    parser.add_argument(
        "--proved-against", metavar="WORDS.txt", default=None,
        help="prove the decoding unique against this word list instead ('en' or a file; the grid's entries count too)",
    )  # fmt: skip
    add_options(parser, CodewordOptions, ("givens", "min_givens", "max_givens"))
    letters = parser.add_mutually_exclusive_group()  # every_letter: yes, no or (neither given) by the grid's size
    letters.add_argument("--every-letter", dest="every_letter", action="store_const", const=True, default=None,
                         help="the fill must hold every letter A-Z (default: tried on grids of 121 cells or more)")
    letters.add_argument("--any-letters", dest="every_letter", action="store_const", const=False,
                         help="do not ask the fill for every letter")
    parser.add_argument("--svg", type=Path, metavar="FILE",
                        help="write the puzzle: numbers, givens, decoding table, letter bank (SVG; - stdout)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the key: the grid decoded (SVG)")
    add_pdf_arguments(parser, "write printable pages: the puzzle, then its key")
    add_html_argument(parser, "type a letter for a number and every cell of that number takes it")


def run(args: argparse.Namespace) -> Report:
    if args.rules:  # the proof is about the dictionary's words: rules would change what it proves
        raise InputError("codeword takes no --rules: its decoding is proved against the dictionary alone", "--rules")
    if args.models != 1:
        raise InputError("codeword makes one puzzle a run: give --seed for another, not --models", "--models")
    dictionary = args.dictionary if args.dictionary is not None else "en"
    return reporting.run(reporting.Asked(args.file, args.size, dictionary, args.proved_against,
                                         from_args(CodewordOptions, args), page_asked(args), args.paper))  # fmt: skip
