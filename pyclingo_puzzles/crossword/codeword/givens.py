"""The fewest given letters that leave one decoding, through the project's implicit hitting set
(``core/unique.fewest_givens``, shared with the fill-in's starters): the oracle is
``Decoder.other``, and a second decoding's difference is the numbers it decodes otherwise (any
givens that rule it out hold one of them). When the smallest set that meets every difference found
so far admits no second decoding (clingo proves it), no smaller set can: ``"smallest"``."""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from ...core.status import Status
from ...core.unique import SMALLEST, fewest_givens
from ...run import runtime
from .decoding import Decoder
from .options import MAX_GIVENS  # noqa: F401 (named here too: the givens' search)


class Givens(NamedTuple):
    """``status``: SAT (``given`` makes the puzzle unique; ``needed`` the fewest that do, how
    ``minimal``: proved ``"smallest"``, or ``"subset"`` when the limit cut the proof), UNSAT (more
    than ``high`` givens are needed, proved; ``other`` a second decoding the best ``high`` admit),
    or UNKNOWN (the limit came first)."""

    status: Status
    given: tuple[int, ...]
    needed: int | None
    other: dict[int, str] | None = None
    minimal: str | None = None


class _Late(Exception):
    """A check the run's limit cut: nothing is decided."""


def choose(decoder: Decoder, low: int, high: int, seed: int | None, time_limit: float | None = None) -> Givens:
    """At least ``low`` and at most ``high`` givens for which the decoding is unique, as few as
    that takes; extra givens (up to ``low``) are numbers in the seed's order."""
    order = sorted(decoder.key)
    random.Random(f"givens {seed or 0}").shuffle(order)  # a stream of its own: not the numbering's order

    def oracle(given: frozenset[int]) -> set[int] | None:
        found = decoder.other(sorted(given), runtime.remaining(time_limit))
        if found.status is Status.UNKNOWN:
            raise _Late
        return None if found.decoding is None else {n for n, x in found.decoding.items() if decoder.key[n] != x}

    left = runtime.remaining(time_limit)
    try:
        found = fewest_givens(oracle, deadline=None if left is None else time.monotonic() + left, seed=seed)
    except _Late:
        return Givens(Status.UNKNOWN, (), None)
    if found is None:
        return Givens(Status.UNKNOWN, (), None)
    places = sorted(found.places, key=order.index)
    if len(places) > high:
        if found.minimal != SMALLEST:  # the limit cut the proof: more than high may not be needed
            return Givens(Status.UNKNOWN, (), None)
        try:
            other = decoder.other(places[:high], runtime.remaining(time_limit)).decoding
        except _Late:
            other = None
        return Givens(Status.UNSAT, (), len(places), other, found.minimal)
    extra = [n for n in order if n not in places][: max(0, low - len(places))]
    return Givens(Status.SAT, (*places, *extra), len(places), None, found.minimal)
