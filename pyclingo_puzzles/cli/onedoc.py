"""Several FILEs and one ``--pdf OUT.pdf`` (or ``-o OUT.pdf``): one document, the file named.

Each file's run draws its pages as a single run does, into a part of its own in a temporary folder
(``formats/pdf.PARTS``: no page numbers, and the part says how many of its pages are puzzles); the
parent then puts the parts together in input order: every file's puzzle pages, then every key at
the back, each page numbered. The parts are pypdf's to join (``pypdf``: merging pages is its job).
A file without an answer has no part and no page: the summary says so, with the pages of the
others (``Document.where``).
"""

from __future__ import annotations

import io
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..formats import pdf as document
from ..formats import pdfdraw
from ..formats.outfiles import OutputError, is_stdout, write_atomic
from ..formats.output import warn
from ..run import runtime
from .batchfile import FileResult


def planned(args: Any) -> Document | None:
    """The one document a batch with ``--pdf OUT`` (or ``-o OUT.pdf``, resolved) writes; None without."""
    out = getattr(args, "pdf", None)
    if out is None or is_stdout(out):
        return None
    title = getattr(args, "title", None) or Path(out).stem
    return Document(Path(out), title, getattr(args, "paper", "a4") or "a4")


@dataclass
class Document:
    """The one PDF a batch writes: ``out``, made of each file's ``part``."""

    out: Path
    title: str
    paper: str = "a4"
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="pyclingo-puzzles-pdf-")))
    placed: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)  # file -> its pages

    def part(self, index: int) -> Path:
        return self.folder / f"{index:06d}.pdf"

    def finish(self, count: int) -> None:
        """Join the parts of files ``0 .. count-1`` that have one into ``out`` (nothing when none)."""
        from pypdf import PdfReader, PdfWriter

        fronts: list[tuple[int, Any]] = []
        backs: list[tuple[int, Any]] = []
        for index in range(count):
            path = self.part(index)
            if not path.exists():
                continue
            reader = PdfReader(path)
            n = document.part_fronts(reader.metadata.get("/Keywords", "") if reader.metadata else "")
            n = len(reader.pages) if n is None else n
            fronts += [(index, page) for page in reader.pages[:n]]
            backs += [(index, page) for page in reader.pages[n:]]
        if not fronts:
            warn(f"no file had an answer, so --pdf {self.out} not written")
            return
        writer = PdfWriter()
        for number, (index, page) in enumerate(fronts + backs, start=1):
            writer.add_page(page)
            puzzles, keys = self.placed.setdefault(index, ([], []))
            (puzzles if number <= len(fronts) else keys).append(number)
        sizes = [(page.mediabox.width, page.mediabox.height) for page in writer.pages]
        numbers = PdfReader(io.BytesIO(pdfdraw.page_numbers(sizes)))
        for page, numbered in zip(writer.pages, numbers.pages, strict=True):
            page.merge_page(numbered)
        writer.add_metadata(document.metadata_of(self.title))
        out = io.BytesIO()
        writer.write(out)
        write_atomic(self.out, out.getvalue(), "PDF")

    def where(self, index: int) -> str:
        """Where file ``index`` is in the document, in words."""
        if index not in self.placed:
            return f"not in {self.out.name}"
        puzzles, keys = self.placed[index]
        said = f"{_pages(puzzles)} of {self.out.name}"
        return said + (f", key {_pages(keys)}" if keys else "")

    def deliver(self, results: list[FileResult]) -> list[FileResult]:
        """Write the document; each file's summary status with where its pages are (or that it has
        none). When the document cannot be written, the files with pages lose their answer (exit 1,
        "output not written"), as a single run's do."""
        try:
            with runtime.stage("printing"):
                self.finish(len(results))
        except OutputError as exc:
            warn(str(exc))
            return [_unwritten(r, self.out) if i in self.placed else r for i, r in enumerate(results)]
        finally:
            self.close()
        return [FileResult(r.file, r.code, seconds=r.seconds, note=f"{r.status}, {self.where(i)}")
                for i, r in enumerate(results)]

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def _unwritten(result: FileResult, out: Path) -> FileResult:
    return FileResult(result.file, runtime.EXIT_INTERRUPTED, seconds=result.seconds, note=f"{out} not written")


def _pages(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    return f"pages {numbers[0]}-{numbers[-1]}"
