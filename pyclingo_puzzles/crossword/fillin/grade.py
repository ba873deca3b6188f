"""How hard a fill-in is: whether reasoning alone solves it from its starters, without a guess.

The reasoning, round by round to a fixed point (each round applies every conclusion the rounds
before allow; a round is a *step*):

1. a site's letters: where every word of the list that still fits a site (its length, the known
   letters on it, a copy left) has the same letter at a position, that cell holds it (one word
   fitting is the case a solver calls "only one word fits here");
2. a word's sites: a word with as many copies left as sites it still fits goes on those sites
   ("this word fits in one place only").

A site whose letters are all known holds its word (one copy fewer left). This is the strength of
the grade: singles on sites and on words, no lookahead, no trial. The puzzle is *easy* when the
fixed point knows every cell, *hard* otherwise (a solver must try a word and see it fail). Both
rules only draw conclusions every solution agrees with, so an easy puzzle's answer is unique.
Plain Python, nothing shared with the encodings: a second opinion of the answer too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ...core.unique import Cell
from ..framework import Framework

EASY, HARD = "easy", "hard"


class Grade(NamedTuple):
    """``easy`` (every cell known at the fixed point), the ``steps`` (rounds) it took, and the
    cells left unknown (none when easy)."""

    easy: bool
    steps: int
    unknown: frozenset[Cell]

    @property
    def name(self) -> str:
        return EASY if self.easy else HARD


def grade(framework: Framework, words: Sequence[str], given: Mapping[Cell, str]) -> Grade:
    """The fixed point of the two rules from the framework's letters and the ``given`` ones."""
    runs = [tuple(site.cells()) for site in framework.sites()]
    known = {**framework.predefined(), **given}
    steps = 0
    while True:
        found = _round(runs, Counter(words), known)
        if not found:
            break
        known.update(found)
        steps += 1
    places = {cell for run in runs for cell in run}
    return Grade(places <= known.keys(), steps, frozenset(places - known.keys()))


def _round(runs: list[tuple[Cell, ...]], words: Counter[str], known: dict[Cell, str]) -> dict[Cell, str]:
    """The letters one round concludes that ``known`` does not hold yet."""
    left = Counter(words)
    open_runs = []
    for run in runs:
        if all(cell in known for cell in run):
            left["".join(known[cell] for cell in run)] -= 1
        else:
            open_runs.append(run)
    fitting = {run: [w for w, n in left.items() if n > 0 and _fits(w, run, known)] for run in open_runs}
    found: dict[Cell, str] = {}
    for run, fits in fitting.items():  # rule 1: a letter every fitting word has there
        for i, cell in enumerate(run):
            letters = {w[i] for w in fits}
            if cell not in known and len(letters) == 1:
                found[cell] = letters.pop()
    for word, n in left.items():  # rule 2: as many copies as sites the word fits
        sites = [run for run, fits in fitting.items() if word in fits]
        if n > 0 and len(sites) == n:
            found.update((cell, ch) for run in sites for cell, ch in zip(run, word, strict=True) if cell not in known)
    return found


def _fits(word: str, run: tuple[Cell, ...], known: Mapping[Cell, str]) -> bool:
    return len(word) == len(run) and all(known.get(cell, ch) == ch for cell, ch in zip(run, word, strict=True))
