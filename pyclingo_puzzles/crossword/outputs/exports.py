"""A crossword result's exchange files and clues: ``.puz`` (puzpy), ``.ipuz``, and the clues a
``--clues`` file attaches to the entries (``CrosswordResult.to_puz``, ``to_ipuz``; the command's
``--puz``, ``--ipuz``, ``--svg``, ``--svg-key`` and ``--pdf``). One small function per output, so
each method of the result stays a line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.grid import Placement
from ...formats.pagetext import PageText
from ..solution import CrosswordSolution

Clues = Mapping[str, str]  # entry (normalised word) -> clue text
INSTRUCTIONS = "Fill the grid: every entry is one word, across or down, of the length the list gives."
CLUED_INSTRUCTIONS = "Solve the clues and write the answers in the grid, one letter a square, across or down."


def instructions(clued: bool, words: Sequence[str] = ()) -> str:
    """The default instructions: a clued crossword's (``clued``: there are clues) or a fill-in's,
    in the words' language when their script tells it (``formats/printstyle.instructions_for``)."""
    from ...formats.printstyle import instructions_for

    return instructions_for("crossword", words, CLUED_INSTRUCTIONS if clued else INSTRUCTIONS)


def clue_of(clues: Clues) -> Callable[[Placement], str]:
    """The clue of a placement: its word's, empty when the clues have none."""
    return lambda p: clues.get(p.word, "")


def puz_bytes(solution: CrosswordSolution, title: str, clues: Clues) -> bytes:
    from ...formats.puz import crossword_puz

    return crossword_puz(solution.grid, solution.placements, clue=clue_of(clues), title=title)


def ipuz_doc(
    solution: CrosswordSolution, title: str, clues: Clues, given: Mapping[tuple[int, int], str] | None = None
) -> dict[str, Any]:
    from ...formats.ipuz import crossword_ipuz

    return crossword_ipuz(solution.grid, solution.placements, clue=clue_of(clues), title=title, given=given)


def svg_page(
    solution: CrosswordSolution,
    title: str | PageText,
    clues: Clues,
    *,
    key: bool,
    given: Mapping[tuple[int, int], str] | None = None,
) -> str:
    """The blank puzzle (numbered, blocks black, the given letters, the clues; the instructions and
    Name / Date line ``title`` may have) or, with ``key``, the filled grid with the clues and
    answers: the PDF's two pages as SVG."""
    from ...formats.ipuz import clue_lines
    from ...formats.svg import clued_grid

    lines = clue_lines(solution.grid, solution.placements, clue_of(clues), answers=key)
    text = title if isinstance(title, PageText) else PageText(title)
    from ...formats.printstyle import key_label

    heading = PageText(f"{text.title} ({key_label(solution.grid, 'solution')})") if key else text
    return clued_grid(solution.grid, heading, lines, letters=key, given=None if key else given)


def unclued(solution: CrosswordSolution, clues: Clues) -> list[str]:
    """The entries without a clue, as ``1 across ABBA``, in clue order."""
    from ...formats.ipuz import numbering

    numbers = numbering(solution.grid)
    missing = [p for p in solution.placements if not clues.get(p.word)]
    missing.sort(key=lambda p: (p.dir != "across", numbers.get((p.row, p.col), 0)))
    return [f"{numbers.get((p.row, p.col), 0)} {p.dir} {p.word}" for p in missing]


def with_clues(document: dict[str, Any], clues: Clues) -> dict[str, Any]:
    """A solution's JSON with each placement's clue (empty when none), when there are clues."""
    if not clues:
        return document
    for placement in document.get("placements", []):
        placement["clue"] = clues.get(placement.get("word", ""), "")
    return document
