"""The word search family from Python: ``generate(words, ...)`` and the result the CLI prints from.

>>> from pyclingo_puzzles import wordsearch
>>> puzzle = wordsearch.generate(["hola", "caracola", "ostra"], width=8, height=8, seed=3)
>>> puzzle.status
<Status.SAT: 'SAT'>
>>> len(puzzle.grid), len(puzzle.grid[0]), [p.word for p in puzzle.placements]
(8, 8, ['HOLA', 'CARACOLA', 'OSTRA'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core import apicheck, messages
from ..core.blame import describe_core
from ..core.errors import InputError
from ..core.results import Stats
from ..core.schema import build
from ..core.status import Status, api_code, exit_code
from ..formats import instances
from ..formats.pagetext import PageText
from ..formats.yamlio import DataDoc
from . import quality, render
from .autosize import find_size
from .generate import search
from .options import AUTO, WordSearchOptions
from .puzzle import Outcome, Puzzle, dropped_words, listed_words
from .reader import MAX_SIZE, Direction, WordSearchInstance, from_doc, override, read_instance, sizeless
from .verify import Placement

__all__ = ["WordSearch", "generate", "generate_instance"]

FILE_SUFFIXES = (".yaml", ".yml", *instances.LIST_SUFFIXES)  # words given as a file's path


@dataclass(frozen=True)
class WordSearch:
    """A generated word search (or the proof there is none): what the CLI prints, as data.

    ``grid``, ``placements`` and ``key()`` are those of the first puzzle (empty when there is none);
    ``puzzles`` holds all of them (``models`` > 1). When unsolvable, ``core`` names words that cannot
    fit together and ``rules_core`` the rule files that take part."""

    status: Status
    instance: WordSearchInstance
    puzzles: tuple[Puzzle, ...] = ()
    core: tuple[str, ...] = ()
    rules_core: tuple[str, ...] = ()
    stats: Stats = field(default_factory=Stats)
    exhausted: bool = False
    interrupted: bool = False
    fit_most: bool = False  # --fit most: words may be dropped
    optimal: bool = False  # --fit most: no heavier selection of words fits (proved)
    book_short: str = ""  # fewer distinct puzzles than asked: "proved" | "within the time limit"
    models: int = 1  # puzzles asked for
    max_shared: int = quality.MAX_SHARED  # percent of placements two puzzles of a book may share
    size_auto: bool = False  # the size is the smallest found (size auto)
    smaller: str | None = None  # size auto: why not the next smaller size ("proved impossible", ...)

    @property
    def words(self) -> tuple[str, ...]:
        return self.instance.words

    @property
    def grid(self) -> tuple[str, ...]:
        return self.puzzles[0].grid if self.puzzles else ()

    @property
    def placements(self) -> tuple[Placement, ...]:
        return self.puzzles[0].placements if self.puzzles else ()

    @property
    def shown(self) -> tuple[str, ...] | None:
        """What the user's ``#show`` statements show (None: the rules have none)."""
        return self.puzzles[0].shown if self.puzzles else None

    def key(self) -> tuple[str, ...]:
        """The answer key: placed letters only, '.' elsewhere."""
        return self.puzzles[0].key() if self.puzzles else ()

    @property
    def listed(self) -> list[str]:
        """The printed word list: placed words that are not secret."""
        return listed_words(self.instance, self.puzzles[0]) if self.puzzles else list(self.words)

    @property
    def listed_written(self) -> list[str]:
        """The printed word list as written: a phrase with its spaces ("ICE CREAM")."""
        return [self.instance.written(w) for w in self.listed]

    def dropped(self, puzzle: Puzzle | None = None) -> list[str]:
        return dropped_words(self.instance, puzzle or self.puzzles[0]) if self.puzzles else []

    @property
    def clingo_code(self) -> int:
        """The exit code in clingo's convention (10/11/20/30/1)."""
        if self.fit_most and self.status is Status.SAT:
            return exit_code(self.status, self.optimal, self.interrupted and not self.optimal)
        return exit_code(self.status, self.exhausted, self.interrupted)

    @property
    def exit_code(self) -> int:
        """The command's exit code for this result, in the convention ``$PYCLINGO_PUZZLES_EXIT_CODES``
        names (Unix by default: 0 an answer, 1 none exists, 3 no answer within the limit)."""
        return api_code(self.clingo_code)

    def explain(self) -> str:
        """Why there is no puzzle (the CLI's line), "" when there is one."""
        inst = self.instance
        if self.status is Status.UNSAT:
            cells = "cell" if len(inst.message) == 1 else "cells"
            free = f" (with {len(inst.message)} {cells} kept free for the message)" if inst.message else ""
            where = (
                f"the {inst.width}x{inst.height} {inst.shape or 'mask'}" if inst.mask else f"{inst.width}x{inst.height}"
            )
            if self.fit_most and not self.core and not self.rules_core:
                return f"no selection of the words fits on {where} (proved){free}"
            return f"the words cannot all be placed on {where} (proved){free}; " + describe_core(
                self.rules_core, self.core
            )
        if self.status is Status.UNKNOWN:
            return "no puzzle found within the time limit"
        return ""

    def book_note(self) -> str:
        """Why the book holds fewer puzzles than asked for ("" when it does not)."""
        if not self.book_short:
            return ""
        why = "proved" if self.book_short == "proved" else "no more found within the time limit"
        return (
            f"only {len(self.puzzles)} of {self.models} puzzles share at most {self.max_shared}% of their "
            f"placements with each other ({why})"
        )

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` document."""
        out: dict[str, Any] = {"status": self.status.value}
        if self.book_short:
            out["book"] = {"asked": self.models, "distinct": len(self.puzzles), "max_shared_percent": self.max_shared,
                           "proved": self.book_short == "proved", "note": self.book_note()}  # fmt: skip
        if self.puzzles:
            out.update(_puzzle_dict(self.puzzles[0]) | self._fit_dict(self.puzzles[0]))
            if len(self.puzzles) > 1:
                out["puzzles"] = [_puzzle_dict(p) | self._fit_dict(p) for p in self.puzzles]
        if self.core:
            out["cannot_fit_together"] = list(self.core)
        if self.rules_core:
            out["rules_in_core"] = list(self.rules_core)
        return out

    def _fit_dict(self, puzzle: Puzzle) -> dict[str, Any]:
        """JSON extras: dropped words and optimality (fit most), the secret words placed."""
        out: dict[str, Any] = {}
        dropped = self.dropped(puzzle)
        if self.fit_most:
            out.update(dropped=dropped, optimal=self.optimal)
        if self.instance.secret:
            out["secret"] = [w for w in self.instance.secret if w not in dropped]
        return out

    def page_text(self, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> PageText:
        """The printed page's text: ``title`` (default: the instance's, else "Word search"),
        ``instructions`` (default: how the words run; "" none), a Name / Date line."""
        default = self.instance.title or "Word search"
        return PageText.of(default if title is None else title, instructions, name_line,
                           render.instructions(self.instance.directions, self.instance.words))  # fmt: skip

    def to_svg(
        self, *, key: bool = False, title: str | None = None, instructions: str | None = None, name_line: bool = False
    ) -> str:
        """A printable page (SVG): the puzzle, or with ``key`` the solution."""
        apicheck.flag(key, "key")
        text = self.page_text(title, instructions, name_line)
        if not self.puzzles:
            raise ValueError(f"no puzzle to draw: {self.explain()}")
        return render.svg(self.puzzles[0], self.listed_written, key=key, title=text)

    def to_pdf(
        self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False, paper: str = "a4"
    ) -> bytes:
        """Printable pages (PDF bytes): every puzzle, then the keys."""
        from ..formats.pdf import render as render_pdf
        from .pages import sheets_for

        text = self.page_text(title, instructions, name_line)
        apicheck.choice(paper, "paper", ("a4", "letter"))
        if not self.puzzles:
            raise ValueError(f"no puzzle to draw: {self.explain()}")
        pages = self.pdf_pages(text)
        return render_pdf(sheets_for(pages), paper, pages[0].heading).content

    def pdf_pages(self, title: str | PageText) -> list:
        """The PDF's pages: each puzzle lists its placed words (not the secret ones; its key does)."""
        from .pages import pages_for

        inst = self.instance
        lists = [[inst.written(w) for w in listed_words(inst, p)] for p in self.puzzles]
        keys = [[inst.written(w) for w in inst.words if w not in self.dropped(p)] for p in self.puzzles]
        if all(words == lists[0] for words in lists):
            return pages_for(self.puzzles, lists[0], title, keys[0])
        # --fit most: the puzzles may drop different words; numbered as pages_for numbers them
        text = title if isinstance(title, PageText) else PageText(title)
        parts = [
            pages_for([p], words, text._replace(title=f"{text.title} — Puzzle {i + 1}"), key)
            for i, (p, words, key) in enumerate(zip(self.puzzles, lists, keys, strict=True))
        ]
        return [front for front, _ in parts] + [back for _, back in parts]

    def to_html(self, *, title: str | None = None, instructions: str | None = None, name_line: bool = False) -> str:
        """A playable page (HTML, self-contained) of the first puzzle: drag to mark the words.
        ``title`` as ``to_pdf``'s; ``instructions`` (default: how to play the page; "" none)."""
        from ..formats.playable import text_of
        from . import play

        text = text_of("wordsearch", self.instance.title or "Word search" if title is None else title, instructions,
                       name_line)  # fmt: skip
        if not self.puzzles:
            raise ValueError(f"no puzzle to play: {self.explain()}")
        own = render.instructions(self.instance.directions, self.instance.words)
        return play.page(self.puzzles[0], self.listed, text, own)

    def __str__(self) -> str:
        if not self.puzzles:
            return self.explain()
        return f"{render.text(self.puzzles[0])}\n\n{render.word_list(self.listed_written)}"


def _puzzle_dict(puzzle: Puzzle) -> dict[str, Any]:
    out = render.as_dict(puzzle)
    if puzzle.shown is not None:
        out["shown"] = list(puzzle.shown)
    return out


def generate_instance(
    inst: WordSearchInstance,
    *,
    rules: Sequence[str | Path] = (),
    models: int = 1,
    time_limit: float | None = None,
    fit: str = "all",
    max_words: int | None = None,
    max_shared: int = quality.MAX_SHARED,
    balance: bool = True,
) -> WordSearch:
    """Generate from a read (and checked) instance; what the CLI does with a YAML file. ``fit``:
    "all" (every word, or a proof they cannot fit) or "most" (the heaviest selection that fits,
    implied by ``max_words``). Several puzzles (``models``) share at most ``max_shared`` % of their
    placements pairwise (100: any different puzzles); ``balance``: spread the words over the
    directions and quadrants (when the grid allows it)."""
    apicheck.instance(inst, "inst", WordSearchInstance, "wordsearch.reader.read_instance")
    options = search_options(rules=rules, models=models, time_limit=time_limit, fit=fit, max_words=max_words,
                             max_shared=max_shared, balance=balance)  # fmt: skip
    return generate_with(inst, options)


def search_options(**keywords: Any) -> WordSearchOptions:
    """The search's keywords (``rules`` to ``count``, as ``WordSearchOptions``' fields name them for
    the API), each checked by its field, as one ``WordSearchOptions`` (the command's
    ``search_options``). ``max_words`` implies ``fit="most"``."""
    options = build(WordSearchOptions, keywords)
    return replace(options, fit="most") if options.max_words is not None else options


def instance_for(source: instances.Source, options: WordSearchOptions) -> WordSearchInstance:
    """The instance a run searches: read with the options' size standing in for a missing one
    (auto: a stand-in every check accepts), then their level, seed and size over its own."""
    inst = read_instance(source, options.size)
    return override(inst, level=options.level, seed=options.seed, size=options.fixed_size)


def generate_with(inst: WordSearchInstance, options: WordSearchOptions) -> WordSearch:
    """The puzzles of ``inst`` at its size, or at the smallest size found (size auto); the
    command's and the API's way in."""
    if options.auto:
        found = find_size(inst, options)
        return from_outcome(found.inst, found.outcome, options, found.below)
    return from_outcome(inst, search(inst, options), options)


def from_outcome(
    inst: WordSearchInstance, outcome: Outcome, options: WordSearchOptions, smaller: str | None = None
) -> WordSearch:
    return WordSearch(
        outcome.status, inst, tuple(outcome.puzzles), outcome.core, outcome.rules_core, outcome.stats,
        outcome.exhausted, outcome.interrupted, outcome.fit_most, outcome.optimal, outcome.book_short, options.models,
        options.max_shared, options.auto, smaller,
    )  # fmt: skip


def _word_list(words: str | Iterable[str]) -> list[str]:
    if isinstance(words, str):  # "cat, dog bird": word-search-generator's habit
        return [w for w in re.split(r"[\s,;]+", words) if w]
    out = apicheck.items(words, "words")
    for i, w in enumerate(out):
        if not isinstance(w, str):
            raise InputError(f"word {i + 1} must be a string, got {type(w).__name__}", "<words>")
    return out


@messages.one_run
def generate(
    words: str | Iterable[str] | WordSearchInstance,
    *,
    width: int | None = None,
    height: int | None = None,
    level: str | None = None,
    directions: Sequence[Direction] | None = None,
    seed: int | None = None,
    rules: Sequence[str | Path] = (),
    fit: str = "all",
    max_words: int | None = None,
    alphabet: str | None = None,
    message: str | None = None,
    models: int = 1,
    time_limit: float | None = None,
    max_shared: int = quality.MAX_SHARED,
    balance: bool = True,
    options: WordSearchOptions | None = None,
) -> WordSearch:
    """A word search where every word occurs exactly once.

    ``words``: a list, or one string of words separated by spaces or commas; any case (words are
    upper-cased as from a file), checked like the CLI's (no duplicates, no word inside another,
    letters only): bad input raises ``InputError``. ``level`` (easy | medium | hard, default
    medium) or ``directions`` as ``[(dx, dy), ...]``. ``fit``: "all" (every word, or a proof they
    cannot all fit, as ``--fit all``) or "most" (the heaviest selection of words that fits, as
    ``--fit most``; ``max_words`` caps it). Without ``width`` and ``height`` the grid is the smallest
    square on which every word fits (as ``--size auto``; not with ``fit="most"``). ``rules``:
    ``.lp`` files as with ``--rules``. ``models`` puzzles share at most ``max_shared`` % of their
    placements pairwise (as ``--max-shared``); ``balance=False`` as ``--no-balance``. ``words`` may
    also be the path of a YAML instance or a plain word list (``.txt``), as the CLI reads it, or a
    ``WordSearchInstance`` (``level``, ``seed``, ``width`` and ``height`` then override its own,
    as the CLI's options do; a list without them gets the smallest square). ``options``: the
    search's options already gathered (a ``WordSearchOptions``, as the command builds one from its
    arguments), instead of those keywords. A wrong argument raises ``InputError`` naming it."""
    for value, what in ((width, "width"), (height, "height")):
        apicheck.optional_whole(value, what, 1, MAX_SIZE)
    if (width is None) != (height is None):
        raise InputError("give both width and height, or neither (the smallest square)", apicheck.ARGS)
    given = (width, height) if width is not None and height is not None else None
    keywords = search_options(rules=rules, models=models, seed=seed, time_limit=time_limit, level=level, size=given,
                              fit=fit, max_words=max_words, max_shared=max_shared, balance=balance)  # fmt: skip
    if options is not None and keywords != WordSearchOptions():
        raise InputError("give options or the search's keywords, not both", apicheck.ARGS)
    options = options if options is not None else keywords
    if isinstance(words, WordSearchInstance):
        inst = override(words, level=options.level, seed=options.seed, size=options.fixed_size)
    elif isinstance(words, Path) or (isinstance(words, str) and Path(words).suffix.lower() in FILE_SUFFIXES):
        source = instances.source(words)
        if options.size is None and sizeless(source):  # a list or YAML without a size: the smallest square
            options = replace(options, size=AUTO)
        inst = instance_for(source, options)
    else:  # the keywords' document holds the level (unless directions) and the seed
        data = _document(_word_list(words), options.seed, options.level, directions, alphabet, message)
        options = replace(options, size=options.size or AUTO)
        inst = from_doc(DataDoc("<words>", data), options.size)
    return generate_with(inst, options.checked(inst, apicheck.ARGS))


def _document(entries: list[Any], seed: int | None, level: str | None, directions: Sequence[Direction] | None,
              alphabet: str | None, message: str | None) -> dict[str, Any]:
    """``generate``'s keywords as the YAML document a file would hold (read by ``from_doc``)."""
    data: dict[str, Any] = {"words": entries, "seed": 1 if seed is None else seed}
    if directions is not None:
        given = apicheck.items(directions, "directions")
        data["directions"] = [list(d) if isinstance(d, list | tuple) else d for d in given]
    else:
        data["level"] = level or "medium"
    if alphabet is not None:
        data["alphabet"] = alphabet
    if message is not None:
        data["message"] = message
    return data

