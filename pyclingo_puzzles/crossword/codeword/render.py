"""A codeword's pages: the grid of numbers with the given letters, the 1-26 decoding table, the
A-Z letter bank (the given letters crossed off), and the key (every letter filled in); as SVG
(``svg_page``) and as PDF sheets (``pdf_sheets``: the puzzle's page, then its key)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from ...formats.pagetext import PageText
from ...formats.svg import escape, heading
from ..framework import BLOCK
from .puzzle import ALPHABET, Codeword

CELL = 32  # px
BOX = 30  # px: a decoding table's or letter bank's box
MARGIN = 24
PER_ROW = 13  # boxes a row of the table and of the bank


def shown_letters(puzzle: Codeword, key: bool) -> dict[int, str]:
    """The letters a page prints: the givens, or with ``key`` all."""
    return dict(puzzle.key) if key else puzzle.given_letters()


def svg_page(puzzle: Codeword, text: PageText, key: bool = False) -> str:
    letters = shown_letters(puzzle, key)
    numbers = puzzle.numbers()
    width = max(len(puzzle.rows[0]) * CELL, PER_ROW * BOX) + 2 * MARGIN
    body, y = heading(text.key() if key else text, MARGIN, MARGIN + 16, width - 2 * MARGIN)
    for r, row in enumerate(numbers):
        for c, n in enumerate(row):
            x, top = MARGIN + c * CELL, y + r * CELL
            if n == 0:
                body.append(f'<rect class="block" x="{x}" y="{top}" width="{CELL}" height="{CELL}" fill="black"/>')
                continue
            body.append(f'<rect x="{x}" y="{top}" width="{CELL}" height="{CELL}" fill="white" stroke="black"/>')
            body.append(f'<text class="number" x="{x + 2}" y="{top + 10}" font-size="9">{n}</text>')
            if n in letters:
                body.append(_centred(x, top, CELL, letters[n], 17, "letter"))
    y += len(numbers) * CELL + 24
    body.append(f'<text x="{MARGIN}" y="{y - 6}" font-size="13">Decoding table</text>')
    for i, n in enumerate(range(1, len(puzzle.key) + 1)):
        x, top = MARGIN + (i % PER_ROW) * BOX, y + (i // PER_ROW) * (BOX + 14)
        body.append(f'<text class="table-number" x="{x + BOX / 2}" y="{top + 10}" font-size="10" '
                    f'text-anchor="middle">{n}</text>')  # fmt: skip
        body.append(f'<rect x="{x}" y="{top + 13}" width="{BOX}" height="{BOX - 6}" fill="white" stroke="black"/>')
        if n in letters:
            body.append(_centred(x, top + 10, BOX, letters[n], 15, "table-letter"))
    y += -(-len(puzzle.key) // PER_ROW) * (BOX + 14) + 24
    body.append(f'<text x="{MARGIN}" y="{y - 6}" font-size="13">Letters</text>')
    used = set(letters.values())
    for i, ch in enumerate(ALPHABET):
        x, top = MARGIN + (i % PER_ROW) * BOX, y + (i // PER_ROW) * BOX
        mark = ' text-decoration="line-through" fill="#999"' if ch in used else ""
        body.append(f'<text class="bank" x="{x + BOX / 2}" y="{top + 18}" font-size="15" text-anchor="middle"'
                    f'{mark}>{ch}</text>')  # fmt: skip
        if ch in used:
            body.append(f'<line x1="{x + 6}" y1="{top + 13}" x2="{x + BOX - 6}" y2="{top + 13}" stroke="#555"/>')
    height = y + 2 * BOX + MARGIN
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">',
            f'<rect width="{width}" height="{height}" fill="white"/>']  # fmt: skip
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def _centred(x: float, top: float, size: float, ch: str, px: int, cls: str) -> str:
    return (f'<text class="{cls}" x="{x + size / 2}" y="{top + size / 2 + px * 0.4 + 2}" font-size="{px}" '
            f'text-anchor="middle" font-weight="bold">{escape(ch)}</text>')  # fmt: skip


def text_grid(puzzle: Codeword, key: bool = False) -> str:
    """The text output: the numbers (a given's or, with ``key``, every letter after its number)."""
    letters = shown_letters(puzzle, key)
    lines = []
    for row in puzzle.numbers():
        cells = ["  ## " if n == 0 else f"{n:>3}{letters.get(n, '.')} " for n in row]
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def pdf_sheets(puzzles: Sequence[Codeword], text: PageText) -> list[Any]:
    """Per puzzle a front (grid, table, bank) and a back (the key)."""
    from ...formats.pdf import Sheet

    return [Sheet(partial(_page, puzzle=p, text=text, key=False), partial(_page, puzzle=p, text=text.key(), key=True))
            for p in puzzles]  # fmt: skip


def _page(pdf: Any, puzzle: Codeword, text: PageText, key: bool) -> None:
    from ...formats.pdfdraw import MARGIN as PAGE_MARGIN
    from ...formats.pdfdraw import footer, front_page, grid

    letters = shown_letters(puzzle, key)
    numbers = puzzle.numbers()
    rows = ["".join(BLOCK if n == 0 else letters.get(n, ".") for n in row) for row in numbers]
    cells = {(r, c): n for r, row in enumerate(numbers) for c, n in enumerate(row) if n}
    top = front_page(pdf, text)
    room = pdf.h - PAGE_MARGIN - top - 62  # the table and the bank below
    bottom = grid(pdf, rows, top, numbers=cells, room=room)
    _boxes(pdf, [(str(n), letters.get(n, "")) for n in range(1, len(puzzle.key) + 1)], bottom + 6, PAGE_MARGIN)
    _boxes(pdf, [("", ch) for ch in ALPHABET], bottom + 36, PAGE_MARGIN, struck=set(letters.values()))
    footer(pdf)


def _boxes(pdf: Any, boxes: Sequence[tuple[str, str]], top: float, left: float, struck: set[str] | None = None) -> None:
    """Two rows of 13 boxes: a label above each (a number), a letter in it; the ``struck`` letters
    crossed off (the letter bank's given ones)."""
    size = (pdf.w - 2 * left) / PER_ROW
    pdf.set_draw_color(0)
    pdf.set_line_width(0.3)
    for i, (label, letter) in enumerate(boxes):
        x, y = left + (i % PER_ROW) * size, top + (i // PER_ROW) * 12.5
        pdf.set_font("noto", "", 7)
        pdf.set_text_color(0)
        if label:
            pdf.text(x + 1, y + 2.5, label)
            pdf.rect(x, y + 3.2, size, 8.5)
        if letter:
            pdf.set_font("noto", "", 13)
            width = pdf.get_string_width(letter)
            pdf.text(x + (size - width) / 2, y + 10, letter)
            if struck and letter in struck:
                pdf.line(x + (size - width) / 2 - 1, y + 8.3, x + (size + width) / 2 + 1, y + 8.3)
