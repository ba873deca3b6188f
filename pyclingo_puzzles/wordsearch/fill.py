"""Filler letters (or the hidden message) for the free cells, and the copies they must not form."""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import shapes
from .reader import WordSearchInstance
from .strays import FREE
from .verify import GridIndex, Placement

REPAIR_ROUNDS = 200


def partial_grid(inst: WordSearchInstance, placements: Sequence[Placement]) -> list[list[str]]:
    rows = shapes.empty_grid(inst, FREE)  # unusable cells of a shape stay blank
    for p in placements:
        for (r, c), ch in zip(p.cells(), p.word, strict=True):
            rows[r][c] = ch
    return rows


def stray_copies(
    grid: Sequence[Sequence[str]], placements: Sequence[Placement], absent: Sequence[str] = ()
) -> list[tuple[str, frozenset]]:
    """(word, cells) of every copy of a placed word other than its own placement, and of every
    copy of an ``absent`` (dropped) word."""
    index = GridIndex(["".join(row) for row in grid])
    stray: list[tuple[str, frozenset]] = []
    for p in placements:
        own = frozenset(p.cells())
        stray.extend((p.word, cells) for cells in index.occurrences(p.word) if cells != own)
    for word in absent:
        stray.extend((word, cells) for cells in index.occurrences(word))
    return stray



def fill(
    inst: WordSearchInstance, placements: Sequence[Placement], rng: random.Random, absent: Sequence[str] = ()
) -> tuple[str, ...] | None:
    """Fill the free cells (message or filler) so no placed word has a second copy and no
    ``absent`` word a first one; None if that fails."""
    grid = partial_grid(inst, placements)
    free = [(r, c) for r in range(inst.height) for c in range(inst.width) if grid[r][c] == FREE]
    if inst.message:
        for (r, c), ch in zip(free, inst.message, strict=True):
            grid[r][c] = ch
        return None if stray_copies(grid, placements, absent) else tuple("".join(row) for row in grid)
    for r, c in free:
        grid[r][c] = rng.choice(inst.alphabet)
    free_set = set(free)
    word_letters = {ch for w in inst.words for ch in w}
    spare = [ch for ch in inst.alphabet if ch not in word_letters]
    for attempt in range(REPAIR_ROUNDS):
        stray = stray_copies(grid, placements, absent)
        if not stray:
            return tuple("".join(row) for row in grid)
        for _w, cells in stray:
            movable = sorted(cells & free_set)
            if not movable:
                return None  # formed by placed letters alone (the nogoods should prevent this)
            r, c = rng.choice(movable)
            # late rounds: prefer letters that occur in no word, when the alphabet has any
            pool = spare if spare and attempt > REPAIR_ROUNDS // 2 else inst.alphabet
            options = [ch for ch in pool if ch != grid[r][c]] or list(pool)
            grid[r][c] = rng.choice(options)
    return None
