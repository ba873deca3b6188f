"""``pyclingo-puzzles fillin``: a fill-in puzzle (a word list and its framework) with the fewest
starter letters that make its answer unique. A word list without a framework gets one from the
layout family (the composition of two families lives here, above both)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...core.errors import InputError
from ...crossword.fillin import report as reporting
from ...crossword.fillin.options import FillinOptions
from ...formats.instances import LIST_SUFFIXES
from ...formats.report import Report
from ..schema_args import add_options, from_args
from ..shared_options import add_html_argument, add_pdf_arguments, page_asked

LAYOUT_SECONDS = 10.0  # a word list's framework: the layout's search (its own default)


OUTPUTS = reporting.OUTPUTS  # the files a run offers (its report's): -o's suffixes too


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="*", type=Path, metavar="FILE",
        help="a P-99 .dat or YAML file (words and framework), a framework without words (.grid: filled from "
        "--dictionary), or a word list (.txt: a word a line; YAML words: only) whose framework the layout makes; "
        "none with --size",
    )  # fmt: skip
    add_options(parser, FillinOptions, ("starters", "difficulty"))
    parser.add_argument("--size", metavar="WxH", help="a block pattern of W columns and H rows filled from "
                        "--dictionary, its entries the word list; no FILE")  # fmt: skip
    parser.add_argument("--dictionary", default="en", metavar="WORDS.txt",
                        help="with --size: the word list to fill the pattern from (default en)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="write the puzzle page (SVG; - stdout)")
    parser.add_argument("--svg-key", type=Path, metavar="FILE", help="write the filled grid, the key (SVG)")
    parser.add_argument("--ipuz", type=Path, metavar="FILE", help="write the puzzle as .ipuz (starters given)")
    add_pdf_arguments(parser, "write printable pages: the empty framework with its starters and words, then the key")
    add_html_argument(parser, "fill the grid from the word list, with checks and reveals")


def options_of(args: argparse.Namespace) -> FillinOptions:
    return from_args(FillinOptions, args)


def run(args: argparse.Namespace) -> Report:
    if args.models != 1:
        raise InputError("fillin makes one puzzle, its answer proved the only one: give no --models", "--models")
    options = options_of(args)
    page = page_asked(args)
    if args.size is not None:
        if [f for f in (args.file if isinstance(args.file, list) else [args.file]) if str(f) != "--size"]:
            raise InputError("give FILE or --size, not both", "--size")
        return reporting.run_generated(args.size, args.dictionary, options, page, args.paper)
    path = Path(args.file)
    if str(path) == "-":
        raise InputError("fillin reads a FILE (.dat, .yaml or .txt), not standard input", "-")
    if path.suffix.lower() in LIST_SUFFIXES or _words_only(path):
        return reporting.run(laid_out(path, options), options, page, args.paper)
    if reporting.framework_only(path):  # a .grid: filled from --dictionary, its entries the list
        return reporting.run_filled(path, args.dictionary, options, page, args.paper)
    return reporting.run(reporting.instance(path), options, page, args.paper)


def _words_only(path: Path) -> bool:
    """A YAML word list (``words:`` and no ``framework:``): the layout's input."""
    from ...formats.instances import YAML_SUFFIXES
    from ...formats.yamlio import load_yaml

    if path.suffix.lower() not in YAML_SUFFIXES or not path.is_file():
        return False
    data = load_yaml(path).data
    return isinstance(data, dict) and "framework" not in data


def laid_out(path: Path, options: FillinOptions):
    """The word list and the framework the layout family makes for it (every word placed once)."""
    from ... import layout
    from ...core.errors import InputError as Error

    limit = LAYOUT_SECONDS if options.time_limit is None else min(LAYOUT_SECONDS, options.time_limit / 2)
    made = layout.arrange(str(path), seed=options.seed, time_limit=limit)
    if made.layout is None:
        lone = ", ".join(made.unconnectable)
        reason = f"{lone} shares no letter with the other words" if lone else "no layout within its time"
        raise Error(f"the words cannot be laid out in one crossword: {reason}", str(path))
    words = [p.word for p in made.layout.placements]
    blank = ["".join(" " if ch == " " else "." for ch in row) for row in made.layout.rows()]  # no letter given
    return reporting.from_rows(str(path), words, blank)
