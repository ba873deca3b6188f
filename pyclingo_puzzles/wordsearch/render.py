"""Word search output: text, JSON and printable SVG pages (puzzle and answer key).

A shaped grid's unusable cells hold ``shapes.BLOCK`` (a blank): text shows them as blanks, the SVG
draws only the usable cells (each with a faint outline, so the shape shows)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..formats.pagetext import PageText
from ..formats.svg import LARGE_TEXT_PX, escape, heading
from .puzzle import Puzzle
from .shapes import BLOCK

PAGE_W = 720  # SVG page width in px (7.5 in at 96 px an inch): the grid spans it, less the margins
MAX_CELL = 72  # px: a small grid's cells stop growing at about 2 cm
MARGIN = 40
MONO_ADVANCE = 0.61  # em: a character's width in DejaVu Sans Mono (0.602), with a little to spare
LIST_PX = 16  # the word list's type: 12 pt (large print: LARGE_TEXT_PX)


def instructions(directions: Sequence[tuple[int, int]], words: Sequence[str] = ()) -> str:
    """The default instructions line, from the directions words run in (``(dx, dy)``, dy down), in
    the ``words``' language when their script tells it (``formats/printstyle.instructions_for``)."""
    from ..formats.printstyle import instructions_for

    return instructions_for("wordsearch", words, _english(directions))


def _english(directions: Sequence[tuple[int, int]]) -> str:
    ways = [name for name, ok in (
        ("across", any(dy == 0 for _, dy in directions)),
        ("down", any(dx == 0 for dx, _ in directions)),
        ("diagonally", any(dx and dy for dx, dy in directions)),
    ) if ok]  # fmt: skip
    back = any(dx < 0 or (dx == 0 and dy < 0) for dx, dy in directions)
    run = ", ".join(ways[:-1]) + (" and " if len(ways) > 1 else "") + ways[-1] if ways else "in straight lines"
    return f"Find every word of the list in the grid. Words run {run}" + (", forwards or backwards." if back else ".")


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


def svg(puzzle: Puzzle, words: list[str] | tuple[str, ...], *, key: bool, title: str | PageText) -> str:
    """A printable page: title (with the Name / Date line and instructions ``title`` may have), the
    letter grid as wide as the page, the word list; the key page circles every hidden word."""
    height, width = len(puzzle.grid), len(puzzle.grid[0])
    text = title if isinstance(title, PageText) else PageText(title)
    from ..formats import printstyle

    style = printstyle.current()
    text = PageText(f"{text.title} ({printstyle.key_label(words, 'solution')})") if key else text
    words = [style.letters(w) for w in words]  # --lowercase
    list_px = LARGE_TEXT_PX if style.large_print else LIST_PX
    # the font is monospaced: a character is MONO_ADVANCE em wide, so long words and titles get room
    col_w = max(150, math.ceil(MONO_ADVANCE * list_px * max((len(w) for w in words), default=0)) + 24)
    page_w = max(PAGE_W, 2 * MARGIN + col_w, 2 * MARGIN + math.ceil(MONO_ADVANCE * 22 * len(text.title)))
    # large print: a letter (0.6 of a cell) never under LARGE_TEXT_PX; a wide grid widens the page
    least_cell = LARGE_TEXT_PX / 0.6 if style.large_print else 0
    page_w = max(page_w, math.ceil(2 * MARGIN + width * least_cell))
    cols = max(1, (page_w - 2 * MARGIN) // col_w)
    cell = max(min((page_w - 2 * MARGIN) / width, MAX_CELL), least_cell)
    head, top = heading(text, MARGIN, MARGIN + 10, page_w - 2 * MARGIN)
    page_h = math.ceil(top + height * cell + 30 + -(-len(words) // cols) * list_px * 1.4 + MARGIN)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}" height="{page_h}" '
        f'viewBox="0 0 {page_w} {page_h}" font-family="DejaVu Sans Mono, Noto Sans Mono CJK JP, monospace">',
        f'<rect width="{page_w}" height="{page_h}" fill="white"/>',
        *head,
        *_svg_grid(puzzle, key, MARGIN + ((page_w - 2 * MARGIN) - width * cell) / 2, top, cell),
    ]
    list_top = top + height * cell + 30 + list_px
    for i, word in enumerate(words):
        x, y = MARGIN + (i % cols) * col_w, list_top + (i // cols) * list_px * 1.4
        out.append(f'<text class="word" x="{x}" y="{y:.1f}" font-size="{list_px}">{escape(word)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_grid(puzzle: Puzzle, key: bool, left: float, top: float, cell: float) -> list[str]:
    """The letter grid's elements, its top-left corner at (``left``, ``top``)."""
    from ..formats.printstyle import current

    letters = current().letters  # --lowercase
    height, width = len(puzzle.grid), len(puzzle.grid[0])
    out: list[str] = []
    if shaped(puzzle):  # the shape's own cells, no frame around the bounding box
        out.extend(
            f'<rect class="cell" x="{left + c * cell:.1f}" y="{top + r * cell:.1f}" width="{cell:.1f}" '
            f'height="{cell:.1f}" fill="none" stroke="#c8c8c8" stroke-width="0.8"/>'
            for r, row in enumerate(puzzle.grid)
            for c, ch in enumerate(row)
            if ch != BLOCK
        )
    else:
        out.append(
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{width * cell:.1f}" height="{height * cell:.1f}" fill="none" '
            'stroke="black" stroke-width="1.5"/>'
        )
    if key:
        for p in puzzle.placements:
            (r0, c0), (r1, c1) = p.cells()[0], p.cells()[-1]
            x0, y0 = left + c0 * cell + cell / 2, top + r0 * cell + cell / 2
            x1, y1 = left + c1 * cell + cell / 2, top + r1 * cell + cell / 2
            out.append(
                f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="#f5c542" stroke-opacity="0.7" '
                f'stroke-width="{cell * 0.8:.1f}" stroke-linecap="round"/>'
            )
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch == BLOCK:
                continue
            x, y = left + c * cell + cell / 2, top + r * cell + cell * 0.7
            out.append(
                f'<text class="letter" x="{x:.1f}" y="{y:.1f}" font-size="{cell * 0.6:.0f}" text-anchor="middle">'
                f"{escape(letters(ch))}</text>"
            )
    return out
