"""What the families' SVG pages share: text escaping and writing the file (one line on failure)."""

from __future__ import annotations

from html import escape as escape  # xml.sax.saxutils would pull in urllib and http at start-up
from pathlib import Path

from ..core.errors import InputError


def write_svg(path: Path, content: str) -> None:
    try:
        path.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write SVG ({exc.strerror or exc})", path) from None
