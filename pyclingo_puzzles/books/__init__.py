"""Books: print-ready interiors of many puzzles from a manifest (``docs/books.md``).

An app above the families: it composes them through their APIs (``jobs.py``), on this machine's
cores or a Dask cluster (``runner.py``), keeps finished puzzles in a work folder so a stopped run
resumes (``store.py``), and lays out the PDF (``interior.py``, ``draw.py``).
"""

from .api import Book, make_book

__all__ = ["Book", "make_book"]
