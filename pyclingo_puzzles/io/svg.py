"""What the families' SVG pages share: text escaping and writing the file (whole or not at all)."""

from __future__ import annotations

from html import escape as escape  # xml.sax.saxutils would pull in urllib and http at start-up
from pathlib import Path

from .outfiles import write_atomic


def write_svg(path: str | Path, content: str) -> None:
    write_atomic(path, content, "SVG")
