"""Codewords from Python: ``make`` (a grid from a size, a file or rows; its numbers from the
seed; the fewest given letters that leave one decoding) returning the ``CodewordResult``.

>>> from pyclingo_puzzles.crossword import codeword
>>> result = codeword.make(["CAT", "A O", "BOG"], dictionary=["CAB", "COT", "TOG", "BAT", "DOG", "HOG"], seed=1)
>>> result.unique, sorted(result.puzzle.given_letters().values())
(True, ['B', 'C'])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...core import apicheck, messages
from ...core.errors import InputError
from ...core.schema import build
from ...core.status import Status
from ...run import runtime
from ..framework import Framework
from ..reader import Dictionary
from ..wordlists.dictionaries import Source, dictionary_of
from .decoding import Decoder
from .givens import choose
from .options import DEFAULT_GIVENS, CodewordOptions
from .puzzle import Codeword, lone_cells, numbering
from .result import CodewordResult
from .source import Grid, NoGridInTime, from_file, from_framework, generated
from .verify import entries, verify

__all__ = ["make"]


@messages.one_run
def make(
    source: str | Path | Sequence[str] | None = None,
    *,
    size: str | tuple[int, int] | None = None,
    dictionary: Source | None = "en",
    seed: int | None = None,
    givens: int | None = None,
    min_givens: int = DEFAULT_GIVENS[0],
    max_givens: int = DEFAULT_GIVENS[1],
    every_letter: bool | None = None,
    proved_against: Source | None = None,
    time_limit: float | None = None,
    title: str = "",
) -> CodewordResult:
    """A codeword: ``source`` a file (a framework or a filled grid, ``.grid``/``.dat``/YAML, or a
    P-99 word list) or rows (a filled grid, or a framework with ``.`` squares), or ``size``
    (``"15x15"``) for a generated pattern; filled from ``dictionary`` (``"en"``, a file, words),
    against which the decoding is proved unique. ``givens``: exactly that many letters given, else
    between ``min_givens`` and ``max_givens``, as few as uniqueness takes; ``every_letter``: the
    fill holds A-Z (None: where the grid is 11x11 or more, falling back to a fill without);
    ``proved_against``: another word list (``"en"``, a file, words) the decoding is proved unique
    against instead (the grid's own entries with it)."""
    options = build(CodewordOptions, {"seed": seed, "time_limit": time_limit, "givens": givens,
                                      "min_givens": min_givens, "max_givens": max_givens,
                                      "every_letter": every_letter})  # fmt: skip
    return make_with(source, size, dictionary, proved_against, options, title)


def make_with(source: str | Path | Sequence[str] | None, size: str | tuple[int, int] | None,
              dictionary: Source | None, proved_against: Source | None, options: CodewordOptions, title: str = "",
              ) -> CodewordResult:  # fmt: skip
    """``make`` with its options checked and gathered (the command's way in)."""
    low, high = options.givens_range()
    if low > high:
        raise InputError(f"--min-givens ({low}) is more than --max-givens ({high})", "--min-givens")  # API: min_givens=
    seed, every_letter = options.seed, options.every_letter
    against = None if proved_against is None else _dictionary(proved_against, 2)  # read first: its errors too
    with runtime.until(options.deadline):
        try:
            grid, name = _grid(source, size, dictionary, seed, every_letter)
            name = grid.name or name
            if against is not None:
                grid = grid._replace(words=frozenset(against.words) | frozenset(entries(grid.rows)))
                name = f"{_name(proved_against)} and the grid's entries"
        except NoGridInTime:  # no grid to number: a run without an answer
            return CodewordResult(Status.UNKNOWN, Codeword((), {}, ()), None, str(dictionary), 0, None)
        return _puzzle(grid, name, low, high, seed, title or _title(source))


def _title(source: object) -> str:
    return Path(source).stem if isinstance(source, str | Path) else ""


def _grid(source: object, size: str | tuple[int, int] | None, dictionary: Source | None, seed: int | None,
          every_letter: bool | None) -> tuple[Grid, str]:  # fmt: skip
    """The filled grid, and the name of the dictionary it is checked against."""
    from ..construction.construct import GENERATED_FLOOR
    from ..construction.pattern import parse_size
    from ..wordlists.english import NAME

    if (source is None) == (size is None):
        raise InputError("give a grid (a file or rows) or a size, not both", apicheck.ARGS)
    name = _name(dictionary)
    if size is not None:
        if isinstance(size, str):
            rows_cols = parse_size(size)
        else:
            rows_cols = (apicheck.whole(size[0], "size", 3, 25), apicheck.whole(size[1], "size", 3, 25))
        floor = GENERATED_FLOOR if dictionary == NAME else None
        grid = generated(rows_cols, _dictionary(dictionary, 3), floor, seed, every_letter)
        return grid, name + (" (Zipf 2.5 and more)" if floor else "")
    words: Dictionary | None = None if dictionary is None else _dictionary(dictionary, 2)
    if isinstance(source, str | Path):
        return from_file(source, words, seed, every_letter), name
    rows = apicheck.items(source, "source")
    if not rows or not all(isinstance(r, str) for r in rows):
        raise InputError("a grid is a non-empty list of row strings", "source")
    try:
        framework = Framework.from_lines(rows)
    except ValueError as e:
        raise InputError(f"the grid: {e}", "source") from None
    return from_framework(framework, words, "source", seed, every_letter), name


def _name(dictionary: Source | None) -> str:
    """A dictionary as the output names it: ``en``, a file's name, "the words given"."""
    if dictionary is None:
        return "the grid's own entries"
    return Path(dictionary).name if isinstance(dictionary, str | Path) else "the words given"


def _dictionary(dictionary: Source | None, min_length: int) -> Dictionary:
    if dictionary is None:
        raise InputError("a generated grid needs a dictionary", "dictionary")
    return dictionary_of(dictionary, min_length)


def _puzzle(grid: Grid, name: str, low: int, high: int, seed: int | None, title: str) -> CodewordResult:
    rows = grid.rows
    lone = lone_cells(rows)
    if lone:
        r, c = lone[0]
        raise InputError(f"the letter at row {r}, column {c} is on no entry: no word decodes it", "grid")
    key = numbering(rows, seed)
    decoder = Decoder(rows, key, grid.words, seed)
    empty = decoder.unplaceable()
    if empty:  # a filled grid's own entries are words, so only a defect leaves a site without one
        raise AssertionError(f"no candidate for the entry at {empty[0].describe()}")
    found = choose(decoder, low, high, seed, runtime.remaining())
    puzzle = Codeword(rows, key, found.given)
    result = CodewordResult(found.status, puzzle, found.needed, name, len(grid.words), decoder, title)
    result.every_letter = grid.every_letter
    result.other, result.bound, result.minimal = found.other, high, found.minimal
    if found.status is Status.SAT:
        verify(puzzle, grid.words)
    return result
