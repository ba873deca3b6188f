"""A crossword's printed and exported pages: SVG, PDF and ipuz, for the command and the API.

The puzzle shows the numbered grid, blank but for the framework's predefined letters, with its
entries' lengths (a fill from a list or a dictionary has no clue texts); its key, every letter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..formats.pagetext import PageText
from .solution import CrosswordSolution

INSTRUCTIONS = "Fill the grid: every entry is one word, across or down, of the length the list gives."

Given = Mapping[tuple[int, int], str]


def svg(solution: CrosswordSolution, text: PageText | str, *, key: bool = True, given: Given | None = None) -> str:
    """One solution's page: with ``key`` every letter (the command's ``--svg``), else the blank
    numbered grid (the ``given`` letters shown) with the entries' lengths."""
    from ..formats import ipuz
    from ..formats.svg import clued_grid

    clues = ipuz.clue_lines(solution.grid, solution.placements, answers=key)
    return clued_grid(solution.grid, _title(text) if key else text, clues, letters=key, given=given)


def _title(text: PageText | str) -> PageText | str:
    return text.key() if isinstance(text, PageText) else text


def pdf_sheets(solutions: Sequence[CrosswordSolution], text: PageText, given: Given | None = None) -> list[Any]:
    """Each solution's numbered grid, blank but for the ``given`` letters, with its entries'
    lengths; the fills at the back."""
    from ..formats import ipuz
    from ..formats.pdf import clued_grid_sheet

    count = len(solutions)
    return [
        clued_grid_sheet(
            text._replace(title=f"{text.title} ({i} of {count})") if count > 1 else text,  # key: "... — solution"
            s.grid,
            ipuz.numbering(s.grid),
            ipuz.clue_lines(s.grid, s.placements, answers=False),
            ipuz.clue_lines(s.grid, s.placements),
            given=given,
        )
        for i, s in enumerate(solutions, 1)
    ]


def pdf_bytes(solutions: Sequence[CrosswordSolution], text: PageText, paper: str, given: Given | None = None) -> Any:
    """The PDF (``formats.pdf.Drawn``) within the run's time."""
    from ..formats.pdf import output_budget, render

    return render(pdf_sheets(solutions, text, given), paper, text.title, output_budget())


def ipuz_doc(solution: CrosswordSolution, title: str, given: Given | None = None) -> dict[str, Any]:
    from ..formats import ipuz

    return ipuz.crossword_ipuz(solution.grid, solution.placements, title=title, given=given)
