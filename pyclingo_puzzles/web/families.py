"""What a request to each family may hold, and the files each family can give.

A request's body is the family's YAML instance (its keys, as in docs/formats.md) plus options: the
fields of the family's options the schema offers the web (``core/schema.py``: ``seed``,
``time_limit``, ``models``, strips' ``hunt``), then ``format``, ``paper`` and the printed page's.
The formats are the files the family's report offers (its ``report.OUTPUTS``, which the command's
output options follow too), so a format a family gains is offered here as on the command line.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..core.schema import Option, options_of

# format -> (the command's option, media type, file suffix). "json" is the --json document.
# A family's report names each file by the option's dest: svg_key is the format svg-key.
FORMATS = {
    "pdf": ("--pdf", "application/pdf", ".pdf"),
    "svg": ("--svg", "image/svg+xml", ".svg"),
    "svg-key": ("--svg-key", "image/svg+xml", ".svg"),
    "html": ("--html", "text/html; charset=utf-8", ".html"),
    "ipuz": ("--ipuz", "application/json", ".ipuz"),
    "puz": ("--puz", "application/octet-stream", ".puz"),
}
MOST_MODELS = 50  # solutions a request may ask for
OUTPUT_OPTIONS = ("format", "paper")  # every family's request options past its options' (the files asked for)
# request option -> the command's option for the printed page (every family's pages take them)
PRINTING = {"title": "--title", "instructions": "--instructions", "name_line": "--name-line"}


@dataclass(frozen=True)
class Family:
    name: str  # the subcommand
    label: str  # the page's heading
    title: str  # the printed title when the body gives none (the instance file is named after it)
    keys: tuple[str, ...]  # the instance's keys (the family's YAML)
    word_lists: tuple[str, ...]  # keys holding lists of words: counted against the word limit
    options: type  # the family's options class: a request takes its fields marked ``web`` (core/schema.py)

    @property
    def most_models(self) -> int:
        """At most this many solutions a request: the server's, or fewer where the family's options
        say (layout: one)."""
        high = options_of(self.options)["models"].spec.high
        return MOST_MODELS if high is None else min(MOST_MODELS, int(high))

    @property
    def offered(self) -> tuple[Option, ...]:
        """The family's options a request may give (by JSON key: ``seed``, ``time_limit``, ...)."""
        return tuple(o for o in options_of(self.options).values() if o.spec.web)

    @property
    def flags(self) -> tuple[str, ...]:
        """The yes/no options among them past the common ones (strips: hunt)."""
        return tuple(o.keyword for o in self.offered if o.spec.kind == "flag")

    @property
    def printing(self) -> tuple[str, ...]:
        """The printed page's options (a title the instance holds stays there)."""
        return tuple(k for k in PRINTING if k not in self.keys)

    @property
    def allowed(self) -> tuple[str, ...]:
        offered = tuple(o.keyword for o in self.offered)
        return tuple(dict.fromkeys(self.keys + offered + OUTPUT_OPTIONS + self.printing))  # word search's seed is both


def _keys(module: str) -> tuple[str, ...]:
    import importlib

    return tuple(importlib.import_module(f"pyclingo_puzzles.{module}.reader").KEYS)


def _crossword_keys() -> tuple[str, ...]:
    from ..crossword.reader import YAML_KEYS

    return YAML_KEYS


@functools.cache
def families() -> dict[str, Family]:
    from ..crossword.options import FillOptions
    from ..layout.options import LayoutOptions
    from ..strips.options import StripsOptions
    from ..wordsearch.options import WordSearchOptions

    found = [
        Family("wordsearch", "Word search", "Word search", _keys("wordsearch"), ("words", "secret"), WordSearchOptions),
        # the crossword's YAML keys: the puzzle, its clues and theme entries, a size for a generated
        # pattern and the dictionary's least length and score (crossword/reader.YAML_KEYS)
        Family("crossword", "Crossword fill", "Crossword", _crossword_keys(), ("words", "theme"), FillOptions),
        Family("layout", "Crossword layout", "Crossword", _keys("layout"), ("words",), LayoutOptions),
        Family("strips", "Strips", "Strips", _keys("strips"), ("grids",), StripsOptions),
    ]
    return {f.name: f for f in found}


@functools.cache
def outputs(family: str) -> tuple[str, ...]:
    """The files the family's report offers (``report.OUTPUTS``: dests as the command names them)."""
    import importlib

    return tuple(importlib.import_module(f"{__package__.rpartition('.')[0]}.{family}.report").OUTPUTS)


def formats(family: str) -> tuple[str, ...]:
    """The formats ``family`` offers: "json" and each file its report makes."""
    offered = {dest.replace("_", "-") for dest in outputs(family)}
    return ("json", *(name for name in FORMATS if name in offered))
