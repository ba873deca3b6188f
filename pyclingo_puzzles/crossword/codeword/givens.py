"""The fewest given letters that leave one decoding: a hitting-set loop. Each second decoding
clingo finds (``Decoder.other``) differs from the key on a set of numbers, and any givens that
make the puzzle unique must hold one of each such set. The smallest set of numbers that hits every
difference found so far (brute force, numbers in the seed's order) is checked next; when clingo
proves no second decoding agrees with it, it is the smallest possible: any smaller set misses a
difference, so it admits that second decoding."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from ...core.status import Status
from .decoding import Decoder

MAX_GIVENS = 5  # the most givens the search tries (C(26, 5) = 65,780 sets in the hitting-set step)


class Givens(NamedTuple):
    """``status``: SAT (``given`` makes the puzzle unique, ``needed`` the fewest that do: proved),
    UNSAT (no ``high`` givens do: proved, ``other`` a second decoding of the best tried) or
    UNKNOWN (the limit came first)."""

    status: Status
    given: tuple[int, ...]
    needed: int | None
    other: dict[int, str] | None = None


def choose(decoder: Decoder, low: int, high: int, seed: int | None, time_limit: float | None = None) -> Givens:
    """At least ``low`` and at most ``high`` givens for which the decoding is unique, as few as
    that takes; extra givens (up to ``low``) are numbers in the seed's order."""
    order = sorted(decoder.key)
    random.Random(f"givens {seed or 0}").shuffle(order)  # a stream of its own: not the numbering's order
    differences: list[frozenset[int]] = []
    last: dict[int, str] | None = None
    while True:
        hit = smallest_hitting(differences, order, high)
        if hit is None:
            return Givens(Status.UNSAT, (), None, last)
        found = decoder.other(hit, time_limit)
        if found.status is Status.UNKNOWN:
            return Givens(Status.UNKNOWN, (), None)
        if found.decoding is None:  # proved: no second decoding agrees with these givens
            extra = [n for n in order if n not in hit][: max(0, low - len(hit))]
            return Givens(Status.SAT, tuple(sorted(hit, key=order.index)) + tuple(extra), len(hit))
        last = found.decoding
        differences.append(frozenset(n for n, x in last.items() if decoder.key[n] != x))


def smallest_hitting(sets: Sequence[frozenset[int]], order: Sequence[int], most: int) -> tuple[int, ...] | None:
    """The first (in ``order``'s combinations) of the smallest sets of numbers meeting every one
    of ``sets``, at most ``most`` numbers; None if there is none that small."""
    for k in range(min(most, len(order)) + 1):
        for combo in combinations(order, k):
            chosen = set(combo)
            if all(not chosen.isdisjoint(s) for s in sets):
                return combo
    return None
