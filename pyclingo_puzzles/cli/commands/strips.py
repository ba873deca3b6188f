"""``pyclingo-puzzles strips``: cover black/white grids with strips of distinct colour patterns."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...formats.report import Report
from ...strips import report as reporting
from ...strips.options import StripsOptions
from .. import argtypes
from ..schema_args import add_options, from_args
from ..shared_options import add_html_argument, add_pdf_arguments, page_asked

OUTPUTS = reporting.OUTPUTS  # the files a run offers (its report's): -o's suffixes too


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="+", metavar="FILE",
        help="YAML instance (strip_lengths, grids: [{name, rows, letters}], final_grid)"
    )
    parser.add_argument(
        "--per-row", type=argtypes.positive_int, default=5, metavar="N", help="outlines side by side (default 5)"
    )
    parser.add_argument(
        "--bottom-up", action="store_true", help="draw row 0 at the bottom (the original write-up's pictures)"
    )
    add_options(parser, StripsOptions, ("count_only",))
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the outlines as an SVG drawing (- for standard output)"
    )
    add_pdf_arguments(parser, "write the outlines as printable pages, one grid a page")
    add_html_argument(parser, "cover every tiled grid with strips by hand, check it, show a solution")
    add_options(parser, StripsOptions, ("hunt",))


def run(args: argparse.Namespace) -> Report:
    return reporting.run(args.file, strips_options(args), page=page_asked(args), paper=args.paper,
                         per_row=args.per_row, bottom_up=args.bottom_up)  # fmt: skip


def strips_options(args: argparse.Namespace) -> StripsOptions:
    """The options of this run, from the arguments (once: nothing below changes them)."""
    return from_args(StripsOptions, args)
