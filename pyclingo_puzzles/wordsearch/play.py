"""The word search's playable page (``--html``, ``WordSearch.to_html()``): the grid and the word
list in plain view, each listed word's first and last cell as the encoded answers
(``formats/playable``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..formats import playable
from ..formats.pagetext import PageText
from .puzzle import Puzzle
from .shapes import BLOCK


def page(puzzle: Puzzle, words: Sequence[str], text: PageText | str, printed: str = "") -> str:
    """``text``: the page's title, instructions, Name / Date line; ``words``: the listed words
    (secret words are not listed, so not asked for), as written: a phrase ("ICE CREAM") is listed
    with its space and placed without it. ``printed``: the instructions for paper."""
    at = {joined(p.word): p for p in puzzle.placements}
    listed = [w for w in words if joined(w) in at]
    ends = []
    for word in listed:
        cells = at[joined(word)].cells()
        ends.append([*cells[0], *cells[-1]])
    data = {"grid": playable.cells_of(puzzle.grid, BLOCK), "words": listed}
    return playable.page("wordsearch", text, data, ends, printed, listed)


def joined(word: str) -> str:
    """A word as the grid holds it: without the spaces, hyphens and apostrophes of a phrase."""
    return re.sub(r"[\s\-'’]", "", word)
