"""Crossword output: one solution as the report prints it, the .ipuz, SVG, PDF and HTML files."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ...formats.pagetext import PageText
from ..solution import CrosswordSolution, render_text

if TYPE_CHECKING:
    from ...formats.pdf import Drawn, Sheet


def render_one(as_json: bool) -> Callable[[CrosswordSolution], str]:
    """One solution as the report prints it (JSON or text): timed on a sample, it sizes the time a
    search keeps for printing its solutions (``runtime.price``)."""
    if as_json:
        import json

        return lambda sol: json.dumps(sol.as_dict(), ensure_ascii=False, indent=2)
    return lambda sol: f"Solution 1:\n{render_text(sol)}\n" + (f"shown: {' '.join(sol.shown)}\n" if sol.shown else "")


def ipuz_text(solution: CrosswordSolution, title: str, given: Mapping[tuple[int, int], str] | None = None) -> str:
    from ...formats import ipuz  # on use, as every output's module

    return ipuz.to_text(ipuz.crossword_ipuz(solution.grid, solution.placements, title=title, given=given))


def html(
    solution: CrosswordSolution,
    title: str | PageText,
    given: Mapping[tuple[int, int], str] | None = None,
    clues: Mapping[str, str] | None = None,
) -> str:
    """The playable page, with the entries' ``clues`` (word -> clue) where there are some; its
    instructions for paper are the PDF's (a clued crossword's or a fill-in's, in the words' language)."""
    from .exports import clue_of, instructions
    from .play import page  # on use, as every output's module

    clue = clue_of(clues or {})
    printed = instructions(any(clue(p) for p in solution.placements), solution.grid)
    return page(solution, title, given, clue, printed)


def svg(solution: CrosswordSolution, title: str) -> str:
    from ...formats import ipuz
    from ...formats.svg import clued_grid

    return clued_grid(solution.grid, title, ipuz.clue_lines(solution.grid, solution.placements), letters=True)


def pdf(
    solutions: Sequence[CrosswordSolution],
    title: str | PageText,
    paper: str,
    given: Mapping[tuple[int, int], str] | None = None,
    clues: Mapping[str, str] | None = None,
) -> Drawn:
    """Each solution's numbered grid, blank but for the ``given`` letters, with its entries'
    clues (``clues``: word -> clue) and lengths, the fills at the back."""
    from ...formats.pdf import output_budget, render

    text = title if isinstance(title, PageText) else PageText(title)
    return render(pdf_sheets(solutions, text, given, clues), paper, text.title, output_budget())


def pdf_sheets(
    solutions: Sequence[CrosswordSolution], text: PageText, given: Mapping[tuple[int, int], str] | None,
    clues: Mapping[str, str] | None,
) -> list[Sheet]:
    """``pdf``'s sheets: a solution's puzzle page (with ``text``'s instructions and Name / Date
    line) and its fill."""
    from ...formats import ipuz
    from ...formats.pdfdraw import clued_grid_sheet
    from .exports import clue_of

    clue = clue_of(clues or {})
    count = len(solutions)
    return [
        clued_grid_sheet(
            text._replace(title=f"{text.title} ({i} of {count})") if count > 1 else text,  # key: "... — solution"
            s.grid,
            ipuz.numbering(s.grid),
            ipuz.clue_lines(s.grid, s.placements, clue, answers=False),
            ipuz.clue_lines(s.grid, s.placements, clue),
            given=given,
        )
        for i, s in enumerate(solutions, 1)
    ]
