"""What the families' SVG pages share: text escaping and writing the file (whole or not at all)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape as _html_escape  # xml.sax.saxutils would pull in urllib and http at start-up
from pathlib import Path

from .ipuz import EMPTY_PLACE
from .outfiles import write_atomic

# characters XML 1.0 does not allow in a document at all (not even as &#..;): C0 controls other
# than tab, newline and carriage return, surrogates, U+FFFE and U+FFFF
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` as XML character data or attribute value: markup escaped, and the characters XML
    cannot hold (a control character in a title or clue) left out, so the file stays well-formed."""
    return _html_escape(NOT_XML.sub("", text))


def write_svg(path: str | Path, content: str) -> None:
    write_atomic(path, content, "SVG")


CELL = 32
MARGIN = 24
LINE = 20


def clued_grid(
    rows: Sequence[str],
    title: str,
    clues: Sequence[str],
    *,
    letters: bool,
    blank: str = " ",
    given: Mapping[tuple[int, int], str] | None = None,
) -> str:
    """A crossword page as the PDF draws it: the numbered grid, its blocks black, blank but for the
    ``given`` letters (or with every letter when ``letters``: the key), and its clue lines."""
    from .ipuz import numbering

    given = given or {}

    numbers = numbering(rows, blank)
    height, width = len(rows), max((len(r) for r in rows), default=0)
    text_w = max(8 * max((len(t) for t in clues), default=0), 12 * len(title))  # about 8 px a letter at 13 px
    page_w = max(2 * MARGIN + width * CELL, 2 * MARGIN + text_w)
    top = MARGIN + 36
    page_h = top + height * CELL + 24 + LINE * len(clues) + MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}" height="{page_h}" '
        f'viewBox="0 0 {page_w} {page_h}" font-family="DejaVu Sans, sans-serif">',
        f'<rect width="{page_w}" height="{page_h}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 12}" font-size="20">{escape(title)}</text>',
    ]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.ljust(width, blank)):  # a short row ends in blocks, as in the PDF
            x, y = MARGIN + c * CELL, top + r * CELL
            if ch == blank:
                out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="black" stroke="black"/>')
                continue
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="white" stroke="black"/>')
            if (r, c) in numbers:
                out.append(f'<text x="{x + 2}" y="{y + 10}" font-size="9">{numbers[(r, c)]}</text>')
            if (letters or (r, c) in given) and ch != EMPTY_PLACE:  # a lone place stays empty: "." is no letter
                out.append(
                    f'<text x="{x + CELL / 2}" y="{y + CELL - 8}" font-size="18" '
                    f'text-anchor="middle">{escape(ch)}</text>'
                )
    y = top + height * CELL + 24
    for line in clues:
        bold = ' font-weight="bold"' if not line.startswith(" ") else ""
        out.append(f'<text x="{MARGIN}" y="{y}" font-size="13"{bold} xml:space="preserve">{escape(line)}</text>')
        y += LINE
    out.append("</svg>")
    return "\n".join(out) + "\n"
