"""``pyclingo-puzzles book MANIFEST.yaml -o BOOK.pdf`` as the command reports it: plain values in,
a ``Report`` out (the book's files written here, whole). The options: ``cli/commands/book.py``."""

from __future__ import annotations

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


def run(
    file: Path | str, pdf: Path | None, *, dirs: dict[str, Path | None], seed: int | None = None, jobs: int = 1,
    cluster: str | None = None, rules_given: bool = False,
) -> Report:
    """One book as the command makes it: the manifest ``file`` read once, the interior written to
    ``pdf`` (``-``: standard output), each puzzle's files into ``dirs`` (kind -> folder, None: not
    asked), ``seed`` over the manifest's, on ``jobs`` processes or a Dask ``cluster``."""
    if rules_given:
        raise InputError("book takes no --rules (give each section's options in the manifest)", file)
    if pdf is None:
        raise InputError("book: name the PDF with -o BOOK.pdf or --pdf BOOK.pdf", file)
    manifest = read_manifest(file)
    if seed is not None:  # --seed: another book from the same manifest (it was ignored)
        manifest = dataclasses.replace(manifest, seed=seed)
    # the word files, grids and dictionaries the manifest names are inputs too: never overwritten
    check_output_paths({"--pdf": pdf}, [("file the manifest names, which", Path(f)) for f in manifest.files])
    to_file = str(pdf) != "-"
    tick, close = progress(sum(s.count for s in manifest.sections))
    try:
        with runtime.stage(STAGE):
            book = make_book(manifest, output=pdf if to_file else None, jobs=jobs, cluster=cluster,
                             tick=tick, outputs=tuple(k for k in OUTPUT_DIRS if dirs.get(k) is not None))
    except BookError as exc:
        line = exc.line if exc.line is not None else manifest.line_of(exc.number) if exc.number else None
        raise InputError(str(exc), file, line) from None
    except ClusterError as exc:
        raise InputError(str(exc), file) from None
    finally:
        close()
    summary = f"{book.manifest.title}: {len(book.records)} puzzles, {book.pages} pages, trim {book.manifest.trim}"
    for kind in OUTPUT_DIRS:
        folder = dirs.get(kind)
        if folder is not None:
            _write_all(folder, book.files(kind), kind)
    files = {}
    if to_file:  # written here, whole, so that the work folder goes only once the book is there
        with runtime.stage("drawing the book's pages (run the command again: the puzzles are kept)"):
            content = book.to_pdf()
        write_atomic(pdf, content, "PDF")
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
