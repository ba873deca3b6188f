"""A fill-in run as the command reports it: a P-99 file (words and framework), a word list with
the framework a layout made for it (``cli/commands/fillin.py`` makes it: the layout is another
family), or a generated pattern (``--size``); a ``Report`` out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...formats.ipuz import to_text as ipuz_text
from ...formats.pagetext import PageAsked
from ...formats.report import Report
from ..reader import CrosswordInstance, read_instance
from . import render
from .api import fill_with, generate_with, make_with
from .options import FillinOptions
from .result import FillinResult

NAME = "fillin"
OUTPUTS = ("svg", "svg_key", "pdf", "html", "ipuz")


def instance(path: Path | str) -> CrosswordInstance:
    """A P-99 ``.dat`` or YAML file's words and framework (crossword's reader: the same errors)."""
    return read_instance(path)


def from_rows(name: str, words: Sequence[str], rows: Sequence[str]) -> CrosswordInstance:
    """A word list and the framework made for it (row strings, spaces as blocks)."""
    from ..reader import framework_from_lines

    return CrosswordInstance(name, tuple(words), framework_from_lines(list(rows), name, None))


def run(puzzle: CrosswordInstance, options: FillinOptions, page: PageAsked, paper: str = "a4") -> Report:
    """One fill-in made from ``puzzle`` and reported."""
    name = puzzle.path
    return report(make_with(puzzle, options, Path(name).stem), name, page, paper)


def run_generated(size: str, dictionary: str, options: FillinOptions, page: PageAsked, paper: str = "a4") -> Report:
    """``--size``: a pattern filled from ``dictionary``, its entries the list."""
    result = generate_with(size, dictionary, options, title=f"Fill-in {size}")
    return report(result, size, page, paper)


def run_filled(path: Path | str, dictionary: str, options: FillinOptions, page: PageAsked, paper: str = "a4",
               ) -> Report:  # fmt: skip
    """A framework without words (a ``.grid``): filled from ``dictionary``, its entries the list."""
    result = fill_with(path, dictionary, options, title=Path(path).stem)
    return report(result, str(path), page, paper)


def framework_only(path: Path | str) -> bool:
    """The file is a framework without words (a ``.grid``, a framework-only ``.dat`` or YAML)."""
    from ..reader import read

    return not isinstance(read(path), CrosswordInstance)


def report(result: FillinResult, name: str, page: PageAsked, paper: str) -> Report:
    text = page.page(result.title or Path(name).stem, render.INSTRUCTIONS)
    result.title = text.title

    def answer():  # the files are made only for a puzzle (Report.answered)
        return result._answer("draw")

    return Report(
        result.clingo_code,
        text=lambda: result.text(name) + "\n",
        json=result.to_json,
        files={
            "svg": lambda: render.svg(answer(), result.words, text, result.given, key=False),
            "svg_key": lambda: render.svg(answer(), result.words, text, result.given, key=True),
            "pdf": lambda: render.pdf(answer(), result.words, text, result.given, paper),
            "html": lambda: render.html(answer(), result.words, text, result.given),
            "ipuz": lambda: ipuz_text(result.to_ipuz()),
        },
        stats=result.stats,
        answered=result.answer is not None,
    )
