"""A book's print-ready interior: the PDF a print-on-demand service (KDP) takes.

- The page is the trim size; no bleed. Margins: 0.5 in outside, top and bottom; the inner margin
  (the gutter) grows with the page count as KDP's paperback rules say (``gutter``), on the left of
  a right-hand (odd) page and the right of a left-hand one.
- A title page, a blank back, the contents (each section and the answers, with their first page),
  then the puzzles, one a page, each headed by its number and its section's instructions; then the
  answers, several keys a page, each labelled with its puzzle's number and page.
- Page numbers at the foot of every page after the title page; the font (Noto Sans) is embedded
  as a subset by fpdf2.
"""

from __future__ import annotations

import datetime
import math
import os
from collections.abc import Sequence
from typing import Any

from ..formats import pdfdraw, pdffont
from ..formats.pdfdraw import PT, wrap
from . import draw
from .manifest import INCH, Manifest

OUTSIDE = 0.5 * INCH
TOP = 0.5 * INCH
BOTTOM = 0.6 * INCH  # room for the page number
# KDP paperback, no bleed: the least inside margin by page count (pages up to, inches)
GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))
FRONT_PAGES = 3  # title, its blank back, contents
DEFAULT_INSTRUCTIONS = {
    "wordsearch": "Find every word of the list in the grid: across, down or diagonally.",
    "crossword": "Fit every word of the list into the grid: each is used once.",
    "clued": "Solve the clues and write the answers into the grid, across and down.",
    "layout": "Solve the clues and write the answers into the grid.",
    "fillin": "Fit every word of the list into the grid, across or down; the letters given are a start.",
    "codeword": "Each number stands for a letter, different numbers for different letters; every entry is a word.",
}


