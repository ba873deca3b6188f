"""``pyclingo-puzzles book MANIFEST.yaml -o BOOK.pdf``: a print-ready book from a manifest."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import InputError
from ..formats.outfiles import write_atomic
from ..formats.report import Report
from .api import make_book
from .jobs import BookError
from .manifest import read_manifest
from .runner import progress

NAME = "book"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="MANIFEST", help="the book's manifest (YAML: title, trim, seed, sections)")
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="write the book's interior as a PDF")
    parser.add_argument(
        "--cluster", metavar="ADDRESS",
        help="make the puzzles on a Dask distributed cluster (tcp://HOST:8786, or 'local' for a LocalCluster)",
    )


def run(args: argparse.Namespace) -> Report:
    if args.rules:
        raise InputError("book takes no --rules (give each section's options in the manifest)", args.file)
    if args.pdf is None:
        raise InputError("book: name the PDF with -o BOOK.pdf or --pdf BOOK.pdf", args.file)
    manifest = read_manifest(args.file)
    to_file = str(args.pdf) != "-"
    tick, close = progress(sum(s.count for s in manifest.sections))
    try:
        book = make_book(manifest, output=args.pdf if to_file else None, jobs=args.jobs, cluster=args.cluster,
                         tick=tick)
    except BookError as exc:
        raise InputError(str(exc), args.file) from None
    finally:
        close()
    summary = f"{book.manifest.title}: {len(book.records)} puzzles, {book.pages} pages, trim {book.manifest.trim}"
    files = {}
    if to_file:  # written here, whole, so that the work folder goes only once the book is there
        write_atomic(args.pdf, book.to_pdf(), "PDF")
        book.finish()
    else:
        files["pdf"] = book.to_pdf
    return Report(
        10,
        text=lambda: summary + "\n",
        json=lambda: {"status": "SAT", "title": book.manifest.title, "puzzles": len(book.records),
                      "pages": book.pages, "trim": book.manifest.trim},
        files=files,
    )
