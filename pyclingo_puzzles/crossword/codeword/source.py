"""Where a codeword's filled grid comes from: a block pattern generated and filled from a
dictionary (``generated``), a framework filled from one, a P-99 word list laid on its framework,
or a filled grid given whole (``from_file``, ``from_rows``). Each gives the grid and the words it
is checked with: the dictionary the fill drew from (a filled grid's own entries added to it)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from ...core.errors import InputError
from ...core.programs import encoding_path
from ...core.status import Status
from ...run import runtime
from ..framework import EMPTY, Framework
from ..options import FillOptions
from ..reader import CrosswordInstance, Dictionary
from .verify import entries

LETTERS_RULES = "codeword_letters.lp"  # every letter A-Z in the fill (loaded as a rules file)
# a grid is asked to hold every letter when it has at least this many cells (a 11x11 pattern):
# smaller fills rarely can (J, Q, X, Z), and the pattern search would spend its limit trying
EVERY_LETTER_AREA = 121
# a generated grid's fill with every letter: at most this many patterns (work, not time: the same
# seed gives the same grid under any load); 15x15 from en, seeds 1-10, took 1 to 5 patterns
EVERY_LETTER_PATTERNS = 8
# a framework's fill with every letter: at most this many conflicts (work again; van Beek-style
# 13x13 and 15x15 frameworks from en filled with every letter in 0.4-0.8 s of CPU, within it)
EVERY_LETTER_CONFLICTS = 5000


class NoGridInTime(Exception):
    """No grid was filled before the run's limit: a run without an answer (exit 3), not bad input."""


class Grid(NamedTuple):
    rows: tuple[str, ...]
    words: frozenset[str]  # the dictionary the decoding is checked against
    every_letter: bool  # the fill was made to hold A-Z
    name: str = ""  # what the words are when not the dictionary asked for (a P-99 file's list)


def generated(size: tuple[int, int], dictionary: Dictionary, floor: int | None, seed: int | None,
              every_letter: bool | None) -> Grid:  # fmt: skip
    """A rotationally symmetric pattern of ``size`` (rows, columns) and its fill from ``dictionary``
    (en's words below ``floor`` left out); ``every_letter`` None: where the area allows it."""
    from ..construction.construct import generate_fill
    from ..construction.pattern import PatternSpec

    spec = PatternSpec(size[0], size[1])
    options = FillOptions(seed=seed, min_length=3)
    tries = _letter_tries(every_letter, size[0] * size[1])
    for k, letters in enumerate(tries):
        most = None if k == len(tries) - 1 else EVERY_LETTER_PATTERNS
        made, _ = generate_fill(spec, dictionary, _with_letters(options, letters), floor, most)
        fill = getattr(made.fill, "solutions", None)
        if made.framework is not None and fill:
            words = made.words.words if isinstance(made.words, Dictionary) else dictionary.words
            return Grid(tuple(fill[0].grid), frozenset(words), letters)
        if runtime.stopping() or (runtime.out_of_time() and runtime.remaining() is not None):
            break
    raise _no_fill(f"no {size[1]}x{size[0]} grid was filled from the dictionary's {len(dictionary.words)} words",
                   every_letter)


def _letter_tries(every_letter: bool | None, area: int) -> list[bool]:
    if every_letter is None:
        return [True, False] if area >= EVERY_LETTER_AREA else [False]
    return [every_letter]


def _with_letters(options: FillOptions, letters: bool) -> FillOptions:
    return replace(options, rules=(str(encoding_path(LETTERS_RULES)),)) if letters else options


def _no_fill(what: str, every_letter: bool | None, where: str = "--size") -> Exception:
    why = " holding every letter A-Z" if every_letter else ""
    if runtime.out_of_time() or runtime.stopping():
        return NoGridInTime(f"{what}{why} within the time limit")
    return InputError(f"{what}{why}", where)


def from_framework(framework: Framework, dictionary: Dictionary | None, name: str, seed: int | None,
                   every_letter: bool | None) -> Grid:  # fmt: skip
    """A framework: filled whole (its own entries are the words, with ``dictionary``'s), or
    filled from ``dictionary``."""
    if EMPTY not in "".join(framework.rows):
        own = frozenset(entries(framework.rows))
        if not own:
            raise InputError("the grid has no entry (a run of two or more letters)", name)
        return Grid(framework.rows, own | frozenset(dictionary.words if dictionary else ()), False)
    if dictionary is None:
        raise InputError("the framework has empty squares: give a dictionary to fill it", name)
    from ..api import fill_with
    from ..engine.attempt import once

    tries = _letter_tries(every_letter, len(framework.places()))
    for k, letters in enumerate(tries):
        options = _with_letters(FillOptions(seed=seed), letters)
        if k < len(tries) - 1:  # a try within a budget of work, before the fill that may leave letters out
            solutions = once(framework, dictionary, options, EVERY_LETTER_CONFLICTS).solutions
        else:
            solutions = fill_with(framework, dictionary, options).solutions
        if solutions:
            return Grid(tuple(solutions[0].grid), frozenset(dictionary.words), letters)
        if runtime.out_of_time() or runtime.stopping():
            break
    raise _no_fill(f"no fill from the dictionary's {len(dictionary.words)} words", every_letter, name)


def from_instance(instance: CrosswordInstance, seed: int | None) -> Grid:
    """A P-99 word list on its framework: its first fill; the words are the list's."""
    from ..p99 import solve_instance

    result, solutions = solve_instance(instance, FillOptions(seed=seed))
    if not solutions:
        how = "proved: none" if result.status is Status.UNSAT else "none within the time limit"
        raise InputError(f"the word list does not fill its framework ({how})", instance.path)
    name = f"the word list of {Path(instance.path).name}"
    return Grid(tuple(solutions[0].grid), frozenset(instance.words), False, name)


def from_file(path: str | Path, dictionary: Dictionary | None, seed: int | None, every_letter: bool | None) -> Grid:
    from ..reader import read

    puzzle = read(path)
    if isinstance(puzzle, CrosswordInstance):
        return from_instance(puzzle, seed)
    return from_framework(puzzle, dictionary, str(path), seed, every_letter)
