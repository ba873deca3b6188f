"""The crossword's playable page (``--html``, ``CrosswordResult.to_html()``): a solution's grid to
fill, built from its ipuz document (``formats/playable.crossword``); a fill has no clues, so each entry
shows its length."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...core.grid import Placement
from ...formats import ipuz, playable
from ...formats.pagetext import PageText
from ..solution import CrosswordSolution


def page(
    solution: CrosswordSolution,
    text: PageText | str,
    given: Mapping[tuple[int, int], str] | None = None,
    clue: Callable[[Placement], str] | None = None,
    printed: str = "",
) -> str:
    """``text``: the page's title, instructions, Name / Date line; ``given``: the framework's
    predefined letters, filled in on the page; ``clue``: an entry's clue ("" or no function: the
    page shows its length); ``printed``: the instructions for paper."""
    title = text if isinstance(text, str) else text.title
    doc = ipuz.crossword_ipuz(solution.grid, solution.placements, clue=clue or (lambda p: ""), title=title, given=given)
    return playable.crossword(doc, text, printed=printed)