def _creation_date() -> datetime.datetime:
    """``SOURCE_DATE_EPOCH`` (the reproducible-builds convention) when set, else a fixed date."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    seconds = int(epoch) if epoch.isdigit() else 946684800  # 2000-01-01
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC)


def gutter(pages: int) -> float:
    """The inside margin in mm for a book of ``pages`` pages (past 828, KDP's most, the widest)."""
    return next((inches for most, inches in GUTTERS if pages <= most), GUTTERS[-1][1]) * INCH


def keys_per_page(size: tuple[float, float]) -> tuple[int, int]:
    """Columns and rows of answer keys on a page: 2 x 2 on small trims, 2 x 3 on larger ones."""
    return (2, 3) if size[1] >= 260 else (2, 2)


class Interior:
    def __init__(self, manifest: Manifest, records: Sequence[dict[str, Any]]):
        self.manifest = manifest
        self.records = sorted(records, key=lambda r: r["number"])
        cols, rows = keys_per_page(manifest.size)
        self.keys_per_page = cols * rows
        self.first_puzzle_page = FRONT_PAGES + 1
        self.answers_page = self.first_puzzle_page + len(self.records)
        self.pages = self.answers_page - 1 + math.ceil(len(self.records) / self.keys_per_page)
        self.inside = gutter(self.pages)

    def page_of(self, number: int) -> int:
        return self.first_puzzle_page + number - 1

    def render(self) -> bytes:
        from fpdf import FPDF

        with pdffont.font_file() as font:
            pdf = FPDF(unit="mm", format=self.manifest.size)
            pdf.set_auto_page_break(False)
            pdf.add_font("noto", "", str(font))
            pdf.set_title(pdffont.drawable(self.manifest.title))
            if self.manifest.author:
                pdf.set_author(pdffont.drawable(self.manifest.author))
            pdf.set_creator("pyclingo-puzzles")
            pdf.set_creation_date(_creation_date())  # the same manifest gives the same bytes
            self._title_page(pdf)
            self._page(pdf)  # the title page's back: blank
            self._contents(pdf)
            for record in self.records:
                self._puzzle(pdf, record)
            self._answers(pdf)
            return bytes(pdf.output())

    # ------------------------------------------------------------------ pages

    def _page(self, pdf: Any, numbered: bool = True) -> tuple[float, float, float, float]:
        """A new page; its text box (x, y, width, height) inside the margins, gutter on the spine side."""
        pdf.add_page()
        page = pdf.page_no()
        left = self.inside if page % 2 == 1 else OUTSIDE
        width = pdf.w - self.inside - OUTSIDE
        if numbered and page > 1:
            pdf.set_font("noto", "", 9)
            pdf.set_text_color(0)
            label = str(page)
            pdf.text(left + (width - pdf.get_string_width(label)) / 2, pdf.h - BOTTOM / 2, label)
        return left, TOP, width, pdf.h - TOP - BOTTOM

    def _title_page(self, pdf: Any) -> None:
        x, y, w, h = self._page(pdf, numbered=False)
        lines = [(self.manifest.title, 26.0), (self.manifest.subtitle, 14.0), (self.manifest.author, 12.0)]
        top = y + h * 0.3
        for text, size in lines:
            if not text:
                continue
            pdf.set_font("noto", "", size)
            for line in wrap(pdf, pdffont.drawable(text), w):
                pdf.text(x + (w - pdf.get_string_width(line)) / 2, top, line)
                top += size / PT * 1.4
            top += 4

    def _contents(self, pdf: Any) -> None:
        x, y, w, _ = self._page(pdf)
        draw.heading(pdf, "Contents", x, y, w)
        rows: list[tuple[str, int]] = []
        number = 1
        for section in self.manifest.sections:
            rows.append((f"{section.heading} (puzzles {number}–{number + section.count - 1})", self.page_of(number)))
            number += section.count
        rows.append(("Answers", self.answers_page))
        pdf.set_font("noto", "", 11)
        top = y + 16
        for text, page in rows:
            label = pdffont.drawable(text)
            pdf.text(x, top, label)
            pdf.text(x + w - pdf.get_string_width(str(page)), top, str(page))
            top += 7

    def _puzzle(self, pdf: Any, record: dict[str, Any]) -> None:
        x, y, w, h = self._page(pdf)
        section = self._section_of(record["number"])
        if record["number"] == self._first_of(section):
            draw.band(pdf, section.heading, x, y, w)
            y += 9
            h -= 9
        draw.heading(pdf, f"Puzzle {record['number']}", x, y, w)
        kind = "clued" if record["family"] == "crossword" and draw.clued(record) else record["family"]
        instructions = section.instructions or DEFAULT_INSTRUCTIONS[kind]
        pdf.set_font("noto", "", 10)
        pdf.set_text_color(0)
        if section.name_line:  # a Name / Date line, as the family commands' --name-line
            pdfdraw.name_line(pdf, x, y + 14, w)
            y += 7
            h -= 7
        pdf.text(x, y + 14, pdffont.drawable(instructions))
        draw.puzzle(pdf, record, x, y + 19, w, h - 19)

    def _answers(self, pdf: Any) -> None:
        cols, rows = keys_per_page(self.manifest.size)
        for start in range(0, len(self.records), self.keys_per_page):
            x, y, w, h = self._page(pdf)
            if start == 0:
                draw.heading(pdf, "Answers", x, y, w)
            y += 12
            h -= 12
            cell_w, cell_h = w / cols, h / rows
            for i, record in enumerate(self.records[start:start + self.keys_per_page]):
                r, c = divmod(i, cols)
                label = f"Puzzle {record['number']} (page {self.page_of(record['number'])})"
                draw.key(pdf, record, label, x + c * cell_w + 2, y + r * cell_h, cell_w - 4, cell_h - 4)

    def _section_of(self, number: int) -> Any:
        for section in self.manifest.sections:
            if number <= section.count:
                return section
            number -= section.count
        raise IndexError(number)

    def _first_of(self, section: Any) -> int:
        number = 1
        for s in self.manifest.sections:
            if s is section:
                return number
            number += s.count
        raise ValueError(section)
