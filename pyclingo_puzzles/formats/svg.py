"""What the families' SVG pages share: text escaping and writing the file (whole or not at all)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape as _html_escape  # xml.sax.saxutils would pull in urllib and http at start-up

from . import printstyle
from .ipuz import EMPTY_PLACE
from .pagetext import DATE_LABEL, NAME_LABEL, PageText

# characters XML 1.0 does not allow in a document at all (not even as &#..;): C0 controls other
# than tab, newline and carriage return, surrogates, U+FFFE and U+FFFF
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` as XML character data or attribute value: markup escaped, and the characters XML
    cannot hold (a control character in a title or clue) left out, so the file stays well-formed."""
    return _html_escape(NOT_XML.sub("", text))


CELL = 32
MARGIN = 24
LINE = 20
TEXT_PX = 15  # 11 pt at 96 px an inch: instructions, word lists, clues
LARGE_TEXT_PX = 22  # --large-print: 16.5 pt (16 pt is 21.33 px), the grids' letters no smaller


def text_px() -> int:
    """The pages' text size in px: large print's or the ordinary."""
    return LARGE_TEXT_PX if printstyle.current().large_print else TEXT_PX
ADVANCE = 0.55  # em: about a character's mean width in a sans-serif font


def heading(text: PageText | str, x: float, y: float, width: float, *, title_px: int = 22) -> tuple[list[str], float]:
    """A page's title (its baseline at ``y``), then the Name / Date line and the instructions when
    ``text`` has them, ``width`` px wide; the elements and the y under them."""
    text = text if isinstance(text, PageText) else PageText(text)
    px = text_px()
    title_px = title_px if px == TEXT_PX else max(title_px, 28)
    out = [f'<text class="title" x="{x}" y="{y}" font-size="{title_px}" font-weight="bold">{escape(text.title)}</text>']
    y += title_px * 0.6 + 6
    if text.name_line:
        y += px
        date_x = x + width * 0.66
        for label, left, end in ((NAME_LABEL, x, date_x - 12), (DATE_LABEL, date_x, x + width)):
            start = left + len(label) * px * ADVANCE + 6
            out.append(f'<text class="name-line" x="{left}" y="{y}" font-size="{px}">{label}</text>')
            out.append(f'<line x1="{start:.0f}" y1="{y + 2}" x2="{end:.0f}" y2="{y + 2}" stroke="black"/>')
        y += 10
    if text.instructions:
        for line in _wrapped(text.instructions, width, px):
            y += px * 1.4
            out.append(f'<text class="instructions" x="{x}" y="{y:.0f}" font-size="{px}">{escape(line)}</text>')
        y += 6
    return out, y + 10


def _wrapped(text: str, width: float, px: float) -> list[str]:
    """``text`` broken between words into lines about ``width`` px wide."""
    per_line = max(10, int(width / (px * ADVANCE)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def clued_grid(
    rows: Sequence[str],
    title: str | PageText,
    clues: Sequence[str],
    *,
    letters: bool,
    blank: str = " ",
    given: Mapping[tuple[int, int], str] | None = None,
    blocks: bool = True,
    numbered: bool = True,
) -> str:
    """A crossword page as the PDF draws it: the numbered grid (not ``numbered``: a fill-in's),
    its blocks black (without ``blocks``: left out, a free-form layout's white cells), blank but
    for the ``given`` letters (or with every letter when ``letters``: the key), and its clue lines."""
    from .ipuz import numbering

    given = given or {}

    numbers = numbering(rows, blank) if numbered else {}
    height, width = len(rows), max((len(r) for r in rows), default=0)
    text = title if isinstance(title, PageText) else PageText(title)
    px = text_px()  # large print: the squares, letters and clue lines grow with the text
    cell, line_h, shown = round(CELL * px / TEXT_PX), round(LINE * px / TEXT_PX), printstyle.current().letters
    lines_w = 9 * px / TEXT_PX * max((len(t) for t in clues), default=0)  # about 9 px a letter at 15 px
    text_w = max(lines_w, 12 * len(text.title), 480 if text.name_line or text.instructions else 0)
    page_w = int(max(2 * MARGIN + width * cell, 2 * MARGIN + text_w))
    head, top = heading(text, MARGIN, MARGIN + 12, page_w - 2 * MARGIN, title_px=20)
    page_h = int(top + height * cell + 24 + line_h * len(clues) + MARGIN)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}" height="{page_h}" '
        f'viewBox="0 0 {page_w} {page_h}" font-family="DejaVu Sans, Noto Sans CJK JP, sans-serif">',
        f'<rect width="{page_w}" height="{page_h}" fill="white"/>',
        *head,
    ]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.ljust(width, blank)):  # a short row ends in blocks, as in the PDF
            x, y = MARGIN + c * cell, top + r * cell
            if ch == blank and not blocks:
                continue
            fill = "black" if ch == blank else "white"
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="black"/>')
            if ch == blank:
                continue
            if (r, c) in numbers:
                out.append(f'<text x="{x + 2}" y="{y + cell * 0.31:.0f}" font-size="{cell * 0.28:.0f}">'
                           f"{numbers[(r, c)]}</text>")  # fmt: skip
            if (letters or (r, c) in given) and ch != EMPTY_PLACE:  # a lone place stays empty: "." is no letter
                out.append(
                    f'<text class="letter" x="{x + cell / 2}" y="{y + cell * 0.75:.0f}" font-size="{cell * 0.56:.0f}" '
                    f'text-anchor="middle">{escape(shown(ch))}</text>'
                )
    y = top + height * cell + 24
    for line in clues:
        bold = ' font-weight="bold"' if not line.startswith(" ") else ""
        out.append(f'<text class="clue" x="{MARGIN}" y="{y}" font-size="{px}"{bold} xml:space="preserve">'
                   f"{escape(line)}</text>")  # fmt: skip
        y += line_h
    out.append("</svg>")
    return "\n".join(out) + "\n"
