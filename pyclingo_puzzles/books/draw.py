"""Drawing one puzzle or its key into a box of a book page (``interior.py`` lays out the pages).

Boxes are (x, y, width, height) in mm. Grids get square cells as large as the box allows (at most
``MAX_CELL``); word lists and clues are set at ``LIST_PT`` and smaller only when they would not
fit. White cells have black borders and blocks are black (toner-light: no shaded boxes).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..formats.pdfdraw import PT, wrap
from ..formats.pdffont import drawable
from ..wordsearch.pages import _capsule

MAX_CELL = 12.0  # mm
LIST_PT = 11.0  # the word list's and clues' type size, when they fit
MIN_PT = 6.0
LIST_SHARE = 0.4  # at most this share of the box holds the word list or clues


def heading(pdf: Any, text: str, x: float, y: float, w: float) -> None:
    pdf.set_font("noto", "", 16)
    pdf.set_text_color(0)
    line = (wrap(pdf, drawable(text), w) or [""])[0]
    pdf.text(x, y + 7, line)


def band(pdf: Any, text: str, x: float, y: float, w: float) -> None:
    """A section's heading, above its first puzzle: a rule and the section's name."""
    pdf.set_font("noto", "", 12)
    pdf.set_text_color(0)
    pdf.text(x, y + 5, drawable(text).upper())
    pdf.set_line_width(0.3)
    pdf.line(x, y + 7, x + w, y + 7)


def puzzle(pdf: Any, record: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    family = record["family"]
    if family == "codeword":
        bottom = codeword_grid(pdf, record, x, y, w, h - CODEWORD_TABLES, filled=False)
        codeword_tables(pdf, record, x, bottom + 4, w)
        return
    if family == "wordsearch":
        lines = sorted(record["words"])
    elif family in ("crossword", "fillin") and not clued(record):
        lines = _by_length(record)
    else:
        lines = _clues(record)
    size, columns, line_h, rows = _text_layout(pdf, lines, w, LIST_SHARE * h)
    text_h = rows * line_h + 4 if lines else 0
    grid_h = h - text_h - 4
    if family == "wordsearch":
        bottom = letters_grid(pdf, record["grid"], x, y, w, grid_h)
    else:
        bottom = crossword_grid(pdf, record, x, y, w, grid_h, filled=False)
    text_block(pdf, lines, size, columns, line_h, x, bottom + 6, w)


def key(pdf: Any, record: dict[str, Any], label: str, x: float, y: float, w: float, h: float) -> None:
    pdf.set_font("noto", "", 9)
    pdf.set_text_color(0)
    pdf.text(x, y + 4, drawable(label))
    if record["family"] == "codeword":
        cell = codeword_grid(pdf, record, x, y + 6, w, h - 6, filled=True)
    elif record["family"] == "wordsearch":
        cell = letters_grid(pdf, record["grid"], x, y + 6, w, h - 6, placements=record["placements"])
    else:
        cell = crossword_grid(pdf, record, x, y + 6, w, h - 6, filled=True)
    del cell


def _square(rows: Sequence[str], x: float, w: float, h: float) -> tuple[float, float]:
    """Cell size and left edge of a grid centred in the box."""
    height, width = len(rows), max((len(r) for r in rows), default=1)
    cell = min(w / width, h / max(1, height), MAX_CELL)
    return cell, x + (w - cell * width) / 2


def letters_grid(pdf: Any, rows: Sequence[str], x: float, y: float, w: float, h: float,
                 placements: Sequence[Sequence[Any]] | None = None) -> float:
    """A word search grid (its key: the words outlined, the filler grey); returns its bottom."""
    cell, left = _square(rows, x, w, h)
    pdf.set_draw_color(0)
    pdf.set_line_width(0.4)
    pdf.rect(left, y, cell * max(len(r) for r in rows), cell * len(rows))
    placed: set[tuple[int, int]] = set()
    if placements is not None:
        pdf.set_line_width(max(0.2, cell * 0.05))
        for word, row, col, dy, dx in placements:
            cells = [(row + dy * i, col + dx * i) for i in range(len(word))]
            pdf.set_draw_color(90)
            _capsule(pdf, left, y, cell, cells)
            placed.update(cells)
        pdf.set_draw_color(0)
    size = cell * PT * 0.55
    pdf.set_font("noto", "", size)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            ch = drawable(ch)
            if not ch.strip():
                continue
            pdf.set_text_color(150 if placements is not None and (r, c) not in placed else 0)
            x_text = left + c * cell + (cell - pdf.get_string_width(ch)) / 2
            pdf.text(x_text, y + r * cell + cell / 2 + size / PT * 0.36, ch)
    pdf.set_text_color(0)
    return y + cell * len(rows)


def crossword_grid(pdf: Any, record: dict[str, Any], x: float, y: float, w: float, h: float, *, filled: bool) -> float:
    """A crossword grid: white cells with borders, black blocks (a fill's; a layout's empty cells
    are left out), clue numbers for a layout, the letters in a key; returns its bottom."""
    rows: list[str] = record["grid"]
    cell, left = _square(rows, x, w, h)
    numbered = record["family"] == "layout" or clued(record)
    numbers = {(e[1], e[2]): e[5] for e in record["entries"]} if numbered else {}
    given = {(r, c): ch for r, c, ch in record.get("starters", ())}  # a fill-in's starters, on the puzzle
    pdf.set_draw_color(0)
    pdf.set_line_width(0.3)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cx, cy = left + c * cell, y + r * cell
            if ch == " ":
                if record["family"] in ("crossword", "fillin"):
                    pdf.set_fill_color(0)
                    pdf.rect(cx, cy, cell, cell, style="DF")
                continue
            pdf.rect(cx, cy, cell, cell)
            if (r, c) in numbers and not filled:
                pdf.set_font("noto", "", max(4.0, cell * PT * 0.28))
                pdf.text(cx + cell * 0.06, cy + cell * 0.3, str(numbers[(r, c)]))
            if filled or (r, c) in given:
                size = cell * PT * 0.55
                pdf.set_font("noto", "", size)
                letter = drawable(ch)
                pdf.text(cx + (cell - pdf.get_string_width(letter)) / 2, cy + cell / 2 + size / PT * 0.36, letter)
    return y + cell * len(rows)


def clued(record: dict[str, Any]) -> bool:
    """A crossword with clues (a section's ``clues``): printed numbered with them, not as a fill-in."""
    return any(e[4] for e in record.get("entries", ()))


CODEWORD_TABLES = 52.0  # mm under a codeword's grid: the decoding table and the letter bank, two rows each


def codeword_grid(pdf: Any, record: dict[str, Any], x: float, y: float, w: float, h: float, *, filled: bool) -> float:
    """A codeword's grid: each white cell its number, the given letters (a key: every letter)."""
    numbers: list[list[int]] = record["numbers"]
    rows = ["".join(" " if n == 0 else "x" for n in row) for row in numbers]
    cell, left = _square(rows, x, w, h)
    shown = set(record["given"])
    pdf.set_draw_color(0)
    pdf.set_line_width(0.3)
    for r, row in enumerate(numbers):
        for c, n in enumerate(row):
            cx, cy = left + c * cell, y + r * cell
            pdf.set_fill_color(0)
            pdf.rect(cx, cy, cell, cell, style="DF" if n == 0 else "D")
            if n == 0:
                continue
            pdf.set_font("noto", "", max(4.0, cell * PT * 0.26))
            pdf.text(cx + cell * 0.06, cy + cell * 0.3, str(n))
            if filled or str(n) in shown:
                size = cell * PT * 0.5
                pdf.set_font("noto", "", size)
                letter = drawable(record["key"][str(n)])
                pdf.text(cx + (cell - pdf.get_string_width(letter)) / 2, cy + cell * 0.62 + size / PT * 0.3, letter)
    return y + cell * len(numbers)


def codeword_tables(pdf: Any, record: dict[str, Any], x: float, y: float, w: float) -> None:
    """The decoding table (numbers 1 to N, the givens' letters in) and the A-Z bank (the givens' crossed off)."""
    given = {record["key"][n] for n in record["given"]}
    numbers = range(1, len(record["key"]) + 1)
    table = [(str(n), record["key"][str(n)] if str(n) in record["given"] else "") for n in numbers]
    bank = [("", ch) for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    size = min(w / 13, 10.0)
    x += (w - 13 * size) / 2  # centred under the grid
    for k, boxes in enumerate((table, bank)):
        for i, (label, letter) in enumerate(boxes):
            bx, by = x + (i % 13) * size, y + k * 26 + (i // 13) * (size + 3)
            pdf.set_font("noto", "", 6)
            pdf.set_text_color(0)
            if label:
                pdf.text(bx + 0.8, by + 2.2, label)
                pdf.rect(bx, by + 2.8, size, size)
            pdf.set_font("noto", "", 11)
            width = pdf.get_string_width(letter)
            pdf.text(bx + (size - width) / 2, by + 2.8 + size * 0.7, letter)
            if not label and letter in given:  # the bank's given letters crossed off
                pdf.line(bx + (size - width) / 2 - 0.8, by + 2.8 + size * 0.55, bx + (size + width) / 2 + 0.8,
                         by + 2.8 + size * 0.55)
    pdf.set_text_color(0)


def _by_length(record: dict[str, Any]) -> list[str]:
    """A fill-in's word list: the entries grouped by length, each group in alphabetical order."""
    groups: dict[int, list[str]] = {}
    for entry in record["entries"]:
        groups.setdefault(len(entry[0]), []).append(entry[0])
    lines: list[str] = []
    for length in sorted(groups):
        lines.append(f"{length} letters:")
        lines += sorted(groups[length])
    return lines


def _clues(record: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for way in ("across", "down"):
        lines.append(way.capitalize())
        lines += [f"{e[5]}. {e[4] or '—'} ({len(e[0])})" for e in record["entries"] if e[3] == way]
    return lines


def _text_layout(pdf: Any, lines: Sequence[str], w: float, room: float) -> tuple[float, int, float, int]:
    """Type size, columns, line height and rows for ``lines``: ``LIST_PT`` unless they need room."""
    size = LIST_PT
    while True:
        pdf.set_font("noto", "", size)
        widest = max((pdf.get_string_width(drawable(s)) for s in lines), default=0.0)
        columns = max(1, min(4, int(w // (widest + 6)) if widest else 1))
        line_h = size / PT * 1.35
        rows = math.ceil(len(lines) / columns)
        if rows * line_h <= room or size <= MIN_PT:
            return size, columns, line_h, rows
        size -= 0.5


def text_block(pdf: Any, lines: Sequence[str], size: float, columns: int, line_h: float,
               x: float, y: float, w: float) -> None:
    pdf.set_font("noto", "", size)
    pdf.set_text_color(0)
    rows = math.ceil(len(lines) / columns) if lines else 0
    col_w = w / columns
    for i, line in enumerate(lines):
        c, r = divmod(i, rows)  # down the first column, then the next
        text = drawable(line)
        while text and pdf.get_string_width(text) > col_w - 2:
            text = text[:-2] + "…"
        pdf.text(x + c * col_w, y + line_h * 0.8 + r * line_h, text)
