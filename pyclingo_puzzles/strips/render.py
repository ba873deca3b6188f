"""Strips output drawn as pictures: each tiling's outline as an SVG drawing or as PDF pages.

A cell is shaded by its colour (black cells grey, so the walls stay visible) and a thick wall
separates cells of different strips, as the text outline (``tiling.outline``) draws with ``|`` and ``_``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from ..formats.pagetext import PageText
from ..formats.svg import escape, heading
from .tiling import Tiling

INSTRUCTIONS = (
    "Cover each grid with straight strips so that no two strips of a grid show the same pattern of "
    "black and white, read either way."
)

CELL = 24
GAP = 24
MARGIN = 20
LABEL = 18
SHADE = "#9a9a9a"


def owners(tiling: Tiling, bottom_up: bool = False) -> list[list[int]]:
    """Each cell's strip number, rows in drawing order."""
    grid = tiling.grid
    owner = {cell: k for k, s in enumerate(tiling.strips) for cell in s.cells}
    order = range(grid.height - 1, -1, -1) if bottom_up else range(grid.height)
    return [[owner.get((r, c), -1) for c in range(grid.width)] for r in order]


def _tiling_svg(tiling: Tiling, x0: float, y0: float, bottom_up: bool) -> list[str]:
    grid = tiling.grid
    rows = list(reversed(grid.rows)) if bottom_up else list(grid.rows)
    regions = owners(tiling, bottom_up)
    out = [f'<text x="{x0}" y="{y0 - 6}" font-size="13">{escape(grid.name)}</text>']
    for r, row in enumerate(rows):
        for c, colour in enumerate(row):
            fill = SHADE if colour == "b" else "white"
            out.append(
                f'<rect x="{x0 + c * CELL}" y="{y0 + r * CELL}" width="{CELL}" height="{CELL}" fill="{fill}" '
                'stroke="#cccccc" stroke-width="0.5"/>'
            )
    walls = []
    for r in range(grid.height):
        for c in range(grid.width):
            x, y = x0 + c * CELL, y0 + r * CELL
            if c + 1 < grid.width and regions[r][c] != regions[r][c + 1]:
                walls.append(f"M{x + CELL} {y}v{CELL}")
            if r + 1 < grid.height and regions[r][c] != regions[r + 1][c]:
                walls.append(f"M{x} {y + CELL}h{CELL}")
    out.append(f'<path d="{" ".join(walls)}" stroke="black" stroke-width="3" stroke-linecap="square" fill="none"/>')
    out.append(
        f'<rect x="{x0}" y="{y0}" width="{grid.width * CELL}" height="{grid.height * CELL}" fill="none" '
        'stroke="black" stroke-width="3"/>'
    )
    return out


def svg(tilings: Sequence[Tiling], per_row: int = 5, bottom_up: bool = False, text: PageText | None = None) -> str:
    """Every tiling's outline, ``per_row`` side by side, each under its grid's name; under ``text``'s
    title, Name / Date line and instructions when given."""
    rows = [tilings[i : i + per_row] for i in range(0, len(tilings), per_row)]
    width = max((sum(t.grid.width * CELL + GAP for t in row) for row in rows), default=0) - GAP + 2 * MARGIN
    body: list[str] = []
    y: float = MARGIN + LABEL
    if text is not None:
        width = max(width, 520 if text.instructions or text.name_line else 0, 2 * MARGIN + 13 * len(text.title))
        body, top = heading(text, MARGIN, MARGIN + 16, width - 2 * MARGIN)
        y = top + LABEL
    for row in rows:
        x = float(MARGIN)
        for tiling in row:
            body += _tiling_svg(tiling, x, y, bottom_up)
            x += tiling.grid.width * CELL + GAP
        y += max(t.grid.height for t in row) * CELL + GAP + LABEL
    height = y - GAP - LABEL + MARGIN
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def page_of(
    drawn: Sequence[Tiling], kind: str, title: str, instructions: str | None, name_line: bool, paper: str = "a4",
    per_row: int = 5, bottom_up: bool = False,
) -> Any:
    """The API's ``to_svg`` (``kind`` "svg": text) and ``to_pdf`` ("pdf": bytes) of the ``drawn`` tilings."""
    from ..core import apicheck

    text = PageText.of(title, instructions, name_line, INSTRUCTIONS)
    apicheck.flag(bottom_up, "bottom_up")
    if not drawn:
        raise ValueError("no tiling to draw")
    if kind == "svg":
        return svg(drawn, apicheck.whole(per_row, "per_row", 1, 2**31 - 1), bottom_up, text)
    from ..formats.pdf import render

    apicheck.choice(paper, "paper", ("a4", "letter"))
    return render(pdf_sheets(drawn, text, bottom_up), paper, text.title).content


def pdf_sheets(tilings: Sequence[Tiling], title: str | PageText, bottom_up: bool = False) -> list[Any]:
    """One page per tiling: its outline, as large as the page allows, under the grid's name (and
    the Name / Date line and instructions ``title`` may have)."""
    from ..formats.pdf import Sheet
    from ..formats.pdfdraw import footer, front_page, grid

    text = title if isinstance(title, PageText) else PageText(title)

    def page(pdf: Any, tiling: Tiling) -> None:
        top = front_page(pdf, text._replace(title=f"{text.title} — {tiling.grid.name}"))
        rows = list(reversed(tiling.grid.rows)) if bottom_up else list(tiling.grid.rows)
        grid(pdf, rows, top, blank="b", letters=False, regions=owners(tiling, bottom_up), shade=170)
        footer(pdf)

    return [Sheet(partial(page, tiling=t)) for t in tilings]
