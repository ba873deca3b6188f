"""Crossword output: one solution as the report prints it, the .ipuz, SVG, PDF and HTML files."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..formats.pagetext import PageText
from .api import CrosswordResult
from .solution import CrosswordSolution, render_text

if TYPE_CHECKING:
    from ..formats.pdf import Drawn


def render_one(as_json: bool) -> Callable[[CrosswordSolution], str]:
    """One solution as the report prints it (JSON or text): timed on a sample, it sizes the time a
    search keeps for printing its solutions (``runtime.price``)."""
    if as_json:
        import json

        return lambda sol: json.dumps(sol.as_dict(), ensure_ascii=False, indent=2)
    return lambda sol: f"Solution 1:\n{render_text(sol)}\n" + (f"shown: {' '.join(sol.shown)}\n" if sol.shown else "")


def ipuz_text(solution: CrosswordSolution, title: str, given: Mapping[tuple[int, int], str] | None = None) -> str:
    from ..formats import ipuz  # on use, as every output's module

    return ipuz.to_text(ipuz.crossword_ipuz(solution.grid, solution.placements, title=title, given=given))


def html(solution: CrosswordSolution, title: str, given: Mapping[tuple[int, int], str] | None = None) -> str:
    from .play import page  # on use, as every output's module

    return page(solution, title, given)


def svg(solution: CrosswordSolution, title: str | PageText) -> str:
    """The filled grid with its entries (the command's ``--svg``; ``pages.svg`` draws the puzzle too)."""
    from .pages import svg as page_svg

    return page_svg(solution, title, key=True)


def pdf(
    result: CrosswordResult, title: str | PageText, paper: str, given: Mapping[tuple[int, int], str] | None = None
) -> Drawn:
    """Each solution's numbered grid, blank but for the ``given`` letters, with its entries'
    lengths, the fills at the back (``pages.pdf_bytes``)."""
    from .pages import pdf_bytes

    text = title if isinstance(title, PageText) else PageText(title)
    return pdf_bytes(result.solutions, text, paper, given)
