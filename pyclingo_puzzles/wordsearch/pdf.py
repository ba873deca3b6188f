"""Printable word search pages (``--pdf``): a puzzle page and a key page per puzzle, A4 or Letter.

fpdf2 writes the PDF; the font is Noto Sans from the ``fontpkg-noto-sans`` package (installed from
PyPI as a dependency, found through ``fontpkg``), which covers Latin, Greek and Cyrillic, so the
grid's letters are embedded as real text (a subset of the font) and can be searched and extracted.
A book of several puzzles has the puzzle pages first and the keys at the back, each page numbered.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.errors import InputError
from .puzzle import Puzzle
from .shapes import BLOCK

PAPERS = {"a4": "A4", "letter": "Letter"}
FONT = "Noto Sans"
MARGIN = 15.0  # mm
MAX_CELL = 14.0  # mm: small grids do not get giant letters
PT = 72 / 25.4  # points per mm
VARIATION_TABLES = ("fvar", "gvar", "avar", "cvar", "HVAR", "VVAR", "MVAR", "STAT")
LIST_SHARE = 0.35  # at most this share of a grid page's height holds the word list
CAPSULE_STEPS = 16  # segments per half circle of a key outline
KEY_COLOURS = ((214, 39, 40), (31, 119, 180), (44, 160, 44), (148, 103, 189), (255, 127, 14), (23, 190, 207))


@lru_cache(maxsize=1)
def font_path() -> Path:
    """Noto Sans (regular, variable) from its PyPI package."""
    import fontpkg  # imported late: only --pdf needs it

    return Path(fontpkg.path(FONT))


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    from fontTools.ttLib import TTFont  # fpdf2 depends on fontTools

    with TTFont(font_path(), lazy=True) as font:
        return frozenset(font.getBestCmap())


def missing_glyphs(chars: str) -> list[str]:
    """Characters the font cannot draw (they would print as blanks)."""
    return sorted({ch for ch in chars if ch != BLOCK and not ch.isspace() and ord(ch) not in _covered()})


def _drawable(text: str) -> str:
    """``text`` without the characters the font lacks (the CLI warns; fpdf2 cannot measure them)."""
    return "".join(ch for ch in text if ch == " " or ord(ch) in _covered())


@dataclass(frozen=True)
class Page:
    heading: str
    puzzle: Puzzle
    words: Sequence[str]
    key: bool


def pages_for(
    puzzles: Sequence[Puzzle], words: Sequence[str], title: str, key_words: Sequence[str] | None = None
) -> list[Page]:
    """Puzzle pages first, then the keys (a puzzle book); one puzzle: its page and its key."""
    many = len(puzzles) > 1
    names = [f"{title} — Puzzle {i + 1}" if many else title for i in range(len(puzzles))]
    front = [Page(name, p, words, False) for name, p in zip(names, puzzles, strict=True)]
    back = [Page(f"{name} — key", p, key_words or words, True) for name, p in zip(names, puzzles, strict=True)]
    return front + back


def render(pages: Sequence[Page], paper: str = "a4") -> bytes:
    import tempfile

    from fpdf import FPDF  # imported late: only --pdf needs it (fpdf2 imports PIL and fontTools)

    pdf = FPDF(format=PAPERS[paper], unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_title(pages[0].heading if pages else "word search")
    with tempfile.TemporaryDirectory(prefix="pyclingo-pdf-") as tmp:
        pdf.add_font("noto", "", _static_font(Path(tmp)))
        for page in pages:
            pdf.add_page()
            _draw_page(pdf, page)
        return bytes(pdf.output())


def _static_font(folder: Path) -> Path:
    """Noto Sans Regular as a static font: the variable font without its variation tables keeps its
    default outlines, which are the Regular. (fpdf2 before 2.8.5 cannot subset variable fonts, and
    instancing a Bold with fontTools would cost seconds; bold is drawn as outlined text, _bold.)"""
    from fontTools.ttLib import TTFont

    path = folder / "NotoSans-Regular.ttf"
    with TTFont(font_path()) as font:
        for tag in VARIATION_TABLES:
            if tag in font:
                del font[tag]
        font.save(path)
    return path


def write_pdf(path: Path, pages: Sequence[Page], paper: str = "a4") -> None:
    content = render(pages, paper)
    try:
        Path(path).write_bytes(content)
    except OSError as exc:
        raise InputError(f"cannot write PDF ({exc.strerror or exc})", path) from None


def _draw_page(pdf, page: Page) -> None:
    width_mm, height_mm = pdf.w - 2 * MARGIN, pdf.h - 2 * MARGIN
    grid = page.puzzle.grid
    rows, cols = len(grid), len(grid[0])
    top = _heading(pdf, _drawable(page.heading))
    # word list below the grid: columns as wide as the longest word, smaller type for long lists;
    # what does not fit in LIST_SHARE of the page goes on to continuation pages
    words = [_drawable(w) for w in page.words]
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
    pdf.set_font("noto", "", letter_pt)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == BLOCK or not _drawable(ch):
                continue
            bold = page.key and (r, c) in placed
            pdf.set_text_color(0 if bold or not page.key else 150)
            x = left + c * cell + (cell - pdf.get_string_width(ch)) / 2
            with _bold(pdf, cell * 0.02 if bold else 0):
                pdf.text(x, top + r * cell + cell / 2 + letter_pt / PT * 0.36, ch)
    _word_list(pdf, words[:here], size, list_cols, line_h, top + rows * cell + 10)
    _footer(pdf)
    rest = words[here:]
    while rest:
        pdf.add_page()
        top = _heading(pdf, _drawable(f"{page.heading} (words, continued)"))
        per_page = list_cols * max(1, int((pdf.h - MARGIN - top) // line_h))
        _word_list(pdf, rest[:per_page], size, list_cols, line_h, top)
        _footer(pdf)
        rest = rest[per_page:]


def _heading(pdf, heading: str) -> float:
    """The page title, smaller when long; returns where the content starts."""
    size = 20.0
    pdf.set_font("noto", "", size)
    while pdf.get_string_width(heading) > pdf.w - 2 * MARGIN and size > 8:
        size -= 1
        pdf.set_font("noto", "", size)
    pdf.set_text_color(0)
    with _bold(pdf, 0.25):
        pdf.text(MARGIN, MARGIN + 7, heading)
    return MARGIN + 16


def _list_layout(pdf, words: Sequence[str], width_mm: float, room: float) -> tuple[float, int, float]:
    """Type size, columns and line height for the word list: 12 pt, down to 6 pt if it needs room."""
    size, cols, line_h = 12.0, 1, 1.0
    while words:
        pdf.set_font("noto", "", size)
        cols = max(1, int(width_mm // (max(pdf.get_string_width(w) for w in words) + 8)))
        line_h = size / PT * 1.6
        if math.ceil(len(words) / cols) * line_h <= room or size <= 6:
            break
        size -= 1
    return size, cols, line_h


def _word_list(pdf, words: Sequence[str], size: float, cols: int, line_h: float, top: float) -> None:
    pdf.set_text_color(0)
    pdf.set_font("noto", "", size)
    col_w = (pdf.w - 2 * MARGIN) / cols
    for i, word in enumerate(words):
        r, c = divmod(i, cols)
        pdf.text(MARGIN + c * col_w, top + line_h * 0.7 + r * line_h, word)


def _footer(pdf) -> None:
    pdf.set_font("noto", "", 9)
    pdf.set_text_color(120)
    label = str(pdf.page_no())
    pdf.text(pdf.w / 2 - pdf.get_string_width(label) / 2, pdf.h - MARGIN / 2, label)


@contextmanager
def _bold(pdf, stroke: float) -> Iterator[None]:
    """Text drawn filled and outlined by ``stroke`` mm (0: plain)."""
    if not stroke:
        yield
        return
    from fpdf.enums import TextMode

    with pdf.local_context(text_mode=TextMode.FILL_STROKE, line_width=stroke):
        pdf.set_draw_color(pdf.text_color)
        yield


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
