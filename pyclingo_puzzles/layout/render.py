"""Layout output: grid text with the numbered clue list, JSON, SVG pages, ipuz."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.grid import Placement
from ..io.ipuz import crossword_ipuz, numbering
from ..io.svg import escape, write_svg  # noqa: F401 (write_svg: the family's SVG writer)
from .grid import Layout
from .reader import LayoutInstance

CELL = 32
MARGIN = 24
LINE = 20


def entries(layout: Layout) -> list[tuple[int, Placement]]:
    """(number, placement) in clue order: across entries by number, then down entries."""
    numbers = numbering(layout.rows())
    out = [(numbers[(p.row, p.col)], p) for p in layout.placements]
    return sorted(out, key=lambda e: (e[1].dir != "across", e[0]))


def clue_lines(layout: Layout, inst: LayoutInstance, answers: bool = True) -> list[str]:
    lines: list[str] = []
    for heading in ("across", "down"):
        group = [(n, p) for n, p in entries(layout) if p.dir == heading]
        if not group:
            continue
        lines.append(heading.capitalize())
        for n, p in group:
            clue = inst.clue(p.word)
            text = f"{clue} ({len(p.word)})" if clue else f"({len(p.word)})"
            lines.append(f"{n:>3}. {text}" + (f"  {p.word}" if answers else ""))
    return lines


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


def svg(layout: Layout, inst: LayoutInstance, *, key: bool) -> str:
    """A printable page: the numbered grid (blank, or filled for the key) and the clue list."""
    rows = layout.rows()
    numbers = numbering(rows)
    clue_text = clue_lines(layout, inst, answers=key)
    grid_w = layout.width * CELL
    page_w = max(2 * MARGIN + grid_w, 2 * MARGIN + 8 * max((len(t) for t in clue_text), default=0))
    top = MARGIN + 36
    page_h = top + layout.height * CELL + 24 + LINE * len(clue_text) + MARGIN
    title = inst.title or Path(inst.path).stem
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}" height="{page_h}" '
        f'viewBox="0 0 {page_w} {page_h}" font-family="DejaVu Sans, sans-serif">',
        f'<rect width="{page_w}" height="{page_h}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 12}" font-size="20">{escape(title)}{" (solution)" if key else ""}</text>',
    ]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == " ":
                continue
            x, y = MARGIN + c * CELL, top + r * CELL
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="white" stroke="black"/>')
            if (r, c) in numbers:
                out.append(f'<text x="{x + 2}" y="{y + 10}" font-size="9">{numbers[(r, c)]}</text>')
            if key:
                out.append(
                    f'<text x="{x + CELL / 2}" y="{y + CELL - 8}" font-size="18" '
                    f'text-anchor="middle">{escape(ch)}</text>'
                )
    y = top + layout.height * CELL + 24
    for line in clue_text:
        bold = ' font-weight="bold"' if not line.startswith(" ") else ""
        out.append(f'<text x="{MARGIN}" y="{y}" font-size="13"{bold} xml:space="preserve">{escape(line)}</text>')
        y += LINE
    out.append("</svg>")
    return "\n".join(out) + "\n"


def ipuz(layout: Layout, inst: LayoutInstance) -> dict[str, Any]:
    return crossword_ipuz(layout.rows(), layout.placements, clue=lambda p: inst.clue(p.word), title=inst.title)
