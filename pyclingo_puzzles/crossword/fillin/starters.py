"""The starters of a fill-in: the fewest given letters for which its answer is the only one
(``core/unique.fewest_givens`` over ``search.Rivals``), steered by the difficulty asked and padded
to the number asked."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from ...core.unique import SMALLEST, Cell, Givens, fewest_givens, hitting_sets
from ..reader import CrosswordInstance
from ..solution import CrosswordSolution
from .grade import EASY, HARD, Grade, grade
from .search import Rivals

HARD_SETS = 200  # sets of the fewest starters drawn at a time when the first ones leave an easy puzzle
HARD_ROUNDS = 20  # ... and how many times


class Starters(NamedTuple):
    """The starter cells chosen, the fewest found (``fewest``: how many, ``minimal``: "smallest",
    "subset" or "none", core/unique.py) and the grade with them; ``notes``: what could not be done
    as asked (a number of starters, a difficulty)."""

    cells: tuple[Cell, ...]
    fewest: int
    minimal: str
    grade: Grade
    checks: int
    notes: tuple[str, ...] = ()


def choose(
    instance: CrosswordInstance, answer: CrosswordSolution, rivals: Rivals, *, count: int | None,
    difficulty: str | None, seed: int | None, deadline: float | None,
) -> Starters:  # fmt: skip
    """The starters: the fewest that make the answer unique (with ``difficulty`` "easy": the fewest
    with which the reasoning of grade.py solves it; "hard": the fewest unique ones it does not), then
    ``count`` of them where that many can be had."""
    letters = dict(rivals.cells)

    def graded(cells: frozenset[Cell] | tuple[Cell, ...]) -> Grade:
        return grade(instance.framework, instance.words, {cell: letters[cell] for cell in cells})

    def easy_oracle(cells: frozenset[Cell]) -> frozenset[Cell] | None:
        found = graded(cells)
        if found.easy:
            return None
        other = rivals(cells)  # not unique: the few cells another solution differs in are the stronger set
        return found.unknown if other is None else other

    notes: list[str] = []
    differences: list[frozenset[Cell]] = []  # every easy set makes the answer unique: it meets these too
    found = _fewest(rivals, seed, deadline, differences)
    if difficulty == EASY and not graded(found.places).easy:
        found = _fewest(easy_oracle, seed, deadline, differences)
    if difficulty == HARD and graded(found.places).easy:
        found = _hard(rivals, graded, found, differences, seed, deadline, notes)
    cells = found.places
    if count is not None and count != len(cells):
        cells = _padded(cells, count, letters, graded, difficulty, seed, notes, found)
    checks = found.checks + rivals.checks
    return Starters(tuple(sorted(cells)), len(found.places), found.minimal, graded(cells), checks, tuple(notes))


def _fewest(oracle: Callable[[frozenset[Cell]], frozenset[Cell] | None], seed: int | None,
            deadline: float | None, sets: list[frozenset[Cell]]) -> Givens[Cell]:  # fmt: skip
    found = fewest_givens(oracle, deadline=deadline, seed=seed, sets=sets)
    if found is None:
        from .search import SearchCut

        raise SearchCut("the limit came before starters that make the answer unique were found")
    return found


def _hard(rivals: Rivals, graded: Callable[..., Grade], found: Givens[Cell], sets: list[frozenset[Cell]],
          seed: int | None, deadline: float | None, notes: list[str]) -> Givens[Cell]:  # fmt: skip
    """Other sets of as many starters, meeting every difference found (``hitting_sets``), until one
    makes the answer unique and leaves the reasoning short of it; a set that is not unique adds its
    difference and the sets are drawn again (HARD_ROUNDS rounds of HARD_SETS)."""
    size = len(found.places)
    for _ in range(HARD_ROUNDS):
        if deadline is not None and time.monotonic() >= deadline:
            break
        grew = False
        for cells in hitting_sets(sets, size, HARD_SETS, seed, deadline):
            other = rivals(cells)
            if other is not None:
                sets.append(frozenset(other) - cells)
                grew = True
            elif not graded(cells).easy:
                return Givens(_sorted_cells(cells), found.minimal, found.checks)
        if not grew:
            break
    notes.append(f"no {size} starters found that leave a guess: the puzzle is easy")
    return found


def _sorted_cells(cells: frozenset[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells))


def _padded(cells: tuple[Cell, ...], count: int, letters: dict[Cell, str], graded: Callable[..., Grade],
            difficulty: str | None, seed: int | None, notes: list[str], found: Givens[Cell],
            ) -> tuple[Cell, ...]:  # fmt: skip
    """``count`` starters: the fewest and more cells at random (``seed``), keeping a hard puzzle
    hard; fewer than the fewest cannot make the answer unique (said, the fewest kept)."""
    if count < len(cells):
        how = "proved" if found.minimal == SMALLEST else "the fewest found"
        notes.append(f"{count} starters cannot make the answer unique: {len(cells)} are needed ({how})")
        return cells
    chosen = list(cells)
    spare = sorted(set(letters) - set(cells))
    random.Random(seed).shuffle(spare)
    for cell in spare:
        if len(chosen) == count:
            break
        if difficulty == HARD and graded((*chosen, cell)).easy:
            continue
        chosen.append(cell)
    if len(chosen) < count:
        why = "the grid has no more letters" if difficulty != HARD else "no more keep the puzzle hard"
        notes.append(f"{count} starters asked: {len(chosen)} given ({why})")
    return tuple(chosen)
