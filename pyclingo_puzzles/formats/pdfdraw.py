"""Drawing on a PDF page, shared by the families: headings, the puzzle page's text, text in columns
(continued on further pages), and square-celled grids, numbered and clued.

Sizes are in mm (fpdf2's unit here); text is set in ``pdffont``'s font, without the characters it
cannot draw.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from . import pdf as document
from . import printstyle
from .ipuz import EMPTY_PLACE
from .pagetext import DATE_LABEL, NAME_LABEL, PageText
from .pdf import Sheet
from .pdffont import drawable, font

MARGIN = 15.0  # mm
PT = 72 / 25.4  # points per mm
BLOCK_GREY = 60

WRAP_INDENT = 6.0  # mm: a clue's continuation lines stand in by that much
MAX_HEADING_LINES = 3  # a title longer than that at its smallest size ends in "…"


def wrap(pdf: Any, text: str, width: float) -> list[str]:
    """``text`` in lines at most ``width`` mm wide in the current font, broken between words (a
    word wider than a line is broken between letters)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if pdf.get_string_width(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and pdf.get_string_width(line + ch) > width:
                lines.append(line)
                line = ""
            line += ch
    return [*lines, line]


def new_page(pdf: Any, heading: str) -> float:
    """A new page with its title, smaller when long and wrapped (at most ``MAX_HEADING_LINES``
    lines) when still too wide; returns where the content starts."""
    pdf.add_page()
    heading = drawable(heading)
    size = 20.0
    font(pdf, size, heading)
    width = pdf.w - 2 * MARGIN
    while pdf.get_string_width(heading) > width and size > 8:
        size -= 1
        font(pdf, size, heading)
    lines = wrap(pdf, heading, width)
    if len(lines) > MAX_HEADING_LINES:
        lines = lines[:MAX_HEADING_LINES]
        last = lines[-1]
        while last and pdf.get_string_width(last + "…") > width:
            last = last[:-1]
        lines[-1] = last + "…"
    line_h = size / PT * 1.25
    pdf.set_text_color(0)
    with bold(pdf, 0.25):
        for i, line in enumerate(lines):
            pdf.text(MARGIN, MARGIN + 7 + i * line_h, line)
    return MARGIN + 16 + (len(lines) - 1) * line_h


TEXT_PT = 11.0  # the instructions, the Name / Date line, word lists and clues: never smaller by default


def front_page(pdf: Any, text: PageText | str) -> float:
    """A puzzle page: its title, then the Name / Date line and the instructions when ``text`` has
    them; returns where the puzzle starts."""
    text = text if isinstance(text, PageText) else PageText(text)
    top = new_page(pdf, text.title)
    width = pdf.w - 2 * MARGIN
    size = printstyle.current().text_pt
    pdf.set_font("noto", "", size)
    pdf.set_text_color(0)
    line_h = size / PT * 1.45
    if text.name_line:
        name_line(pdf, MARGIN, top + 1.5, width)
        top += line_h + 4
    if text.instructions:
        font(pdf, size, drawable(text.instructions))
        lines = wrap(pdf, drawable(text.instructions), width)[:MAX_HEADING_LINES]
        for i, line in enumerate(lines):
            pdf.text(MARGIN, top + 1.5 + i * line_h, line)
        top += len(lines) * line_h + 3
    return top


def name_line(pdf: Any, x: float, y: float, w: float) -> None:
    """A Name / Date line across the box at ``y`` (the current font): the puzzle pages' and the books'."""
    pdf.set_draw_color(0)
    pdf.set_line_width(0.25)
    date_x = x + w * 0.66
    for label, left, end in ((NAME_LABEL, x, date_x - 6), (DATE_LABEL, date_x, x + w)):
        pdf.text(left, y, label)
        pdf.line(left + pdf.get_string_width(label) + 2, y + 0.8, end, y + 0.8)


def text_width(pdf: Any, size: float, text: str) -> float:
    """``text``'s width (mm) in its font at ``size``."""
    font(pdf, size, text)
    return pdf.get_string_width(text)


def footer(pdf: Any, always: bool = False) -> None:
    """The page's number at its foot (a batch's part has none: the joined document numbers its pages)."""
    if document.PARTS and not always:
        return
    pdf.set_font("noto", "", printstyle.LARGE_TEXT_PT if printstyle.current().large_print else 9)
    pdf.set_text_color(120)
    label = str(pdf.page_no())
    pdf.text(pdf.w / 2 - pdf.get_string_width(label) / 2, pdf.h - MARGIN / 2, label)


def page_numbers(sizes: Sequence[tuple[float, float]]) -> bytes:
    """A PDF of blank pages of ``sizes`` (points) with only their numbers, as ``pdfdraw.footer``
    draws them: laid over a joined document's pages."""
    from fpdf import FPDF

    from . import pdffont

    with pdffont.font_file() as font:
        pdf = FPDF(unit="mm")
        pdf.set_auto_page_break(False)
        pdf.add_font("noto", "", str(font))
        for width, height in sizes:
            pdf.add_page(format=(float(width) * 25.4 / 72, float(height) * 25.4 / 72))
            footer(pdf, always=True)
        return bytes(pdf.output())


@contextmanager
def bold(pdf: Any, stroke: float) -> Iterator[None]:
    """Text drawn filled and outlined by ``stroke`` mm (0: plain)."""
    if not stroke:
        yield
        return
    from fpdf.enums import TextMode

    with pdf.local_context(text_mode=TextMode.FILL_STROKE, line_width=stroke):
        pdf.set_draw_color(pdf.text_color)
        yield


def text_lines(pdf: Any, heading: str, lines: Sequence[str], top: float, size: float | None = None) -> None:
    """``lines`` from ``top`` down, in as many columns as the longest needs; what does not fit goes
    on continuation pages (numbered); lines that start with a space are indented entries. ``size``:
    the print style's (11 pt, large print 16) unless given."""
    size = printstyle.current().text_pt if size is None else size
    lines = [drawable(line) for line in lines]
    font(pdf, size)
    line_h = size / PT * 1.5
    page_w = pdf.w - 2 * MARGIN
    width = max((text_width(pdf, size, line.strip()) for line in lines), default=0) + 6
    cols = max(1, int(page_w // width)) if width else 1
    col_w = page_w / cols
    rows = _rows(pdf, lines, page_w)
    while rows:
        per_col = max(1, int((pdf.h - MARGIN - top) // line_h))
        here, rows = rows[: per_col * cols], rows[per_col * cols :]
        pdf.set_text_color(0)
        for i, (text, indent, strong) in enumerate(here):
            c, r = divmod(i, per_col)
            font(pdf, size, text)
            with bold(pdf, 0.15 if strong else 0):
                pdf.text(MARGIN + c * col_w + indent, top + line_h * 0.7 + r * line_h, text)
        footer(pdf)
        if rows:
            top = new_page(pdf, f"{heading} (continued)")


Row = tuple[str, float, bool]  # a printed line: its text, indent (mm), bold


def _rows(pdf: Any, lines: Sequence[str], width: float) -> list[Row]:
    """``lines`` as printed rows ``width`` mm wide: a line that starts with a space is an entry
    (plain), others headings (bold); a line wider than that goes on indented by WRAP_INDENT."""
    rows: list[Row] = []
    size = pdf.font_size_pt
    for line in lines:
        strong, text = not line.startswith(" "), line.strip()
        font(pdf, size, text)
        first = wrap(pdf, text, width)[0]
        rows.append((first, 0.0, strong))
        rest = text[len(first) :].lstrip()
        if rest:
            rows += [(part, WRAP_INDENT, strong) for part in wrap(pdf, rest, width - WRAP_INDENT)]
    return rows


CLUE_COLUMNS = 2
COLUMN_GAP = 8.0  # mm


def clue_columns(pdf: Any, lines: Sequence[str], size: float | None = None) -> tuple[list[Row], float]:
    """``lines`` laid out in two columns: the rows and the height (mm) they take."""
    size = printstyle.current().text_pt if size is None else size
    lines = [drawable(line) for line in lines]
    pdf.set_font("noto", "", size)
    col_w = (pdf.w - 2 * MARGIN - COLUMN_GAP * (CLUE_COLUMNS - 1)) / CLUE_COLUMNS
    rows = _rows(pdf, lines, col_w)
    per_col = -(-len(rows) // CLUE_COLUMNS)
    if 1 < per_col < len(rows) and rows[per_col - 1][2] and not rows[per_col - 1][1]:
        rows.insert(per_col - 1, ("", 0.0, False))  # a heading ("Down") starts the next column, not ends this one
        per_col = -(-len(rows) // CLUE_COLUMNS)
    return rows, per_col * size / PT * 1.5


def draw_columns(pdf: Any, rows: Sequence[Row], top: float, size: float | None = None) -> None:
    """``clue_columns``' rows from ``top``: the first column filled, then the second."""
    size = printstyle.current().text_pt if size is None else size
    pdf.set_font("noto", "", size)
    pdf.set_text_color(0)
    line_h = size / PT * 1.5
    per_col = -(-len(rows) // CLUE_COLUMNS)
    col_w = (pdf.w - 2 * MARGIN + COLUMN_GAP) / CLUE_COLUMNS
    for i, (text, indent, strong) in enumerate(rows):
        c, r = divmod(i, per_col)
        font(pdf, size, text)
        with bold(pdf, 0.15 if strong else 0):
            pdf.text(MARGIN + c * col_w + indent, top + line_h * 0.7 + r * line_h, text)


def grid(
    pdf: Any,
    rows: Sequence[str],
    top: float,
    *,
    blank: str = " ",
    numbers: dict[tuple[int, int], int] | None = None,
    letters: bool = True,
    regions: Sequence[Sequence[int]] | None = None,
    room: float | None = None,
    shade: int = BLOCK_GREY,
    blocks: bool = True,
) -> float:
    """A square-celled grid as large as the page allows below ``top`` (within ``room`` mm of height):
    ``blank`` cells shaded (grey level ``shade``), ``numbers`` in the corners, the letters when ``letters``, and with
    ``regions`` (a region id per cell) thick walls between cells of different regions; without
    ``blocks`` the ``blank`` cells are left out (a free-form layout: white cells, no box). Returns the
    grid's bottom."""
    height, width = len(rows), max((len(r) for r in rows), default=0)
    if not height or not width:
        return top
    style = printstyle.current()
    room = (pdf.h - MARGIN - top) if room is None else room
    cell = min((pdf.w - 2 * MARGIN) / width, room / height, 14.0)
    left = MARGIN + ((pdf.w - 2 * MARGIN) - cell * width) / 2
    pdf.set_draw_color(0)
    pdf.set_line_width(0.3)
    for r, row in enumerate(rows):
        for c in range(width):
            ch = row[c] if c < len(row) else blank
            x, y = left + c * cell, top + r * cell
            if ch == blank and not blocks:
                continue
            if ch == blank:
                pdf.set_fill_color(shade)
                pdf.set_draw_color(shade if regions is not None else 0)
                pdf.rect(x, y, cell, cell, style="DF")
                pdf.set_draw_color(0)
                continue
            pdf.rect(x, y, cell, cell)
            if numbers and (r, c) in numbers:
                number_pt = max(9.0 if style.large_print else 6.0, cell * PT * 0.28)  # legible in small cells too
                pdf.set_font("noto", "", number_pt)
                pdf.set_text_color(0)
                pdf.text(x + cell * 0.06, y + 0.4 + number_pt / PT * 0.75, str(numbers[(r, c)]))
            if letters and ch != EMPTY_PLACE and drawable(ch).strip():  # a crossword's lone place: no letter
                size = max(cell * PT * 0.55, printstyle.LARGE_TEXT_PT if style.large_print else 0)
                ch = style.letters(ch)
                font(pdf, size, ch)
                pdf.set_text_color(0)
                pdf.text(x + (cell - pdf.get_string_width(ch)) / 2, y + cell / 2 + size / PT * 0.36, ch)
    if regions is not None:
        _walls(pdf, regions, left, top, cell)
    return top + cell * height


def _walls(pdf: Any, regions: Sequence[Sequence[int]], left: float, top: float, cell: float) -> None:
    """Thick walls between cells of different regions, and around the grid."""
    height, width = len(regions), len(regions[0])
    pdf.set_line_width(max(0.6, cell * 0.08))
    for r in range(height):
        for c in range(width):
            x, y = left + c * cell, top + r * cell
            if c + 1 < width and regions[r][c] != regions[r][c + 1]:
                pdf.line(x + cell, y, x + cell, y + cell)
            if r + 1 < height and regions[r][c] != regions[r + 1][c]:
                pdf.line(x, y + cell, x + cell, y + cell)
    pdf.rect(left, top, cell * width, cell * height)


MIN_CLUED_CELL = 7.0  # mm: clues move to their own pages rather than shrink the grid below this


def clued_grid_sheet(
    heading: str | PageText, rows: Sequence[str], numbers: dict[tuple[int, int], int], clues: Sequence[str],
    solution_clues: Sequence[str] | None = None, blank: str = " ",
    given: Mapping[tuple[int, int], str] | None = None, blocks: bool = True,
) -> Sheet:
    """A crossword's sheet: the numbered grid with its clues, blank but for the ``given`` letters
    (a framework's predefined ones), then the filled grid. The clues go under the grid in two
    columns when they fit on the page with cells of at least ``MIN_CLUED_CELL``; else the grid takes
    60% of the page and the clues go on. ``blocks``: as ``grid``'s."""
    text = heading if isinstance(heading, PageText) else PageText(heading)
    label = printstyle.key_label(rows, "solution")
    given = given or {}
    front = [
        "".join(ch if ch == blank or (r, c) in given else EMPTY_PLACE for c, ch in enumerate(row))
        for r, row in enumerate(rows)
    ]

    def page(pdf: Any, key: bool) -> None:
        name = f"{text.title} — {label}" if key else text.title
        top = new_page(pdf, name) if key else front_page(pdf, text)
        lines = (solution_clues if key and solution_clues is not None else clues)
        drawn: dict[str, Any] = {"blank": blank, "numbers": numbers, "letters": key or bool(given), "blocks": blocks}
        if not lines:
            grid(pdf, rows if key else front, top, **drawn)
            footer(pdf)
            return
        columns, height = clue_columns(pdf, lines)
        room = pdf.h - MARGIN - top - height - 14  # the gap under the grid, and the page number
        if room >= MIN_CLUED_CELL * len(rows):
            bottom = grid(pdf, rows if key else front, top, room=room, **drawn)
            draw_columns(pdf, columns, bottom + 8)
            footer(pdf)
            return
        bottom = grid(pdf, rows if key else front, top, room=0.6 * (pdf.h - MARGIN - top), **drawn)
        text_lines(pdf, name, lines, bottom + 8)

    return Sheet(lambda pdf: page(pdf, False), lambda pdf: page(pdf, True))
