"""``--size auto``: the smallest grid (of a given aspect) on which every word fits.

Sizes are tried upward, starting where the grid has about as many cells as the words have letters
(ESTIMATE; never below the size the longest word fits in); when the first size tried already
works, sizes go downward until one does not, so the next smaller size is always tried. Each size
gets a slice of the time (the time limit bounds the whole search); a size is either proved
impossible (UNSAT with complete candidates, or the longest word does not fit), or only not found
within its slice, and the report says which.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core.errors import InputError, shorten
from ..core.results import Stats
from ..core.status import Status
from ..run import runtime
from .generate import Outcome, search
from .options import WordSearchOptions
from .reader import MAX_SIZE, WordSearchInstance, max_run, override

SLICE = 4.0  # seconds per size without a time limit (with one: a quarter of what is left, at least this)
ESTIMATE = 0.8  # first size tried: cells >= ESTIMATE x letters (crossings save the rest)


@dataclass
class SizeSearch:
    inst: WordSearchInstance  # at the size found (or the last size tried)
    outcome: Outcome
    below: str | None  # the next smaller size: "proved impossible" | "not found within N s" | None
    tried: list[tuple[int, int, str]] = field(default_factory=list)  # (width, height, status)


def dims(height: int, aspect: tuple[int, int]) -> tuple[int, int]:
    w, h = aspect
    return max(1, round(height * w / h)), height


def within_bounds(height: int, aspect: tuple[int, int]) -> bool:
    """Is the grid of this height and aspect one a word search may have (at most MAX_SIZE a side)?"""
    return max(dims(height, aspect)) <= MAX_SIZE


def smallest_start(inst: WordSearchInstance, aspect: tuple[int, int]) -> int:
    """The first height at which the longest word fits in some allowed direction (below it the
    words cannot fit: proved without solving). No grid of the aspect within MAX_SIZE holds it:
    an input error (the search would go on growing grids no word search may have)."""
    longest = max(inst.words, key=len)
    height = 1
    while max(max_run(*dims(height, aspect), d) for d in inst.directions) < len(longest):
        if not within_bounds(height, aspect):
            break
        height += 1
    if not within_bounds(height, aspect):
        raise InputError(
            f"no grid of shape {aspect[0]}:{aspect[1]} within {MAX_SIZE}x{MAX_SIZE} holds {shorten(longest)} "
            f"({len(longest)} letters)",
            "--aspect",
        )
    return height


def find_size(inst: WordSearchInstance, options: WordSearchOptions) -> SizeSearch:
    """The smallest size found (of ``options.aspect``); its puzzles are not balanced (balance would
    ask for a larger grid). Each size tried gets a share of the time the run's budget has left
    (``runtime.until``)."""
    with runtime.until(options.deadline):
        return _find_size(inst, options)


def _find_size(inst: WordSearchInstance, options: WordSearchOptions) -> SizeSearch:
    aspect = options.aspect
    floor = smallest_start(inst, aspect)
    letters = sum(map(len, inst.words))
    height = floor
    while dims(height, aspect)[0] * height < ESTIMATE * letters and within_bounds(height + 1, aspect):
        height += 1
    tried: list[tuple[int, int, str]] = []
    results: dict[int, tuple[WordSearchInstance, Outcome, str]] = {}  # height -> (instance, outcome, how)

    def attempt(h: int) -> Outcome | None:
        if h < floor:
            return None  # the longest word does not fit: impossible without solving
        width, height_ = dims(h, aspect)
        try:
            at = override(inst, size=(width, height_))
        except InputError as exc:  # e.g. more words of a length than the grid has places for
            tried.append((width, height_, "UNSAT"))
            impossible = Outcome(Status.UNSAT, [], Stats(), exhausted=True)
            results[h] = (inst, impossible, f"proved impossible ({exc.message})")
            return impossible
        left = runtime.remaining()
        budget = SLICE if left is None else min(left, max(SLICE, left / 4))
        outcome = search(at, replace(options, size=(width, height_), time_limit=budget, balance=False))
        tried.append((width, height_, outcome.status.value))
        how = "proved impossible" if outcome.status is Status.UNSAT else f"not found within {budget:.3g} s"
        results[h] = (at, outcome, how)
        return outcome

    def timed_out() -> bool:
        return runtime.out_of_time()

    def below(h: int) -> str | None:
        if h - 1 < floor:
            return "proved impossible (the longest word does not fit)" if h > 1 else None
        return results[h - 1][2] if h - 1 in results else None

    start = height
    while True:  # upward until the words fit
        outcome = attempt(height)
        assert outcome is not None
        if outcome.status is Status.SAT or timed_out() or not within_bounds(height + 1, aspect):
            break  # found, out of time, or the largest grid of the aspect a word search may have
        height += 1
    if outcome.status is Status.SAT and height == start:
        while not timed_out():  # downward until they do not
            smaller = attempt(height - 1)
            if smaller is None or smaller.status is not Status.SAT:
                break
            height -= 1
    at, outcome, _ = results[height]
    return SizeSearch(at, outcome, below(height) if outcome.status is Status.SAT else None, tried)
