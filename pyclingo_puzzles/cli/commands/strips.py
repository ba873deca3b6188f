"""``pyclingo-puzzles strips``: cover black/white grids with strips of distinct colour patterns."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...core import apicheck
from ...formats.report import Report
from ...strips import report as reporting
from ...strips.options import StripsOptions
from .. import argtypes
from ..shared_options import add_count, add_html_argument, add_pdf_arguments, page_asked


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
    add_count(parser, help="count all tilings of every grid and print only the numbers, one line per grid, "
              "with --hunt the meta grid's last (with --time-limit lower bounds, printed as "
              "'at least N')")
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="write the outlines as an SVG drawing (- for standard output)"
    )
    add_pdf_arguments(parser, "write the outlines as printable pages, one grid a page")
    add_html_argument(parser, "cover every tiled grid with strips by hand, check it, show a solution")
    parser.add_argument(
        "--hunt", action="store_true",
        help="hunt chain: 1x1 cells -> meta grid -> solve it -> cells of the all-black strips",
    )


def run(args: argparse.Namespace) -> Report:
    return reporting.run(args.file, strips_options(args), page=page_asked(args), paper=args.paper,
                         per_row=args.per_row, bottom_up=args.bottom_up)  # fmt: skip


def strips_options(args: argparse.Namespace) -> StripsOptions:
    """The options of this run, from the arguments (once: nothing below changes them)."""
    return StripsOptions(rules=tuple(apicheck.rule_files(args.rules)), models=args.models, seed=args.seed,
                         time_limit=args.time_limit, count_only=args.count, hunt=args.hunt)  # fmt: skip
