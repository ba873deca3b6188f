"""``make_book(manifest, output=...)``: a book's puzzles and its PDF, from Python or the command."""

from __future__ import annotations

import base64
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .interior import Interior
from .jobs import plan
from .manifest import Manifest, read_manifest
from .runner import DaskPool, LocalPool, make_all
from .store import Store


@dataclass
class Book:
    manifest: Manifest
    records: list[dict[str, Any]]
    store: Store

    @property
    def pages(self) -> int:
        return Interior(self.manifest, self.records).pages

    def to_pdf(self) -> bytes:
        return Interior(self.manifest, self.records).render()

    def files(self, kind: str) -> Iterator[tuple[str, str | bytes]]:
        """Each puzzle's own ``kind`` file (``html``, ``ipuz``, ``puz``): its name and content,
        for the puzzles whose family writes that format (a word search has no ``.puz``)."""
        for record in self.records:
            text = record.get("files", {}).get(kind)
            if text is not None:
                content = base64.b64decode(text) if kind == "puz" else text
                yield f"puzzle-{record['number']:0{len(str(len(self.records)))}d}.{kind}", content

    def finish(self) -> None:
        """The book is written: its work folder goes."""
        self.store.remove()


def make_book(
    manifest: str | Path | Manifest,
    *,
    output: str | Path | None = None,
    jobs: int | None = None,
    cluster: str | None = None,
    tick: Callable[[int], None] = lambda n: None,
    outputs: tuple[str, ...] = (),
) -> Book:
    """Every puzzle of ``manifest`` (a YAML path or a read ``Manifest``), made on ``jobs`` local
    processes (default: every core) or on the Dask cluster at ``cluster`` (``"local"``: a
    LocalCluster). With ``output``, finished puzzles are kept in ``OUTPUT.work/`` beside it, and a
    run stopped half way resumes from there; ``Book.finish()`` removes it once the book is written.
    ``outputs`` (``html``, ``ipuz``, ``puz``): each puzzle's own file too, in ``Book.files()``."""
    book = manifest if isinstance(manifest, Manifest) else read_manifest(manifest)
    workers = jobs or os.cpu_count() or 1
    store = Store(None if output is None else Path(output), f"{book.fingerprint()}:{','.join(sorted(outputs))}")
    pool = DaskPool(cluster, workers) if cluster else LocalPool(workers)
    try:
        records = make_all(plan(book, tuple(outputs)), pool, store, tick)
    finally:
        pool.close()
    return Book(book, sorted(records.values(), key=lambda r: r["number"]), store)
