"""A fill-in's pages: the empty framework with its starters and the word list grouped by length
(SVG, PDF, the playable HTML page, ipuz), and the key, the filled grid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...formats.pagetext import PageText
from ..solution import CrosswordSolution
from .words import lines

if TYPE_CHECKING:
    from ...formats.pdf import Drawn

Letters = Mapping[tuple[int, int], str]
INSTRUCTIONS = "Fit every word of the list into the grid, across or down; the letters given are a start."


def svg(answer: CrosswordSolution, words: Sequence[str], text: PageText, given: Letters, *, key: bool) -> str:
    """The puzzle page (the empty framework, the ``given`` letters, the list) or, with ``key``, the filled grid."""
    from ...formats.svg import clued_grid

    heading = PageText(f"{text.title} (solution)") if key else text
    return clued_grid(answer.grid, heading, lines(words), letters=key, given=None if key else given, numbered=False)


def pdf(answer: CrosswordSolution, words: Sequence[str], text: PageText, given: Letters, paper: str) -> Drawn:
    """The puzzle page, then the key."""
    from ...formats.pdf import output_budget, render

    return render([sheet(answer, words, text, given)], paper, text.title, output_budget())


def sheet(answer: CrosswordSolution, words: Sequence[str], text: PageText, given: Letters) -> Any:
    """The PDF's sheet of one fill-in (a book's section takes them one by one)."""
    from ...formats.pdfdraw import clued_grid_sheet

    listed = lines(words)
    return clued_grid_sheet(text, answer.grid, {}, listed, listed, given=given)


def ipuz_doc(answer: CrosswordSolution, title: str, given: Letters) -> dict[str, Any]:
    """An ipuz crossword of the answer, the starters as given letters, no clues (each entry its length)."""
    from ...formats.ipuz import crossword_ipuz

    return crossword_ipuz(answer.grid, answer.placements, clue=lambda p: "", title=title, given=given)


def html(answer: CrosswordSolution, words: Sequence[str], text: PageText, given: Letters) -> str:
    """The playable page: fill the grid; the word list is its instructions' second part."""
    from ...formats import playable

    listed = "; ".join(f"{n} letters: {' '.join(g)}" for n, g in _groups(words))
    page_text = text._replace(instructions=f"{text.instructions} {listed}".strip())
    return playable.crossword(ipuz_doc(answer, text.title, given), page_text, printed=INSTRUCTIONS)


def _groups(words: Sequence[str]) -> list[tuple[int, list[str]]]:
    from .words import by_length

    return by_length(words)
