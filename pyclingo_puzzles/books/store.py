"""The work folder beside a book's output: each finished puzzle's record, so a stopped run resumes.

``BOOK.pdf`` gets ``BOOK.pdf.work/``: ``book.json`` (the manifest's fingerprint: a folder left by
another manifest, seed or package version is not reused) and one ``NNNNNN.json`` a puzzle, each
written whole (a temporary name, then a rename) as soon as the puzzle is made. A run that was
stopped (Ctrl-C, kill, a crash) finds them and makes only the rest; the folder is removed once the
book is written.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from .. import __version__

SUFFIX = ".work"


class Store:
    def __init__(self, output: Path | None, fingerprint: str):
        self.folder = None if output is None else output.with_name(output.name + SUFFIX)
        self.fingerprint = f"{fingerprint}:{__version__}"

    def load(self) -> dict[int, dict[str, Any]]:
        """The records a stopped run left for this same book (none when the folder is another's)."""
        if self.folder is None or not self.folder.is_dir():
            return {}
        try:
            mark = json.loads((self.folder / "book.json").read_text())
        except (OSError, ValueError):
            mark = None
        if not isinstance(mark, dict) or mark.get("fingerprint") != self.fingerprint:
            shutil.rmtree(self.folder, ignore_errors=True)
            return {}
        records: dict[int, dict[str, Any]] = {}
        for path in self.folder.glob("[0-9]*.json"):
            with contextlib.suppress(OSError, ValueError):
                record = json.loads(path.read_text())
                if isinstance(record, dict) and isinstance(record.get("number"), int):
                    records[record["number"]] = record
        return records

    def open(self) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self._write("book.json", {"fingerprint": self.fingerprint})

    def save(self, record: dict[str, Any]) -> None:
        if self.folder is not None:
            self._write(f"{record['number']:06d}.json", record)

    def remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _write(self, name: str, data: Any) -> None:
        assert self.folder is not None
        target = self.folder / name
        temporary = self.folder / f".{name}.{os.getpid()}.tmp"
        temporary.write_text(json.dumps(data, ensure_ascii=False))
        os.replace(temporary, target)
