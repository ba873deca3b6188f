"""The fill-in family from Python: ``make`` a puzzle from a word list and its framework (a P-99
``.dat``/YAML, or the words with row strings), ``generate`` one from a block pattern filled from a
dictionary; both return the ``FillinResult`` the command prints from.

>>> from pyclingo_puzzles.crossword import fillin
>>> result = fillin.make(["NON", "TOT"], [" . ", "...", " . "])
>>> result.to_json()["starters"], result.to_json()["starters_minimal"]
([{'row': 1, 'col': 2, 'letter': 'N'}], 'smallest')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypedDict, Unpack

from ...core import apicheck, messages
from ...core.errors import InputError, VerificationError
from ...core.schema import build
from ...core.status import Status
from ...core.unique import NoGivens
from ...run import runtime
from ..api import instance_of
from ..framework import Framework
from ..options import FillOptions
from ..p99 import solve_instance, why_unsolvable
from ..reader import CrosswordInstance
from ..solution import verify
from .options import FillinOptions
from .result import FillinResult
from .search import Rivals, SearchCut
from .starters import choose

__all__ = ["fill", "generate", "make"]

PROOF_SHARE = 0.8  # of the time left: the proof of the smallest starters; the rest completes them greedily


class Keywords(TypedDict, total=False):
    """The keywords ``generate`` and ``fill`` take past their grid and dictionary (``FillinOptions``'
    fields, checked by them, and the title)."""

    starters: int | None
    difficulty: str | None
    seed: int | None
    time_limit: float | None
    title: str


@messages.one_run
def make(
    source: str | Path | CrosswordInstance | Iterable[str],
    framework: Framework | Sequence[str] | None = None,
    *,
    starters: int | None = None,
    difficulty: str | None = None,
    rules: Sequence[str | Path] = (),
    seed: int | None = None,
    time_limit: float | None = None,
    title: str = "",
) -> FillinResult:
    """A fill-in puzzle: ``source`` as ``crossword.solve`` takes it (a ``.dat``/YAML path, an
    instance, or a word list with ``framework`` rows); ``starters``: exactly that many starter
    letters where possible (default: the fewest that make the answer unique); ``difficulty``:
    ``"easy"`` (solved by reasoning alone, grade.py) or ``"hard"`` (a guess needed)."""
    options = build(FillinOptions, {"starters": starters, "difficulty": difficulty, "rules": rules, "seed": seed,
                                    "time_limit": time_limit})  # fmt: skip
    title = title or (Path(source).stem if isinstance(source, str | Path) else "")
    return make_with(instance_of(source, framework), options, apicheck.text(title, "title") or "")


def make_with(instance: CrosswordInstance, options: FillinOptions, title: str = "") -> FillinResult:
    """``make`` with its arguments checked and read (the command's way in)."""
    if not instance.words:
        raise InputError("a fill-in needs words: the file has none", instance.path)
    with runtime.until(options.deadline):
        return _make(instance, options, title)


def _make(instance: CrosswordInstance, options: FillinOptions, title: str) -> FillinResult:
    solved, solutions = solve_instance(instance, FillOptions(rules=options.rules, seed=options.seed))
    words = tuple(instance.words)
    if not solutions:
        why = why_unsolvable(instance) if solved.status is Status.UNSAT else ()
        return FillinResult(solved.status, instance.framework, words, None, None, solved.stats, why, title)
    answer = solutions[0]
    left = runtime.remaining()
    deadline = None if left is None else time.monotonic() + PROOF_SHARE * left
    rivals = Rivals(instance, answer, options.rules, options.seed)
    try:
        chosen = choose(instance, answer, rivals, count=options.starters, difficulty=options.difficulty,
                        seed=options.seed, deadline=deadline)  # fmt: skip
    except SearchCut:
        return FillinResult(Status.UNKNOWN, instance.framework, words, None, None, solved.stats, (), title)
    except NoGivens as exc:  # only a user's rules can make two answers agree on every cell
        raise InputError(str(exc), instance.path) from None
    result = FillinResult(Status.SAT, instance.framework, words, answer, chosen, solved.stats, (), title)
    problems = verify(instance.framework, answer, instance.words)
    problems += [f"starter {cell} is no place of the framework" for cell in chosen.cells
                 if not instance.framework.is_place(*cell)]  # fmt: skip
    if problems:
        raise VerificationError(f"fill-in failed verification: {problems[0]}")
    return result


@messages.one_run
def generate(size: str | tuple[int, int] = (13, 13), dictionary: object = "en", **keywords: Unpack[Keywords]
             ) -> FillinResult:  # fmt: skip
    """A fill-in from nothing: a block pattern of ``size`` filled from ``dictionary``
    (``crossword.generate``), its entries the word list."""
    return generate_with(size, dictionary, *_checked(keywords))


@messages.one_run
def fill(framework: str | Path | Framework | Sequence[str], dictionary: object = "en", **keywords: Unpack[Keywords]
         ) -> FillinResult:  # fmt: skip
    """A fill-in on a given framework (a ``.grid``, a framework-only file, row strings): filled from
    ``dictionary`` (``crossword.fill``: no word twice), its entries the word list."""
    return fill_with(framework, dictionary, *_checked(keywords))


def _checked(keywords: Keywords) -> tuple[FillinOptions, str]:
    given = dict(keywords)
    title = apicheck.text(given.pop("title", ""), "title") or ""
    return build(FillinOptions, given), title


def generate_with(size: str | tuple[int, int], dictionary: object, options: FillinOptions, title: str = ""
                  ) -> FillinResult:  # fmt: skip
    """``generate`` with its keywords checked (the command's way in)."""
    from ..construction.construct import generate as generate_fill

    return _filled(lambda: generate_fill(size, dictionary, seed=options.seed, time_limit=options.time_limit),
                   options, title)  # fmt: skip


def fill_with(framework: str | Path | Framework | Sequence[str], dictionary: object, options: FillinOptions,
              title: str = "") -> FillinResult:  # fmt: skip
    """``fill`` with its keywords checked (the command's way in)."""
    from ..api import fill as fill_framework

    return _filled(lambda: fill_framework(framework, dictionary, seed=options.seed,  # type: ignore[arg-type]
                                          time_limit=options.time_limit), options, title)  # fmt: skip


def _filled(filled_by: Callable[[], Any], options: FillinOptions, title: str) -> FillinResult:
    """The grid filled, then made a fill-in, both within the one deadline of the time limit
    (``runtime.until``, set here once: the fill-in's search gets what the fill left)."""
    with runtime.until(options.deadline):
        return _from_fill(filled_by(), options, title)


def _from_fill(filled: Any, options: FillinOptions, title: str) -> FillinResult:
    """A fill's grid and entries (``crossword.fill`` or ``generate``'s result) made a fill-in."""
    if not filled.solutions:
        status = filled.status if filled.status is Status.UNKNOWN else Status.UNSAT
        blank = filled.framework or Framework(())
        return FillinResult(status, blank, (), None, None, filled.stats, (), title)
    solution = filled.solutions[0]
    words = tuple(p.word for p in solution.placements)
    blank = Framework.from_lines(["".join(" " if ch == " " else "." for ch in row) for row in solution.grid])
    return make_with(CrosswordInstance("<filled>", words, blank), options, title)  # within the deadline above
