"""Word search output: text, JSON and printable SVG pages (puzzle and answer key).

A shaped grid's unusable cells hold ``shapes.BLOCK`` (a blank): text shows them as blanks, the SVG
draws only the usable cells (each with a faint outline, so the shape shows)."""

from __future__ import annotations

import math
from typing import Any

from ..formats.svg import escape, write_svg  # noqa: F401 (write_svg: the family's SVG writer)
from .puzzle import Puzzle
from .shapes import BLOCK

CELL = 28  # SVG cell size in px
MARGIN = 40
MONO_ADVANCE = 0.61  # em: a character's width in DejaVu Sans Mono (0.602), with a little to spare


def text(puzzle: Puzzle) -> str:
    return "\n".join(" ".join(row).rstrip() for row in puzzle.grid)


def key_text(puzzle: Puzzle) -> str:
    rows = (
        "".join(BLOCK if g == BLOCK else k for g, k in zip(grow, krow, strict=True))
        for grow, krow in zip(puzzle.grid, puzzle.key(), strict=True)
    )
    return "\n".join(" ".join(row).rstrip() for row in rows)


def shaped(puzzle: Puzzle) -> bool:
    return any(BLOCK in row for row in puzzle.grid)


def word_list(words: list[str] | tuple[str, ...], columns: int = 4) -> str:
    width = max(len(w) for w in words) + 2
    lines = []
    for i in range(0, len(words), columns):
        lines.append("".join(w.ljust(width) for w in words[i : i + columns]).rstrip())
    return "\n".join(lines)


def as_dict(puzzle: Puzzle) -> dict[str, Any]:
    return {"grid": list(puzzle.grid), "placements": [p.as_dict() for p in puzzle.placements]}


def svg(puzzle: Puzzle, words: list[str] | tuple[str, ...], *, key: bool, title: str) -> str:
    """A printable page: title, letter grid, word list; the key page circles every hidden word."""
    height, width = len(puzzle.grid), len(puzzle.grid[0])
    cols = 4
    list_rows = (len(words) + cols - 1) // cols
    heading = f"{title} (solution)" if key else title
    # the font is monospaced: a character is MONO_ADVANCE em wide, so long words and titles get room
    col_w = max(160, math.ceil(MONO_ADVANCE * 16 * max((len(w) for w in words), default=0)) + 24)
    text_w = max(cols * col_w, math.ceil(MONO_ADVANCE * 22 * len(heading)))
    page_w = max(2 * MARGIN + width * CELL, 2 * MARGIN + text_w)
    page_h = 2 * MARGIN + 40 + height * CELL + 30 + list_rows * 22
    top = MARGIN + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}" height="{page_h}" '
        f'viewBox="0 0 {page_w} {page_h}" font-family="DejaVu Sans Mono, monospace">',
        f'<rect width="{page_w}" height="{page_h}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 10}" font-size="22">{escape(heading)}</text>',
    ]
    if shaped(puzzle):  # the shape's own cells, no frame around the bounding box
        out.extend(
            f'<rect class="cell" x="{MARGIN + c * CELL}" y="{top + r * CELL}" width="{CELL}" height="{CELL}" '
            'fill="none" stroke="#c8c8c8" stroke-width="0.8"/>'
            for r, row in enumerate(puzzle.grid)
            for c, ch in enumerate(row)
            if ch != BLOCK
        )
    else:
        out.append(
            f'<rect x="{MARGIN}" y="{top}" width="{width * CELL}" height="{height * CELL}" fill="none" '
            'stroke="black" stroke-width="1.5"/>'
        )
    if key:
        for p in puzzle.placements:
            (r0, c0), (r1, c1) = p.cells()[0], p.cells()[-1]
            x0, y0 = MARGIN + c0 * CELL + CELL / 2, top + r0 * CELL + CELL / 2
            x1, y1 = MARGIN + c1 * CELL + CELL / 2, top + r1 * CELL + CELL / 2
            out.append(
                f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#f5c542" stroke-opacity="0.7" '
                f'stroke-width="{CELL * 0.8}" stroke-linecap="round"/>'
            )
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch == BLOCK:
                continue
            x, y = MARGIN + c * CELL + CELL / 2, top + r * CELL + CELL * 0.7
            out.append(
                f'<text class="letter" x="{x}" y="{y}" font-size="{CELL * 0.6:.0f}" text-anchor="middle">'
                f"{escape(ch)}</text>"
            )
    list_top = top + height * CELL + 40
    for i, word in enumerate(words):
        x, y = MARGIN + (i % cols) * col_w, list_top + (i // cols) * 22
        out.append(f'<text x="{x}" y="{y}" font-size="16">{escape(word)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
