"""Printable pages (``--pdf``) for every family: the document and its time cap.

A family hands ``render`` its answers as sheets: a front page (the puzzle) and optionally a back
page (its solution), drawn with ``pdfdraw``'s helpers in ``pdffont``'s font. The document holds
every front first, then the backs, each page numbered.

Under a time limit the PDF must finish within the time the run has left for its output
(``Budget``), by a measured rule: the first answer's front and back are timed (its back on a
scratch document, as backs come after every front), and a further front is drawn only while the
time used, that front, the backs of every front drawn and writing the document
(``OUTPUT_BASE`` + ``OUTPUT_PER_SHEET`` a sheet) fit before the budget's end; then the backs of
exactly those answers. The answers left out are counted so the command can say so. The first
answer is always drawn.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import pdffont, printstyle
from .outfiles import write_atomic
from .pagetext import PAPERS

# a batch's one document (cli/onedoc.py): each file's run draws a part, without page numbers, that
# says how many of its pages are puzzles (the rest are keys) in its keywords
PARTS = False
PART_KEYWORD = "pyclingo-puzzles-fronts="

# seconds fpdf2 takes to write the document (subset the font, compress the pages): measured 0.10 s
# for one sheet and 0.22 s for 200 word search sheets; kept at twice that for a busy machine
OUTPUT_BASE, OUTPUT_PER_SHEET = 0.2, 0.0012
OUTPUT_GRACE = 0.4  # seconds past the run's deadline the PDF may take (run/runtime.py's PRINT_GRACE is 0.95)

Draw = Callable[[Any], None]  # draws one page (or a page and its continuation pages) on an FPDF


@dataclass(frozen=True)
class Sheet:
    """One answer's pages: its front (puzzle) and optionally its back (solution)."""

    front: Draw
    back: Draw | None = None


@dataclass
class Drawn:
    """What ``render`` made: the PDF and how many answers it holds of how many given."""

    content: bytes
    answers: int
    given: int


@dataclass(frozen=True)
class Budget:
    """The wall-clock time (``time.monotonic``) by which the PDF must be complete (None: no limit),
    and how much slower than on a quiet machine the run's work goes by the clock (1 / the run's
    share of a CPU: ``Pricing.cpu_share``), which writing the document is estimated at."""

    until: float | None = None
    slowdown: float = 1.0


def output_budget() -> Budget:
    """The time this run's PDF has: until ``OUTPUT_GRACE`` after the run's deadline (the watchdog
    lets output that has started run 0.95 s past it: the rest is for writing the file)."""
    from ..run import runtime

    run = runtime.current()
    deadline = run.deadline if run is not None else None
    if run is None or deadline is None:
        return Budget()
    return Budget(deadline + OUTPUT_GRACE, 1.0 / run.pricing.cpu_share())


def render(sheets: Sequence[Sheet], paper: str = "a4", title: str = "puzzle", budget: Budget | None = None) -> Drawn:
    """The PDF of ``sheets``: every drawn front, then their backs, within ``budget``. Characters
    the font lacks (in letters, words, clues or titles) print as blanks, with one warning."""
    until = budget.until if budget is not None else None
    pdffont.wait_prepared(until)
    from fpdf import FPDF  # imported late: only --pdf needs it (fpdf2 imports PIL and fontTools)

    def document() -> Any:
        pdf = FPDF(format=PAPERS[paper], unit="mm")
        pdf.set_auto_page_break(False)
        pdf.add_font("noto", "", str(font))
        return pdf

    pdffont.forget_dropped()
    with pdffont.font_file() as font:
        pdf = document()
        set_metadata(pdf, title)
        drawn = 0
        cost = SheetCost(budget.slowdown if budget is not None else 1.0)
        for sheet in sheets:
            if drawn and not cost.fits(drawn + 1, until):
                break
            t0 = time.monotonic()
            sheet.front(pdf)
            cost.fronts += time.monotonic() - t0
            drawn += 1
            if drawn == 1 and until is not None and sheet.back is not None and len(sheets) > 1:
                scratch = document()  # the back is timed there: in the PDF, backs follow every front
                t0 = time.monotonic()
                sheet.back(scratch)
                cost.back = time.monotonic() - t0
        fronts = pdf.page_no()
        for sheet in sheets[:drawn]:
            if sheet.back is not None:
                sheet.back(pdf)
        if PARTS:
            pdf.set_keywords(f"{PART_KEYWORD}{fronts}")
        content = bytes(pdf.output())
    pdffont.warn_dropped()
    return Drawn(content, drawn, len(sheets))


def set_metadata(pdf: Any, title: str) -> None:
    """The document's title, author (``--author``), creator and creation date (``SOURCE_DATE_EPOCH``
    when set, else now) on an FPDF."""
    pdf.set_title(pdffont.drawable(title))
    author = printstyle.current().author
    if author:
        pdf.set_author(pdffont.drawable(author))
    pdf.set_creator("pyclingo-puzzles")
    date = printstyle.creation_date()
    if date is not None:
        pdf.set_creation_date(date)


def metadata_of(title: str) -> dict[str, str]:
    """``set_metadata``'s fields as pypdf writes them (a joined document, ``cli/onedoc.py``)."""
    import datetime

    date = printstyle.creation_date() or datetime.datetime.now(datetime.UTC)
    found = {"/Title": title, "/Creator": "pyclingo-puzzles", "/CreationDate": date.strftime("D:%Y%m%d%H%M%SZ")}
    author = printstyle.current().author
    return found | ({"/Author": author} if author else {})


def part_fronts(keywords: str) -> int | None:
    """How many puzzle pages a part holds, from its keywords (None: not a part)."""
    head, _, count = str(keywords).partition(PART_KEYWORD)
    return int(count) if not head and count.isdigit() else None


class SheetCost:
    """What the sheets drawn so far cost (their fronts, the first one's back), and the rule
    whether a further front is drawn: ``fits``."""

    def __init__(self, slowdown: float = 1.0) -> None:
        self.fronts = 0.0  # seconds drawing the fronts so far took
        self.back = 0.0  # seconds the first back took
        self.slowdown = slowdown  # writing the document (not measured before it is done) takes that much longer

    def fits(self, sheets: int, until: float | None, now: float | None = None) -> bool:
        """One more front (as long as the fronts so far took on average), the backs of ``sheets``
        sheets and writing the document end by ``until``."""
        if until is None:
            return True
        now = time.monotonic() if now is None else now
        front = self.fronts / max(1, sheets - 1)
        writing = (OUTPUT_BASE + sheets * OUTPUT_PER_SHEET) * self.slowdown
        return now + front + sheets * self.back + writing <= until


def write_pdf(path: str | Path, drawn: Drawn | bytes) -> None:
    write_atomic(path, drawn.content if isinstance(drawn, Drawn) else drawn, "PDF")
