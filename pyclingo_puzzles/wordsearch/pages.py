"""Printable word search pages (``--pdf``): a puzzle page and a key page per puzzle, A4 or Letter.

The document and its time cap are ``formats/pdf.py``'s, the font (Noto Sans) ``formats/pdffont.py``'s,
the shared drawing ``formats/pdfdraw.py``'s; this module draws a word search's pages: the letter
grid with its word list, and the key with every hidden word outlined. A book of several puzzles
has the puzzle pages first and the keys at the back, each page numbered.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ..formats import pdf as document
from ..formats import printstyle
from ..formats.output import warn
from ..formats.pagetext import PAPERS, PageText
from ..formats.pdf import Budget, Drawn, Sheet
from ..formats.pdfdraw import MARGIN, PT, bold, footer, front_page, new_page, text_width
from ..formats.pdffont import drawable, font, font_path
from ..formats.pdffont import missing_glyphs as _missing
from .puzzle import Puzzle
from .shapes import BLOCK

__all__ = ["PAPERS", "Page", "font_path", "missing_glyphs", "pages_for", "render", "sheets_for", "write_pdf"]

MAX_CELL = 30.0  # mm: the grid spans the page's width; only a grid under 6 columns stops short of it
LIST_SHARE = 0.35  # at most this share of a grid page's height holds the word list
CAPSULE_STEPS = 16  # segments per half circle of a key outline
KEY_COLOURS = ((214, 39, 40), (31, 119, 180), (44, 160, 44), (148, 103, 189), (255, 127, 14), (23, 190, 207))


def missing_glyphs(chars: str) -> list[str]:
    """Characters the font cannot draw (they would print as blanks)."""
    return _missing(chars, blank=BLOCK)


@dataclass(frozen=True)
class Page:
    heading: str
    puzzle: Puzzle
    words: Sequence[str]
    key: bool
    text: PageText | None = None  # a puzzle page's instructions and Name / Date line


def pages_for(
    puzzles: Sequence[Puzzle], words: Sequence[str], title: str | PageText, key_words: Sequence[str] | None = None
) -> list[Page]:
    """Puzzle pages first, then the keys (a puzzle book); one puzzle: its page and its key."""
    many = len(puzzles) > 1
    text = title if isinstance(title, PageText) else PageText(title)
    names = [f"{text.title} — Puzzle {i + 1}" if many else text.title for i in range(len(puzzles))]
    front = [Page(name, p, words, False, text._replace(title=name)) for name, p in zip(names, puzzles, strict=True)]
    label = printstyle.key_label(words, "key")
    back = [Page(f"{name} — {label}", p, key_words or words, True) for name, p in zip(names, puzzles, strict=True)]
    return front + back


def sheets_for(pages: Sequence[Page]) -> list[Sheet]:
    """``pages_for``'s pages as sheets (front: a puzzle, back: its key) for ``formats/pdf.render``."""
    fronts = [p for p in pages if not p.key]
    backs: list[Page | None] = [p for p in pages if p.key]
    backs += [None] * (len(fronts) - len(backs))
    return [
        Sheet(partial(_draw_page, page=f), None if b is None else partial(_draw_page, page=b))
        for f, b in zip(fronts, backs, strict=True)
    ]


def render_pages(pages: Sequence[Page], paper: str = "a4", budget: Budget | None = None) -> Drawn:
    return document.render(sheets_for(pages), paper, pages[0].heading if pages else "word search", budget)


def render(pages: Sequence[Page], paper: str = "a4") -> bytes:
    return render_pages(pages, paper).content


def write_pdf(path: Path, pages: Sequence[Page], paper: str = "a4") -> None:
    document.write_pdf(path, render_pages(pages, paper))


