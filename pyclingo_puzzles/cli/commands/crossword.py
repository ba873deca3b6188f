"""``pyclingo-puzzles crossword``: P-99 site filling (words given) or dictionary fill (--dictionary); a thin
adapter: the arguments become one ``FillOptions`` and the plain values of ``crossword/report.py``."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...crossword import report as reporting
from ...crossword.options import BLOCK_SHARE, SYMMETRIES, FillOptions
from ...formats.report import Report
from .. import argtypes
from ..schema_args import add_options, from_args
from ..shared_options import add_html_argument, add_pdf_arguments, page_asked

OUTPUTS = reporting.OUTPUTS  # the files a run offers (its report's): -o's suffixes too


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="P-99 .dat file or YAML instance (words and framework), or a framework only (.grid, .dat, .yaml) to fill "
        "from --dictionary; none with --size",
    )
    add_options(parser, FillOptions, ("count_only", "unique"))
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the (first) solution as .ipuz")
    parser.add_argument("--puz", type=Path, metavar="FILE", help="write the (first) solution as Across Lite .puz")
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the (first) solution's blank numbered puzzle (SVG; - stdout)"
    )
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the (first) filled grid, the key (SVG)")
    parser.add_argument(
        "--clues", type=Path, metavar="FILE", help="clues for the entries: WORD;clue or WORD<TAB>clue lines"
    )
    parser.add_argument(
        "--keep-letters",
        action="store_true",
        help="a .puz or .ipuz FILE: keep its solution's letters as given letters (default: only its blocks and givens)",
    )
    add_pdf_arguments(parser, "write printable pages: each solution's numbered blank grid, then the fills")
    add_html_argument(parser, "fill the (first) solution's grid, with checks and reveals")
    add_construct_arguments(parser)
    add_dictionary_arguments(parser.add_argument_group("dictionary fill (with --dictionary)"))


def add_dictionary_arguments(g: argparse._ArgumentGroup) -> None:
    """The dictionary fill's options: the word lists, then how the fill uses them."""
    g.add_argument(
        "--dictionary",
        action="append",
        default=None,
        metavar="WORDS.txt",
        help="fill the framework from this word list (one word per line, or WORD;SCORE), or 'en': the built-in "
        "English dictionary scored by word frequency (the default for a framework without words, e.g. a .grid); "
        "repeatable: the lists merge, a word scoring its best",
    )
    g.add_argument(
        "--allow-offensive", action="store_true", help="keep the offensive words 'en' leaves out (better-profanity)"
    )
    g.add_argument("--exclude", type=Path, metavar="FILE", help="leave out the words of FILE (one a line)")
    g.add_argument("--ban", action="append", default=[], metavar="WORD", help="leave out WORD (repeatable)")
    add_options(g, FillOptions, ("max_shared_substring",))
    g.add_argument("--no-repeat", dest="no_repeat", action="store_true", default=True,
                   help="never use a word twice (default)")  # the default, named (--allow-repeat's opposite)
    add_options(g, FillOptions, ("no_repeat", "min_length", "min_score", "optimize", "word_atoms"),
                defaults={"min_length": None})  # unset: 2, or 3 with --size (``fill_options``)


def add_construct_arguments(parser: argparse.ArgumentParser) -> None:
    """--size and the options of a generated pattern, --theme, --min-differ (docs/crossword.md)."""
    g = parser.add_argument_group("a pattern and its fill from nothing (--size), theme entries, alternatives")
    g.add_argument("--size", metavar="WxH", help="generate a block pattern of W columns and H rows (3 to 25 each) "
                   "and fill it; no FILE")
    g.add_argument("--symmetry", choices=SYMMETRIES, default="rotational",
                   help="the blocks' symmetry with --size (default rotational)")
    g.add_argument("--max-words", type=argtypes.positive_int, metavar="N",
                   help="at most N entries with --size (default 78 on 15x15, scaled by area, at least rows + columns)")
    g.add_argument("--max-block-share", type=float, default=BLOCK_SHARE, metavar="F",
                   help=f"at most this share of the cells are blocks with --size (default {BLOCK_SHARE})")
    g.add_argument("--theme", action="append", default=[], metavar="WORD[@ROW,COL,A|D]",
                   help="a theme entry (repeatable): part of the fill, never printed as a given letter; "
                   "rows and columns from 0, A across (default) or D down; placed by the tool when no position")
    add_options(g, FillOptions, ("min_differ",))


def run(args: argparse.Namespace) -> Report:
    return reporting.run(asked(args), fill_options(args))


def asked(args: argparse.Namespace) -> reporting.Asked:
    """What the run asks besides its ``FillOptions``, from the arguments."""
    words = reporting.WordListAsked(None if args.dictionary is None else tuple(args.dictionary), args.allow_offensive,
                                    args.exclude, tuple(args.ban))  # fmt: skip
    pattern = reporting.PatternAsked(args.size, args.symmetry, args.max_words, args.max_block_share)
    return reporting.Asked(args.file, words, pattern, page_asked(args), themes=tuple(args.theme),
                           keep_letters=args.keep_letters, clues=args.clues, paper=args.paper, as_json=args.json)


def fill_options(args: argparse.Namespace) -> FillOptions:
    """The options of this run, from the arguments (once: nothing below changes them, nor them).
    ``--min-length`` unset: 2 for a dictionary's words, 3 with ``--size`` (also its shortest entry)."""
    min_length = args.min_length if args.min_length is not None else (2 if args.size is None else 3)
    return from_args(FillOptions, args, min_length=min_length)
