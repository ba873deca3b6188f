"""The word propagator's state that changes during the search (one per solver thread: ``ThreadState``)
and the words a place's letters still allow (``allowed_words``), for ``propagator.WordPropagator``."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass


def allowed_words(masks: dict[int, int], live: Collection[int], out: Collection[int], full: int) -> int:
    """The words a place's letters still allow: those of its live letters, or all but those of its
    ruled-out letters, whichever list is shorter. The two agree on the slot's base (every word
    there has one of the place's letters, live or ruled out), which is all explanations look at."""
    allowed = 0
    if len(live) < len(out):
        for lit in live:
            allowed |= masks[lit]
        return allowed
    for lit in out:
        allowed |= masks[lit]
    return full ^ allowed


@dataclass
class ThreadState:
    fixed: list[int]  # place -> the letter literal that is true there, or 0
    out: list[list[int]]  # place -> the letter literals that are false there
    live: list[set[int]]  # place -> the letter literals not (yet) false there
    cur: dict[int, int]  # slot -> candidates its letters still allow (bitset)
    trail: list[tuple[int, int, int]]  # (literal, slot, previous bitset)
    version: list[int]  # place -> the clock when its ruled-out letters last changed
    allows: dict[int, list[tuple[int, int]]]  # slot -> position -> (version, words its letters still allow)
    clock: int = 0  # counts propagate and undo calls
