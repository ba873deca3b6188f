"""``pyclingo-puzzles book MANIFEST.yaml -o BOOK.pdf``: a print-ready book from a manifest."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...books import report as reporting
from ...books.report import OUTPUT_DIRS
from ...formats.report import Report

OUTPUTS = ("pdf",)  # the file a book run offers: its interior (-o BOOK.pdf)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="MANIFEST", help="the book's manifest (YAML: title, trim, seed, sections)")
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="write the book's interior as a PDF")
    for kind, what in (("html", "playable HTML page"), ("ipuz", "ipuz file"), ("puz", "Across Lite .puz")):
        parser.add_argument(
            f"--{kind}", type=Path, metavar="DIR", dest=f"{kind}_dir",
            help=f"also write each puzzle's {what} into DIR (made if missing)"
            + ("" if kind == "html" else "; crosswords and layouts"),
        )
    parser.add_argument(
        "--cluster", metavar="ADDRESS",
        help="make the puzzles on a Dask distributed cluster (tcp://HOST:8786, or 'local' for a LocalCluster)",
    )


def run(args: argparse.Namespace) -> Report:
    dirs = {kind: getattr(args, f"{kind}_dir") for kind in OUTPUT_DIRS}
    return reporting.run(args.file, args.pdf, dirs=dirs, seed=args.seed, jobs=args.jobs, cluster=args.cluster,
                         rules_given=bool(args.rules))  # fmt: skip
