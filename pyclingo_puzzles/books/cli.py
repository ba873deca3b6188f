"""``pyclingo-puzzles book MANIFEST.yaml -o BOOK.pdf``: a print-ready book from a manifest."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterable
from pathlib import Path

from ..core.errors import InputError
from ..formats.outfiles import OutputError, check_output_paths, write_atomic
from ..formats.report import Report
from ..run import runtime
from .api import make_book
from .jobs import BookError
from .manifest import read_manifest
from .runner import STAGE, ClusterError, progress

NAME = "book"
OUTPUT_DIRS = ("html", "ipuz", "puz")


def _write_all(folder: Path, files: Iterable[tuple[str, str | bytes]], kind: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot make the folder for the {kind} files ({exc.strerror or exc})", folder) from None
    for name, content in files:
        write_atomic(folder / name, content, kind)


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
    if args.rules:
        raise InputError("book takes no --rules (give each section's options in the manifest)", args.file)
    if args.pdf is None:
        raise InputError("book: name the PDF with -o BOOK.pdf or --pdf BOOK.pdf", args.file)
    manifest = read_manifest(args.file)
    if args.seed is not None:  # --seed: another book from the same manifest (it was ignored)
        manifest = dataclasses.replace(manifest, seed=args.seed)
    # the word files, grids and dictionaries the manifest names are inputs too: never overwritten
    check_output_paths({"--pdf": args.pdf}, [("file the manifest names, which", Path(f)) for f in manifest.files])
    to_file = str(args.pdf) != "-"
    tick, close = progress(sum(s.count for s in manifest.sections))
    try:
        with runtime.stage(STAGE):
            book = make_book(manifest, output=args.pdf if to_file else None, jobs=args.jobs, cluster=args.cluster,
                             tick=tick, outputs=tuple(k for k in OUTPUT_DIRS if getattr(args, f"{k}_dir") is not None))
    except BookError as exc:
        line = exc.line if exc.line is not None else manifest.line_of(exc.number) if exc.number else None
        raise InputError(str(exc), args.file, line) from None
    except ClusterError as exc:
        raise InputError(str(exc), args.file) from None
    finally:
        close()
    summary = f"{book.manifest.title}: {len(book.records)} puzzles, {book.pages} pages, trim {book.manifest.trim}"
    for kind in OUTPUT_DIRS:
        folder = getattr(args, f"{kind}_dir")
        if folder is not None:
            _write_all(folder, book.files(kind), kind)
    files = {}
    if to_file:  # written here, whole, so that the work folder goes only once the book is there
        with runtime.stage("drawing the book's pages (run the command again: the puzzles are kept)"):
            content = book.to_pdf()
        write_atomic(args.pdf, content, "PDF")
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