def _draw_page(pdf, page: Page) -> None:
    width_mm, height_mm = pdf.w - 2 * MARGIN, pdf.h - 2 * MARGIN
    grid = page.puzzle.grid
    rows, cols = len(grid), len(grid[0])
    top = front_page(pdf, page.text) if page.text is not None and not page.key else new_page(pdf, page.heading)
    # word list below the grid: columns as wide as the longest word, smaller type for long lists;
    # what does not fit in LIST_SHARE of the page goes on to continuation pages
    style = printstyle.current()
    words = [drawable(style.letters(w)) for w in page.words]
    size, list_cols, line_h = _list_layout(pdf, words, width_mm, LIST_SHARE * height_mm)
    here = min(len(words), list_cols * max(1, int(LIST_SHARE * height_mm // line_h)))
    list_h = math.ceil(here / list_cols) * line_h + 8 if words else 0
    # grid: square cells as large as the page allows
    cell = min(width_mm / cols, (height_mm - (top - MARGIN) - list_h - 10) / rows, MAX_CELL)
    left = MARGIN + (width_mm - cell * cols) / 2
    pdf.set_line_width(0.2)
    if any(BLOCK in row for row in grid):  # a shape: outline its cells, not the bounding box
        pdf.set_draw_color(190)
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if ch != BLOCK:
                    pdf.rect(left + c * cell, top + r * cell, cell, cell)
    else:
        pdf.set_draw_color(0)
        pdf.set_line_width(0.4)
        pdf.rect(left, top, cell * cols, cell * rows)
    placed: set[tuple[int, int]] = set()
    if page.key:
        pdf.set_line_width(max(0.25, cell * 0.05))
        for i, p in enumerate(page.puzzle.placements):
            pdf.set_draw_color(*KEY_COLOURS[i % len(KEY_COLOURS)])
            _capsule(pdf, left, top, cell, p.cells())
            placed.update(p.cells())
    letter_pt = cell * PT * 0.55
    if style.large_print and letter_pt < printstyle.LARGE_TEXT_PT:
        letter_pt = printstyle.LARGE_TEXT_PT  # large print: never smaller, though the letters come close
        if cell * PT * 0.8 < printstyle.LARGE_TEXT_PT:
            warn(f"--large-print: a grid {cols} letters wide has letters under 16 pt on this paper; "
                 f"at most {int(width_mm * PT * 0.8 // printstyle.LARGE_TEXT_PT)} fit")
            letter_pt = cell * PT * 0.8
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == BLOCK or not drawable(ch):
                continue
            ch = style.letters(ch)
            font(pdf, letter_pt, ch)
            strong = page.key and (r, c) in placed
            pdf.set_text_color(0 if strong or not page.key else 150)
            x = left + c * cell + (cell - pdf.get_string_width(ch)) / 2
            with bold(pdf, cell * 0.02 if strong else 0):
                pdf.text(x, top + r * cell + cell / 2 + letter_pt / PT * 0.36, ch)
    _word_list(pdf, words[:here], size, list_cols, line_h, top + rows * cell + 10)
    footer(pdf)
    rest = words[here:]
    while rest:
        top = new_page(pdf, f"{page.heading} (words, continued)")
        per_page = list_cols * max(1, int((pdf.h - MARGIN - top) // line_h))
        _word_list(pdf, rest[:per_page], size, list_cols, line_h, top)
        footer(pdf)
        rest = rest[per_page:]


def _list_layout(pdf, words: Sequence[str], width_mm: float, room: float) -> tuple[float, int, float]:
    """Type size, columns and line height for the word list: 13 pt, down to 11 pt if it needs room
    (large print: 18 down to 16; a longer list goes on to a continuation page)."""
    least = printstyle.current().text_pt
    size, cols, line_h = least + 2, 1, 1.0
    while words:
        cols = max(1, int(width_mm // (max(text_width(pdf, size, w) for w in words) + 8)))
        line_h = size / PT * 1.6
        if math.ceil(len(words) / cols) * line_h <= room or size <= least:
            break
        size -= 1
    return size, cols, line_h


def _word_list(pdf, words: Sequence[str], size: float, cols: int, line_h: float, top: float) -> None:
    pdf.set_text_color(0)
    col_w = (pdf.w - 2 * MARGIN) / cols
    for i, word in enumerate(words):
        r, c = divmod(i, cols)
        font(pdf, size, word)
        pdf.text(MARGIN + c * col_w, top + line_h * 0.7 + r * line_h, word)


def _capsule(pdf, left: float, top: float, cell: float, cells: Sequence[tuple[int, int]]) -> None:
    """A rounded outline around a placed word, from its first cell to its last."""
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    x0, y0 = left + (c0 + 0.5) * cell, top + (r0 + 0.5) * cell
    x1, y1 = left + (c1 + 0.5) * cell, top + (r1 + 0.5) * cell
    radius = cell * 0.4
    forward = math.atan2(y1 - y0, x1 - x0)
    points = []
    for (cx, cy), start in (((x1, y1), forward - math.pi / 2), ((x0, y0), forward + math.pi / 2)):
        for i in range(CAPSULE_STEPS + 1):  # a half circle around each end, joined by straight sides
            t = start + math.pi * i / CAPSULE_STEPS
            points.append((cx + radius * math.cos(t), cy + radius * math.sin(t)))
    pdf.polygon(points, style="D")
