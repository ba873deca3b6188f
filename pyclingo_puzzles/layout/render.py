"""Layout output: grid text with the numbered clue list, JSON, SVG pages, ipuz."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.grid import Placement
from ..formats.ipuz import clue_lines as ipuz_clue_lines
from ..formats.ipuz import crossword_ipuz, numbering
from ..formats.pagetext import PageText
from ..formats.svg import clued_grid
from .grid import Layout
from .reader import LayoutInstance


def entries(layout: Layout) -> list[tuple[int, Placement]]:
    """(number, placement) in clue order: across entries by number, then down entries."""
    numbers = numbering(layout.rows())
    out = [(numbers[(p.row, p.col)], p) for p in layout.placements]
    return sorted(out, key=lambda e: (e[1].dir != "across", e[0]))


def clue_lines(layout: Layout, inst: LayoutInstance, answers: bool = True) -> list[str]:
    return ipuz_clue_lines(
        layout.rows(), layout.placements, lambda p: inst.clue(p.word), answers, lambda p: inst.as_written(p.word)
    )


def text(layout: Layout, inst: LayoutInstance) -> str:
    return "\n".join([*(r.rstrip() for r in layout.rows()), "", *clue_lines(layout, inst)])


def as_dict(layout: Layout, inst: LayoutInstance) -> dict[str, Any]:
    return {
        "title": inst.title,
        "grid": layout.rows(),
        "height": layout.height,
        "width": layout.width,
        "crossings": layout.crossings,
        "area": layout.area,
        "placements": [{**p.as_dict(), "number": n, "clue": inst.clue(p.word)} for n, p in entries(layout)],
    }


INSTRUCTIONS = "Solve the clues and write the answers in the grid, one letter per cell."


def page_text(inst: LayoutInstance) -> PageText:
    """The default page text: the instance's title (else its file's name) and the instructions."""
    return PageText(inst.title or Path(inst.path).stem, INSTRUCTIONS)


def svg(layout: Layout, inst: LayoutInstance, *, key: bool, text: PageText | None = None) -> str:
    """A printable page: the numbered grid (blank, or filled for the key) and the clue list; the
    word cells white with borders, nothing around them."""
    text = text or page_text(inst)
    shown = PageText(f"{text.title} (solution)") if key else text
    return clued_grid(layout.rows(), shown, clue_lines(layout, inst, answers=key), letters=key, blocks=False)


def pdf_sheet(layout: Layout, inst: LayoutInstance, text: PageText | None = None):
    """The PDF's sheet: the numbered blank grid with its clues, then the solution; white cells
    with borders, as the SVG's."""
    from ..formats.pdfdraw import clued_grid_sheet

    rows = layout.rows()
    return clued_grid_sheet(
        text or page_text(inst), rows, numbering(rows), clue_lines(layout, inst, answers=False),
        clue_lines(layout, inst, answers=True), blocks=False,
    )


def ipuz(layout: Layout, inst: LayoutInstance) -> dict[str, Any]:
    return crossword_ipuz(layout.rows(), layout.placements, clue=lambda p: inst.clue(p.word), title=inst.title)


def puz(layout: Layout, inst: LayoutInstance) -> bytes:
    """The layout as Across Lite ``.puz`` bytes, with its clues and title."""
    from ..formats.puz import crossword_puz

    title = inst.title or Path(inst.path).stem
    return crossword_puz(layout.rows(), layout.placements, clue=lambda p: inst.clue(p.word), title=title)
